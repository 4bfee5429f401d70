import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Lock, Mail, MailOpen, Reply } from 'lucide-react';
import {
  CUSTOMER_MESSAGE_MESSAGES as M,
  respondCustomerMessageSchema,
  type InboxMessage,
  type RespondCustomerMessage,
  CUSTOMER_MESSAGE_MAX_LENGTH,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Pager } from '../../../../components/ui/pager';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { FilterChips } from '../../../../components/ui/filter-chips';
import { Field, Textarea } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { inboxKey, useInbox, useOpenMessage, useRespond, type InboxFilter } from '../api';
import { useCustomerMessageEvents } from '../use-message-events';

const FILTERS: [InboxFilter, string][] = [
  ['all', 'All'],
  ['unread', 'Unread'],
  ['read', 'Read'],
  ['responded', 'Responded'],
];

export function MessageStatusBadge({ status }: { status: InboxMessage['status'] }) {
  const [label, style] =
    status === 'unread'
      ? ['Unread', 'bg-red-100 text-red-900']
      : status === 'read'
        ? ['Read', 'bg-slate-200 text-slate-800']
        : ['Responded', 'bg-emerald-100 text-emerald-900'];
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', style)}>{label}</span>;
}

/** The console's Customer Messages table (issue 32): `open` opens a message's dialog, `empty` is what a filtered table says. */
export type InboxTable = (open: (id: string) => void, empty: string) => ReactNode;

/** The address's inbox filter (the table's `status`), or all. */
const inboxFilterOf = (params: URLSearchParams): InboxFilter => FILTERS.find(([f]) => f === params.get('status'))?.[0] ?? 'all';

/**
 * Customer Messages on the merchant dashboard: the inbox, live, with a response form per message. `table`, the
 * console's Customer Messages table, is the list when given: the filter chips (with their counts) set its status in
 * the page's address, and a message's subject opens it.
 */
export default function MerchantInboxTab({ table, tableKey = inboxKey }: { table?: InboxTable; tableKey?: readonly unknown[] } = {}) {
  const [params, setParams] = useSearchParams();
  const [ownStatus, setOwnStatus] = useState<InboxFilter>('all');
  const status = table ? inboxFilterOf(params) : ownStatus;
  const setStatus = (f: InboxFilter) => {
    if (!table) return setOwnStatus(f);
    const next = new URLSearchParams(params);
    next.delete('page');
    if (f === 'all') next.delete('status');
    else next.set('status', f);
    setParams(next);
  };
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  // With the table, this reads the counts (and whether the inbox is open to this business) from the first page.
  const inbox = useInbox(table ? 'all' : status, table ? 1 : page);
  useCustomerMessageEvents(inboxKey);
  useCustomerMessageEvents(tableKey);
  const qc = useQueryClient();
  const data = inbox.data;
  const open = data?.messages.find((m) => m.id === openId) ?? null;

  if (inbox.isError && inbox.error instanceof ApiError && inbox.error.status === 403) {
    return (
      <Card className="p-8 text-center">
        <Lock aria-hidden className="mx-auto h-8 w-8 text-slate-600" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">Customer Messages are locked</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-700">{inbox.error.message}</p>
        <Link
          to={`${paths.merchantDashboard}?tab=plans`}
          className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-800 underline"
        >
          Switch Plans
        </Link>
      </Card>
    );
  }

  return (
    // Under the console page's own "Customer Messages" heading (its h1): no second heading of the same name.
    <section aria-label="Customer Messages" className="space-y-4">
      <div>
        <p className="text-sm text-slate-600">
          Questions customers sent from your business page, your deals and their purchases. They get your response by email and in their
          account.
        </p>
      </div>

      <FilterChips
        label="Show messages"
        options={FILTERS.map(([f, label]) => [f, `${label}${data ? ` (${data.counts[f]})` : ''}`] as const)}
        value={status}
        onChange={(f) => {
          setStatus(f);
          setPage(1);
        }}
      />

      {table ? (
        table(setOpenId, status === 'all' ? 'No message matches this search.' : `No ${status} messages.`)
      ) : inbox.isLoading ? (
        <Spinner label="Loading messages..." />
      ) : inbox.isError || !data ? (
        <Alert variant="destructive" title={M.loadFailed}>
          {errorMessage(inbox.error, 'Please try again.')}{' '}
          <Button variant="link" onClick={() => void inbox.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : data.messages.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-slate-900">{status === 'all' ? 'No customer messages yet.' : `No ${status} messages.`}</p>
          {status === 'all' && (
            <p className="mt-1 text-sm text-slate-600">
              Customers can write to you from your business page, your deal pages and their purchases.
            </p>
          )}
        </Card>
      ) : (
        <>
          <ul className="space-y-2" aria-label="Messages">
            {data.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(m.id)}
                  aria-haspopup="dialog"
                  className={cn(
                    'w-full rounded-xl border bg-white p-4 text-left shadow-sm hover:border-brand-700',
                    m.status === 'unread' ? 'border-slate-400' : 'border-slate-200',
                  )}
                >
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex min-w-0 items-center gap-2">
                      {m.status === 'unread' ? (
                        <Mail aria-hidden className="h-4 w-4 shrink-0 text-slate-900" />
                      ) : (
                        <MailOpen aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
                      )}
                      <span className={cn('min-w-0 break-words text-slate-900', m.status === 'unread' && 'font-semibold')}>
                        {m.subject}
                      </span>
                    </span>
                    <MessageStatusBadge status={m.status} />
                  </span>
                  <span className="mt-1 block text-sm text-slate-700">
                    {m.customerName} · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                    {m.dealTitle ? ` · about “${m.dealTitle}”` : ''}
                  </span>
                  <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{m.message}</span>
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Message pages" />
        </>
      )}

      {openId && (
        <MessageDialog
          key={openId}
          id={openId}
          initial={open}
          onClose={() => {
            setOpenId(null);
            if (table) void qc.invalidateQueries({ queryKey: tableKey });
          }}
        />
      )}
    </section>
  );
}

function MessageDialog({ id, initial, onClose }: { id: string; initial: InboxMessage | null; onClose: () => void }) {
  const openCall = useOpenMessage();
  const respond = useRespond();
  const [message, setMessage] = useState<InboxMessage | null>(initial);
  const form = useForm({ resolver: zodResolver(respondCustomerMessageSchema), defaultValues: { response: '' } });
  const error = form.formState.errors.response?.message;

  // Opening marks it read on the server (unread → read); the answer has the latest state.
  useEffect(() => {
    openCall.mutate(id, { onSuccess: setMessage, onError: (err) => toast.error(M.loadFailed, { description: err.message }) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message opened: the mutation object changes every render
  }, [id]);

  const submit = (values: RespondCustomerMessage) =>
    respond.mutate(
      { id, response: values.response },
      {
        onSuccess: (updated) => {
          setMessage(updated);
          form.reset();
          toast.success(M.responseSent, { description: `${updated.customerName} will get your response by email.` });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.response) form.setError('response', { message: err.fields.response });
          else toast.error(M.responseFailed, { description: err.message });
        },
      },
    );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={message?.subject ?? 'Message'} className="max-h-[90vh] overflow-y-auto">
        {!message ? (
          <Spinner />
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <MessageStatusBadge status={message.status} />
              <span>
                From <span className="font-medium text-slate-900">{message.customerName}</span> ({message.customerEmail})
              </span>
            </div>
            <p className="text-sm text-slate-600">
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              {message.dealTitle && message.dealId && (
                <>
                  {' · about '}
                  <Link to={paths.deal(message.dealId)} className="font-medium text-brand-800 underline">
                    {message.dealTitle}
                  </Link>
                </>
              )}
              {message.purchaseId ? ' · from a purchase' : ''}
            </p>
            <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-3 text-slate-900">{message.message}</p>
            {message.response ? (
              <div>
                <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
                  <Reply aria-hidden className="h-4 w-4" /> Your response
                  {message.respondedAt ? `, ${formatDateTime(message.respondedAt)}` : ''}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-slate-900">
                  {message.response}
                </p>
              </div>
            ) : (
              <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3">
                <Field label="Your response" error={error}>
                  {(p) => <Textarea {...p} rows={4} {...form.register('response')} maxLength={CUSTOMER_MESSAGE_MAX_LENGTH} />}
                </Field>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={onClose}>
                    Close
                  </Button>
                  <Button type="submit" disabled={respond.isPending}>
                    {respond.isPending ? 'Sending...' : 'Send Response'}
                  </Button>
                </div>
              </form>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
