import { useState } from 'react';
import { Link } from 'react-router';
import { Reply } from 'lucide-react';
import { CUSTOMER_MESSAGE_MESSAGES as M } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { sentKey, useSentMessages } from '../api';
import { useCustomerMessageEvents } from '../use-message-events';

/** Account → Messages: what the customer wrote to merchants and their replies (live). */
export function MyMessages({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const [page, setPage] = useState(1);
  const sent = useSentMessages(page);
  useCustomerMessageEvents(sentKey);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (sent.isLoading) return <Spinner label="Loading messages..." />;
  if (sent.isError || !sent.data) {
    return (
      <Alert variant="destructive" title={M.loadFailed}>
        {errorMessage(sent.error, 'Please try again.')}{' '}
        <Button variant="link" onClick={() => void sent.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const data = sent.data;
  if (data.messages.length === 0) {
    return (
      <Card className="p-8 text-center">
        <p className="font-medium text-slate-900">You have not messaged any merchant yet.</p>
        <p className="mt-1 text-sm text-slate-600">Use “Message the merchant” on a deal page or on one of your purchases.</p>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Your messages">
        {data.messages.map((m) => (
          <li key={m.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Heading className="min-w-0 break-words font-semibold text-slate-900">{m.subject}</Heading>
                <span
                  className={
                    m.response
                      ? 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900'
                      : 'rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800'
                  }
                >
                  {m.response ? 'Replied' : 'Awaiting reply'}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                To {m.merchantName} · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                {m.dealId && m.dealTitle && (
                  <>
                    {' · '}
                    <Link to={paths.deal(m.dealId)} className="font-medium text-brand-800 underline">
                      {m.dealTitle}
                    </Link>
                  </>
                )}
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{m.message}</p>
              {m.response && (
                <div className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
                  <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
                    <Reply aria-hidden className="h-4 w-4" /> {m.merchantName} replied
                    {m.respondedAt ? `, ${formatDateTime(m.respondedAt)}` : ''}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{m.response}</p>
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Message pages" />
    </div>
  );
}
