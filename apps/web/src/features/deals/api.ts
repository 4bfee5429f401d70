import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types and zod-free constants only: the zod schemas would add ~40 KB to the home and browse pages.
import { browseQueryKey, queryKeys, type BrowseKeyInput, type BrowseResult, type DealDetail, type HomeData } from '@localperks/shared';
import { api } from '../../lib/api-client';

/** The browse filters, as the page URL holds them (the page number is the infinite query's own). */
export type BrowseFilters = BrowseKeyInput;

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
    queryKey: queryKeys.dealsBrowse(key),
    queryFn: ({ pageParam }) => api.get<BrowseResult>(`/api/deals?${browseSearchParams(key, pageParam)}`),
    initialPageParam: 1,
    getNextPageParam: (last: BrowseResult) => (last.hasMore ? last.page + 1 : undefined),
  });
};

/** Browse results page by page; while new filters load, the previous results stay on screen. */
export const useBrowseDeals = (filters: BrowseFilters) => useInfiniteQuery({ ...browseQuery(filters), placeholderData: keepPreviousData });

export const homeQuery = queryOptions({ queryKey: queryKeys.home, queryFn: () => api.get<HomeData>('/api/home') });
export const useHomeData = () => useQuery(homeQuery);

export const dealQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.dealDetail(id),
    queryFn: () => api.get<{ deal: DealDetail }>(`/api/deals/${encodeURIComponent(id)}`),
  });
