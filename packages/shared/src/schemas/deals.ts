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

/** A deal as cards and the deal page show it (money in integer cents, dates as ISO strings). */
export interface DealSummary {
  id: string;
  title: string;
  description: string;
  imageUrl: string | null;
  type: 'standard' | 'perkboost';
  status: DealStatus;
  categoryId: number;
  city: string;
  state: string;
  originalPriceCents: number;
  dealPriceCents: number;
  discountPercentage: number;
  expirationDate: string;
  createdAt: string;
  votesRequired: number | null;
  currentVotes: number;
  votingEndDate: string | null;
  merchantId: string;
  merchantName: string;
}

export interface DealDetail extends DealSummary {
  highlights: string[];
  finePrint: string;
  images: string[];
  merchantCity: string;
  merchantState: string;
  merchantWebsite: string | null;
  unlockedAt: string | null;
}

export interface BrowseResult {
  deals: DealSummary[];
  /** Matching deals, counted up to a cap (then `totalIsCapped`, shown as "1,000+"); only on page 1, null after. */
  total: number | null;
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface HomeData {
  featured: DealSummary[];
  boosted: DealSummary[];
}

/** Live event about a deal, sent to browsers over Server-Sent Events. */
export interface DealEvent {
  type: 'votes';
  dealId: string;
  currentVotes: number;
  votesRequired: number | null;
  status: DealSummary['status'];
}
