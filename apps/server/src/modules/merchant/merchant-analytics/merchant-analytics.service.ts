import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  ANALYTICS_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RECENT_PURCHASES,
  ANALYTICS_TOP_DEALS,
  nextPayoutDate,
  planIncludes,
  payoutPeriodFor,
  type MerchantAnalytics,
  DAY_MS,
} from '@localperks/shared';
import { ledgerEntries, merchants, purchases } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { merchantBalance, periodTotals } from '../../money';

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The kinds that make a voucher's revenue: its sale, and its money given back (a refund, or a deduction once paid out or charged back). */
const REVENUE_KINDS = ['sale', 'refund', 'deduction'] as const;
const isGivenBack = inArray(ledgerEntries.kind, ['refund', 'deduction']);
const givenBackCents = sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${isGivenBack}), 0)::int`;
const salesCount = sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'sale'))::int`;

/**
 * Revenue & Analytics, every money figure from the merchant's ledger entries (docs/product/design.md §14,
 * docs/decisions/0029-analytics-from-the-ledger.md): revenue is sales less refunds, earnings are what
 * the payouts are made of (less commission net of reversals, refunds, deductions and dispute fees), the
 * current semi-monthly period is that period's entries (docs/product/design.md §8), the 30 days are grouped by the
 * UTC day money moved. Counts that are not money (vouchers sold, redeemed) come from `purchases`.
 */
export async function merchantAnalytics(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<MerchantAnalytics> {
  const { db } = deps;
  const now = deps.clock.now();
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('FORBIDDEN', 'No merchant profile found. Please complete your registration.');
  if (!planIncludes(m.subscriptionPlan, 'analytics')) throw new AppError('FORBIDDEN', ANALYTICS_MESSAGES.planRequired);
  const mine = eq(purchases.merchantId, m.id);
  const myRevenue = and(eq(ledgerEntries.merchantId, m.id), inArray(ledgerEntries.kind, [...REVENUE_KINDS]));
  const period = payoutPeriodFor(now);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (ANALYTICS_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${ledgerEntries.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [balance, current, [sold], [redeemed], [givenBack], daily, byDeal, recent] = await Promise.all([
    merchantBalance(db, m.id),
    periodTotals(db, { periodStart: period.start, merchantId: m.id }),
    db.select({ n: count() }).from(purchases).where(mine),
    db
      .select({ n: count() })
      .from(purchases)
      .where(and(mine, isNotNull(purchases.redeemedAt))),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, m.id), isGivenBack)),
    db
      .select({ day, revenue: sql<number>`sum(${ledgerEntries.amountCents})::int`, refunds: givenBackCents, n: salesCount })
      .from(ledgerEntries)
      .where(and(myRevenue, gte(ledgerEntries.occurredAt, since), lt(ledgerEntries.occurredAt, new Date(today + DAY_MS))))
      .groupBy(day),
    db
      .select({
        dealId: purchases.dealId,
        title: sql<string>`max(${purchases.dealTitle})`,
        n: salesCount,
        revenue: sql<number>`sum(${ledgerEntries.amountCents})::int`,
        refunds: givenBackCents,
      })
      .from(ledgerEntries)
      .innerJoin(purchases, eq(purchases.id, ledgerEntries.purchaseId))
      .where(myRevenue)
      .groupBy(purchases.dealId)
      .orderBy(desc(sql`sum(${ledgerEntries.amountCents})`), purchases.dealId)
      .limit(ANALYTICS_TOP_DEALS),
    db
      .select({ id: purchases.id, dealTitle: purchases.dealTitle, purchasedAt: purchases.purchasedAt, redeemedAt: purchases.redeemedAt })
      .from(purchases)
      .where(mine)
      .orderBy(desc(purchases.purchasedAt), desc(purchases.id))
      .limit(ANALYTICS_RECENT_PURCHASES),
  ]);

  // Each recent voucher's money: its sale, and everything booked against it since (commission, refund, reversal).
  const recentMoney = recent.length
    ? await db
        .select({
          purchaseId: sql<string>`${ledgerEntries.purchaseId}`,
          price: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'sale'), 0)::int`,
          earnings: sql<number>`sum(${ledgerEntries.amountCents})::int`,
          isRefunded: sql<boolean>`bool_or(${isGivenBack})`,
        })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.merchantId, m.id),
            inArray(
              ledgerEntries.purchaseId,
              recent.map((p) => p.id),
            ),
          ),
        )
        .groupBy(ledgerEntries.purchaseId)
    : [];
  const moneyOf = new Map(recentMoney.map((r) => [r.purchaseId, r]));

  const perDay = new Map(daily.map((d) => [d.day, d]));
  const refunds = balance.refundsCents + balance.deductionsCents;
  const commission = balance.commissionCents - balance.commissionReversedCents;
  const revenue = balance.salesCents - refunds;
  return {
    totalRevenueCents: revenue,
    totalRefundsCents: refunds,
    refundedPurchases: Number(givenBack?.n ?? 0),
    totalPurchases: Number(sold?.n ?? 0),
    totalEarningsCents: revenue - commission - balance.disputeFeesCents,
    totalCommissionCents: commission,
    totalDisputeFeesCents: balance.disputeFeesCents,
    commissionRate: m.commissionRate,
    currentPeriodEarningsCents: current.netCents,
    currentPeriod: period,
    nextPayoutDate: nextPayoutDate(now),
    redemptions: Number(redeemed?.n ?? 0),
    daily: Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
      const date = ymd(new Date(since.getTime() + i * DAY_MS));
      const d = perDay.get(date);
      return { date, revenueCents: Number(d?.revenue ?? 0), refundsCents: Number(d?.refunds ?? 0), purchases: Number(d?.n ?? 0) };
    }),
    byDeal: byDeal.map((d) => ({
      dealId: d.dealId,
      title: d.title,
      purchases: Number(d.n),
      revenueCents: Number(d.revenue),
      refundsCents: Number(d.refunds),
    })),
    recentPurchases: recent.map((p) => {
      const money = moneyOf.get(p.id);
      return {
        id: p.id,
        dealTitle: p.dealTitle,
        priceCents: Number(money?.price ?? 0),
        earningsCents: Number(money?.earnings ?? 0),
        purchasedAt: p.purchasedAt.toISOString(),
        isRedeemed: p.redeemedAt !== null,
        isRefunded: money?.isRefunded === true,
      };
    }),
  };
}
