import { and, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { payoutPeriodFor, payoutPeriodWindow, type PlatformRevenue } from '@localperks/shared';
import type { Db } from '../../db/client';
import { merchantCharges, purchases } from '../../db/schema';

/** A sum of cents as bigint (all-time totals outgrow int); the drivers return it as a string or bigint. */
const sum = (expr: SQL, filter?: SQL) =>
  filter
    ? sql<string | number | bigint>`coalesce(sum(${expr}) filter (where ${filter}), 0)::bigint`
    : sql<string | number | bigint>`coalesce(sum(${expr}), 0)::bigint`;
type Amount = string | number | bigint;

/**
 * What the platform earned, by source, in today's semi-monthly payout period (DESIGN.md 8) and
 * all time: commission on voucher sales, paid messaging subscriptions, and paid PerkBoost charges
 * (every kind that is not the subscription is a PerkBoost boost). Gross voucher sales come along,
 * labelled as such: they are the merchants' money, not the platform's income.
 *
 * The one place these figures are computed (two aggregate queries, whatever the data size): when
 * the money ledger (DESIGN.md 14) lands, this function reads it instead and its callers stay.
 *
 * A charge counts when it was paid (`paid_at`), also if the subscription it started has ended since
 * (status `canceled`). Subscription renewals are not rows of their own yet, so only each
 * subscription's first payment is counted: see docs/decisions/0024-admin-revenue-by-source.md.
 */
export async function platformRevenue(db: Db, now: Date): Promise<PlatformRevenue> {
  const period = payoutPeriodFor(now);
  const w = payoutPeriodWindow(period);
  const soldNow = and(gte(purchases.purchasedAt, w.from), lt(purchases.purchasedAt, w.to))!;
  const paidNow = and(gte(merchantCharges.paidAt, w.from), lt(merchantCharges.paidAt, w.to))!;
  const isSubscription = sql`${merchantCharges.kind} = 'subscription'`;
  const isBoost = sql`${merchantCharges.kind} <> 'subscription'`;
  const [[p], [c]] = await Promise.all([
    db
      .select({
        purchases: sql<number>`count(*)::int`,
        gross: sum(sql`${purchases.priceCents}`),
        commission: sum(sql`${purchases.commissionCents}`),
        periodPurchases: sql<number>`count(*) filter (where ${soldNow})::int`,
        periodGross: sum(sql`${purchases.priceCents}`, soldNow),
        periodCommission: sum(sql`${purchases.commissionCents}`, soldNow),
      })
      .from(purchases),
    db
      .select({
        subscription: sum(sql`${merchantCharges.amountCents}`, isSubscription),
        perkboost: sum(sql`${merchantCharges.amountCents}`, isBoost),
        periodSubscription: sum(sql`${merchantCharges.amountCents}`, sql`${isSubscription} and ${paidNow}`),
        periodPerkboost: sum(sql`${merchantCharges.amountCents}`, sql`${isBoost} and ${paidNow}`),
      })
      .from(merchantCharges)
      .where(isNotNull(merchantCharges.paidAt)),
  ]);
  const figures = (commission: Amount, subscription: Amount, perkboost: Amount, gross: Amount, count: number) => ({
    commissionCents: Number(commission),
    subscriptionCents: Number(subscription),
    perkboostCents: Number(perkboost),
    totalCents: Number(commission) + Number(subscription) + Number(perkboost),
    grossSalesCents: Number(gross),
    purchases: Number(count),
  });
  return {
    period,
    currentPeriod: figures(
      p?.periodCommission ?? 0,
      c?.periodSubscription ?? 0,
      c?.periodPerkboost ?? 0,
      p?.periodGross ?? 0,
      p?.periodPurchases ?? 0,
    ),
    allTime: figures(p?.commission ?? 0, c?.subscription ?? 0, c?.perkboost ?? 0, p?.gross ?? 0, p?.purchases ?? 0),
  };
}
