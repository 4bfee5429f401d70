import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  BUSINESS_TIME_ZONE,
  resolveChartRange,
  type AdminRange,
  type AdminRangeFigures,
  type chartRangeQuerySchema,
} from '@localperks/shared';
import type { z } from 'zod';
import { disputes, ledgerEntries, merchants, purchases, users } from '../../../db/schema';
import { dayOf, eachDay, withinDays } from '../../../db/days';
import type { Deps } from '../../../lib/deps';
import { figures, figuresSelect, prefix, unprefix } from './platform-revenue';

type Window = { from: string; to: string };
const count = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The admin overview's figures for a date range and the period of equal length before it (docs/decisions/0073-charts.md),
 * in the platform's calendar days (BUSINESS_TIME_ZONE): GMV and platform income by source from the ledger (as
 * platform-revenue.ts counts them, by the day the money moved), vouchers sold, redeemed and refunded from the vouchers,
 * chargebacks by the day they were opened, customers and merchants by the day they signed up. A handful of aggregate
 * queries, each reading only the two periods' rows.
 */
export async function adminRangeFigures(
  deps: Pick<Deps, 'db' | 'clock'>,
  query: z.output<typeof chartRangeQuerySchema>,
): Promise<AdminRange> {
  const { db } = deps;
  const range = resolveChartRange(query, deps.clock.now(), BUSINESS_TIME_ZONE);
  const current: Window = { from: range.from, to: range.to };
  const previous: Window = { from: range.previousFrom, to: range.previousTo };
  const within = (column: Parameters<typeof withinDays>[0], w: Window) => withinDays(column, w.from, w.to, range.timeZone);
  const both = (column: Parameters<typeof withinDays>[0]) => within(column, { from: previous.from, to: current.to });

  const ledger = (w: Window) => figuresSelect(within(ledgerEntries.occurredAt, w));
  const vouchers = (w: Window) => ({
    sold: count(within(purchases.purchasedAt, w)),
    redeemed: count(within(purchases.redeemedAt, w)),
    refunded: count(within(purchases.refundedAt, w)),
  });
  const day = dayOf(ledgerEntries.occurredAt, range.timeZone);
  const [[money], [sold], [opened], [customers], [signedUp], daily] = await Promise.all([
    db
      .select({ ...prefix('cur', ledger(current)), ...prefix('prev', ledger(previous)) })
      .from(ledgerEntries)
      .where(both(ledgerEntries.occurredAt)),
    db
      .select({ ...prefix('cur', vouchers(current)), ...prefix('prev', vouchers(previous)) })
      .from(purchases)
      .where(or(both(purchases.purchasedAt), both(purchases.redeemedAt), both(purchases.refundedAt))),
    db
      .select({ cur: count(within(disputes.openedAt, current)), prev: count(within(disputes.openedAt, previous)) })
      .from(disputes)
      .where(both(disputes.openedAt)),
    db
      .select({ cur: count(within(users.createdAt, current)), prev: count(within(users.createdAt, previous)) })
      .from(users)
      .where(and(eq(users.role, 'customer'), both(users.createdAt))),
    db
      .select({ cur: count(within(merchants.createdAt, current)), prev: count(within(merchants.createdAt, previous)) })
      .from(merchants)
      .where(both(merchants.createdAt)),
    db
      .select({ day, ...figuresSelect() })
      .from(ledgerEntries)
      .where(within(ledgerEntries.occurredAt, current))
      .groupBy(day),
  ]);

  const periodFigures = (p: 'cur' | 'prev'): AdminRangeFigures => {
    const m = figures(unprefix(money, p));
    const v = (k: 'sold' | 'redeemed' | 'refunded') => Number((sold as Record<string, unknown> | undefined)?.[`${p}_${k}`] ?? 0);
    return {
      gmvCents: m.grossSalesCents,
      revenue: {
        commissionCents: m.commissionCents,
        subscriptionCents: m.subscriptionCents,
        perkboostCents: m.perkboostCents,
        platformPromotionsCents: m.platformPromotionsCents,
        totalCents: m.totalCents,
      },
      takeRate: share(m.totalCents, m.grossSalesCents),
      refunds: { count: v('refunded'), cents: m.refundsCents, rate: share(v('refunded'), v('sold')) },
      disputes: { count: Number(opened?.[p] ?? 0), rate: share(Number(opened?.[p] ?? 0), v('sold')) },
      newCustomers: Number(customers?.[p] ?? 0),
      newMerchants: Number(signedUp?.[p] ?? 0),
      vouchersSold: v('sold'),
      vouchersRedeemed: v('redeemed'),
    };
  };
  const perDay = new Map(daily.map(({ day: d, ...sums }) => [d, figures(sums)]));
  return {
    range,
    current: periodFigures('cur'),
    previous: periodFigures('prev'),
    daily: eachDay(range.from, range.to).map((date) => ({
      date,
      gmvCents: perDay.get(date)?.grossSalesCents ?? 0,
      revenueCents: perDay.get(date)?.totalCents ?? 0,
    })),
  };
}
