import { z } from 'zod';
import { PAYOUT_STATES } from '../domain/payout-accounts';

/** Admin dashboard: Payout Management wording (docs/product/merchant-admin-spec.md §2, §8), word for word. */
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
  /** Only the payouts in this state (the table's filter). */
  state: z.enum(PAYOUT_STATES).optional(),
});
