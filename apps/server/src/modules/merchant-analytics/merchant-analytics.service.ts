import { and, count, desc, eq, gte, isNotNull, lt, sql, sum } from 'drizzle-orm';
import {
  ANALYTICS_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RECENT_PURCHASES,
  ANALYTICS_TOP_DEALS,
  nextPayoutDate,
  planIncludes,
  payoutPeriodFor,
  payoutPeriodWindow,
  type MerchantAnalytics,
  DAY_MS,
} from '@localperks/shared';
import type { Db } from '../../db/client';
import { merchants, purchases } from '../../db/schema';
import { AppError } from '../../lib/errors';

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Revenue & Analytics from the merchant's real purchases (one row per unit sold): totals, earnings
 * after the commission recorded at each sale, the current semi-monthly period and its payout date
 * (DESIGN.md 8), revenue per UTC day for the last 30 days, sales by deal, the 10 latest sales.
 */
export async function merchantAnalytics(db: Db, userId: string, now = new Date()): Promise<MerchantAnalytics> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('FORBIDDEN', 'No merchant profile found. Please complete your registration.');
  if (!planIncludes(m.subscriptionPlan, 'analytics')) throw new AppError('FORBIDDEN', ANALYTICS_MESSAGES.planRequired);
  const mine = eq(purchases.merchantId, m.id);
  const period = payoutPeriodFor(now);
  const window = payoutPeriodWindow(period);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (ANALYTICS_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${purchases.purchasedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [[totals], [current], [redeemed], daily, byDeal, recent] = await Promise.all([
    db
      .select({
        n: count(),
        revenue: sum(purchases.priceCents).mapWith(Number),
        commission: sum(purchases.commissionCents).mapWith(Number),
      })
      .from(purchases)
      .where(mine),
    db
      .select({ revenue: sum(purchases.priceCents).mapWith(Number), commission: sum(purchases.commissionCents).mapWith(Number) })
      .from(purchases)
      .where(and(mine, gte(purchases.purchasedAt, window.from), lt(purchases.purchasedAt, window.to))),
    db
      .select({ n: count() })
      .from(purchases)
      .where(and(mine, isNotNull(purchases.redeemedAt))),
    db
      .select({ day, revenue: sum(purchases.priceCents).mapWith(Number), n: count() })
      .from(purchases)
      .where(and(mine, gte(purchases.purchasedAt, since)))
      .groupBy(day),
    db
      .select({
        dealId: purchases.dealId,
        title: sql<string>`max(${purchases.dealTitle})`,
        n: count(),
        revenue: sum(purchases.priceCents).mapWith(Number),
      })
      .from(purchases)
      .where(mine)
      .groupBy(purchases.dealId)
      .orderBy(desc(sum(purchases.priceCents)), purchases.dealId)
      .limit(ANALYTICS_TOP_DEALS),
    db
      .select({
        id: purchases.id,
        dealTitle: purchases.dealTitle,
        priceCents: purchases.priceCents,
        commissionCents: purchases.commissionCents,
        purchasedAt: purchases.purchasedAt,
        redeemedAt: purchases.redeemedAt,
      })
      .from(purchases)
      .where(mine)
      .orderBy(desc(purchases.purchasedAt), desc(purchases.id))
      .limit(ANALYTICS_RECENT_PURCHASES),
  ]);

  const perDay = new Map(daily.map((d) => [d.day, d]));
  const revenue = totals?.revenue ?? 0;
  const commission = totals?.commission ?? 0;
  return {
    totalRevenueCents: revenue,
    totalPurchases: Number(totals?.n ?? 0),
    totalEarningsCents: revenue - commission,
    totalCommissionCents: commission,
    commissionRate: m.commissionRate,
    currentPeriodEarningsCents: (current?.revenue ?? 0) - (current?.commission ?? 0),
    currentPeriod: period,
    nextPayoutDate: nextPayoutDate(now),
    redemptions: Number(redeemed?.n ?? 0),
    daily: Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
      const date = ymd(new Date(since.getTime() + i * DAY_MS));
      const d = perDay.get(date);
      return { date, revenueCents: d?.revenue ?? 0, purchases: Number(d?.n ?? 0) };
    }),
    byDeal: byDeal.map((d) => ({ dealId: d.dealId, title: d.title, purchases: Number(d.n), revenueCents: d.revenue ?? 0 })),
    recentPurchases: recent.map((p) => ({
      id: p.id,
      dealTitle: p.dealTitle,
      priceCents: p.priceCents,
      earningsCents: p.priceCents - p.commissionCents,
      purchasedAt: p.purchasedAt.toISOString(),
      isRedeemed: p.redeemedAt !== null,
    })),
  };
}
