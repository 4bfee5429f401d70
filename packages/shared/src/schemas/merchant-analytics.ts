/** Revenue & Analytics of a merchant (merchant-admin.md §3 Revenue stats, DESIGN.md 8), integer cents. */
export const ANALYTICS_DAYS = 30;
export const ANALYTICS_RECENT_PURCHASES = 10;
export const ANALYTICS_TOP_DEALS = 10;

export const ANALYTICS_MESSAGES = {
  planRequired: 'Analytics are available on the Advertise + Messaging and Deals + Messaging plans.',
  loadFailed: 'Failed to load merchant data',
} as const;

export interface MerchantAnalytics {
  totalRevenueCents: number;
  totalPurchases: number;
  /** Revenue less the platform's commission. */
  totalEarningsCents: number;
  totalCommissionCents: number;
  commissionRate: number;
  /** Earnings (after commission) of sales in the current semi-monthly period. */
  currentPeriodEarningsCents: number;
  currentPeriod: { start: string; end: string; payoutDate: string };
  nextPayoutDate: string;
  redemptions: number;
  /** The last ANALYTICS_DAYS UTC days, oldest first, every day present. */
  daily: { date: string; revenueCents: number; purchases: number }[];
  byDeal: { dealId: string; title: string; purchases: number; revenueCents: number }[];
  recentPurchases: { id: string; dealTitle: string; priceCents: number; earningsCents: number; purchasedAt: string; isRedeemed: boolean }[];
}
