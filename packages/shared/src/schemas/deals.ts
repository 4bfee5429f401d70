import { z } from 'zod';
import {
  BROWSE_MESSAGES,
  BROWSE_PAGE_SIZE,
  DEAL_TYPE_FILTERS,
  MAX_PAGE_SIZE,
  RADIUS_MILES,
  SEARCH_MAX_LENGTH,
  SORT_OPTIONS,
  type DealStatus,
} from '../constants';
import { ZIP_PATTERN } from '../domain/location';

/** `lat,lng` of a position, rounded to 3 decimals (about 100 m: a nearer one tells no more, and caches better). */
const nearPoint = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const [lat, lng] = v.split(',').map((x) => Number(x.trim()));
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat!) > 90 || Math.abs(lng!) > 180) {
      ctx.addIssue({ code: 'custom', message: BROWSE_MESSAGES.nearInvalid });
      return z.NEVER;
    }
    return { lat: Math.round(lat! * 1000) / 1000, lng: Math.round(lng! * 1000) / 1000 };
  });

/** Query of the browse API: every filter lives in the page URL too. */
export const browseQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  type: z.enum(DEAL_TYPE_FILTERS).default('all'),
  /** Without one: relevance for a search, newest otherwise. */
  sort: z.enum(SORT_OPTIONS).optional(),
  category: z.coerce.number().int().min(1).max(8).optional(),
  state: z.string().trim().length(2).toUpperCase().optional(),
  city: z.string().trim().max(60).optional(),
  /** Where the customer is: a position (`lat,lng`) or a ZIP code (its centre); needed for distance. */
  near: nearPoint.optional(),
  zip: z.string().trim().regex(ZIP_PATTERN, BROWSE_MESSAGES.zipInvalid).optional(),
  radius: z.coerce
    .number()
    .refine((r) => (RADIUS_MILES as readonly number[]).includes(r), `Choose ${RADIUS_MILES.join(', ')} miles.`)
    .optional(),
  /** Only businesses open at this moment, by their hours in their own time zone. */
  open: z.enum(['1']).optional(),
  price: z.enum(['under-25', '25-50', '50-100', '100-plus'], { error: BROWSE_MESSAGES.priceBand }).optional(),
  discount: z.enum(['10', '25', '50', '70'], { error: BROWSE_MESSAGES.discountBand }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** The card after which a page starts (keyset pagination: `nextCursor` of the page before). */
  after: z.string().trim().max(500).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(BROWSE_PAGE_SIZE),
});

/** Header suggestions as you type. */
export const suggestQuerySchema = z.object({ q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH) });
export type BrowseQuery = z.input<typeof browseQuerySchema>;

/** Live event about a deal, sent to browsers over Server-Sent Events. */
export interface DealEvent {
  type: 'votes';
  dealId: string;
  currentVotes: number;
  votesRequired: number | null;
  status: DealStatus;
}

/**
 * A deal or listing boost started, was extended or ended (docs/product/design.md §4a): every instance drops its
 * browse caches. It shares the deal channel but is never streamed to browsers.
 */
export interface BoostEvent {
  type: 'boost';
  dealId: string | null;
  merchantId: string;
}
export type DealChannelEvent = DealEvent | BoostEvent;

/** The most favourites one customer keeps. */
export const MAX_FAVORITES = 500;

/** POST /api/favorites/merge: the favourites kept in the browser before signing in. */
export const mergeFavoritesSchema = z.object({ dealIds: z.array(z.uuid()).max(MAX_FAVORITES) });
