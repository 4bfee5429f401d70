import { lazy, Suspense, useId, useState } from 'react';
import { Flag, MessageSquareText } from 'lucide-react';
import { REVIEW_SORTS, REVIEW_SORT_LABELS, formatRating, type RatingSummary, type ReviewSort } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/input';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { useSession } from '../../../../lib/session';
import { FIRST_REVIEW_SORT, useReviews, type ReviewsSource } from '../api';
import { ReviewCard } from './review-card';
import { Stars } from './stars';

const ReportReviewDialog = lazy(() => import('./report-review-dialog'));

/** The average, the count and a bar of each star count. */
function Summary({ summary }: { summary: RatingSummary }) {
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[auto_1fr] sm:gap-8 sm:p-5">
      <div className="text-center sm:text-left">
        <p className="text-4xl font-bold text-slate-900">{summary.average === null ? '–' : formatRating(summary.average)}</p>
        <Stars rating={summary.average ?? 0} className="mt-1" size="h-5 w-5" />
        <p className="mt-1 text-sm text-slate-700">
          {summary.count} verified {summary.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className="space-y-1.5" aria-label="Reviews by rating">
        {summary.stars.map(({ stars, count }) => {
          const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
          return (
            <li key={stars} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2 text-sm">
              <span className="text-slate-800">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
              <span
                className="h-2.5 overflow-hidden rounded-full bg-slate-200"
                role="img"
                aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}: ${count} of ${summary.count}`}
              >
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="text-right text-slate-700">{count}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Reviews on a deal or business page (docs/decisions/0064-verified-reviews.md): the summary, sorted and paginated
 * reviews, and a Report button for whoever is signed in.
 */
export function ReviewsSection({ source, headingLevel = 2 }: { source: ReviewsSource; headingLevel?: 2 | 3 }) {
  const [sort, setSort] = useState<ReviewSort>(FIRST_REVIEW_SORT);
  const [page, setPage] = useState(1);
  const [reporting, setReporting] = useState<string | null>(null);
  const { user } = useSession();
  const query = useReviews(source, sort, page);
  const sortId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const data = query.data;
  return (
    <section id="reviews" aria-labelledby={`${sortId}-heading`} className="scroll-mt-20 space-y-4">
      <Heading id={`${sortId}-heading`} className="text-xl font-semibold text-slate-900">
        Reviews
      </Heading>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert variant="destructive" title="We couldn't load the reviews">
          {query.error.message}
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && data.summary.count === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-5 text-slate-700">
          <MessageSquareText aria-hidden className="h-5 w-5 text-slate-600" /> No reviews yet. Reviews come from customers who redeemed a
          voucher.
        </p>
      ) : data ? (
        <>
          <Summary summary={data.summary} />
          <div className="flex items-center justify-end gap-2">
            <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
              Sort reviews
            </label>
            <div className="w-44">
              <Select
                id={sortId}
                value={sort}
                onChange={(e) => {
                  setSort(e.target.value as ReviewSort);
                  setPage(1);
                }}
              >
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {REVIEW_SORT_LABELS[s]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <ul className="space-y-3" aria-label="Reviews" aria-busy={query.isFetching}>
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard
                  review={r}
                  showDeal={source.kind === 'business'}
                  actions={
                    user ? (
                      <Button variant="ghost" size="sm" className="-ml-3" onClick={() => setReporting(r.id)} aria-haspopup="dialog">
                        <Flag aria-hidden className="h-4 w-4" /> Report<span className="sr-only"> review by {r.authorName}</span>
                      </Button>
                    ) : null
                  }
                />
              </li>
            ))}
          </ul>
          <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Review pages" />
        </>
      ) : null}
      {reporting && (
        <Suspense fallback={null}>
          <ReportReviewDialog reviewId={reporting} open onOpenChange={(o) => !o && setReporting(null)} />
        </Suspense>
      )}
    </section>
  );
}
