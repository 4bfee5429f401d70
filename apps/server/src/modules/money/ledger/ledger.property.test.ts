import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS, DISPUTE_FEE_CENTS } from '@localperks/shared';
import { ledgerEntries, merchantPayouts, merchants as merchantsTable, orders, purchases, users } from '../../../db/schema';
import { build } from '../../../../test/build';
import { fixedClock } from '../../../../test/clock';
import { createDeal, TEST_BILLING } from '../../../../test/factories';
import { handleDisputeEvent } from '../disputes/disputes.service';
import { closePayoutPeriods, markPayoutPaid } from '../payouts/payouts.service';
import { merchantBalance, postRefund, postSales } from './ledger.service';

/**
 * The ledger balances for every merchant, whatever happens in whatever order (issue 16): random
 * sequences of sales, refunds, redemptions, disputes (won and lost), payout closes and payments,
 * each sometimes delivered twice, checked against a plain model of what the merchant is owed.
 * Seeded and bounded, so it is deterministic and quick.
 */
const t = await build();
const db = t.database.db;
const admin = await t.createUser('admin');
const customer = await t.createUser('customer');

type Op =
  | { kind: 'sale'; merchant: number; priceCents: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'redeem'; pick: number }
  | { kind: 'dispute'; pick: number; outcome: 'open' | 'won' | 'lost' }
  | { kind: 'advance'; days: number }
  | { kind: 'close' }
  | { kind: 'pay'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('sale' as const), merchant: fc.nat(2), priceCents: fc.integer({ min: 1, max: 9_000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('redeem' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('dispute' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('open' as const, 'won' as const, 'lost' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
);
/** Each step, and whether its event is delivered a second time (a retry, a redelivered webhook). */
const scenarioArb = fc.array(fc.record({ op: opArb, twice: fc.boolean() }), { minLength: 1, maxLength: 20 });

/** What each merchant is owed by the rules, kept apart from the code under test. */
interface Expected {
  salesCents: number;
  commissionCents: number;
  givenBackCents: number;
  reversedCents: number;
  feesCents: number;
}

let runs = 0;
/** Runs follow one another in time: each starts a day after the last one ended. */
let clockEnd = Date.UTC(2040, 0, 2, 9);

/** A merchant without the password hashing of the sign-up path (these runs make dozens). */
async function quickMerchant(commissionRate: number) {
  const [user] = await db
    .insert(users)
    .values({ email: `prop-${randomUUID()}@test.example`, name: 'Property merchant', role: 'merchant', passwordHash: 'not-a-login' })
    .returning();
  const [merchant] = await db
    .insert(merchantsTable)
    .values({
      userId: user!.id,
      businessName: 'Property Shop',
      city: 'Chicago',
      state: 'IL',
      subscriptionPlan: 'deals_messaging',
      approved: true,
      commissionRate,
    })
    .returning();
  return { merchant: merchant! };
}

async function runScenario(steps: { op: Op; twice: boolean }[]) {
  // Every run has its own merchants and its own stretch of time, after the previous run's.
  runs++;
  let now = clockEnd + DAY_MS;
  const rates = [15, 0, 10];
  const merchants = await Promise.all(rates.map((commissionRate) => quickMerchant(commissionRate)));
  const dealIds = await Promise.all(merchants.map((m) => createDeal(db, m.merchant.id).then((d) => d.id)));
  const expected = new Map<string, Expected>(
    merchants.map((m) => [m.merchant.id, { salesCents: 0, commissionCents: 0, givenBackCents: 0, reversedCents: 0, feesCents: 0 }]),
  );
  const sold: { id: string; merchantId: string; priceCents: number; commissionCents: number; sessionId: string; givenBack: boolean }[] = [];
  const disputed = new Set<string>();
  let events = 0;

  const deps = () => ({ ...t.app.deps, clock: fixedClock(now) });
  const disputeEvent = (type: 'dispute.created' | 'dispute.closed', s: (typeof sold)[number], status: 'open' | 'won' | 'lost') => ({
    id: `evt_prop_${runs}_${events++}`,
    type,
    sessionId: s.sessionId,
    orderId: null,
    dispute: { id: `dp_prop_${s.id}`, amountCents: s.priceCents, reason: 'fraudulent', status, purchaseId: null },
  });

  for (const { op, twice } of steps) {
    const times = twice ? 2 : 1;
    switch (op.kind) {
      case 'sale': {
        const m = merchants[op.merchant]!.merchant;
        const commissionCents = Math.round((op.priceCents * m.commissionRate) / 100);
        const sessionId = `cs_prop_${randomUUID()}`;
        const [order] = await db
          .insert(orders)
          .values({
            userId: customer.id,
            status: 'paid',
            provider: 'sandbox',
            providerSessionId: sessionId,
            subtotalCents: op.priceCents,
            taxCents: 0,
            totalCents: op.priceCents,
            billing: TEST_BILLING,
            expiresAt: new Date(now),
            paidAt: new Date(now),
          })
          .returning();
        const rows = await db
          .insert(purchases)
          .values({
            orderId: order!.id,
            userId: customer.id,
            dealId: dealIds[op.merchant]!,
            merchantId: m.id,
            dealTitle: 'Property deal',
            priceCents: op.priceCents,
            commissionRate: m.commissionRate,
            commissionCents,
            redemptionCode: randomUUID(),
            purchasedAt: new Date(now),
            expirationDate: new Date(now + 90 * DAY_MS),
          })
          .returning();
        for (let i = 0; i < times; i++) await db.transaction((tx) => postSales(tx, rows));
        sold.push({ id: rows[0]!.id, merchantId: m.id, priceCents: op.priceCents, commissionCents, sessionId, givenBack: false });
        const e = expected.get(m.id)!;
        e.salesCents += op.priceCents;
        e.commissionCents += commissionCents;
        break;
      }
      case 'refund': {
        if (!sold.length) break;
        const s = sold[op.pick % sold.length]!;
        for (let i = 0; i < times; i++) await db.transaction((tx) => postRefund(tx, { purchaseId: s.id, at: new Date(now) }));
        if (!s.givenBack) {
          s.givenBack = true;
          const e = expected.get(s.merchantId)!;
          e.givenBackCents += s.priceCents;
          e.reversedCents += s.commissionCents;
        }
        break;
      }
      case 'redeem': {
        // Redeeming a voucher moves no money.
        if (!sold.length) break;
        const s = sold[op.pick % sold.length]!;
        await db
          .update(purchases)
          .set({ redeemedAt: new Date(now) })
          .where(eq(purchases.id, s.id));
        break;
      }
      case 'dispute': {
        if (!sold.length) break;
        const s = sold[op.pick % sold.length]!;
        if (disputed.has(s.id)) break;
        disputed.add(s.id);
        const created = disputeEvent('dispute.created', s, 'open');
        for (let i = 0; i < times; i++) await handleDisputeEvent(deps(), created);
        if (op.outcome === 'open') break;
        const closed = disputeEvent('dispute.closed', s, op.outcome);
        for (let i = 0; i < times; i++) await handleDisputeEvent(deps(), closed);
        if (op.outcome === 'lost') {
          const e = expected.get(s.merchantId)!;
          e.feesCents += DISPUTE_FEE_CENTS;
          if (!s.givenBack) {
            s.givenBack = true;
            e.givenBackCents += s.priceCents;
            e.reversedCents += s.commissionCents;
          }
        }
        break;
      }
      case 'advance':
        now += op.days * DAY_MS;
        break;
      case 'close':
        for (let i = 0; i < times; i++) await closePayoutPeriods(deps());
        break;
      case 'pay': {
        const unpaid = await db
          .select({ id: merchantPayouts.id })
          .from(merchantPayouts)
          .where(
            and(
              eq(merchantPayouts.isPaid, false),
              inArray(
                merchantPayouts.merchantId,
                merchants.map((m) => m.merchant.id),
              ),
            ),
          )
          .orderBy(merchantPayouts.periodStart, merchantPayouts.id);
        if (!unpaid.length) break;
        const id = unpaid[op.pick % unpaid.length]!.id;
        await markPayoutPaid(deps(), admin.id, id, 'Paid by bank transfer outside the platform.');
        // Paying twice is refused (409) and writes nothing.
        if (twice)
          await expect(markPayoutPaid(deps(), admin.id, id, 'Paid by bank transfer outside the platform.')).rejects.toMatchObject({
            code: 'CONFLICT',
          });
        break;
      }
    }
  }

  clockEnd = now;
  for (const m of merchants) {
    const id = m.merchant.id;
    const e = expected.get(id)!;
    const balance = await merchantBalance(db, id);
    const payouts = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, id)).orderBy(merchantPayouts.periodStart);
    const paidOut = payouts.filter((p) => p.isPaid).reduce((s, p) => s + p.netCents, 0);
    // Paid payouts + pending balance = sales − commission − refunds (net of reversals) − fees and deductions.
    expect(paidOut + balance.pendingCents).toBe(e.salesCents - e.commissionCents - (e.givenBackCents - e.reversedCents) - e.feesCents);
    expect(balance).toMatchObject({
      salesCents: e.salesCents,
      commissionCents: e.commissionCents,
      refundsCents: expect.any(Number),
      paidOutCents: paidOut,
    });
    expect(balance.refundsCents + balance.deductionsCents).toBe(e.givenBackCents);
    expect(balance.commissionReversedCents).toBe(e.reversedCents);
    expect(balance.disputeFeesCents).toBe(e.feesCents);
    // Nothing goes below zero.
    for (const p of payouts) {
      expect(p.netCents).toBeGreaterThanOrEqual(0);
      expect(p.carriedForwardCents).toBeGreaterThanOrEqual(0);
    }
    // The payouts agree with the ledger: what is pending = unpaid payouts − the last one's carry + what no payout has taken yet.
    const last = payouts.at(-1);
    const [open] = await db
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantId, id),
          inArray(ledgerEntries.kind, ['sale', 'commission', 'refund', 'commission_reversal', 'deduction', 'dispute_fee']),
          last ? sql`${ledgerEntries.periodStart} > ${last.periodStart}::date` : undefined,
        ),
      );
    const unpaid = payouts.filter((p) => !p.isPaid).reduce((s, p) => s + p.netCents, 0);
    expect(balance.pendingCents).toBe(unpaid - (last?.carriedForwardCents ?? 0) + Number(open?.cents ?? 0));
  }
  // No entry is ever written twice.
  const twice = await db
    .select({ sourceKey: ledgerEntries.sourceKey })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.sourceKey)
    .having(sql`count(*) > 1`);
  expect(twice).toEqual([]);
}

describe('the ledger balances (property-based)', () => {
  it('for random sequences of sales, refunds, redemptions, disputes and payout closes, every merchant’s money adds up', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, runScenario), { numRuns: 25, seed: 1_605_2026, endOnFailure: true });
  }, 600_000);
});
