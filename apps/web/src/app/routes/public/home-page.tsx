import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Briefcase, LogOut, Search, Sparkles, User } from 'lucide-react';
import {
  PUBLIC_PAGES,
  HOME_BOOSTED_DEALS,
  HOME_CATEGORY_DEALS,
  HOME_FEATURED_DEALS,
  HOME_SPONSORED_DEALS,
  HOME_VIEW_ALL_THRESHOLD,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClass, Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useLogoutAction } from '../../../lib/use-logout-action';
import { cn } from '../../../lib/cn';
import {
  browseQuery,
  browseSearchParams,
  homeCategoryFilters,
  homeQuery,
  useBrowseDeals,
  useHomeData,
} from '../../../features/catalog/deals/api';
import { CategoryChips, categoryName } from '../../../features/catalog/deals/components/category-chips';
import { DealGrid, DealGridSkeleton, SponsoredDeals } from '../../components/deal-card';
import { BusinessGrid } from '../../../features/catalog/business-search/components/business-card';
import { LocationPicker } from '../../../features/catalog/deals/components/location-picker';
import { ANY_LOCATION, locationLabel, useLocationChoice } from '../../../features/catalog/deals/location-store';
import { pageLoader } from '../../page-data';

// The only part of home that needs the zod schemas; fetched when it comes near the screen.
const MerchantSignupSection = lazy(() => import('../../../features/catalog/deals/components/merchant-signup-section'));

function WelcomeBanner() {
  const { user } = useSession();
  const { logOut } = useLogoutAction();
  if (!user) return null;
  const isMerchant = user.role === 'merchant';
  return (
    <section aria-label="Welcome" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
        {isMerchant ? (
          <Briefcase aria-hidden className="h-5 w-5 text-brand-800" />
        ) : (
          <User aria-hidden className="h-5 w-5 text-brand-800" />
        )}
        <p className="text-sm text-slate-800">
          Welcome back, <strong>{user.name}</strong> ·{' '}
          <span className="font-medium text-brand-800">{isMerchant ? 'Merchant Account' : 'Customer Account'}</span>
        </p>
        <div className="ml-auto flex gap-2">
          {isMerchant && (
            <Link to={paths.merchantDashboard} className={buttonClass('primary', 'sm')}>
              Merchant Dashboard
            </Link>
          )}
          <Button variant="secondary" size="sm" onClick={logOut}>
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </Button>
        </div>
      </div>
    </section>
  );
}

/**
 * The page's data (app/page-data.ts): its sections, and "Browse by Category" for every category at every
 * location (a location remembered in the browser is read once the page has hydrated).
 */
export const loader = pageLoader(({ queryClient }) =>
  Promise.all([
    queryClient.ensureQueryData(homeQuery),
    queryClient.ensureInfiniteQueryData(browseQuery(homeCategoryFilters(null, ANY_LOCATION))),
  ]),
);

export default function HomePage() {
  return (
    <>
      <title>{PUBLIC_PAGES.home.head().title}</title>
      <WelcomeBanner />
      <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">Discover Local Deals</h1>
          <p className="mt-4 max-w-xl text-lg text-emerald-50">
            Save up to 70% on restaurants, fitness, beauty, entertainment and more in 12 US cities.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.deals} className={buttonClass('secondary', 'lg')}>
              <Search aria-hidden className="h-5 w-5" /> Browse Deals
            </Link>
            <Link
              to={paths.perkboostInfo}
              className="inline-flex min-h-12 items-center gap-2 rounded-lg border border-white/70 px-6 font-medium text-white hover:bg-white/10"
            >
              <Sparkles aria-hidden className="h-5 w-5" /> How PerkBoost works
            </Link>
          </div>
        </div>
      </section>
      <HomeDealSections />
      <FeaturedBusinesses />
      <BrowseByCategory />
      <WhenNearScreen minHeight="40rem">
        <Suspense fallback={<div style={{ minHeight: '40rem' }} />}>
          <MerchantSignupSection />
        </Suspense>
      </WhenNearScreen>
    </>
  );
}

function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {action}
    </div>
  );
}

const linkClass = 'inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline-offset-4 hover:underline';

/**
 * Featured Deals (up to 3 active), Sponsored (paid boosts, labelled; docs/decisions/0041) and PerkBoost
 * Deals (up to 2 still collecting votes), from /api/home: no deal in two of them.
 */
function HomeDealSections() {
  const home = useHomeData();
  const featured = home.data?.featured.slice(0, HOME_FEATURED_DEALS) ?? [];
  const sponsored = home.data?.sponsored.slice(0, HOME_SPONSORED_DEALS) ?? [];
  const crowdVote = home.data?.crowdVote.slice(0, HOME_BOOSTED_DEALS) ?? [];
  const retry = (
    <Button variant="secondary" size="sm" className="mt-2" onClick={() => void home.refetch()}>
      Retry
    </Button>
  );
  return (
    <>
      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 pt-12">
        <SectionHeading id="featured-heading" title="Featured Deals" />
        {home.isPending ? (
          <DealGridSkeleton count={HOME_FEATURED_DEALS} className="sm:grid-cols-2 lg:grid-cols-3" />
        ) : home.isError ? (
          <Alert variant="destructive" title="Featured deals could not be loaded.">
            {retry}
          </Alert>
        ) : featured.length === 0 ? (
          <p className="text-slate-700">No featured deals right now. Check back soon.</p>
        ) : (
          <DealGrid deals={featured} className="sm:grid-cols-2 lg:grid-cols-3" hasLcpImage />
        )}
      </section>
      <SponsoredDeals deals={sponsored} className="mx-auto max-w-7xl px-4 pt-12" gridClassName="sm:grid-cols-2 lg:grid-cols-3" />
      <section aria-labelledby="boosted-heading" className="mx-auto max-w-7xl px-4 pt-12">
        <SectionHeading
          id="boosted-heading"
          title="PerkBoost Deals"
          action={
            <Link to={paths.perkboost} className={linkClass}>
              See all<span className="sr-only"> PerkBoost deals</span> <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          }
        />
        <p className="-mt-3 mb-5 max-w-2xl text-slate-700">
          Vote for the deals you want. When enough people vote before the countdown ends, the deal unlocks for everyone.
        </p>
        {home.isPending ? (
          <DealGridSkeleton count={HOME_BOOSTED_DEALS} className="sm:grid-cols-2" />
        ) : home.isError ? (
          <Alert variant="destructive" title="PerkBoost deals could not be loaded.">
            {retry}
          </Alert>
        ) : crowdVote.length === 0 ? (
          <p className="text-slate-700">No deals are collecting votes right now.</p>
        ) : (
          <DealGrid deals={crowdVote} className="sm:grid-cols-2 lg:max-w-4xl" />
        )}
      </section>
    </>
  );
}

/** Businesses with a listing boost running (a paid placement, docs/product/design.md §4); hidden when there are none. */
function FeaturedBusinesses() {
  const home = useHomeData();
  const businesses = home.data?.featuredBusinesses ?? [];
  if (businesses.length === 0) return null;
  return (
    <section aria-labelledby="featured-businesses-heading" className="mx-auto max-w-7xl px-4 pt-12">
      <SectionHeading
        id="featured-businesses-heading"
        title="Featured businesses"
        action={
          <Link to={paths.businesses} className={linkClass}>
            All businesses <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        }
      />
      <BusinessGrid businesses={businesses} className="sm:grid-cols-2 lg:grid-cols-3" />
    </section>
  );
}

/** Browse by Category: up to 6 deals for the chosen category and location, none of them shown higher up the page. */
function BrowseByCategory() {
  const [category, setCategory] = useState<number | null>(null);
  const [location, setLocation] = useLocationChoice();
  const filters = { category, state: location.state, city: location.city };
  const result = useBrowseDeals(homeCategoryFilters(category, location));
  const home = useHomeData();
  const shownAbove = new Set(
    [...(home.data?.featured ?? []), ...(home.data?.sponsored ?? []), ...(home.data?.crowdVote ?? [])].map((d) => d.id),
  );
  const deals = result.data?.pages[0]?.deals.filter((d) => !shownAbove.has(d.id)).slice(0, HOME_CATEGORY_DEALS) ?? [];
  const viewAllParams = browseSearchParams(filters).toString();
  const name = categoryName(category);

  return (
    <section aria-labelledby="category-heading" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading id="category-heading" title="Browse by Category" />
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <CategoryChips value={category} onChange={setCategory} />
        <LocationPicker value={location} onChange={setLocation} />
      </div>
      <div className="mt-6" aria-busy={result.isFetching}>
        <p className="mb-4 text-sm text-slate-700" aria-live="polite">
          {result.isPending
            ? 'Loading deals...'
            : `Showing ${deals.length} ${name ? `${name} ` : ''}${deals.length === 1 ? 'deal' : 'deals'} ${location.city ? 'near' : 'in'} ${locationLabel(location)}`}
        </p>
        {result.isPending ? (
          <DealGridSkeleton count={HOME_CATEGORY_DEALS} className="sm:grid-cols-2 lg:grid-cols-3" />
        ) : result.isError && !result.data ? (
          <Alert variant="destructive" title="Deals could not be loaded.">
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void result.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : deals.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            No deals match this category and location yet.
          </p>
        ) : (
          <DealGrid deals={deals} className={cn('sm:grid-cols-2 lg:grid-cols-3', result.isPlaceholderData && 'opacity-60')} />
        )}
        {!result.isPending && deals.length < HOME_VIEW_ALL_THRESHOLD && (
          <div className="mt-6 text-center">
            <Link to={`${paths.deals}${viewAllParams ? `?${viewAllParams}` : ''}`} className={buttonClass('primary', 'lg')}>
              View All Deals <ArrowRight aria-hidden className="h-5 w-5" />
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

/** Renders its children once the spot comes within a screen of the viewport. */
function WhenNearScreen({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || isNear) return;
    if (!('IntersectionObserver' in window)) return setIsNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setIsNear(true), { rootMargin: '100% 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [isNear]);
  return isNear ? <>{children}</> : <div ref={ref} style={{ minHeight }} />;
}
