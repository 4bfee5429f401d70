import { CATEGORIES, DEAL_TYPE_FILTERS, LOCATIONS, SORT_OPTIONS, type DealTypeFilter, type SortOption } from '../constants';

/** A state alone means every city in that state; both null means every location. */
export interface LocationChoice {
  state: string | null;
  city: string | null;
}

export const ANY_LOCATION: LocationChoice = { state: null, city: null };

/** One of the 12 cities, a state that has some, or every location. */
export function isLocationChoice(v: unknown): v is LocationChoice {
  if (!v || typeof v !== 'object') return false;
  const { state, city } = v as Record<string, unknown>;
  if (state === null) return city === null;
  if (typeof state !== 'string' || !LOCATIONS.some((l) => l.state === state)) return false;
  return city === null || (typeof city === 'string' && LOCATIONS.some((l) => l.state === state && l.city === city));
}

/** An unknown city keeps its state; an unknown state means every location. */
function validLocation({ state, city }: LocationChoice): LocationChoice {
  if (isLocationChoice({ state, city })) return { state, city };
  return isLocationChoice({ state, city: null }) ? { state, city: null } : ANY_LOCATION;
}

export interface BrowseUrlFilters {
  search: string;
  type: DealTypeFilter;
  sort: SortOption;
  category: number | null;
  /** Null when the address names no location (the visitor's remembered choice then applies). */
  location: LocationChoice | null;
}

/**
 * The filters of a /deals address; anything unknown or malformed reads as its default. The browser
 * (the browse page) and the server (which embeds the first page of results) both read it so.
 */
export function readBrowseUrl(params: { get(name: string): string | null; has(name: string): boolean }): BrowseUrlFilters {
  const type = params.get('type');
  const sort = params.get('sort');
  const category = Number(params.get('category'));
  const state = params.get('state')?.trim().toUpperCase() || null;
  const city = params.get('city')?.trim() || null;
  return {
    search: params.get('search')?.trim() ?? '',
    type: DEAL_TYPE_FILTERS.includes(type as DealTypeFilter) ? (type as DealTypeFilter) : 'all',
    sort: SORT_OPTIONS.includes(sort as SortOption) ? (sort as SortOption) : 'newest',
    category: Number.isInteger(category) && CATEGORIES.some((c) => c.id === category) ? category : null,
    location: params.has('state') || params.has('city') ? validLocation({ state, city: state ? city : null }) : null,
  };
}

export interface BrowseKeyInput {
  search?: string;
  type?: DealTypeFilter;
  sort?: SortOption;
  category?: number | null;
  state?: string | null;
  city?: string | null;
  pageSize?: number;
}

/**
 * Browse filters with defaults and blanks dropped, so equal filters share one cache entry and one
 * URL; it is also the query key under which the server's embedded first page is seeded.
 */
export function browseQueryKey(f: BrowseKeyInput) {
  return {
    search: f.search?.trim() || undefined,
    type: f.type && f.type !== 'all' ? f.type : undefined,
    sort: f.sort && f.sort !== 'newest' ? f.sort : undefined,
    category: f.category ?? undefined,
    state: f.state || undefined,
    city: (f.state && f.city) || undefined,
    pageSize: f.pageSize,
  };
}
