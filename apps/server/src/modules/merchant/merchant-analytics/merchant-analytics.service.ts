import { and, count, desc, eq, gte, inArray, isNotNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RECENT_PURCHASES,
  ANALYTICS_TOP_DEALS,
  nextPayoutDate,
  hasAnalyticsAccess,
  payoutPeriodFor,
  type MerchantAnalytics,
  DAY_MS,
  lineTitle,
  resolveChartRange,
  timeZoneOfState,
  type chartRangeQuerySchema,
  type MerchantRange,
} from '@localperks/shared';
import type { z } from 'zod';
import { dayOf, eachDay, withinDays } from '../../../db/days';
import { ledgerEntries, merchants, purchases } from '../../../db/schema';
import { centsSum } from '../../../db/cents';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { merchantBalance, periodTotals, withMessagingFacts } from '../../money';

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The kinds that make a voucher's revenue: its sale, the discount of the merchant's own promo code on it
 * (a platform code's is the platform's, docs/decisions/0048), and its money given back (a refund, or a
 * deduction once paid out or charged back, with the code's discount given back to the merchant).
 */
const REVENUE_KINDS = ['sale', 'promotion', 'refund', 'promotion_reversal', 'deduction'] as const;
/** Entries recorded with the merchant that are the platform's money, not theirs (a platform code's discount). */
const PLATFORM_KINDS = ['platform_promotion', 'platform_promotion_reversal'] as const;
const isGivenBack = inArray(ledgerEntries.kind, ['refund', 'deduction']);
const givenBackCents = centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${isGivenBack})`);
const salesCount = sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'sale'))::int`;

/**
 * Revenue & Analytics, every money figure from the merchant's ledger entries (docs/product/design.md §14,
 * docs/decisions/0029-analytics-from-the-ledger.md): revenue is sales less refunds, earnings are what
 * the payouts are made of (less commission net of reversals, refunds, deductions and dispute fees), the
 * current semi-monthly period is that period's entries (docs/product/design.md §8), the 30 days are grouped by the
 * UTC day money moved. Counts that are not money (vouchers sold, redeemed) come from `purchases`.
 */
export async function merchantAnalytics(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  rangeQuery: z.output<typeof chartRangeQuerySchema> = { range: '30d' },
): Promise<MerchantAnalytics> {
  const { db } = deps;
  const now = deps.clock.now();
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('FORBIDDEN', 'No merchant profile found. Please complete your registration.');
  // Paid features start with the confirmed payment and last to the end of the period paid for (hasPaidFeatures).
  if (!hasAnalyticsAccess(await withMessagingFacts(db, m), now))
    throw new AppError(
      'FORBIDDEN',
      m.subscriptionPlan === 'advertise_messaging' ? ANALYTICS_MESSAGES.paymentRequired : ANALYTICS_MESSAGES.planRequired,
    );
  const mine = eq(purchases.merchantId, m.id);
  const myRevenue = and(eq(ledgerEntries.merchantId, m.id), inArray(ledgerEntries.kind, [...REVENUE_KINDS]));
  const period = payoutPeriodFor(now);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (ANALYTICS_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${ledgerEntries.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  // Vouchers' sales, revenue and refunds by deal, named by `title` (the deal's, or its option's).
  const salesOfVouchers = (title: SQL<string> | typeof purchases.optionTitle) =>
    db
      .select({
        dealId: purchases.dealId,
        title,
        n: salesCount,
        revenue: centsSum(sql`sum(${ledgerEntries.amountCents})`),
        refunds: givenBackCents,
      })
      .from(ledgerEntries)
      .innerJoin(purchases, eq(purchases.id, ledgerEntries.purchaseId))
      .where(myRevenue);

  const [balance, current, inRange, [sold], [redeemed], [givenBack], daily, byDeal, byOption, recent] = await Promise.all([
    merchantBalance(db, m.id),
    periodTotals(db, { periodStart: period.start, merchantId: m.id }),
    rangeFigures(deps, m, rangeQuery),
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
      .select({ day, revenue: centsSum(sql`sum(${ledgerEntries.amountCents})`), refunds: givenBackCents, n: salesCount })
      .from(ledgerEntries)
      .where(and(myRevenue, gte(ledgerEntries.occurredAt, since), lt(ledgerEntries.occurredAt, new Date(today + DAY_MS))))
      .groupBy(day),
    salesOfVouchers(sql<string>`max(${purchases.dealTitle})`)
      .groupBy(purchases.dealId)
      .orderBy(desc(sql`sum(${ledgerEntries.amountCents})`), purchases.dealId)
      .limit(ANALYTICS_TOP_DEALS),
    // The same per option (docs/decisions/0047), for the top deals' breakdown.
    salesOfVouchers(purchases.optionTitle)
      .groupBy(purchases.dealId, purchases.optionTitle)
      .orderBy(desc(sql`sum(${ledgerEntries.amountCents})`), purchases.optionTitle),
    db
      .select({
        id: purchases.id,
        dealTitle: purchases.dealTitle,
        optionTitle: purchases.optionTitle,
        purchasedAt: purchases.purchasedAt,
        redeemedAt: purchases.redeemedAt,
      })
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
          price: centsSum(sql`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'sale')`),
          earnings: centsSum(sql`sum(${ledgerEntries.amountCents})`),
          isRefunded: sql<boolean>`bool_or(${isGivenBack})`,
        })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.merchantId, m.id),
            notInArray(ledgerEntries.kind, [...PLATFORM_KINDS]),
            inArray(
              ledgerEntries.purchaseId,
              recent.map((p) => p.id),
            ),
          ),
        )
        .groupBy(ledgerEntries.purchaseId)
    : [];
  const moneyOf = new Map(recentMoney.map((r) => [r.purchaseId, r]));

  // A deal sold only as its one untitled option (every deal before options) has no breakdown: it reads as before.
  const optionsOf = (dealId: string) => {
    const sold = byOption.filter((o) => o.dealId === dealId);
    return sold.some((o) => o.title)
      ? sold.map((o) => ({ title: o.title, purchases: Number(o.n), revenueCents: Number(o.revenue), refundsCents: Number(o.refunds) }))
      : [];
  };
  const perDay = new Map(daily.map((d) => [d.day, d]));
  const refunds = balance.refundsCents + balance.deductionsCents;
  const commission = balance.commissionCents - balance.commissionReversedCents;
  const revenue = balance.salesCents - balance.promotionsCents - refunds;
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
    inRange,
    byDeal: byDeal.map((d) => ({
      dealId: d.dealId,
      title: d.title,
      purchases: Number(d.n),
      revenueCents: Number(d.revenue),
      refundsCents: Number(d.refunds),
      options: optionsOf(d.dealId),
    })),
    recentPurchases: recent.map((p) => {
      const money = moneyOf.get(p.id);
      return {
        id: p.id,
        dealTitle: lineTitle(p.dealTitle, p.optionTitle),
        priceCents: Number(money?.price ?? 0),
        earningsCents: Number(money?.earnings ?? 0),
        purchasedAt: p.purchasedAt.toISOString(),
        isRedeemed: p.redeemedAt !== null,
        isRefunded: money?.isRefunded === true,
      };
    }),
  };
}

/**
 * The merchant's figures for the chosen date range and the period of equal length before it, in their business's
 * calendar days (its state's time zone; docs/decisions/0073-charts.md), counted as the all-time ones are: revenue,
 * refunds and earnings from their ledger entries by the day money moved, vouchers sold and redeemed by their days.
 */
async function rangeFigures(
  deps: Pick<Deps, 'db' | 'clock'>,
  m: { id: string; state: string },
  query: z.output<typeof chartRangeQuerySchema>,
): Promise<MerchantRange> {
  const { db } = deps;
  const range = resolveChartRange(query, deps.clock.now(), timeZoneOfState(m.state));
  type Window = { from: string; to: string };
  const current: Window = { from: range.from, to: range.to };
  const previous: Window = { from: range.previousFrom, to: range.previousTo };
  const within = (column: Parameters<typeof withinDays>[0], w: Window) => withinDays(column, w.from, w.to, range.timeZone);
  const both = (column: Parameters<typeof withinDays>[0]) => within(column, { from: previous.from, to: current.to });
  const kindIn = (kinds: readonly string[]) =>
    sql`${ledgerEntries.kind}::text in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`;
  const money = (w: Window) => {
    const when = (kinds: readonly string[]) => sql`${kindIn(kinds)} and ${within(ledgerEntries.occurredAt, w)}`;
    return {
      revenue: centsSum(sql`sum(${ledgerEntries.amountCents}) filter (where ${when(REVENUE_KINDS)})`),
      refunds: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${when(['refund', 'deduction'])})`),
      refunded: sql<number>`(count(*) filter (where ${when(['refund', 'deduction'])}))::int`,
      // Commission net of reversals and dispute fees: what earnings are revenue less of.
      charges: centsSum(
        sql`-sum(${ledgerEntries.amountCents}) filter (where ${when(['commission', 'commission_reversal', 'dispute_fee'])})`,
      ),
    };
  };
  const vouchers = (w: Window) => ({
    sold: sql<number>`(count(*) filter (where ${within(purchases.purchasedAt, w)}))::int`,
    redeemed: sql<number>`(count(*) filter (where ${within(purchases.redeemedAt, w)}))::int`,
  });
  const day = dayOf(ledgerEntries.occurredAt, range.timeZone);
  const soldDay = dayOf(purchases.purchasedAt, range.timeZone);
  const [[cur], [prev], [vCur], [vPrev], daily, soldDaily] = await Promise.all([
    db
      .select(money(current))
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, m.id), within(ledgerEntries.occurredAt, current))),
    db
      .select(money(previous))
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, m.id), within(ledgerEntries.occurredAt, previous))),
    db
      .select(vouchers(current))
      .from(purchases)
      .where(and(eq(purchases.merchantId, m.id), or(both(purchases.purchasedAt), both(purchases.redeemedAt)))),
    db
      .select(vouchers(previous))
      .from(purchases)
      .where(and(eq(purchases.merchantId, m.id), or(both(purchases.purchasedAt), both(purchases.redeemedAt)))),
    db
      .select({ day, revenue: centsSum(sql`sum(${ledgerEntries.amountCents})`), refunds: givenBackCents })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.merchantId, m.id), inArray(ledgerEntries.kind, [...REVENUE_KINDS]), within(ledgerEntries.occurredAt, current)),
      )
      .groupBy(day),
    db
      .select({ day: soldDay, n: count() })
      .from(purchases)
      .where(and(eq(purchases.merchantId, m.id), within(purchases.purchasedAt, current)))
      .groupBy(soldDay),
  ]);
  const figuresOf = (mo: typeof cur, v: typeof vCur) => ({
    revenueCents: Number(mo?.revenue ?? 0),
    refundsCents: Number(mo?.refunds ?? 0),
    refundedPurchases: Number(mo?.refunded ?? 0),
    purchases: Number(v?.sold ?? 0),
    earningsCents: Number(mo?.revenue ?? 0) - Number(mo?.charges ?? 0),
    redemptions: Number(v?.redeemed ?? 0),
  });
  const moneyOn = new Map(daily.map((d) => [d.day, d]));
  const soldOn = new Map(soldDaily.map((d) => [d.day, Number(d.n)]));
  return {
    range,
    current: figuresOf(cur, vCur),
    previous: figuresOf(prev, vPrev),
    daily: eachDay(range.from, range.to).map((date) => ({
      date,
      revenueCents: Number(moneyOn.get(date)?.revenue ?? 0),
      refundsCents: Number(moneyOn.get(date)?.refunds ?? 0),
      purchases: soldOn.get(date) ?? 0,
    })),
  };
}
