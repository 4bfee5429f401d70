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
  type LocationChoice,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** The browse filters, as the page URL holds them (the page number is the infinite query's own). */
export type BrowseFilters = BrowseKeyInput;

/**
 * What /deals lists for its address: the address's filters, and the remembered location when the
 * address names none. The browse page and its server render (entry-server.tsx) both read it so.
 */
export function browseFiltersOf(fromUrl: BrowseUrlFilters, storedLocation: LocationChoice): BrowseFilters {
  const { state, city } = fromUrl.location ?? storedLocation;
  return { search: fromUrl.search, type: fromUrl.type, sort: fromUrl.sort, category: fromUrl.category, state, city };
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

/** `search=…&category=4` for the API and for links to /deals. */
export function browseSearchParams(filters: BrowseFilters, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(browseQueryKey(filters))) if (value !== undefined) params.set(key, String(value));
  if (page !== undefined && page > 1) params.set('page', String(page));
  return params;
}

export const browseQuery = (filters: BrowseFilters) => {
  const key = browseQueryKey(filters);
  return infiniteQueryOptions({
    queryKey: ['deals', 'browse', key],
    queryFn: ({ pageParam }) => api.get('/api/deals', { query: browseSearchParams(key, pageParam) }),
    initialPageParam: 1,
    getNextPageParam: (last: BrowseResult) => (last.hasMore ? last.page + 1 : undefined),
  });
};

/** Browse results page by page; while new filters load, the previous results stay on screen. */
export const useBrowseDeals = (filters: BrowseFilters) => useInfiniteQuery({ ...browseQuery(filters), placeholderData: keepPreviousData });

export const homeQuery = queryOptions({ queryKey: ['home'], queryFn: () => api.get('/api/home') });
export const useHomeData = () => useQuery(homeQuery);

export const dealQuery = (id: string) =>
  queryOptions({ queryKey: ['deals', 'detail', id], queryFn: () => api.get('/api/deals/:id', { params: { id } }) });
