import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// Types and zod-free constants only (the zod schemas would weigh on the first load).
import { BUSINESS_PAGE_SIZE, SEARCH_MAX_LENGTH, US_STATE_NAMES, paths } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** What a business search asks: blanks and defaults are left out, so equal searches share one cache entry and one URL. */
export interface BusinessFilters {
  search?: string;
  state?: string | null;
  city?: string | null;
  page?: number;
  pageSize?: number;
}

/**
 * The filters of a /businesses address; anything unknown or malformed reads as unset (a city needs its
 * state). The page and its server render (entry-server.tsx) both read it so.
 */
export function readBusinessesUrl(params: { get(name: string): string | null }): Required<Omit<BusinessFilters, 'pageSize'>> {
  const state = params.get('state')?.trim().toUpperCase() ?? '';
  const isState = Object.hasOwn(US_STATE_NAMES, state);
  const city = params.get('city')?.trim().slice(0, 60) || null;
  const page = Number(params.get('page') ?? 1);
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    state: isState ? state : null,
    city: isState ? city : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** `search=…&state=IL&city=Chicago&page=2` for the API and for /businesses links. */
export function businessSearchParams(f: BusinessFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = f.search?.trim();
  if (search) params.set('search', search);
  if (f.state) params.set('state', f.state);
  if (f.state && f.city) params.set('city', f.city);
  if (f.page && f.page > 1) params.set('page', String(f.page));
  if (f.pageSize && f.pageSize !== BUSINESS_PAGE_SIZE) params.set('pageSize', String(f.pageSize));
  return params;
}

/** The /businesses address for these filters (page size is the page's own). */
export function businessesHref(f: Omit<BusinessFilters, 'pageSize'>): string {
  const qs = businessSearchParams(f).toString();
  return qs ? `${paths.businesses}?${qs}` : paths.businesses;
}

export const businessSearchQuery = (f: BusinessFilters) => {
  const params = businessSearchParams(f);
  return queryOptions({
    queryKey: ['businesses', 'search', Object.fromEntries(params)],
    queryFn: () => api.get('/api/businesses', { query: params }),
  });
};

/** Business search results; while new filters load, the previous results stay on screen. */
export const useBusinessSearch = (f: BusinessFilters, options: { enabled?: boolean } = {}) =>
  useQuery({ ...businessSearchQuery(f), placeholderData: keepPreviousData, ...options });
