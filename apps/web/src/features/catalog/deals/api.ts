import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types and zod-free constants only: the zod schemas would add ~40 KB to the home and browse pages.
import {
  HOME_BOOSTED_DEALS,
  HOME_CATEGORY_DEALS,
  HOME_FEATURED_DEALS,
  HOME_SPONSORED_DEALS,
  browseQueryKey,
  type BrowseKeyInput,
  type BrowseResult,
  type BrowseUrlFilters,
  type NearbyUrlFilters,
  type LocationChoice,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** The browse filters, as the page URL holds them (the page number is the infinite query's own). */
export type BrowseFilters = BrowseKeyInput;

/**
 * What /deals lists for its address: the address's filters, and the remembered location when the
 * address names none. The browse page and its server render (entry-server.tsx) both read it so.
 */
export function browseFiltersOf(fromUrl: BrowseUrlFilters, storedLocation: LocationChoice, nearby?: NearbyUrlFilters): BrowseFilters {
  const { state, city } = fromUrl.location ?? storedLocation;
  const filters: BrowseFilters = {
    search: fromUrl.search,
    type: fromUrl.type,
    sort: fromUrl.sort,
    category: fromUrl.category,
    state,
    city,
  };
  if (!nearby) return filters;
  const { sort, zip, near, radius, open, price, discount } = nearby;
  return { ...filters, sort: sort ?? undefined, zip, near, radius, open, price, discount };
}

/**
 * Home's "Browse by Category": the first deals of a category (or all) at a location. It asks for as
 * many more as the sections above it can show, so that it still has six once those are left out.
 */
export const homeCategoryFilters = (category: number | null, location: LocationChoice): BrowseFilters => ({
  category,
  state: location.state,
  city: location.city,
  pageSize: HOME_CATEGORY_DEALS + HOME_FEATURED_DEALS + HOME_SPONSORED_DEALS + HOME_BOOSTED_DEALS,
});

/**
 * `search=…&category=4` for the API and for links to /deals. `page`: a page number (the first pages), or
 * the cursor of the card a page continues after (keyset: no card repeats or goes missing while deals are added).
 */
export function browseSearchParams(filters: BrowseFilters, page?: number | string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(browseQueryKey(filters))) if (value !== undefined) params.set(key, String(value));
  if (typeof page === 'string') params.set('after', page);
  else if (page !== undefined && page > 1) params.set('page', String(page));
  return params;
}

export const browseQuery = (filters: BrowseFilters) => {
  const key = browseQueryKey(filters);
  // A page number for the first pages, then the next page's cursor (keyset).
  const firstPage: number | string = 1;
  return infiniteQueryOptions({
    queryKey: ['deals', 'browse', key],
    queryFn: ({ pageParam }) => api.get('/api/deals', { query: browseSearchParams(key, pageParam) }),
    initialPageParam: firstPage,
    getNextPageParam: (last: BrowseResult) => (last.hasMore ? (last.nextCursor ?? last.page + 1) : undefined),
  });
};

/** Counts per category, city, price range and discount for the listing's query (the chips show them). */
export const facetsQuery = (filters: BrowseFilters) => {
  const key = { ...browseQueryKey(filters), sort: undefined, pageSize: undefined };
  return queryOptions({
    queryKey: ['deals', 'facets', key],
    queryFn: () => api.get('/api/deals/facets', { query: browseSearchParams(key) }),
    staleTime: 30_000,
  });
};
export const useDealFacets = (filters: BrowseFilters) => useQuery({ ...facetsQuery(filters), placeholderData: keepPreviousData });

/** The header search's suggestions for what is typed so far. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', 'suggest', q.trim().toLowerCase()],
    queryFn: () => api.get('/api/search/suggest', { query: { q: q.trim() } }),
    staleTime: 60_000,
    enabled: q.trim().length > 0,
  });

/** Browse results page by page; while new filters load, the previous results stay on screen. */
export const useBrowseDeals = (filters: BrowseFilters) => useInfiniteQuery({ ...browseQuery(filters), placeholderData: keepPreviousData });

export const homeQuery = queryOptions({ queryKey: ['home'], queryFn: () => api.get('/api/home') });
export const useHomeData = () => useQuery(homeQuery);

export const dealQuery = (id: string) =>
  queryOptions({ queryKey: ['deals', 'detail', id], queryFn: () => api.get('/api/deals/:id', { params: { id } }) });
