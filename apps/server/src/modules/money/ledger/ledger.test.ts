import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DISPUTE_FEE_CENTS, DAY_MS } from '@localperks/shared';
import { disputes, ledgerEntries, merchantCharges, merchantPayouts, notifications, orders, sandboxSubscriptions } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createBoostDeal, createDeal, createMerchant, createMerchantSession, TEST_CARD } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { startMerchantCharge } from '../billing/billing.service';
import { closePayoutPeriods } from '../payouts/payouts.service';
import { runSandboxSubscriptions } from '../sandbox/sandbox.service';
import { merchantBalance, periodTotals, postRefund } from './ledger.service';

/** Marking a payout paid is an exception now (payouts are transferred): it takes the admin's reason. */
const OUTSIDE = { reason: 'Paid by bank transfer outside the platform.' };

const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');
const customer = await t.loginAs('customer');

const entriesOf = (merchantId: string) =>
  db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      sourceKey: ledgerEntries.sourceKey,
      periodStart: ledgerEntries.periodStart,
      purchaseId: ledgerEntries.purchaseId,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.merchantId, merchantId))
    // Entries written together come in the kinds' declared order (a PostgreSQL enum sorts that way).
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.kind), asc(ledgerEntries.sourceKey));
const payoutsOf = (merchantId: string) =>
  db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchantId)).orderBy(asc(merchantPayouts.periodStart));

/** Buys `quantity` vouchers of a new deal at `at` through checkout, the sandbox card page and its signed webhook. */
async function sellAt(merchantId: string, at: string, priceCents = 1000, quantity = 1) {
  clock.set(at);
  const deal = await createDeal(db, merchantId, { dealPriceCents: priceCents, expirationDate: new Date(Date.parse(at) + 60 * DAY_MS) });
  return buy(t, customer.cookie, [{ dealId: deal.id, quantity }]);
}
const closeAt = (at: string) => closePayoutPeriods({ db, clock: { now: () => new Date(at) } });
async function markPaid(payoutId: string, at: string) {
  clock.set(at);
  const res = await t.request({ method: 'POST', url: `/api/admin/payouts/${payoutId}/mark-paid`, cookie: admin.cookie, payload: OUTSIDE });
  expect(res.statusCode).toBe(200);
}
const refund = (purchaseId: string, at: string) => db.transaction((tx) => postRefund(tx, { purchaseId, at: new Date(at) }));

/** A signed sandbox dispute event, as the sandbox provider would post it. */
function disputeEvent(
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  o: { disputeId: string; sessionId: string; amount: number; status: string; purchaseId?: string },
) {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: o.disputeId,
        charge: o.sessionId,
        amount: o.amount,
        status: o.status,
        reason: 'fraudulent',
        metadata: o.purchaseId ? { purchaseId: o.purchaseId } : {},
      },
    },
  });
}
const deliver = (payload: string) =>
  t.request({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.deps.sandboxSecret, payload) },
    payload,
  });
async function sessionOf(orderId: string) {
  const [order] = await db.select({ sessionId: orders.providerSessionId }).from(orders).where(eq(orders.id, orderId));
  return order!.sessionId!;
}

describe('ledger entries for each source', () => {
  it('a sale writes its sale and commission with the purchase, once, however often the payment is confirmed', async () => {
    const { merchant } = await createMerchant(db, { commissionRate: 15 });
    const [p1, p2] = await sellAt(merchant.id, '2030-01-03T10:00:00Z', 2000, 2);
    expect(await entriesOf(merchant.id)).toEqual(
      expect.arrayContaining([
        { kind: 'sale', amountCents: 2000, sourceKey: `sale:${p1!.id}`, periodStart: '2030-01-01', purchaseId: p1!.id },
        { kind: 'commission', amountCents: -300, sourceKey: `commission:${p1!.id}`, periodStart: '2030-01-01', purchaseId: p1!.id },
        { kind: 'sale', amountCents: 2000, sourceKey: `sale:${p2!.id}`, periodStart: '2030-01-01', purchaseId: p2!.id },
        { kind: 'commission', amountCents: -300, sourceKey: `commission:${p2!.id}`, periodStart: '2030-01-01', purchaseId: p2!.id },
      ]),
    );
    expect(await entriesOf(merchant.id)).toHaveLength(4);
    // The sandbox redelivers the completed event (the job does so until it is accepted): nothing more is written.
    const { redeliverSandboxWebhooks, deliverCompletedWebhook } = await import('../sandbox/sandbox.service');
    const { sandboxSessions } = await import('../../../db/schema');
    const [session] = await db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, await sessionOf(p1!.orderId)));
    expect(await deliverCompletedWebhook(t.app.deps, session!)).toBe(true);
    await redeliverSandboxWebhooks(t.app.deps);
    expect(await entriesOf(merchant.id)).toHaveLength(4);
    expect(await merchantBalance(db, merchant.id)).toMatchObject({ salesCents: 4000, commissionCents: 600, pendingCents: 3400 });
    expect(await periodTotals(db, { periodStart: '2030-01-01', merchantId: merchant.id })).toMatchObject({
      salesCents: 4000,
      netCents: 3400,
      platformRevenueCents: 600,
    });
  });

  it('a paid subscription, its renewal and a PerkBoost launch are the merchant’s charges, outside the payout balance', async () => {
    clock.set('2030-02-02T09:00:00Z');
    const m = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', commissionRate: 0 });
    const checkout = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: m.cookie });
    expect(checkout.statusCode).toBe(200);
    const pay = (url: string) =>
      t.request({ method: 'POST', url: `/api/sandbox/sessions/${url.split('/').pop()}/pay`, payload: TEST_CARD });
    expect((await pay(checkout.json().url as string)).statusCode).toBe(200);
    const [sub] = await db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, m.merchant.id));
    // A month later the sandbox renews it (signed invoice.paid).
    await db
      .update(sandboxSubscriptions)
      .set({ currentPeriodEnd: new Date('2030-03-02T09:00:00Z') })
      .where(eq(sandboxSubscriptions.id, sub!.providerSubscriptionId!));
    clock.set('2030-03-02T09:05:00Z');
    expect((await runSandboxSubscriptions(t.app.deps)).renewed).toHaveLength(1);

    clock.set('2030-03-02T10:00:00Z');
    const draft = await createBoostDeal(db, m.merchant.id, 40, 0, { status: 'draft', votingEndDate: null });
    const boost = await startMerchantCharge(t.app.deps, {
      merchantId: m.merchant.id,
      merchantEmail: m.user.email,
      kind: 'perkboost',
      dealId: draft.id,
      boostDays: 3,
      amountCents: 2499,
      description: 'PerkBoost: 3 days',
      successPath: '/merchant/dashboard',
      cancelPath: '/merchant/dashboard',
    });
    expect((await pay(boost.url)).statusCode).toBe(200);

    expect((await entriesOf(m.merchant.id)).map((e) => [e.kind, e.amountCents, e.sourceKey])).toEqual([
      ['subscription_charge', -1500, `charge:${sub!.id}`],
      ['subscription_charge', -1500, `charge:${sub!.id}:month:2`],
      ['perkboost_charge', -2499, `charge:${boost.chargeId}`],
    ]);
    expect(await merchantBalance(db, m.merchant.id)).toMatchObject({
      pendingCents: 0,
      subscriptionChargesCents: 3000,
      perkboostChargesCents: 2499,
    });
  });

  it('a payout marked paid leaves the balance as a payout entry', async () => {
    const { merchant } = await createMerchant(db);
    await sellAt(merchant.id, '2030-04-02T10:00:00Z', 1000);
    expect((await closeAt('2030-04-16T00:00:00Z')).created).toBeGreaterThan(0);
    const [payout] = await payoutsOf(merchant.id);
    await markPaid(payout!.id, '2030-04-15T09:00:00Z');
    expect((await entriesOf(merchant.id)).filter((e) => e.kind === 'payout')).toEqual([
      { kind: 'payout', amountCents: -850, sourceKey: `payout:${payout!.id}`, periodStart: '2030-04-15', purchaseId: null },
    ]);
    expect(await merchantBalance(db, merchant.id)).toMatchObject({ paidOutCents: 850, pendingCents: 0 });
  });
});

describe('the ledger is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of an entry', async () => {
    const { merchant } = await createMerchant(db);
    await sellAt(merchant.id, '2030-05-02T10:00:00Z');
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, merchant.id)).limit(1);
    /** The database's own refusal (drizzle wraps it: the reason is the cause). */
    const refused = async (query: PromiseLike<unknown>) => {
      const err = await Promise.resolve(query).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(String(err?.cause?.message ?? err?.message)).toMatch(/ledger_entries is append-only: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    };
    await refused(db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, entry!.id)));
    await refused(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id)));
    await refused(db.execute(sql`truncate ledger_entries`));
    await expect(
      db
        .insert(ledgerEntries)
        .values({ ...entry!, id: undefined, createdAt: undefined })
        .onConflictDoNothing()
        .returning(),
    ).resolves.toEqual([]);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry!.id))).toEqual([entry]);
  });
});

describe('postRefund', () => {
  it('before the sale’s payout: a refund in the sale’s period, lowering that payout’s gross and commission', async () => {
    const { merchant } = await createMerchant(db, { commissionRate: 20 });
    const [kept] = await sellAt(merchant.id, '2030-06-02T10:00:00Z', 3000);
    const [returned] = await sellAt(merchant.id, '2030-06-03T10:00:00Z', 1000);
    const posted = await refund(returned!.id, '2030-06-05T12:00:00Z');
    expect(posted).toMatchObject({
      posted: true,
      kind: 'refund',
      periodStart: '2030-06-01',
      amountCents: 1000,
      commissionReversedCents: 200,
    });
    // The same refund again (a retried call, a second instance): nothing is written.
    expect(await refund(returned!.id, '2030-06-05T12:00:01Z')).toMatchObject({ posted: false });
    expect((await entriesOf(merchant.id)).filter((e) => e.purchaseId === returned!.id).map((e) => [e.kind, e.amountCents])).toEqual([
      ['sale', 1000],
      ['commission', -200],
      ['refund', -1000],
      ['commission_reversal', 200],
    ]);
    await closeAt('2030-06-15T01:00:00Z');
    expect(
      (await payoutsOf(merchant.id)).map((p) => [
        p.periodStart,
        p.totalPurchases,
        p.grossCents,
        p.refundsCents,
        p.commissionCents,
        p.netCents,
      ]),
    ).toEqual([['2030-06-01', 1, 3000, 1000, 600, 2400]]);
    expect(kept).toBeDefined();
  });

  it('after the sale’s payout: a deduction on the merchant’s next payout, with the commission reversed at the sale’s rate', async () => {
    const { merchant } = await createMerchant(db, { commissionRate: 10 });
    const [sold] = await sellAt(merchant.id, '2030-07-02T10:00:00Z', 4000);
    await closeAt('2030-07-15T01:00:00Z');
    const [first] = await payoutsOf(merchant.id);
    await markPaid(first!.id, '2030-07-15T09:00:00Z');
    // The merchant's commission rate changes later; the reversal follows the rate charged on the sale.
    const { merchants } = await import('../../../db/schema');
    await db.update(merchants).set({ commissionRate: 15 }).where(eq(merchants.id, merchant.id));
    await sellAt(merchant.id, '2030-07-20T10:00:00Z', 5000);
    expect(await refund(sold!.id, '2030-07-21T12:00:00Z')).toMatchObject({
      posted: true,
      kind: 'deduction',
      periodStart: '2030-07-15',
      amountCents: 4000,
      commissionReversedCents: 400,
    });
    expect(await refund(sold!.id, '2030-07-22T12:00:00Z')).toMatchObject({ posted: false });
    await closeAt('2030-08-01T01:00:00Z');
    const [, second] = await payoutsOf(merchant.id);
    // $50 sale at 15 % ($7.50), less the $40 deduction with its $4 commission given back: 5000 − (750 − 400) − 4000.
    expect(second).toMatchObject({
      periodStart: '2030-07-15',
      grossCents: 5000,
      commissionCents: 350,
      deductionsCents: 4000,
      carriedForwardCents: 0,
      netCents: 650,
    });
    expect((await payoutsOf(merchant.id))[0]).toMatchObject({ grossCents: 4000, netCents: 3600, isPaid: true });
  });

  it('a payout never goes below zero: the rest is carried forward and taken from the next payout', async () => {
    const { merchant } = await createMerchant(db, { commissionRate: 15 });
    const [sold] = await sellAt(merchant.id, '2030-09-02T10:00:00Z', 1000);
    await closeAt('2030-09-15T01:00:00Z');
    const [first] = await payoutsOf(merchant.id);
    await markPaid(first!.id, '2030-09-15T09:00:00Z');
    await sellAt(merchant.id, '2030-09-16T10:00:00Z', 200);
    await refund(sold!.id, '2030-09-17T10:00:00Z');
    await closeAt('2030-10-01T01:00:00Z');
    await sellAt(merchant.id, '2030-10-02T10:00:00Z', 2000);
    await closeAt('2030-10-15T01:00:00Z');
    const rows = await payoutsOf(merchant.id);
    expect(
      rows.map((p) => [
        p.periodStart,
        p.grossCents,
        p.commissionCents,
        p.deductionsCents,
        p.carriedInCents,
        p.carriedForwardCents,
        p.netCents,
      ]),
    ).toEqual([
      ['2030-09-01', 1000, 150, 0, 0, 0, 850],
      // 200 − 30 commission + 150 reversed − 1000 deducted = −680: paid 0, 680 carried forward.
      ['2030-09-15', 200, -120, 1000, 0, 680, 0],
      // 2000 − 300 − 680 carried in.
      ['2030-10-01', 2000, 300, 0, 680, 0, 1020],
    ]);
    const balance = await merchantBalance(db, merchant.id);
    expect(balance.pendingCents).toBe(1020);
    expect(balance.paidOutCents + balance.pendingCents).toBe(
      balance.salesCents -
        balance.commissionCents -
        balance.refundsCents +
        balance.commissionReversedCents -
        balance.deductionsCents -
        balance.disputeFeesCents,
    );
  });

  it('an unknown purchase is a 404-type error, nothing written', async () => {
    await expect(refund('00000000-0000-4000-8000-000000000000', '2030-01-01T00:00:00Z')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('disputes', () => {
  const adminNotes = () =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.type, 'dispute')));

  it('created: recorded against the purchase, admins notified; closed lost: amount and fee deducted; replays change nothing', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Chargeback Cafe', commissionRate: 15 });
    const [p] = await sellAt(merchant.id, '2030-11-02T10:00:00Z', 3000);
    const sessionId = await sessionOf(p!.orderId);
    const before = (await adminNotes()).length;
    clock.set('2030-11-05T10:00:00Z');
    const created = disputeEvent('charge.dispute.created', {
      disputeId: 'dp_sandbox_1',
      sessionId,
      amount: 3240,
      status: 'needs_response',
    });
    expect((await deliver(created)).json()).toEqual({ received: true, fulfilled: true });
    expect((await deliver(created)).json()).toEqual({ received: true, fulfilled: false });
    const [dispute] = await db.select().from(disputes).where(eq(disputes.providerDisputeId, 'dp_sandbox_1'));
    expect(dispute).toMatchObject({ orderId: p!.orderId, status: 'open', amountCents: 3240, feeCents: 0, reason: 'fraudulent' });
    expect((await adminNotes()).length).toBe(before + 1);
    expect((await adminNotes()).at(-1)?.message).toContain('Chargeback Cafe');
    expect((await entriesOf(merchant.id)).map((e) => e.kind)).toEqual(['sale', 'commission']);

    clock.set('2030-11-20T10:00:00Z');
    const lost = disputeEvent('charge.dispute.closed', { disputeId: 'dp_sandbox_1', sessionId, amount: 3240, status: 'lost' });
    expect((await deliver(lost)).json()).toEqual({ received: true, fulfilled: true });
    expect((await deliver(lost)).json()).toEqual({ received: true, fulfilled: false });
    // A second, differently-numbered event saying the same is applied once too.
    expect(
      (await deliver(disputeEvent('charge.dispute.closed', { disputeId: 'dp_sandbox_1', sessionId, amount: 3240, status: 'lost' }))).json(),
    ).toEqual({ received: true, fulfilled: false });
    const [closed] = await db.select().from(disputes).where(eq(disputes.id, dispute!.id));
    expect(closed).toMatchObject({ status: 'lost', feeCents: DISPUTE_FEE_CENTS });
    expect(closed!.closedAt?.toISOString()).toBe('2030-11-20T10:00:00.000Z');
    expect((await entriesOf(merchant.id)).map((e) => [e.kind, e.amountCents, e.sourceKey])).toEqual([
      ['sale', 3000, `sale:${p!.id}`],
      ['commission', -450, `commission:${p!.id}`],
      ['commission_reversal', 450, `refund:${p!.id}:reversal`],
      ['deduction', -3000, `refund:${p!.id}`],
      ['dispute_fee', -1500, `dispute:${dispute!.id}:fee:${merchant.id}`],
    ]);
    expect((await adminNotes()).length).toBe(before + 2);
    // The voucher's money went back once: a refund of it afterwards writes nothing.
    expect(await refund(p!.id, '2030-11-21T10:00:00Z')).toMatchObject({ posted: false });
    await closeAt('2030-12-01T01:00:00Z');
    // The sale's period is paid in full; the loss in the next one: 450 reversed − 3000 − 1500 fee = −4050, carried forward.
    expect(
      (await payoutsOf(merchant.id)).map((r) => [r.periodStart, r.netCents, r.deductionsCents, r.disputeFeesCents, r.carriedForwardCents]),
    ).toEqual([
      ['2030-11-01', 2550, 0, 0, 0],
      ['2030-11-15', 0, 3000, 1500, 4050],
    ]);
  });

  it('closed before created, and won: recorded, nothing deducted', async () => {
    const { merchant } = await createMerchant(db);
    const [p] = await sellAt(merchant.id, '2030-11-03T10:00:00Z', 2500);
    const sessionId = await sessionOf(p!.orderId);
    const won = disputeEvent('charge.dispute.closed', { disputeId: 'dp_sandbox_won', sessionId, amount: 2700, status: 'won' });
    expect((await deliver(won)).statusCode).toBe(200);
    const created = disputeEvent('charge.dispute.created', {
      disputeId: 'dp_sandbox_won',
      sessionId,
      amount: 2700,
      status: 'needs_response',
    });
    expect((await deliver(created)).json()).toEqual({ received: true, fulfilled: false });
    const [row] = await db.select().from(disputes).where(eq(disputes.providerDisputeId, 'dp_sandbox_won'));
    expect(row).toMatchObject({ status: 'won', feeCents: 0 });
    expect((await entriesOf(merchant.id)).map((e) => e.kind)).toEqual(['sale', 'commission']);
  });

  it('refuses a dispute naming a purchase of another payment (400), and an unsigned one (400)', async () => {
    const { merchant } = await createMerchant(db);
    const [a] = await sellAt(merchant.id, '2030-11-04T10:00:00Z');
    const [b] = await sellAt(merchant.id, '2030-11-04T11:00:00Z');
    const bad = disputeEvent('charge.dispute.created', {
      disputeId: 'dp_sandbox_bad',
      sessionId: await sessionOf(a!.orderId),
      amount: 100,
      status: 'needs_response',
      purchaseId: b!.id,
    });
    const res = await deliver(bad);
    expect(res.statusCode).toBe(400);
    expect(await db.select().from(disputes).where(eq(disputes.providerDisputeId, 'dp_sandbox_bad'))).toEqual([]);
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: bad,
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('flags a merchant with 3 lost disputes within 90 days on the admin Overview (the server’s clock decides)', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Risky Rentals' });
    const loseAt = async (n: number, at: string) => {
      const [p] = await sellAt(merchant.id, at, 1000);
      const sessionId = await sessionOf(p!.orderId);
      await deliver(
        disputeEvent('charge.dispute.created', { disputeId: `dp_flag_${n}`, sessionId, amount: 1080, status: 'needs_response' }),
      );
      const res = await deliver(
        disputeEvent('charge.dispute.closed', { disputeId: `dp_flag_${n}`, sessionId, amount: 1080, status: 'lost' }),
      );
      expect(res.json()).toEqual({ received: true, fulfilled: true });
    };
    const flags = async (at: string) => {
      clock.set(at);
      const res = await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      return (res.json().disputeFlags as { merchantId: string; lostDisputes: number }[]).filter((f) => f.merchantId === merchant.id);
    };
    await loseAt(1, '2031-01-02T10:00:00Z');
    await loseAt(2, '2031-02-02T10:00:00Z');
    expect(await flags('2031-02-03T00:00:00Z')).toEqual([]);
    await loseAt(3, '2031-03-02T10:00:00Z');
    expect(await flags('2031-03-03T00:00:00Z')).toEqual([{ merchantId: merchant.id, businessName: 'Risky Rentals', lostDisputes: 3 }]);
    // 91 days after the first loss only two are within the window.
    expect(await flags('2031-04-03T10:00:01Z')).toEqual([]);
  });
});
