import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { DealGrid, DealGridSkeleton } from '../../../features/deals/components/deal-card';
import { useFavoriteDeals } from '../../../features/favorites/use-favorites';

/** /favorites: the favourite deals, for visitors (browser storage) and customers (their account). */
export default function FavoritesPage() {
  const { deals, isLoading, isError, retry } = useFavoriteDeals();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <title>Favorites | LocalPerks</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Favorites</h1>

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
          <DealGrid deals={deals} className="mt-6 sm:grid-cols-2 lg:grid-cols-3" />
          {isLoading && <p className="mt-6 text-center text-sm text-slate-700">Loading more favorites...</p>}
        </>
      ) : isLoading ? (
        <DealGridSkeleton count={3} className="mt-6 sm:grid-cols-2 lg:grid-cols-3" />
      ) : (
        !isError && (
          <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <Heart aria-hidden className="mx-auto h-10 w-10 text-red-700" />
            <h2 className="mt-3 text-xl font-semibold text-slate-900">No favorites yet</h2>
            <p className="mt-1 text-slate-700">Tap the heart on any deal to save it here.</p>
            <Link to={paths.deals} className={buttonClass('primary', 'md', 'mt-6')}>
              Browse Deals
            </Link>
          </div>
        )
      )}
    </div>
  );
}
