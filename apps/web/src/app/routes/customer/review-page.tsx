import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { reviewEligibilityQuery } from '../../../features/engagement/reviews/api';
import { ReviewCard } from '../../../features/engagement/reviews/components/review-card';
import { ReviewForm } from '../../../features/engagement/reviews/components/review-form';
import { formatDate } from '../../../lib/format';

function ReviewPurchase({ purchaseId }: { purchaseId: string }) {
  const query = useQuery(reviewEligibilityQuery(purchaseId));
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <Alert variant="destructive" title="We couldn't open this review" className="mt-6">
        {query.error.message}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
          <Link to={paths.purchases} className={buttonClass('secondary', 'sm')}>
            My Purchases
          </Link>
        </div>
      </Alert>
    );
  const e = query.data;
  const what = e.optionTitle ? `${e.dealTitle} (${e.optionTitle})` : e.dealTitle;
  return (
    <>
      <title>{`Review ${e.dealTitle} | LocalPerks`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{e.review ? 'Your review' : 'Write a review'}</h1>
      <p className="mt-1 text-slate-700">
        {what} at <span className="font-medium text-slate-900">{e.merchantName}</span>
        {e.redeemedAt && <> · redeemed {formatDate(e.redeemedAt)}</>}
      </p>
      <div className="mt-6">
        {e.review ? (
          <div className="space-y-3">
            {e.review.status === 'hidden' && (
              <Alert title="Hidden by our moderators">This review broke our review rules, so it is not shown on the pages.</Alert>
            )}
            <ReviewCard review={e.review} />
            <Link to={paths.dealReviews(e.dealId)} className={buttonClass('secondary')}>
              See it on the deal page
            </Link>
          </div>
        ) : e.canReview ? (
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            {e.reviewBy && <p className="mb-4 text-sm text-slate-700">You can review this voucher until {formatDate(e.reviewBy)}.</p>}
            <ReviewForm purchaseId={purchaseId} onDone={() => void query.refetch()} />
          </div>
        ) : (
          <Alert title="This voucher cannot be reviewed">{e.blocker}</Alert>
        )}
      </div>
    </>
  );
}

/** /purchases/:id/review: the review form of one of the customer's vouchers (the review-request mail links here). */
export default function ReviewPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <Link
        to={paths.purchases}
        className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-800 hover:text-brand-900 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> My Purchases
      </Link>
      <RequireRole roles={['customer']}>
        <ReviewPurchase purchaseId={id} />
      </RequireRole>
    </div>
  );
}
