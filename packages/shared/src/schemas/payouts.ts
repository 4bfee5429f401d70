import { z } from 'zod';

/** Admin dashboard: Payout Management wording (merchant-admin.md §2, §8), word for word. */
export const PAYOUT_MESSAGES = {
  loadFailed: 'Failed to load payout data',
  processFailed: 'Failed to process payout',
  processedTitle: 'Payout Processed',
  processedDescription: 'Payout has been marked as paid successfully',
  empty: 'No payout data available yet.',
  unknownMerchant: 'Unknown Merchant',
  alreadyPaid: 'This payout has already been marked as paid.',
  notFound: 'Payout not found.',
} as const;

export const ADMIN_PAYOUTS_PAGE_SIZE = 20;

export const adminPayoutsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export interface AdminPayout {
  id: string;
  merchantId: string;
  /** null when the merchant record is gone: shown as Unknown Merchant. */
  merchantName: string | null;
  periodStart: string;
  periodEnd: string;
  payoutDate: string;
  totalPurchases: number;
  grossCents: number;
  commissionCents: number;
  netCents: number;
  isPaid: boolean;
  paidAt: string | null;
}

export interface AdminPayoutsPage {
  items: AdminPayout[];
  total: number;
  page: number;
  pageSize: number;
}

/** Current Period Summary: the open period so far, and closed payouts not paid yet. */
export interface PayoutSummary {
  currentPeriod: { start: string; end: string; payoutDate: string };
  /** Net owed to merchants for sales in the current period so far. */
  upcomingNetCents: number;
  /** Merchants with sales in the current period. */
  merchantsThisPeriod: number;
  /** Closed payouts not marked paid yet, and what they add up to. */
  pendingPayouts: number;
  pendingNetCents: number;
}
