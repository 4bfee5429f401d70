import { z } from 'zod';

/** A merchant's billing (what they pay us) and payouts (what we pay them): pages and wording. */
export const MERCHANT_CHARGES_PAGE_SIZE = 20;
export const MERCHANT_PAYOUTS_PAGE_SIZE = 20;
export const PAYOUT_STATEMENT_PAGE_SIZE = 50;

export const MERCHANT_MONEY_MESSAGES = {
  billingLoadFailed: 'Failed to load billing',
  payoutsLoadFailed: 'Failed to load payouts',
  chargeNotFound: 'Charge not found.',
  payoutNotFound: 'Payout not found.',
  noCharges: 'No charges yet.',
  noPayouts: 'No payouts yet. Sales are paid out twice a month, once their period has closed.',
  noSales: 'No sales in this period.',
  cancelTitle: 'Cancel your subscription?',
  cancelFailed: 'Failed to cancel. Please try again.',
  canceledTitle: 'Subscription canceled',
} as const;

/** `?page=` of a merchant's money lists: a whole number from 1. */
export const merchantMoneyPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const merchantMoneyIdParamsSchema = z.object({ id: z.uuid() });
