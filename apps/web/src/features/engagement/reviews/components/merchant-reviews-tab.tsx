import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Reply } from 'lucide-react';
import { REVIEW_MESSAGES as M, REVIEW_REPLY_MAX, reviewReplySchema, type MerchantReview } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FilterChips } from '../../../../components/ui/filter-chips';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { TextDialog } from '../../../../components/ui/text-dialog';
import { toast } from '../../../../lib/toast';
import { merchantReviewsQuery, useReplyToReview } from '../api';
import { ReviewCard } from './review-card';
import { RatingLine } from './stars';

/**
 * The business's reviews in its dashboard (docs/decisions/0064-verified-reviews.md): every review of its deals, with
 * "Reply" on those still without the business's one public reply; the customer is e-mailed when it is posted.
 */
export default function MerchantReviewsTab() {
  const [filter, setFilter] = useState<'all' | 'unreplied'>('all');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<MerchantReview | null>(null);
  const query = useQuery(merchantReviewsQuery(filter, page));
  const reply = useReplyToReview();
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <Alert variant="destructive" title="We couldn't load your reviews">
        {query.error.message}
      </Alert>
    );
  const data = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Customer reviews</h2>
          <RatingLine average={data.summary.average} count={data.summary.count} showEmpty className="mt-1" />
        </div>
        <FilterChips
          label="Show reviews"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          options={[
            ['all', 'All'],
            ['unreplied', `Awaiting your reply (${data.unreplied})`],
          ]}
        />
      </div>
      <p className="text-sm text-slate-700">
        Reviews come only from customers who redeemed a voucher. Your reply is public, shown under the review with your business name.
      </p>
      {data.reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {filter === 'unreplied' ? 'Every review has your reply.' : 'No reviews yet. Customers are asked for one a day after they redeem.'}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Reviews">
          {data.reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard
                review={r}
                showDeal
                status={
                  r.status === 'hidden' ? (
                    <p className="mb-2 inline-flex items-center gap-1 rounded-md bg-slate-200 px-2 py-0.5 text-sm font-medium text-slate-900">
                      <EyeOff aria-hidden className="h-4 w-4" /> Hidden by our moderators
                    </p>
                  ) : null
                }
                actions={
                  r.status === 'published' && !r.reply ? (
                    <Button size="sm" onClick={() => setReplying(r)} aria-haspopup="dialog">
                      <Reply aria-hidden className="h-4 w-4" /> Reply<span className="sr-only"> to {r.authorName}</span>
                    </Button>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Review pages" />
      {replying && (
        <TextDialog
          open
          onOpenChange={(o) => !o && setReplying(null)}
          title={`Reply to ${replying.authorName}`}
          description="One public reply per review, shown under it with your business name. The customer is e-mailed."
          label="Your reply"
          field="text"
          schema={reviewReplySchema}
          maxLength={REVIEW_REPLY_MAX}
          submitLabel="Post reply"
          pendingLabel="Posting..."
          isPending={reply.isPending}
          onSubmit={(text) =>
            reply.mutate(
              { id: replying.id, text },
              {
                onSuccess: () => {
                  toast.success(M.repliedTitle);
                  setReplying(null);
                },
                onError: (err) => toast.error('Your reply was not posted', { description: err.message }),
              },
            )
          }
        />
      )}
    </div>
  );
}
