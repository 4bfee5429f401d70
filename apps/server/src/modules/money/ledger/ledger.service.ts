import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DISPUTE_FEE_CENTS,
  allocateCents,
  payoutPeriodFor,
  payoutPeriodWindow,
  type LedgerEntryKind,
  type MerchantChargeKind,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { centsSum } from '../../../db/cents';
import { ledgerEntries, merchantPayouts, purchases } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { LOCK_IDS } from '../../../lib/lock-ids';

/**
 * The one money ledger (docs/product/design.md §14, docs/decisions/0018-one-ledger.md). Every function here
 * posts in the caller's transaction, so an entry exists exactly when the change it records does,
 * and every entry has a `source_key` naming its event: posting the same event twice writes nothing
 * the second time (`on conflict do nothing`).
 *
 * Signs are from the merchant's payout balance: sale +, commission −, refund −, reversal +,
 * deduction −, dispute fee −, payout −. Card-paid charges (subscription, PerkBoost) are recorded
 * (−) but are no part of the balance.
 */

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** The kinds a payout is made of (everything of the balance except the payouts themselves). */
export const PAYOUT_LINE_KINDS = [
  'sale',
  'promotion',
  'promotion_reversal',
  'commission',
  'refund',
  'commission_reversal',
  'deduction',
  'dispute_fee',
] as const satisfies readonly LedgerEntryKind[];
/** The kinds that make up what the platform owes a merchant: the lines, less what was paid out, plus transfers reversed. */
export const BALANCE_KINDS = [...PAYOUT_LINE_KINDS, 'payout', 'payout_reversal'] as const satisfies readonly LedgerEntryKind[];

const periodOfStart = (start: string) => payoutPeriodFor(new Date(`${start}T00:00:00Z`));
const nextPeriodStart = (start: string) => payoutPeriodFor(payoutPeriodWindow(periodOfStart(start)).to).start;

/**
 * Posting reads which periods a merchant's payouts have closed; closing a period must not run in
 * between. Posters share this lock, the payout job takes it alone (payouts.service closePayoutPeriods).
 */
async function lockPeriodsShared(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_IDS.ledgerPeriods})`);
}

/** The start of the merchant's newest closed payout period, or null before the first payout. */
async function lastClosedPeriod(tx: Tx, merchantId: string): Promise<string | null> {
  const [row] = await tx
    .select({ start: sql<string | null>`max(${merchantPayouts.periodStart})::text` })
    .from(merchantPayouts)
    .where(eq(merchantPayouts.merchantId, merchantId));
  return row?.start ?? null;
}

/**
 * The payout period an entry happening at `at` is paid in: the period of `at`, or, if the merchant's
 * payouts have already closed that far (a late event, a clock at the boundary), the first one after them.
 * An entry never lands in a closed period, so no entry is left out of a payout.
 */
async function openPeriodFor(tx: Tx, merchantId: string, at: Date): Promise<string> {
  const natural = payoutPeriodFor(at).start;
  const last = await lastClosedPeriod(tx, merchantId);
  if (!last) return natural;
  const next = nextPeriodStart(last);
  return natural > next ? natural : next;
}

/** Inserts entries that are not there yet (by source key); zero amounts are not money movements. Returns those written. */
async function post(tx: Tx, entries: NewLedgerEntry[]): Promise<{ sourceKey: string }[]> {
  const rows = entries.filter((e) => e.amountCents !== 0);
  if (!rows.length) return [];
  return tx.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.sourceKey }).returning({
    sourceKey: ledgerEntries.sourceKey,
  });
}

export interface SoldPurchase {
  id: string;
  merchantId: string;
  priceCents: number;
  commissionCents: number;
  purchasedAt: Date;
  /** The voucher's share of a promo code's discount, and who pays for it (docs/decisions/0048). */
  discountCents?: number;
  discountFundedBy?: 'merchant' | 'platform' | null;
}

/**
 * The entries of a voucher's promo discount, signed for the sale (+1 on a reversal): a merchant's code
 * is a `promotion` off their balance, the platform's a `platform_promotion`, its own expense, recorded
 * with the merchant but no part of their balance (they are paid the full price).
 */
function promotionEntry(
  p: Pick<SoldPurchase, 'discountCents' | 'discountFundedBy'>,
  reversal: boolean,
): { kind: LedgerEntryKind; amountCents: number } | null {
  if (!p.discountCents || !p.discountFundedBy) return null;
  const kind = p.discountFundedBy === 'merchant' ? 'promotion' : 'platform_promotion';
  return { kind: reversal ? `${kind}_reversal` : kind, amountCents: reversal ? p.discountCents : -p.discountCents };
}

/** A sale and its commission (and a promo discount), per purchase (checkout fulfilment, in its transaction). */
export async function postSales(tx: Tx, sold: SoldPurchase[]): Promise<number> {
  if (!sold.length) return 0;
  await lockPeriodsShared(tx);
  const periods = new Map<string, string>();
  const entries: NewLedgerEntry[] = [];
  for (const p of sold) {
    const key = `${p.merchantId}|${payoutPeriodFor(p.purchasedAt).start}`;
    if (!periods.has(key)) periods.set(key, await openPeriodFor(tx, p.merchantId, p.purchasedAt));
    const common = { merchantId: p.merchantId, purchaseId: p.id, occurredAt: p.purchasedAt, periodStart: periods.get(key)! };
    entries.push({ ...common, kind: 'sale', amountCents: p.priceCents, sourceKey: `sale:${p.id}` });
    entries.push({ ...common, kind: 'commission', amountCents: -p.commissionCents, sourceKey: `commission:${p.id}` });
    const promo = promotionEntry(p, false);
    if (promo) entries.push({ ...common, ...promo, sourceKey: `promotion:${p.id}` });
  }
  return (await post(tx, entries)).length;
}

/**
 * A subscription or PerkBoost payment the provider confirmed (billing applyPaid), or a monthly
 * renewal (`renewal`: which month of the subscription it pays, from 2 on). Platform income, paid
 * by card: recorded with the merchant, not taken from payouts.
 */
export async function postChargePaid(
  tx: Tx,
  charge: { id: string; merchantId: string; kind: MerchantChargeKind; amountCents: number },
  at: Date,
  renewal?: number,
): Promise<boolean> {
  const written = await post(tx, [
    {
      merchantId: charge.merchantId,
      kind: charge.kind === 'subscription' ? 'subscription_charge' : 'perkboost_charge',
      amountCents: -charge.amountCents,
      chargeId: charge.id,
      sourceKey: renewal ? `charge:${charge.id}:month:${renewal}` : `charge:${charge.id}`,
      occurredAt: at,
      periodStart: payoutPeriodFor(at).start,
    },
  ]);
  return written.length > 0;
}

/**
 * The unused part of a boost given back to the merchant's card (deal-removal.service sendBoostRefunds,
 * in its transaction, once the provider accepted it): + on the charge, never part of the balance.
 */
export async function postChargeRefund(
  tx: Tx,
  refund: { id: string; chargeId: string; merchantId: string; amountCents: number },
  at: Date,
): Promise<boolean> {
  const written = await post(tx, [
    {
      merchantId: refund.merchantId,
      kind: 'perkboost_refund',
      amountCents: refund.amountCents,
      chargeId: refund.chargeId,
      refundId: refund.id,
      sourceKey: `charge:${refund.chargeId}:refund`,
      occurredAt: at,
      periodStart: payoutPeriodFor(at).start,
    },
  ]);
  return written.length > 0;
}

/** A payout marked paid: the money left the balance (markPayoutPaid, in its transaction). */
export async function postPayoutPaid(tx: Tx, payout: { id: string; merchantId: string; netCents: number }, at: Date): Promise<boolean> {
  const written = await post(tx, [
    {
      merchantId: payout.merchantId,
      kind: 'payout',
      amountCents: -payout.netCents,
      payoutId: payout.id,
      sourceKey: `payout:${payout.id}`,
      occurredAt: at,
      periodStart: payoutPeriodFor(at).start,
    },
  ]);
  return written.length > 0;
}

/**
 * A transfer to the merchant's payout account made (transfers.service, in the transaction that records it):
 * the money left the balance. Keyed by the provider's transfer id, so a transfer is recorded once however
 * often its result is handled; a payout retried after a reversal gets an entry per transfer.
 */
export async function postTransfer(
  tx: Tx,
  t: { payoutId: string; merchantId: string; transferId: string; amountCents: number },
  at: Date,
): Promise<boolean> {
  const written = await post(tx, [
    {
      merchantId: t.merchantId,
      kind: 'payout',
      amountCents: -t.amountCents,
      payoutId: t.payoutId,
      sourceKey: `transfer:${t.transferId}`,
      occurredAt: at,
      periodStart: payoutPeriodFor(at).start,
    },
  ]);
  return written.length > 0;
}

/**
 * A transfer the provider reversed, part or all of it (`transfer.reversed`): the money is back with the platform
 * and owed again (+). Each event names how much is reversed so far; the entry is what it adds, keyed by that
 * total, so the same event twice writes nothing. Returns the amount written (0: nothing new).
 */
export async function postTransferReversal(
  tx: Tx,
  t: { payoutId: string; merchantId: string; transferId: string; reversedSoFarCents: number },
  at: Date,
): Promise<number> {
  const [recorded] = await tx
    .select({ cents: centsSum(sql`sum(${ledgerEntries.amountCents})`) })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.kind, 'payout_reversal'), sql`starts_with(${ledgerEntries.sourceKey}, ${`transfer:${t.transferId}:reversed:`})`),
    );
  const delta = t.reversedSoFarCents - (recorded?.cents ?? 0);
  if (delta <= 0) return 0;
  const written = await post(tx, [
    {
      merchantId: t.merchantId,
      kind: 'payout_reversal',
      amountCents: delta,
      payoutId: t.payoutId,
      sourceKey: `transfer:${t.transferId}:reversed:${t.reversedSoFarCents}`,
      occurredAt: at,
      periodStart: payoutPeriodFor(at).start,
    },
  ]);
  return written.length ? delta : 0;
}

/** What of a payout is still to be paid: its net less what was transferred (or marked paid) for it, plus what came back. */
export async function payoutRemainingCents(tx: Tx, payout: { id: string; netCents: number }): Promise<number> {
  const [row] = await tx
    .select({ cents: centsSum(sql`sum(${ledgerEntries.amountCents})`) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payoutId, payout.id), inArray(ledgerEntries.kind, ['payout', 'payout_reversal'])));
  return payout.netCents + (row?.cents ?? 0);
}

export interface PostedRefund {
  /** False when the purchase's money was already given back (an earlier refund or a lost dispute): nothing was written. */
  posted: boolean;
  /** `refund`: taken out of the sale's own payout; `deduction`: the sale was already in a payout, taken from the next one. */
  kind: 'refund' | 'deduction' | null;
  /** The payout period the entries fall in. */
  periodStart: string | null;
  amountCents: number;
  commissionReversedCents: number;
}

type PurchaseFacts = {
  id: string;
  merchantId: string;
  priceCents: number;
  commissionCents: number;
  purchasedAt: Date;
  discountCents: number;
  discountFundedBy: 'merchant' | 'platform' | null;
};

/**
 * The purchase's money goes back: `refund:<purchaseId>` (a refund or a deduction, whichever came
 * first: a voucher is given back at most once) and its commission reversed at the rate charged on
 * the sale (`refund:<purchaseId>:reversal`).
 */
async function giveBack(
  tx: Tx,
  p: PurchaseFacts,
  opts: { at: Date; refundId?: string | null; disputeId?: string | null; forceDeduction?: boolean },
): Promise<PostedRefund> {
  const [sale] = await tx
    .select({ periodStart: ledgerEntries.periodStart })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sourceKey, `sale:${p.id}`));
  const salePeriod = sale?.periodStart ?? payoutPeriodFor(p.purchasedAt).start;
  const last = await lastClosedPeriod(tx, p.merchantId);
  const saleInPayout = last !== null && salePeriod <= last;
  const kind = saleInPayout || opts.forceDeduction ? 'deduction' : 'refund';
  // Before its payout a refund lowers that payout's gross and commission; after it, the next payout is lowered.
  const periodStart = kind === 'refund' ? salePeriod : await openPeriodFor(tx, p.merchantId, opts.at);
  const common = {
    merchantId: p.merchantId,
    purchaseId: p.id,
    refundId: opts.refundId ?? null,
    disputeId: opts.disputeId ?? null,
    occurredAt: opts.at,
    periodStart,
  };
  const [first] = await post(tx, [{ ...common, kind, amountCents: -p.priceCents, sourceKey: `refund:${p.id}` }]);
  if (!first) return { posted: false, kind: null, periodStart: null, amountCents: 0, commissionReversedCents: 0 };
  await post(tx, [{ ...common, kind: 'commission_reversal', amountCents: p.commissionCents, sourceKey: `refund:${p.id}:reversal` }]);
  // The discount goes back to whoever paid for it: the customer is refunded what they paid, the rest was theirs.
  const promo = promotionEntry(p, true);
  if (promo) await post(tx, [{ ...common, ...promo, sourceKey: `refund:${p.id}:promotion` }]);
  return { posted: true, kind, periodStart, amountCents: p.priceCents, commissionReversedCents: p.commissionCents };
}

async function purchaseFacts(tx: Tx, ids: string[]): Promise<PurchaseFacts[]> {
  if (!ids.length) return [];
  return tx
    .select({
      id: purchases.id,
      merchantId: purchases.merchantId,
      priceCents: purchases.priceCents,
      commissionCents: purchases.commissionCents,
      purchasedAt: purchases.purchasedAt,
      discountCents: purchases.discountCents,
      discountFundedBy: purchases.discountFundedBy,
    })
    .from(purchases)
    .where(inArray(purchases.id, ids))
    .orderBy(purchases.id);
}

/**
 * A voucher refunded to the customer (called by the refund flow when the provider's refund
 * completed, in its transaction). The sale's price comes off the merchant's balance and the
 * commission charged on it is reversed at the sale's rate:
 * - the sale is not in a payout yet: a refund in the sale's own period, lowering its gross and commission;
 * - the sale was already closed into a payout: a deduction on the merchant's next payout.
 * Idempotent: a second call for the same purchase (or one after a lost dispute on it) writes nothing.
 */
export async function postRefund(tx: Tx, input: { purchaseId: string; refundId?: string | null; at: Date }): Promise<PostedRefund> {
  await lockPeriodsShared(tx);
  const [p] = await purchaseFacts(tx, [input.purchaseId]);
  if (!p) throw new AppError('NOT_FOUND', 'This purchase does not exist.');
  return giveBack(tx, p, { at: input.at, refundId: input.refundId });
}

/**
 * A dispute the platform lost: the disputed vouchers' money is deducted from their merchants'
 * next payouts (with the commission reversed, unless a refund already gave it back) plus the
 * dispute fee, split between the merchants by what each had sold in the payment. Idempotent by
 * source key: a replayed event writes nothing.
 */
export async function postLostDispute(
  tx: Tx,
  input: { disputeId: string; purchaseIds: string[]; at: Date },
): Promise<{ deductedCents: number; feeCents: number }> {
  await lockPeriodsShared(tx);
  const facts = await purchaseFacts(tx, input.purchaseIds);
  let deductedCents = 0;
  for (const p of facts) {
    const r = await giveBack(tx, p, { at: input.at, disputeId: input.disputeId, forceDeduction: true });
    deductedCents += r.amountCents;
  }
  const byMerchant = new Map<string, number>();
  for (const p of facts) byMerchant.set(p.merchantId, (byMerchant.get(p.merchantId) ?? 0) + p.priceCents);
  const merchantIds = [...byMerchant.keys()].sort();
  const shares = allocateCents(
    DISPUTE_FEE_CENTS,
    merchantIds.map((id) => byMerchant.get(id)!),
  );
  const fees: NewLedgerEntry[] = [];
  for (const [i, merchantId] of merchantIds.entries()) {
    fees.push({
      merchantId,
      kind: 'dispute_fee',
      amountCents: -shares[i]!,
      disputeId: input.disputeId,
      sourceKey: `dispute:${input.disputeId}:fee:${merchantId}`,
      occurredAt: input.at,
      periodStart: await openPeriodFor(tx, merchantId, input.at),
    });
  }
  const written = await post(tx, fees);
  return { deductedCents, feeCents: written.length ? fees.reduce((s, f) => s - f.amountCents, 0) : 0 };
}

export interface LedgerTotals {
  salesCents: number;
  /** Merchant-funded promo discounts (less those given back by refunds): they lower the merchant's gross. */
  promotionsCents: number;
  /** Platform-funded promo discounts (less those given back): the platform's expense, not the merchant's. */
  platformPromotionsCents: number;
  commissionCents: number;
  refundsCents: number;
  commissionReversedCents: number;
  deductionsCents: number;
  disputeFeesCents: number;
  paidOutCents: number;
  subscriptionChargesCents: number;
  perkboostChargesCents: number;
}

/** Sums by kind, each as a positive amount (the sign is the kind's), 64-bit and exact (db/cents.ts). */
const totalsSelect = {
  promotionsCents: centsSum(
    sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('promotion', 'promotion_reversal'))`,
  ),
  platformPromotionsCents: centsSum(
    sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('platform_promotion', 'platform_promotion_reversal'))`,
  ),
  salesCents: centsSum(sql`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'sale')`),
  commissionCents: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'commission')`),
  refundsCents: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'refund')`),
  commissionReversedCents: centsSum(sql`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'commission_reversal')`),
  deductionsCents: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'deduction')`),
  disputeFeesCents: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'dispute_fee')`),
  // Net of transfers the provider reversed (the money came back).
  paidOutCents: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('payout', 'payout_reversal'))`),
  subscriptionChargesCents: centsSum(sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'subscription_charge')`),
  // Net of the unused boost time given back (perkboost_refund, +).
  perkboostChargesCents: centsSum(
    sql`-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('perkboost_charge', 'perkboost_refund'))`,
  ),
};

const toTotals = (row: LedgerTotals | undefined): LedgerTotals => ({
  salesCents: row?.salesCents ?? 0,
  promotionsCents: row?.promotionsCents ?? 0,
  platformPromotionsCents: row?.platformPromotionsCents ?? 0,
  commissionCents: row?.commissionCents ?? 0,
  refundsCents: row?.refundsCents ?? 0,
  commissionReversedCents: row?.commissionReversedCents ?? 0,
  deductionsCents: row?.deductionsCents ?? 0,
  disputeFeesCents: row?.disputeFeesCents ?? 0,
  paidOutCents: row?.paidOutCents ?? 0,
  subscriptionChargesCents: row?.subscriptionChargesCents ?? 0,
  perkboostChargesCents: row?.perkboostChargesCents ?? 0,
});

/**
 * A merchant's money from the ledger: every total by kind, and `pendingCents`, what the platform
 * still owes them (negative when deductions exceed what is owed: carried forward to future payouts).
 * pendingCents = sales − commission − refunds + reversed − deductions − dispute fees − paid out.
 */
export async function merchantBalance(db: Tx, merchantId: string): Promise<LedgerTotals & { pendingCents: number }> {
  const [row] = await db
    .select({
      ...totalsSelect,
      pendingCents: centsSum(sql`sum(${ledgerEntries.amountCents}) filter (where ${inArray(ledgerEntries.kind, [...BALANCE_KINDS])})`),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.merchantId, merchantId));
  return { ...toTotals(row), pendingCents: row?.pendingCents ?? 0 };
}

/**
 * One payout period's totals from the ledger: every merchant's, or one merchant's. `netCents` is
 * what the period adds to the merchants' balances (sales − commission − refunds + reversed −
 * deductions − dispute fees); `platformRevenueCents` is what the platform keeps (commission less
 * reversals, plus card-paid subscription and PerkBoost charges).
 */
export async function periodTotals(
  db: Tx,
  input: { periodStart: string; merchantId?: string },
): Promise<LedgerTotals & { netCents: number; platformRevenueCents: number }> {
  const [row] = await db
    .select(totalsSelect)
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.periodStart, input.periodStart), input.merchantId ? eq(ledgerEntries.merchantId, input.merchantId) : undefined),
    );
  const t = toTotals(row);
  return {
    ...t,
    netCents:
      t.salesCents -
      t.promotionsCents -
      t.commissionCents -
      t.refundsCents +
      t.commissionReversedCents -
      t.deductionsCents -
      t.disputeFeesCents,
    // A platform-funded promotion is the platform's expense (docs/decisions/0048).
    platformRevenueCents:
      t.commissionCents - t.commissionReversedCents + t.subscriptionChargesCents + t.perkboostChargesCents - t.platformPromotionsCents,
  };
}
