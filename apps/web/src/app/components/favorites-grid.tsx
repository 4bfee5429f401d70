import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { DealGrid, DealGridSkeleton } from './deal-card';
import { useFavoriteDeals } from './use-favorite-deals';

/**
 * The favourite deals as cards, with their loading, error and empty states; /favorites and the
 * account page's Favorites tab show the same grid. `gridClassName` sets the columns per breakpoint;
 * `headingLevel` is the level of the cards' titles (and of the empty state's heading) under the page's own headings.
 */
export function FavoritesGrid({
  gridClassName = 'sm:grid-cols-2 lg:grid-cols-3',
  headingLevel = 2,
}: {
  gridClassName?: string;
  headingLevel?: 2 | 3;
}) {
  const { deals, isLoading, isError, retry } = useFavoriteDeals();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <>
      {isError && (
        <div className="mt-6 max-w-xl">
          <Alert variant="destructive" title="Some favorites could not be loaded">
            Check your connection and try again.
          </Alert>
          <Button className="mt-3" variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      )}

      {deals.length > 0 ? (
        <>
          <p className="mt-2 text-slate-700">
            {deals.length} saved {deals.length === 1 ? 'deal' : 'deals'}
          </p>
          {/* The cards' titles sit one level under the page's heading: h2 on /favorites, h3 in the account tab. */}
          <DealGrid deals={deals} titleLevel={headingLevel} className={cn('mt-6', gridClassName)} />
          {isLoading && <p className="mt-6 text-center text-sm text-slate-700">Loading more favorites...</p>}
        </>
      ) : isLoading ? (
        <DealGridSkeleton count={3} className={cn('mt-6', gridClassName)} />
      ) : (
        !isError && (
          <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <Heart aria-hidden className="mx-auto h-10 w-10 text-red-700" />
            <Heading className="mt-3 text-xl font-semibold text-slate-900">No favorites yet</Heading>
            <p className="mt-1 text-slate-700">Tap the heart on any deal to save it here.</p>
            <Link to={paths.deals} className={buttonClass('primary', 'md', 'mt-6')}>
              Browse Deals
            </Link>
          </div>
        )
      )}
    </>
  );
}
