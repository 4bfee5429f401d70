import { z } from 'zod';
import { BROWSE_PAGE_SIZE, DEAL_TYPE_FILTERS, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH, SORT_OPTIONS, type DealStatus } from '../constants';

/** Query of the browse API: every filter lives in the page URL too. */
export const browseQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  type: z.enum(DEAL_TYPE_FILTERS).default('all'),
  sort: z.enum(SORT_OPTIONS).default('newest'),
  category: z.coerce.number().int().min(1).max(8).optional(),
  state: z.string().trim().length(2).toUpperCase().optional(),
  city: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(BROWSE_PAGE_SIZE),
});
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
