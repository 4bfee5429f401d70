import { useState } from 'react';
import { Scale } from 'lucide-react';
import { DEAL_APPEAL_MESSAGES as A, dealAppealSchema, formatCents, type MerchantDeal } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/input';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useAppealRemoval } from '../api';

const APPEAL_STATE: Record<NonNullable<MerchantDeal['appeal']>['status'], string> = {
  open: 'Your appeal is with our team.',
  reinstated: 'Reinstated on appeal.',
  upheld: 'Appeal reviewed: the removal stands.',
};

/**
 * A deal taken down by an admin, as its merchant sees it (issue 39): why, the unused boost time
 * refunded (or that none was running), the appeal's state, and the way to appeal once.
 */
export function RemovedDeal({
  deal,
}: {
  deal: Pick<MerchantDeal, 'id' | 'title' | 'moderationReason' | 'boostRefundCents'> & {
    appeal: Pick<NonNullable<MerchantDeal['appeal']>, 'status' | 'decisionText'> | null;
  };
}) {
  const [isAppealing, setIsAppealing] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const appeal = useAppealRemoval();
  const canAppeal = !deal.appeal;
  const send = () => {
    const parsed = dealAppealSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    appeal.mutate(
      { id: deal.id, message: parsed.data.message },
      {
        onSuccess: () => {
          setIsAppealing(false);
          toast.success(A.sentTitle, { description: A.sent });
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to send your appeal') }),
      },
    );
  };
  return (
    <div className="space-y-1.5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>Removed by an admin: {deal.moderationReason}</p>
      <p>
        {deal.boostRefundCents > 0
          ? `The unused boost time, ${formatCents(deal.boostRefundCents)}, was refunded to your card.`
          : 'No boost was running on it, so there was nothing to refund.'}
      </p>
      {deal.appeal && (
        <p className="font-medium">
          {APPEAL_STATE[deal.appeal.status]}
          {deal.appeal.decisionText ? ` ${deal.appeal.decisionText}` : ''}
        </p>
      )}
      {canAppeal && (
        <Button size="sm" variant="secondary" onClick={() => setIsAppealing(true)} aria-label={`Appeal the removal of “${deal.title}”`}>
          <Scale aria-hidden className="h-4 w-4" /> Appeal
        </Button>
      )}
      <Dialog open={isAppealing} onOpenChange={setIsAppealing}>
        {isAppealing && (
          <DialogContent
            title="Appeal this removal"
            description={`Tell our team why “${deal.title}” meets the Merchant Terms. You can appeal a removal once; we tell you the decision.`}
          >
            <Field label="Why should it be reinstated? (required)" error={error}>
              {(p) => (
                <Textarea
                  {...p}
                  rows={4}
                  maxLength={2000}
                  value={message}
                  onChange={(e) => {
                    setMessage(e.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </Field>
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setIsAppealing(false)}>
                Cancel
              </Button>
              <Button onClick={send} disabled={appeal.isPending}>
                {appeal.isPending ? 'Sending...' : 'Send appeal'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
