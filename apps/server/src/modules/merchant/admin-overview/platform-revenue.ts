import { sql, type SQL } from 'drizzle-orm';
import { payoutPeriodFor, type PlatformRevenue } from '@localperks/shared';
import type { Db } from '../../../db/client';
import { ledgerEntries } from '../../../db/schema';
import { readCents } from '../../../db/cents';

type Amount = string | number | bigint;

/** Σ of the entries of `kinds` (negated: most kinds are − from the merchant's side), as bigint: all-time totals outgrow int. */
const sumOf = (kinds: string[], filter: SQL | undefined, negate: boolean) => {
  const where = sql`${ledgerEntries.kind}::text in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})${filter ? sql` and ${filter}` : sql``}`;
  return sql<Amount>`coalesce(${sql.raw(negate ? '-' : '')}sum(${ledgerEntries.amountCents}::bigint) filter (where ${where}), 0)::bigint`;
};

export const figuresSelect = (filter?: SQL) => ({
  commission: sumOf(['commission'], filter, true),
  reversed: sumOf(['commission_reversal'], filter, false),
  subscription: sumOf(['subscription_charge'], filter, true),
  // PerkBoost income net of the unused boost time refunded when an admin took a boosted deal down.
  perkboost: sumOf(['perkboost_charge', 'perkboost_refund'], filter, true),
  refunds: sumOf(['refund', 'deduction'], filter, true),
  gross: sumOf(['sale'], filter, false),
  // Promo discounts (docs/decisions/0048): the platform's own are its expense; merchants' lower their sales.
  platformPromotions: sumOf(['platform_promotion', 'platform_promotion_reversal'], filter, true),
  merchantPromotions: sumOf(['promotion', 'promotion_reversal'], filter, true),
  purchases: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'sale'${filter ? sql` and ${filter}` : sql``}))::int`,
});

/**
 * What the platform earned, by source, in today's semi-monthly payout period (docs/product/design.md §8) and
 * all time, read from the one ledger (docs/product/design.md §14, docs/decisions/0018-one-ledger.md): commission
 * on voucher sales less the commission reversed on refunds, deductions and lost disputes; card-paid
 * subscription charges (renewals included); PerkBoost charges. Vouchers given back (refunds and
 * deductions) are shown as their own line, and gross voucher sales come along, labelled as such:
 * both are the merchants' money, not the platform's income.
 *
 * The current period is the entries' `period_start` (the payout period they are paid or counted in),
 * so these figures add up with the payouts and `periodTotals`. One aggregate query, whatever the data size.
 */
export async function platformRevenue(db: Db, now: Date): Promise<PlatformRevenue> {
  const period = payoutPeriodFor(now);
  const inPeriod = sql`${ledgerEntries.periodStart} = ${period.start}::date`;
  const [row] = await db.select({ ...prefix('all', figuresSelect()), ...prefix('now', figuresSelect(inPeriod)) }).from(ledgerEntries);
  return { period, currentPeriod: figures(unprefix(row, 'now')), allTime: figures(unprefix(row, 'all')) };
}

export type Sums = { [K in keyof ReturnType<typeof figuresSelect>]: Amount };

export const prefix = <T extends Record<string, unknown>>(p: string, o: T) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [`${p}_${k}`, v])) as Record<string, T[keyof T]>;
export const unprefix = (row: Record<string, unknown> | undefined, p: string): Sums =>
  Object.fromEntries(Object.entries(row ?? {}).flatMap(([k, v]) => (k.startsWith(`${p}_`) ? [[k.slice(p.length + 1), v]] : []))) as Sums;

export function figures(s: Sums) {
  const n = (v: Amount | undefined) => readCents(v);
  const commissionCents = n(s.commission) - n(s.reversed);
  const subscriptionCents = n(s.subscription);
  const perkboostCents = n(s.perkboost);
  return {
    commissionCents,
    commissionReversedCents: n(s.reversed),
    subscriptionCents,
    perkboostCents,
    platformPromotionsCents: n(s.platformPromotions),
    merchantPromotionsCents: n(s.merchantPromotions),
    totalCents: commissionCents + subscriptionCents + perkboostCents - n(s.platformPromotions),
    refundsCents: n(s.refunds),
    grossSalesCents: n(s.gross),
    purchases: n(s.purchases),
  };
}
