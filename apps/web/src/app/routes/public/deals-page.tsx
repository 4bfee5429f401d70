import { Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import {
  PUBLIC_PAGES,
  DEAL_TYPE_FILTERS,
  readBrowseUrl,
  readNearbyUrl,
  SORT_OPTIONS,
  type BrowseResult,
  type DealFacets,
  type DealTypeFilter,
  type SortOption,
  SEARCH_BUSINESS_GROUP_SIZE,
  SEARCH_MAX_LENGTH,
  formatCount,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SearchForm } from '../../../components/ui/search-form';
import { useDeferredDialog } from '../../../components/ui/deferred-dialog';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { lazyPart } from '../../../lib/lazy-part';
import {
  browseFiltersOf,
  browseQuery,
  facetsQuery,
  useBrowseDeals,
  useDealFacets,
  type BrowseFilters,
} from '../../../features/catalog/deals/api';
import { BandChips } from '../../../features/catalog/deals/components/facet-chips';
import { NearControls, type NearValue } from '../../../features/catalog/deals/components/near-controls';
import { CategoryChips } from '../../../features/catalog/deals/components/category-chips';
import { DealGrid, DealGridSkeleton, SponsoredDeals } from '../../components/deal-card';
import { businessSearchQuery, businessesHref } from '../../../features/catalog/business-search/api';
import { SearchBusinessesGroup } from '../../../features/catalog/business-search/components/search-businesses-group';
import { LocationPicker } from '../../../features/catalog/deals/components/location-picker';
import {
  ANY_LOCATION,
  locationLabel,
  locationStore,
  nearPointStore,
  useLocationChoice,
  type LocationChoice,
} from '../../../features/catalog/deals/location-store';
import { pageLoader } from '../../page-data';

// The phone filter sheet (a Radix dialog) loads when its button is hovered, focused or pressed.
const loadFilterSheetContent = () => import('./deals-filter-sheet');
const FilterSheetContent = lazyPart(loadFilterSheetContent);

const TYPE_LABELS: Record<DealTypeFilter, string> = { all: 'All Deals', standard: 'Standard', perkboost: 'PerkBoost' };
const SORT_LABELS: Record<SortOption, string> = {
  relevance: 'Best match',
  distance: 'Distance',
  newest: 'Newest',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  discount: 'Biggest Discount',
};

type Filters = Required<Pick<BrowseFilters, 'type' | 'sort'>> & {
  search: string;
  category: number | null;
  location: LocationChoice;
  price: string | null;
  discount: string | null;
  hasPoint: boolean;
};
type FilterKey = 'search' | 'type' | 'sort' | 'category' | 'state' | 'city' | 'zip' | 'near' | 'radius' | 'open' | 'price' | 'discount';

/**
 * The page's data (app/page-data.ts): the first deals its address lists, the counts its filter chips show,
 * and the businesses a search matches (SearchBusinessesGroup, same filters). A location remembered in the browser is not known to the
 * server: it renders for every location, as the page does until it has read browser storage.
 */
export const loader = pageLoader(({ url, queryClient }) => {
  const filters = browseFiltersOf(readBrowseUrl(url.searchParams), ANY_LOCATION, readNearbyUrl(url.searchParams));
  const { search, state = null, city = null } = filters;
  return Promise.all([
    queryClient.ensureInfiniteQueryData(browseQuery(filters)),
    queryClient.ensureQueryData(facetsQuery(filters)),
    search ? queryClient.ensureQueryData(businessSearchQuery({ search, state, city, pageSize: SEARCH_BUSINESS_GROUP_SIZE })) : null,
  ]);
});

/** /deals: search, filter and sort every live deal; the filters live in the URL so a view can be shared. */
export default function DealsPage() {
  const [params, setParams] = useSearchParams();
  const [stored] = useLocationChoice();
  const fromUrl = readBrowseUrl(params);
  const nearby = readNearbyUrl(params);
  const hasPoint = Boolean(nearby.zip || nearby.near);
  // The order as shown: the one chosen, else relevance for a search and newest otherwise.
  const sort: SortOption =
    nearby.sort && !(nearby.sort === 'relevance' && !fromUrl.search) && !(nearby.sort === 'distance' && !hasPoint)
      ? nearby.sort
      : fromUrl.search
        ? 'relevance'
        : 'newest';
  const filters: Filters = {
    ...fromUrl,
    sort,
    location: fromUrl.location ?? stored,
    price: nearby.price,
    discount: nearby.discount,
    hasPoint,
  };
  const near: NearValue = { zip: nearby.zip, near: nearby.near, radius: nearby.radius, open: nearby.open };
  const { state, city } = filters.location;

  const update = (patch: Partial<Record<FilterKey, string | number | boolean | null>>) =>
    setParams(
      () => {
        // From the address itself, not the hook's `prev`: that is the rendered one, and a router
        // update is a transition, so a second filter changed before it rendered would drop the first.
        const next = new URLSearchParams(window.location.search);
        for (const [key, value] of Object.entries(patch)) {
          const isDefault =
            value === null ||
            value === '' ||
            value === false ||
            (key === 'type' && value === 'all') ||
            (key === 'sort' && value === (next.get('search') ? 'relevance' : 'newest'));
          if (isDefault) next.delete(key);
          else next.set(key, value === true ? '1' : String(value));
        }
        return next;
      },
      { replace: true },
    );

  // A remembered location goes into the URL too, so the address always shows what is listed.
  const hasUrlLocation = fromUrl.location !== null;
  useEffect(() => {
    if (!hasUrlLocation && stored.state) update({ state: stored.state, city: stored.city });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` is recreated each render and reads nothing stale
  }, [hasUrlLocation, stored.state, stored.city]);

  const setLocation = (next: LocationChoice) => update({ state: next.state, city: next.city });
  const clearAll = () => {
    locationStore.set(ANY_LOCATION);
    setParams(new URLSearchParams(), { replace: true });
  };

  const browseFilters = browseFiltersOf(fromUrl, stored, nearby);
  const result = useBrowseDeals(browseFilters);
  const facets = useDealFacets(browseFilters).data;
  const seen = new Set<string>();
  // Offset pages can overlap when deals are added meanwhile; each deal shows once.
  const deals = (result.data?.pages ?? []).flatMap((p) => p.deals).filter((d) => !seen.has(d.id) && seen.add(d.id));
  const first = result.data?.pages[0];
  // Deal and business pages show how far they are from the point the visitor last searched near.
  const origin = first?.origin;
  useEffect(() => {
    if (origin) nearPointStore.set({ lat: origin.lat, lng: origin.lng, label: origin.label });
  }, [origin?.lat, origin?.lng, origin?.label]); // eslint-disable-line react-hooks/exhaustive-deps -- the point, not the object
  // Paid boosts matching the filters, in their own labelled row above the first page (docs/decisions/0041).
  const sponsored = result.isPlaceholderData ? [] : (first?.sponsored ?? []);
  const activeCount =
    Number(filters.type !== 'all') +
    Number(filters.category !== null) +
    Number(Boolean(state)) +
    Number(nearby.sort !== null) +
    Number(hasPoint) +
    Number(near.open) +
    Number(Boolean(filters.price)) +
    Number(Boolean(filters.discount));
  const hasAnyFilter = activeCount > 0 || Boolean(filters.search);

  const title = PUBLIC_PAGES.deals.head({ search: filters.search ?? '', category: filters.category ?? null }).title;

  const countText = !first
    ? 'Loading deals...'
    : `${formatCount(first.total ?? 0)}${first.totalIsCapped ? '+' : ''} ${first.total === 1 && !first.totalIsCapped ? 'deal' : 'deals'}${state ? ` ${city ? 'near' : 'in'} ${locationLabel(filters.location)}` : ''}`;

  const controls = (inSheet: boolean) => (
    <FilterControls
      filters={filters}
      inSheet={inSheet}
      onType={(type) => update({ type })}
      onSort={(sort) => update({ sort })}
      onCategory={(category) => update({ category })}
      onLocation={setLocation}
      facets={facets}
      onPrice={(price) => update({ price })}
      onDiscount={(discount) => update({ discount })}
      near={near}
      originLabel={first?.origin?.label}
      onNear={(patch) =>
        update({ ...patch, ...('zip' in patch || 'near' in patch ? { sort: patch.zip || patch.near ? 'distance' : null } : {}) })
      }
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <title>{title}</title>
      <h1 className="text-3xl font-bold text-slate-900">Browse Deals</h1>
      <p className="mt-1 text-slate-700">
        {filters.search ? <>Results for “{filters.search}”</> : 'Discounted local deals in 12 US cities.'}
      </p>

      <div className="mt-6 flex flex-wrap gap-2">
        <SearchForm
          id="browse-search"
          label="Search deals"
          placeholder="Search deals..."
          maxLength={SEARCH_MAX_LENGTH}
          value={filters.search}
          onSearch={(search) => update({ search })}
          className="min-w-0 flex-1 basis-64"
        />
        <FilterSheet activeCount={activeCount} resultCount={first?.total ?? undefined} onClear={clearAll}>
          {controls(true)}
        </FilterSheet>
      </div>

      <div className="mt-6 hidden md:block">{controls(false)}</div>

      {/* Businesses whose name matches come before the deals (docs/product/design.md §13). */}
      <SearchBusinessesGroup search={filters.search} state={state} city={city} />

      <SponsoredDeals deals={sponsored} hasLcpImage className="mt-8" gridClassName="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />

      <section aria-labelledby="results-heading" className="mt-8" aria-busy={result.isFetching && !result.isFetchingNextPage}>
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
        <div className="mb-4 flex min-h-11 flex-wrap items-center justify-between gap-2">
          <p role="status" aria-live="polite" className={cn('font-medium text-slate-900', result.isPlaceholderData && 'opacity-60')}>
            {countText}
          </p>
          <div className="flex flex-wrap items-center gap-x-4">
            {state && (
              <Link
                to={businessesHref({ state, city })}
                className="inline-flex min-h-11 items-center font-medium text-brand-800 underline-offset-4 hover:underline"
              >
                {city ? `Businesses in ${city}, ${state}` : `Businesses in ${state}`}
              </Link>
            )}
            {hasAnyFilter && (
              <Button variant="link" onClick={clearAll}>
                Clear filters
              </Button>
            )}
          </div>
        </div>

        {result.isPending ? (
          <DealGridSkeleton count={8} className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />
        ) : result.isError && !result.isFetchNextPageError ? (
          <Alert variant="destructive" title="Deals could not be loaded.">
            <p>{errorMessage(result.error, 'Something went wrong. Please try again.')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void result.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : deals.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
            <SearchX aria-hidden className="mx-auto h-10 w-10 text-slate-500" />
            <p className="mt-3 text-lg font-semibold text-slate-900">No deals match your filters</p>
            <p className="mt-1 text-slate-700">Try a different search, category or location.</p>
            {first && <EmptyHints result={first} onSearch={(search) => update({ search })} onCity={(c) => setLocation(c)} />}
            <Button className="mt-5" onClick={clearAll}>
              Clear filters
            </Button>
          </div>
        ) : (
          <>
            <DealGrid
              deals={deals}
              hasLcpImage={sponsored.length === 0}
              className={cn('sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', result.isPlaceholderData && 'opacity-60')}
            />
            <MorePages
              hasMore={Boolean(result.hasNextPage) && !result.isPlaceholderData}
              isLoading={result.isFetchingNextPage}
              isError={result.isFetchNextPageError}
              loadMore={() => void result.fetchNextPage()}
              shown={deals.length}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** With nothing found: the search as corrected, and the nearest cities that have matching deals. */
function EmptyHints({
  result,
  onSearch,
  onCity,
}: {
  result: BrowseResult;
  onSearch: (search: string) => void;
  onCity: (location: LocationChoice) => void;
}) {
  if (!result.didYouMean && !result.nearbyCities.length) return null;
  return (
    <div className="mt-4 space-y-2 text-slate-800">
      {result.didYouMean && (
        <p>
          Did you mean{' '}
          <Button variant="link" className="min-h-11 font-semibold" onClick={() => onSearch(result.didYouMean!)}>
            {result.didYouMean}
          </Button>
          ?
        </p>
      )}
      {result.nearbyCities.length > 0 && (
        <div>
          <p>Deals like these nearby:</p>
          <ul className="mt-1 flex flex-wrap justify-center gap-2">
            {result.nearbyCities.map((c) => (
              <li key={`${c.state}-${c.city}`}>
                <Button variant="secondary" size="sm" className="min-h-11" onClick={() => onCity({ state: c.state, city: c.city })}>
                  {c.city}, {c.state} ({c.miles} mi)
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function FilterControls({
  filters,
  inSheet,
  onType,
  onSort,
  onCategory,
  onLocation,
  facets,
  onPrice,
  onDiscount,
  near,
  originLabel,
  onNear,
}: {
  filters: Filters;
  inSheet: boolean;
  onType: (t: DealTypeFilter) => void;
  onSort: (s: SortOption) => void;
  onCategory: (c: number | null) => void;
  onLocation: (l: LocationChoice) => void;
  facets: DealFacets | undefined;
  onPrice: (id: string | null) => void;
  onDiscount: (id: string | null) => void;
  near: NearValue;
  originLabel?: string;
  onNear: (patch: Partial<NearValue>) => void;
}) {
  // Relevance needs a search and distance a location: each is offered only then.
  const sorts = SORT_OPTIONS.filter((s) => (s !== 'relevance' || filters.search) && (s !== 'distance' || filters.hasPoint));
  const id = useId();
  return (
    <div className={inSheet ? 'space-y-6' : 'space-y-5'}>
      <div className="flex flex-wrap items-end gap-4">
        <fieldset className={cn(inSheet && 'w-full')}>
          <legend className="mb-1 text-sm font-medium text-slate-800">Deal type</legend>
          <div className="flex overflow-hidden rounded-lg bg-white ring-1 ring-slate-400">
            {DEAL_TYPE_FILTERS.map((t) => (
              <label
                key={t}
                className="inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center whitespace-nowrap px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:-outline-offset-4 has-focus-visible:outline-teal-700 has-checked:has-focus-visible:outline-white [&:not(:first-child)]:border-l [&:not(:first-child)]:border-slate-400"
              >
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={t}
                  checked={filters.type === t}
                  onChange={() => onType(t)}
                  className="sr-only"
                />
                {TYPE_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className={cn(inSheet && 'w-full')}>
          <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium text-slate-800">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(e) => onSort(e.target.value as SortOption)}
            className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <p id={`${id}-category`} className="mb-2 text-sm font-semibold text-slate-900">
          Category
        </p>
        <CategoryChips value={filters.category} onChange={onCategory} labelledBy={`${id}-category`} wrap={inSheet} facets={facets} />
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-5">
        <div>
          <p id={`${id}-price`} className="mb-2 text-sm font-semibold text-slate-900">
            Price
          </p>
          <BandChips kind="price" value={filters.price} onChange={onPrice} facets={facets} labelledBy={`${id}-price`} />
        </div>
        <div>
          <p id={`${id}-discount`} className="mb-2 text-sm font-semibold text-slate-900">
            Discount
          </p>
          <BandChips kind="discount" value={filters.discount} onChange={onDiscount} facets={facets} labelledBy={`${id}-discount`} />
        </div>
      </div>
      <NearControls value={near} onChange={onNear} originLabel={originLabel} />
      <LocationPicker value={filters.location} onChange={onLocation} facets={facets} />
    </div>
  );
}

/** Under 768 px the filters move into this bottom sheet (docs/product/customer-spec.md §2 Browse page); its code loads on demand. */
function FilterSheet({
  activeCount,
  resultCount,
  onClear,
  children,
}: {
  activeCount: number;
  resultCount?: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const sheet = useDeferredDialog(loadFilterSheetContent);
  return (
    <>
      <button
        {...sheet.triggerProps}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 md:hidden"
      >
        <SlidersHorizontal aria-hidden className="h-4 w-4" /> Filters
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold leading-5 text-white">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      {sheet.isMounted && (
        <Suspense fallback={null}>
          <FilterSheetContent {...sheet.dialogProps} resultCount={resultCount} onClear={onClear}>
            {children}
          </FilterSheetContent>
        </Suspense>
      )}
    </>
  );
}

/** "Load more", and the same automatically when the end of the list scrolls into view. */
function MorePages({
  hasMore,
  isLoading,
  isError,
  loadMore,
  shown,
}: {
  hasMore: boolean;
  isLoading: boolean;
  isError: boolean;
  loadMore: () => void;
  shown: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(loadMore);
  load.current = loadMore;

  useEffect(() => {
    const el = sentinel.current;
    // After a failed page, only the button retries (no request loop while the sentinel stays in view).
    if (!el || !hasMore || isLoading || isError || !('IntersectionObserver' in window)) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, isLoading, isError]);

  if (!hasMore)
    return shown > 0 ? <p className="mt-8 text-center text-sm text-slate-700">You have seen all {formatCount(shown)} deals.</p> : null;
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <div ref={sentinel} aria-hidden />
      {isError && <p className="text-sm text-red-700">More deals could not be loaded.</p>}
      <Button variant="secondary" size="lg" onClick={loadMore} disabled={isLoading}>
        {isLoading ? 'Loading...' : isError ? 'Retry' : 'Load more'}
      </Button>
    </div>
  );
}
