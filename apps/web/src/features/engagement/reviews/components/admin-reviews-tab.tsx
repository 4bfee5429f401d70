import { useState, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { REVIEW_MODERATION_REASON_MAX, moderateReviewSchema } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { TextDialog } from '../../../../components/ui/text-dialog';
import { toast } from '../../../../lib/toast';
import { useModerateReview } from '../api';

/** A review as its row in the console's Reviews table gives it: enough to moderate it. */
export interface ModeratedReview {
  id: string;
  status: 'published' | 'reported' | 'hidden';
  openReports: number;
}

/** What the admin is about to do to which review. */
type Decision = { review: ModeratedReview; action: 'hide' | 'restore' };

/**
 * Review moderation (docs/decisions/0064-verified-reviews.md): the console's Reviews table is the list (`table`,
 * filtered to "Reported" for the queue, issue 32), and each of its rows holds the actions: hide a review (it leaves
 * the pages and the average) or keep it, with a reason kept in the audit trail; hidden reviews can be restored.
 * `onDecided` refreshes the table after a decision.
 */
export default function AdminReviewsTab({
  table,
  onDecided,
}: {
  table: (actions: (review: ModeratedReview) => ReactNode) => ReactNode;
  onDecided: () => void;
}) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const moderate = useModerateReview();
  const actions = (r: ModeratedReview) => (
    <div className="flex min-w-36 flex-col gap-2">
      {r.status !== 'hidden' && (
        <Button size="sm" variant="destructive" onClick={() => setDeciding({ review: r, action: 'hide' })} aria-haspopup="dialog">
          <EyeOff aria-hidden className="h-4 w-4" /> Hide review
        </Button>
      )}
      {(r.status === 'hidden' || r.openReports > 0) && (
        <Button size="sm" variant="secondary" onClick={() => setDeciding({ review: r, action: 'restore' })} aria-haspopup="dialog">
          <Eye aria-hidden className="h-4 w-4" /> {r.status === 'hidden' ? 'Restore review' : 'Keep review'}
        </Button>
      )}
    </div>
  );
  return (
    <div className="space-y-4">
      {table(actions)}
      {deciding && (
        <TextDialog
          open
          onOpenChange={(o) => !o && setDeciding(null)}
          title={
            deciding.action === 'hide'
              ? 'Hide this review'
              : deciding.review.status === 'hidden'
                ? 'Restore this review'
                : 'Keep this review'
          }
          description={
            deciding.action === 'hide'
              ? 'It leaves the deal and business pages and no longer counts in the average. The reason is kept in the audit trail.'
              : 'It is shown and counted, and its reports are closed. The reason is kept in the audit trail.'
          }
          label="Reason"
          field="reason"
          schema={moderateReviewSchema}
          maxLength={REVIEW_MODERATION_REASON_MAX}
          submitLabel={deciding.action === 'hide' ? 'Hide review' : 'Save decision'}
          pendingLabel="Saving..."
          submitVariant={deciding.action === 'hide' ? 'destructive' : 'primary'}
          isPending={moderate.isPending}
          onSubmit={(reason) =>
            moderate.mutate(
              { id: deciding.review.id, action: deciding.action, reason },
              {
                onSuccess: () => {
                  toast.success(deciding.action === 'hide' ? 'Review hidden' : 'Decision saved');
                  setDeciding(null);
                  onDecided();
                },
                onError: (err) => toast.error('The decision was not saved', { description: err.message }),
              },
            )
          }
        />
      )}
    </div>
  );
}
