import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { DealGrid, DealGridSkeleton, SponsoredDeals } from '../../components/deal-card';
import { perkboostDealsQuery } from '../../../features/engagement/perkboost/api';
import { PUBLIC_PAGES, formatCount } from '@localperks/shared';
import { pageLoader } from '../../page-data';

/** The page's data (app/page-data.ts): the first page of crowd-vote deals. */
export const loader = pageLoader(({ queryClient }) => queryClient.ensureInfiniteQueryData(perkboostDealsQuery));

/** /perkboost: every crowd-vote deal still on show, newest first, page by page. */
export default function PerkBoostPage() {
  const query = useInfiniteQuery(perkboostDealsQuery);
  // Offset pages can repeat a deal when new ones arrive meanwhile; show each once.
  const deals = [...new Map((query.data?.pages.flatMap((p) => p.deals) ?? []).map((d) => [d.id, d])).values()];
  const first = query.data?.pages[0];
  // An unlocked crowd-vote deal its merchant paid to boost: its own labelled row, as on every listing.
  const sponsored = first?.sponsored ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <title>{PUBLIC_PAGES.perkboost.head().title}</title>
      <div className="flex items-start gap-3">
        <span className="mt-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-violet-700 text-white">
          <Zap aria-hidden className="h-5 w-5" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">PerkBoost Deals</h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            Vote for the deals you want. When a deal reaches its vote target before voting ends, it unlocks for everyone to buy.{' '}
            <Link to={paths.perkboostInfo} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
              How PerkBoost works
            </Link>
          </p>
        </div>
      </div>

      {query.isPending ? (
        <DealGridSkeleton count={6} className="mt-8 sm:grid-cols-2 lg:grid-cols-3" />
      ) : query.isError && !deals.length ? (
        <div className="mt-8 max-w-xl">
          <Alert variant="destructive" title="We couldn't load PerkBoost deals">
            {query.error.message}
          </Alert>
          <Button className="mt-4" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : deals.length === 0 ? (
        <div className="mt-12 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <Zap aria-hidden className="mx-auto h-10 w-10 text-violet-700" />
          <h2 className="mt-3 text-xl font-semibold text-slate-900">No PerkBoost deals right now</h2>
          <p className="mt-1 text-slate-700">New crowd-vote deals appear here as soon as merchants launch them.</p>
          <Link to={paths.deals} className={buttonClass('primary', 'md', 'mt-6')}>
            Browse Deals
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-700" aria-live="polite">
            Showing {deals.length} of{' '}
            {first?.totalIsCapped ? `${formatCount(first.total ?? 0)}+` : formatCount(first?.total ?? deals.length)} PerkBoost deals
          </p>
          <SponsoredDeals deals={sponsored} hasLcpImage className="mt-6" gridClassName="sm:grid-cols-2 lg:grid-cols-3" />
          {/* Right under the page's h1, the cards' titles are h2; the first image is the page's largest paint. */}
          <DealGrid deals={deals} titleLevel={2} hasLcpImage={sponsored.length === 0} className="mt-4 sm:grid-cols-2 lg:grid-cols-3" />
          {query.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" size="lg" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
          {query.isFetchNextPageError && (
            <Alert variant="destructive" className="mx-auto mt-4 max-w-xl" title="More deals could not be loaded">
              {query.error?.message} Try Load more again.
            </Alert>
          )}
        </>
      )}
    </div>
  );
}
