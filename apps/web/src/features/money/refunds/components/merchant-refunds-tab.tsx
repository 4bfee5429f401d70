import { useState } from 'react';
import { CheckCircle2, MessageSquareReply } from 'lucide-react';
import {
  REFUND_MESSAGES_UI as M,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  formatBusinessDeadline,
  formatBusinessTime,
  formatCents,
  merchantRefundAnswerSchema,
  type MerchantRefundRequest,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useAcceptRefund, useAnswerRefund, useMerchantRefundRequests } from '../api';
import { StatusPill } from './status-pill';
import { TextDialog } from '../../../../components/ui/text-dialog';

const isOpen = (r: MerchantRefundRequest) => r.status === 'requested' || r.status === 'due_for_decision';

function RequestCard({ r }: { r: MerchantRefundRequest }) {
  const [dialog, setDialog] = useState<'accept' | 'answer' | null>(null);
  const accept = useAcceptRefund();
  const answer = useAnswerRefund();
  const canAct = isOpen(r) || r.status === 'merchant_responded';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold text-slate-900">{r.dealTitle}</h3>
        <StatusPill status={r.status} label={REFUND_STATUS_LABELS[r.status]} />
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Customer: </dt>
          <dd className="inline font-medium text-slate-900">{r.customerName}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Refund: </dt>
          <dd className="inline font-medium text-slate-900">{formatCents(r.amountCents)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Reason: </dt>
          <dd className="inline text-slate-900">{REFUND_REASON_LABELS[r.reason]}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Requested: </dt>
          {/* The same zone as the deadline below (New York), not the reader's. */}
          <dd className="inline text-slate-900">
            <time dateTime={r.createdAt}>{formatBusinessTime(r.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {r.note && <p className="mt-2 rounded-md bg-slate-50 p-2 text-sm text-slate-800">“{r.note}”</p>}
      {isOpen(r) && (
        <p
          className={r.status === 'due_for_decision' ? 'mt-2 text-sm font-medium text-red-800' : 'mt-2 text-sm font-medium text-amber-900'}
        >
          {r.status === 'due_for_decision' ? 'Deadline passed on ' : 'Respond by '}
          {formatBusinessDeadline(r.deadlineAt)} (5 business days)
        </p>
      )}
      {r.merchantResponse && <p className="mt-2 text-sm text-slate-800">Your answer: {r.merchantResponse}</p>}
      {r.decisionText && <p className="mt-2 text-sm text-slate-800">Decision: {r.decisionText}</p>}
      {r.dispute && canAct && (
        <p className="mt-2 text-sm font-medium text-red-800">
          {r.dispute === 'lost' ? M.disputeLost : M.disputeOpen}
          {!r.merchantResponse && ' You can still answer for our team.'}
        </p>
      )}
      {canAct && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!r.dispute && (
            <Button size="sm" onClick={() => setDialog('accept')} aria-label={`Accept and refund ${r.dealTitle} for ${r.customerName}`}>
              <CheckCircle2 aria-hidden className="h-4 w-4" /> Accept and refund
            </Button>
          )}
          {!r.merchantResponse && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setDialog('answer')}
              aria-label={`Answer the refund request for ${r.dealTitle}`}
            >
              <MessageSquareReply aria-hidden className="h-4 w-4" /> Answer
            </Button>
          )}
        </div>
      )}
      <Dialog open={dialog === 'accept'} onOpenChange={(o) => setDialog(o ? 'accept' : null)}>
        <DialogContent
          title="Accept and refund?"
          description={`${formatCents(r.amountCents)} goes back to ${r.customerName}'s card and the voucher can no longer be redeemed. The amount is deducted from your next payouts.`}
        >
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              disabled={accept.isPending}
              onClick={() =>
                accept.mutateAsync(r.id).then(
                  () => {
                    toast.success(M.refundedTitle, { description: `${formatCents(r.amountCents)} is being refunded to the customer.` });
                    setDialog(null);
                  },
                  (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The refund failed. Please try again.') }),
                )
              }
            >
              {accept.isPending ? 'Refunding...' : 'Refund'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <TextDialog
        open={dialog === 'answer'}
        onOpenChange={(o) => setDialog(o ? 'answer' : null)}
        title="Answer the refund request"
        description="Your message goes to the LocalPerks team, who decide. The customer is told you responded."
        label="Message for our team (required)"
        field="message"
        schema={merchantRefundAnswerSchema}
        submitLabel="Send answer"
        pendingLabel="Sending..."
        isPending={answer.isPending}
        onSubmit={(message) =>
          answer.mutateAsync({ id: r.id, message }).then(
            () => {
              toast.success(M.answeredTitle, { description: 'Our team will review it and decide.' });
              setDialog(null);
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The answer could not be sent. Please try again.') }),
          )
        }
      />
    </li>
  );
}

/** The merchant dashboard's Refund requests tab (Merchant Refund Policy: 5 business days to respond). */
export default function MerchantRefundsTab() {
  const list = useMerchantRefundRequests();
  if (list.isPending) return <Spinner />;
  if (list.isError) return <Alert variant="destructive">The refund requests could not be loaded. Please try again.</Alert>;
  const requests = list.data.requests;
  return (
    <section aria-labelledby="refund-requests-title" className="space-y-3">
      <h2 id="refund-requests-title" className="text-xl font-semibold text-slate-900">
        Refund requests
      </h2>
      <p className="text-sm text-slate-700">
        Under the Merchant Refund Policy you have 5 business days to respond to a request: accept it (the voucher is refunded), or answer
        with a message for our team. Without an answer our team decides.
      </p>
      {requests.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">No refund requests.</p>
      ) : (
        <ul className="space-y-3">
          {requests.map((r) => (
            <RequestCard key={r.id} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
