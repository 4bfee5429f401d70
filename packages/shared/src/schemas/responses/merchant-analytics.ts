import { z } from 'zod';
import { calendarDay, cents, count, isoDate, payoutPeriodSchema } from './common';

/** Revenue & Analytics of a merchant (merchant-admin.md §3 Revenue stats, DESIGN.md 8), integer cents. */
export const merchantAnalyticsSchema = z.object({
  totalRevenueCents: cents(),
  totalPurchases: count(),
  /** Revenue less the platform's commission. */
  totalEarningsCents: cents(),
  totalCommissionCents: cents(),
  commissionRate: z.number(),
  /** Earnings (after commission) of sales in the current semi-monthly period. */
  currentPeriodEarningsCents: cents(),
  currentPeriod: payoutPeriodSchema,
  nextPayoutDate: calendarDay(),
  redemptions: count(),
  /** The last ANALYTICS_DAYS UTC days, oldest first, every day present. */
  daily: z.array(z.object({ date: calendarDay(), revenueCents: cents(), purchases: count() })),
  byDeal: z.array(z.object({ dealId: z.string(), title: z.string(), purchases: count(), revenueCents: cents() })),
  recentPurchases: z.array(
    z.object({
      id: z.string(),
      dealTitle: z.string(),
      priceCents: cents(),
      earningsCents: cents(),
      purchasedAt: isoDate(),
      isRedeemed: z.boolean(),
    }),
  ),
});
export type MerchantAnalytics = z.infer<typeof merchantAnalyticsSchema>;
