import {
  CATEGORIES,
  DEAL_TYPE_FILTERS,
  DISCOUNT_BANDS,
  LOCATIONS,
  PRICE_BANDS,
  RADIUS_MILES,
  SORT_OPTIONS,
  type DealTypeFilter,
  type SortOption,
} from '../constants';

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

/**
 * The "near me" and refining filters of a /deals address (docs/decisions/0049-location.md), and the sort
 * as written (null: the default, relevance for a search, newest otherwise). Unknown values read as absent.
 */
export interface NearbyUrlFilters {
  sort: SortOption | null;
  zip: string | null;
  /** "lat,lng" of the browser's position, as the address carries it. */
  near: string | null;
  radius: number | null;
  open: boolean;
  price: string | null;
  discount: string | null;
}

export function readNearbyUrl(params: { get(name: string): string | null }): NearbyUrlFilters {
  const sort = params.get('sort');
  const zip = params.get('zip')?.trim() ?? '';
  const near = params.get('near')?.trim() ?? '';
  const radius = Number(params.get('radius'));
  const price = params.get('price');
  const discount = params.get('discount');
  return {
    sort: SORT_OPTIONS.includes(sort as SortOption) ? (sort as SortOption) : null,
    zip: /^\d{5}$/.test(zip) ? zip : null,
    near: /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/.test(near) ? near : null,
    radius: (RADIUS_MILES as readonly number[]).includes(radius) ? radius : null,
    open: params.get('open') === '1',
    price: PRICE_BANDS.some((b) => b.id === price) ? price : null,
    discount: DISCOUNT_BANDS.some((b) => b.id === discount) ? discount : null,
  };
}

export interface BrowseKeyInput {
  search?: string;
  type?: DealTypeFilter;
  sort?: SortOption;
  category?: number | null;
  state?: string | null;
  city?: string | null;
  zip?: string | null;
  near?: string | null;
  radius?: number | null;
  open?: boolean | '1';
  price?: string | null;
  discount?: string | null;
  pageSize?: number;
}

/**
 * Browse filters with defaults and blanks dropped, so equal filters share one cache entry and one
 * URL; it is also the query key under which the server's embedded first page is seeded.
 */
export function browseQueryKey(f: BrowseKeyInput) {
  const search = f.search?.trim() || undefined;
  // The default order is relevance with a search and newest without: only another choice is written.
  const isDefaultSort = !f.sort || f.sort === (search ? 'relevance' : 'newest') || (f.sort === 'relevance' && !search);
  const hasPoint = Boolean(f.zip || f.near);
  return {
    search,
    type: f.type && f.type !== 'all' ? f.type : undefined,
    sort: isDefaultSort || (f.sort === 'distance' && !hasPoint) ? undefined : f.sort,
    category: f.category ?? undefined,
    state: f.state || undefined,
    city: (f.state && f.city) || undefined,
    zip: (!f.near && f.zip) || undefined,
    near: f.near || undefined,
    radius: (hasPoint && f.radius) || undefined,
    open: f.open ? ('1' as const) : undefined,
    price: f.price || undefined,
    discount: f.discount || undefined,
    pageSize: f.pageSize,
  };
}
