import { z } from 'zod';
import { merchantRangeSchema } from '../chart-range';
import { calendarDay, cents, count, isoDate, payoutPeriodSchema } from './common';

/**
 * Revenue & Analytics of a merchant (docs/product/merchant-admin-spec.md §3 Revenue stats, docs/product/design.md §8 and 14), integer cents.
 * Every money figure is a sum of the merchant's ledger entries (docs/decisions/0029-analytics-from-the-ledger.md);
 * "refunds" are vouchers' money given back, by a refund or a lost chargeback, whichever came first.
 */
export const merchantAnalyticsSchema = z.object({
  /** Sales less refunds and the discounts of the merchant's own promo codes, before commission. */
  totalRevenueCents: cents(),
  /** What refunded (or charged back) vouchers gave back; already taken out of the revenue. */
  totalRefundsCents: cents(),
  /** Vouchers refunded or charged back. */
  refundedPurchases: count(),
  totalPurchases: count(),
  /** Revenue less the platform's commission (net of commission reversed on refunds) and dispute fees. */
  totalEarningsCents: cents(),
  totalCommissionCents: cents(),
  /** Fees of chargebacks lost (DISPUTE_FEE_CENTS each, shared by the payment's merchants). */
  totalDisputeFeesCents: cents(),
  commissionRate: z.number(),
  /** What the current semi-monthly period's payout is made of: its sales less commission, refunds, deductions and dispute fees. */
  currentPeriodEarningsCents: cents(),
  currentPeriod: payoutPeriodSchema,
  nextPayoutDate: calendarDay(),
  redemptions: count(),
  /** The last ANALYTICS_DAYS UTC days, oldest first, every day present: revenue is that day's sales less that day's refunds. */
  daily: z.array(z.object({ date: calendarDay(), revenueCents: cents(), refundsCents: cents(), purchases: count() })),
  /** The chosen date range's figures, the previous period's, and its days in the business's time zone (docs/decisions/0073-charts.md). */
  inRange: merchantRangeSchema,
  byDeal: z.array(
    z.object({
      dealId: z.string(),
      title: z.string(),
      purchases: count(),
      revenueCents: cents(),
      refundsCents: cents(),
      /** The same figures per option sold, best first; empty for a deal sold only as its one untitled option (docs/decisions/0047). */
      options: z.array(z.object({ title: z.string(), purchases: count(), revenueCents: cents(), refundsCents: cents() })),
    }),
  ),
  recentPurchases: z.array(
    z.object({
      id: z.string(),
      /** The deal's title, with the option bought when the deal has several. */
      dealTitle: z.string(),
      priceCents: cents(),
      /** What the voucher leaves the merchant: its price less commission, or nothing once refunded. */
      earningsCents: cents(),
      purchasedAt: isoDate(),
      isRedeemed: z.boolean(),
      isRefunded: z.boolean(),
    }),
  ),
});
export type MerchantAnalytics = z.infer<typeof merchantAnalyticsSchema>;
