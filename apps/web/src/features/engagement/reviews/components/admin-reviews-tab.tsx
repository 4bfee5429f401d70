import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, Flag } from 'lucide-react';
import { REVIEW_MODERATION_REASON_MAX, REVIEW_REPORT_REASON_LABELS, moderateReviewSchema, type AdminReview } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FilterChips } from '../../../../components/ui/filter-chips';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { TextDialog } from '../../../../components/ui/text-dialog';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { adminReviewsQuery, useModerateReview } from '../api';
import { ReviewCard } from './review-card';

/** What the admin is about to do to which review. */
type Decision = { review: AdminReview; action: 'hide' | 'restore' };

/**
 * The moderation queue (docs/decisions/0064-verified-reviews.md): reported reviews, most reported first, with their
 * reports; hide one (it leaves the pages and the average) or keep it, with a reason kept in the audit trail; hidden
 * reviews can be restored.
 */
export default function AdminReviewsTab() {
  const [filter, setFilter] = useState<'reported' | 'hidden'>('reported');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const query = useQuery(adminReviewsQuery(filter, page));
  const moderate = useModerateReview();
  return (
    <div className="space-y-4 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Reviews</h2>
        <FilterChips
          label="Show reviews"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          options={[
            ['reported', 'Reported'],
            ['hidden', 'Hidden'],
          ]}
        />
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert variant="destructive" title="We couldn't load the reviews">
          {query.error.message}
        </Alert>
      ) : query.data.reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {filter === 'reported' ? 'No reported reviews. Nothing to moderate.' : 'No hidden reviews.'}
        </p>
      ) : (
        <>
          <ul className="space-y-3" aria-label={filter === 'reported' ? 'Reported reviews' : 'Hidden reviews'}>
            {query.data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard
                  review={r}
                  showDeal
                  status={
                    <div className="mb-3 space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                      <p>
                        <span className="font-semibold">{r.merchantName}</span> · by {r.authorEmail} ·{' '}
                        {r.status === 'hidden' ? 'Hidden' : 'Shown'}
                      </p>
                      {r.openReports > 0 && (
                        <div>
                          <p className="inline-flex items-center gap-1 font-semibold text-red-800">
                            <Flag aria-hidden className="h-4 w-4" /> {r.openReports} open {r.openReports === 1 ? 'report' : 'reports'}
                          </p>
                          <ul className="ml-5 list-disc">
                            {r.reports
                              .filter((x) => !x.resolved)
                              .map((x, i) => (
                                <li key={i}>
                                  {REVIEW_REPORT_REASON_LABELS[x.reason]}
                                  {x.note ? `: “${x.note}”` : ''} ({formatDate(x.createdAt)})
                                </li>
                              ))}
                          </ul>
                        </div>
                      )}
                      {r.moderationReason && (
                        <p>
                          Last decision{r.moderatedAt ? ` (${formatDate(r.moderatedAt)})` : ''}: {r.moderationReason}
                        </p>
                      )}
                    </div>
                  }
                  actions={
                    <>
                      {r.status === 'published' && (
                        <Button
                          size="sm"
                          variant="destructive"
                          onClick={() => setDeciding({ review: r, action: 'hide' })}
                          aria-haspopup="dialog"
                        >
                          <EyeOff aria-hidden className="h-4 w-4" /> Hide review
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setDeciding({ review: r, action: 'restore' })}
                        aria-haspopup="dialog"
                      >
                        <Eye aria-hidden className="h-4 w-4" /> {r.status === 'hidden' ? 'Restore review' : 'Keep review'}
                      </Button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <Pager page={page} total={query.data.total} pageSize={query.data.pageSize} onPage={setPage} label="Review pages" />
        </>
      )}
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
