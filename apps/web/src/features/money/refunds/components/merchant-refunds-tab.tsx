import { useState, type ReactNode } from 'react';
import { CheckCircle2, MessageSquareReply } from 'lucide-react';
import {
  REFUND_MESSAGES_UI as M,
  formatBusinessDeadline,
  formatCents,
  merchantRefundAnswerSchema,
  type MerchantRefundRequestRow,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useAcceptRefund, useAnswerRefund } from '../api';
import { TextDialog } from '../../../../components/ui/text-dialog';

const isOpen = (r: MerchantRefundRequestRow) => r.status === 'requested' || r.status === 'due_for_decision';
const canAct = (r: MerchantRefundRequestRow) => isOpen(r) || r.status === 'merchant_responded';

/** What a request's row tells under its deal: the customer's note, the deadline, the business's answer, the decision, a chargeback. */
export function RequestNotes({ r }: { r: MerchantRefundRequestRow }) {
  return (
    <>
      {r.note && <span className="mt-1 block rounded-md bg-slate-50 p-2 text-sm text-slate-800">“{r.note}”</span>}
      {isOpen(r) && (
        <span
          className={
            r.status === 'due_for_decision'
              ? 'mt-1 block text-sm font-medium text-red-800'
              : 'mt-1 block text-sm font-medium text-amber-900'
          }
        >
          {r.status === 'due_for_decision' ? 'Deadline passed on ' : 'Respond by '}
          {formatBusinessDeadline(r.deadlineAt)} (5 business days)
        </span>
      )}
      {r.merchantResponse && <span className="mt-1 block text-sm text-slate-800">Your answer: {r.merchantResponse}</span>}
      {r.decisionText && <span className="mt-1 block text-sm text-slate-800">Decision: {r.decisionText}</span>}
      {r.dispute && canAct(r) && (
        <span className="mt-1 block text-sm font-medium text-red-800">
          {r.dispute === 'lost' ? M.disputeLost : M.disputeOpen}
          {!r.merchantResponse && ' You can still answer for our team.'}
        </span>
      )}
    </>
  );
}

/** An open request's actions in its row: accept and refund, or answer for our team (with their dialogs). */
export function RequestActions({ r, onDone }: { r: MerchantRefundRequestRow; onDone: () => void }) {
  const [dialog, setDialog] = useState<'accept' | 'answer' | null>(null);
  const accept = useAcceptRefund();
  const answer = useAnswerRefund();
  if (!canAct(r)) return null;
  return (
    <div className="flex min-w-44 flex-col gap-2">
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
                    onDone();
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
              onDone();
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The answer could not be sent. Please try again.') }),
          )
        }
      />
    </div>
  );
}

/**
 * The merchant's Refund requests section (Merchant Refund Policy: 5 business days to respond): the policy, and the
 * console's refund requests table as the list (`list`, issue 32), each open request's actions in its row.
 */
export default function MerchantRefundsTab({ list }: { list: ReactNode }) {
  return (
    <section aria-labelledby="refund-requests-title" className="space-y-3">
      {/* The section's name for its region; the console page's h1 already shows it. */}
      <h2 id="refund-requests-title" className="sr-only">
        Refund requests
      </h2>
      <p className="text-sm text-slate-700">
        Under the Merchant Refund Policy you have 5 business days to respond to a request: accept it (the voucher is refunded), or answer
        with a message for our team. Without an answer our team decides.
      </p>
      {list}
    </section>
  );
}
