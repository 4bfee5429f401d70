import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AdminPayout, AdminPayoutsPage, PayoutReconciliation, PayoutSummary } from '@localperks/shared';
import { adminAuditLog, ledgerEntries, merchantPayouts, notifications, sandboxTransfers } from '../../../db/schema';
import { build, type TestApp } from '../../../../test/build';
import { createMerchantSession, sellAt } from '../../../../test/factories';
import { mutableClock } from '../../../../test/clock';
import { changeFromDashboard, onboard, runPayoutJob } from '../../../../test/payout-accounts';
import { postRefund } from '../ledger/ledger.service';

/**
 * Transfers on the payout date with the sandbox provider (docs/decisions/0056-payout-accounts-and-transfers.md):
 * held payouts, failures and retries, the admin's exceptions, the smallest transfer, and the reconciliation of the
 * ledger after sales, refunds, deductions and transfers.
 */

const clock = mutableClock('2025-07-16T08:00:00Z');
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');

const payoutsOf = (merchantId: string) =>
  db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchantId)).orderBy(asc(merchantPayouts.periodStart));
const post = (url: string, payload?: object) => t.request({ method: 'POST', url, cookie: admin.cookie, ...(payload ? { payload } : {}) });
const transfersTo = async (payoutId: string) =>
  (await db.select().from(sandboxTransfers)).filter((tr) => tr.metadata.payoutId === payoutId);

/** A merchant with an active sandbox payout account. */
async function activeMerchant(t: TestApp, name: string) {
  const m = await createMerchantSession(t, { businessName: name });
  await onboard(t, m.cookie, 'complete');
  return m;
}

describe('transfers on the payout date', () => {
  it('a held payout is not transferred, however often the job runs; released, it is', async () => {
    clock.set('2025-07-16T08:00:00Z');
    const m = await activeMerchant(t, 'Held Hummus');
    await sellAt(t, m.merchant.id, [{ at: '2025-07-02T12:00:00Z', priceCents: 6_000, rate: 15 }]);
    // Closed just now; the admin holds it before its transfer (the job closes and transfers in one run, so it is closed here by hand).
    const { closePayoutPeriods } = await import('./payouts.service');
    await closePayoutPeriods({ db, clock });
    const [payout] = await payoutsOf(m.merchant.id);
    const held = await post(`/api/admin/payouts/${payout!.id}/hold`, { reason: 'Merchant under review for chargebacks.' });
    expect(held.json<AdminPayout>()).toMatchObject({
      state: 'held',
      heldReason: 'Merchant under review for chargebacks.',
      isOverdue: false,
    });
    for (let i = 0; i < 2; i++) await runPayoutJob(t);
    clock.set('2025-07-20T08:00:00Z');
    await runPayoutJob(t);
    expect(await transfersTo(payout!.id)).toEqual([]);
    expect((await payoutsOf(m.merchant.id))[0]).toMatchObject({ state: 'held', isPaid: false });
    // A held payout cannot be held again, nor retried.
    expect((await post(`/api/admin/payouts/${payout!.id}/hold`, { reason: 'Again, for the record.' })).statusCode).toBe(409);
    expect((await post(`/api/admin/payouts/${payout!.id}/retry`)).statusCode).toBe(409);
    // A reason is required.
    const bare = await post(`/api/admin/payouts/${payout!.id}/hold`, { reason: ' ' });
    expect(bare.statusCode).toBe(400);

    expect((await post(`/api/admin/payouts/${payout!.id}/release`)).json<AdminPayout>()).toMatchObject({
      state: 'scheduled',
      heldReason: null,
    });
    await runPayoutJob(t);
    expect(await transfersTo(payout!.id)).toHaveLength(1);
    expect((await payoutsOf(m.merchant.id))[0]).toMatchObject({ state: 'paid', paidVia: 'transfer' });
    expect(
      (await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, payout!.id)).orderBy(asc(adminAuditLog.createdAt))).map(
        (a) => [a.action, a.details.reason ?? null],
      ),
    ).toEqual([
      ['payout.held', 'Merchant under review for chargebacks.'],
      ['payout.released', null],
    ]);
  });

  it('an account restricted on the payout date fails the payout (admins notified); "Retry transfer" waits for the account, then sends it at once', async () => {
    clock.set('2025-08-01T08:00:00Z');
    const m = await activeMerchant(t, 'Retry Risotto');
    await sellAt(t, m.merchant.id, [{ at: '2025-07-20T12:00:00Z', priceCents: 8_000, rate: 15 }]);
    // The provider asks for more (an identity document) before the payout date.
    await changeFromDashboard(t, m.cookie, 'restricted');
    await runPayoutJob(t);
    const [failed] = await payoutsOf(m.merchant.id);
    expect(failed).toMatchObject({
      state: 'failed',
      failedAttempts: 1,
      failureReason: 'The payout account is restricted: the provider asks for a photo of an identity document.',
    });
    expect(await transfersTo(failed!.id)).toEqual([]);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.entityId, failed!.id)));
    expect(told).toHaveLength(1);
    // The job runs on: the admins are told once.
    await runPayoutJob(t);
    expect(await db.select().from(notifications).where(eq(notifications.entityId, failed!.id))).toHaveLength(told.length);
    const retryTooSoon = await post(`/api/admin/payouts/${failed!.id}/retry`);
    expect(retryTooSoon.statusCode).toBe(409);
    expect(retryTooSoon.json().error.message).toBe('The merchant’s payout account is not active, so the transfer cannot be retried yet.');

    // The merchant updates their details: active again. The backoff still runs, but the admin retries now.
    await onboard(t, m.cookie, 'complete');
    await runPayoutJob(t);
    expect((await payoutsOf(m.merchant.id))[0]!.state).toBe('failed');
    const retried = await post(`/api/admin/payouts/${failed!.id}/retry`);
    expect(retried.json<AdminPayout>()).toMatchObject({
      state: 'paid',
      paidVia: 'transfer',
      transferId: expect.stringMatching(/^tr_sandbox_/),
    });
    expect((await transfersTo(failed!.id)).map((tr) => tr.idempotencyKey)).toEqual([`payout-${failed!.id}-1`]);
    expect((await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, failed!.id))).map((a) => a.action)).toEqual([
      'payout.transfer_retried',
    ]);
    expect((await post(`/api/admin/payouts/${failed!.id}/retry`)).statusCode).toBe(409);
  });

  it('"Mark as paid outside the platform" takes a reason (audited), records what was owed in the ledger, and is refused while a transfer is in flight', async () => {
    clock.set('2025-08-16T08:00:00Z');
    const m = await createMerchantSession(t, { businessName: 'Outside Oysters' });
    await sellAt(t, m.merchant.id, [
      { at: '2025-08-02T12:00:00Z', priceCents: 5_000, rate: 20 },
      { at: '2025-08-03T12:00:00Z', priceCents: 1_000, rate: 20 },
    ]);
    await runPayoutJob(t);
    const [waiting] = await payoutsOf(m.merchant.id);
    expect(waiting!.state).toBe('waiting_for_account');
    expect((await post(`/api/admin/payouts/${waiting!.id}/mark-paid`, {})).statusCode).toBe(400);
    // A transfer in flight (claimed by a run): paying it by hand could pay twice.
    await db
      .update(merchantPayouts)
      .set({ state: 'transferring', transferStartedAt: clock.now() })
      .where(eq(merchantPayouts.id, waiting!.id));
    const inFlight = await post(`/api/admin/payouts/${waiting!.id}/mark-paid`, { reason: 'Cheque handed over at the shop.' });
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().error.message).toBe('This payout is being transferred right now. Wait for the transfer’s result.');
    await db
      .update(merchantPayouts)
      .set({ state: 'waiting_for_account', transferStartedAt: null })
      .where(eq(merchantPayouts.id, waiting!.id));

    const paid = await post(`/api/admin/payouts/${waiting!.id}/mark-paid`, { reason: 'Cheque handed over at the shop.' });
    expect(paid.json<AdminPayout>()).toMatchObject({ state: 'paid', paidVia: 'outside', isPaid: true, transferId: null });
    const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, waiting!.id));
    expect(audit).toMatchObject({
      action: 'payout.marked_paid',
      adminId: admin.user.id,
      details: { reason: 'Cheque handed over at the shop.', outsideThePlatform: true, paidCents: 4_800 },
    });
    expect(
      await db
        .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.payoutId, waiting!.id)),
    ).toEqual([{ kind: 'payout', amountCents: -4_800 }]);
    // Once paid outside, never transferred, even when the account comes.
    await onboard(t, m.cookie, 'complete');
    await runPayoutJob(t);
    expect(await transfersTo(waiting!.id)).toEqual([]);
  });

  it('a payout below the smallest transfer ($1.00) is not closed: its lines are carried into the next payout; a negative one carries its debt forward', async () => {
    clock.set('2025-09-01T08:00:00Z');
    const m = await activeMerchant(t, 'Penny Pretzels');
    await sellAt(t, m.merchant.id, [{ at: '2025-08-20T12:00:00Z', priceCents: 99, rate: 0 }]);
    await runPayoutJob(t);
    expect(await payoutsOf(m.merchant.id)).toEqual([]);
    clock.set('2025-09-16T08:00:00Z');
    await sellAt(t, m.merchant.id, [{ at: '2025-09-05T12:00:00Z', priceCents: 500, rate: 0 }]);
    await runPayoutJob(t);
    const [first] = await payoutsOf(m.merchant.id);
    expect(first).toMatchObject({ periodStart: '2025-09-01', totalPurchases: 2, grossCents: 599, netCents: 599, state: 'paid' });
    expect((await transfersTo(first!.id)).map((tr) => tr.amountCents)).toEqual([599]);

    // Both vouchers refunded after that payout: −599 deducted from the next, which is 0 and carries it forward; no transfer.
    const sold = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, m.merchant.id), eq(ledgerEntries.kind, 'sale')));
    for (const s of sold) await db.transaction((tx) => postRefund(tx, { purchaseId: s.purchaseId!, at: new Date('2025-09-20T12:00:00Z') }));
    await sellAt(t, m.merchant.id, [{ at: '2025-09-21T12:00:00Z', priceCents: 300, rate: 0 }]);
    clock.set('2025-10-01T08:00:00Z');
    await runPayoutJob(t);
    const [, second] = await payoutsOf(m.merchant.id);
    expect(second).toMatchObject({ netCents: 0, carriedForwardCents: 299, state: 'paid', transferId: null, paidVia: null });
    expect(await transfersTo(second!.id)).toEqual([]);
  });
});

describe('reconciliation', () => {
  it('sales − refunds − commission − deductions − fees − transfers = the balance held, and the payouts owe the same', async () => {
    const recon = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/payouts/reconciliation', cookie: admin.cookie })).json<PayoutReconciliation>();
    const before = await recon();
    expect(before.balanced).toBe(true);
    clock.set('2025-10-16T08:00:00Z');
    const m = await activeMerchant(t, 'Reconciled Ravioli');
    const sold = await sellAt(t, m.merchant.id, [
      { at: '2025-10-02T12:00:00Z', priceCents: 10_000, rate: 15 },
      { at: '2025-10-03T12:00:00Z', priceCents: 4_000, rate: 15 },
      { at: '2025-10-04T12:00:00Z', priceCents: 2_000, rate: 15 },
    ]);
    // Refunded before its payout: a refund (lower gross and commission).
    await db.transaction((tx) => postRefund(tx, { purchaseId: sold[2]!.id, at: new Date('2025-10-05T12:00:00Z') }));
    await runPayoutJob(t);
    const [payout] = await payoutsOf(m.merchant.id);
    expect(payout).toMatchObject({ state: 'paid', netCents: 14_000 - 2_100 });
    // After the payout: a refund is a deduction from the next one; a new sale is still open.
    await db.transaction((tx) => postRefund(tx, { purchaseId: sold[1]!.id, at: new Date('2025-10-17T12:00:00Z') }));
    await sellAt(t, m.merchant.id, [{ at: '2025-10-18T12:00:00Z', priceCents: 7_000, rate: 15 }]);

    const after = await recon();
    expect(after.balanced).toBe(true);
    const d = (k: keyof PayoutReconciliation) => (after[k] as number) - (before[k] as number);
    expect(d('salesCents')).toBe(23_000);
    expect(d('refundsCents')).toBe(2_000);
    expect(d('deductionsCents')).toBe(4_000);
    expect(d('commissionCents')).toBe(1_500 + 600 + 300 + 1_050 - 300 - 600);
    expect(d('transferredCents')).toBe(11_900);
    // What the platform holds for this merchant: the deduction less its commission back, against the open sale.
    expect(d('balanceHeldCents')).toBe(7_000 - 1_050 - 4_000 + 600);
    expect(after.balanceHeldCents).toBe(
      after.salesCents -
        after.promotionsCents -
        after.refundsCents -
        after.commissionCents -
        after.deductionsCents -
        after.disputeFeesCents -
        after.transferredCents -
        after.paidOutsideCents,
    );
    expect(after.owedByPayoutsCents).toBe(after.balanceHeldCents);
    // The summary's filter counts the states.
    const summary = (await t.request({ method: 'GET', url: '/api/admin/payouts/summary', cookie: admin.cookie })).json<PayoutSummary>();
    const all = (await t.request({ method: 'GET', url: '/api/admin/payouts', cookie: admin.cookie })).json<AdminPayoutsPage>();
    expect(Object.values(summary.byState).reduce((a, b) => a + b, 0)).toBe(all.total);
    const paidOnly = (
      await t.request({ method: 'GET', url: '/api/admin/payouts?state=paid', cookie: admin.cookie })
    ).json<AdminPayoutsPage>();
    expect(paidOnly.total).toBe(summary.byState.paid);
    expect(paidOnly.items.every((p) => p.state === 'paid')).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/admin/payouts?state=lost', cookie: admin.cookie })).statusCode).toBe(400);
  });
});

// Last: its payout period is the newest closed, which later periods would follow.
describe('a suspended business', () => {
  it('a suspended business’s payouts are not transferred nor payable, shown as held; reinstated, they are sent (docs/decisions/0063)', async () => {
    clock.set('2025-11-16T08:00:00Z');
    const m = await activeMerchant(t, 'Suspended Souvlaki');
    await sellAt(t, m.merchant.id, [{ at: '2025-11-03T12:00:00Z', priceCents: 8_000, rate: 15 }]);
    const suspended = await post(`/api/admin/businesses/${m.merchant.id}/suspend`, { reason: 'Under investigation.' });
    expect(suspended.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await runPayoutJob(t);
    const [payout] = await payoutsOf(m.merchant.id);
    expect(payout).toMatchObject({ isPaid: false });
    expect(await transfersTo(payout!.id)).toEqual([]);
    const listed = (await t.request({ method: 'GET', url: '/api/admin/payouts', cookie: admin.cookie })).json<AdminPayoutsPage>();
    expect(listed.items.find((p) => p.id === payout!.id)).toMatchObject({ isHeld: true, isPaid: false });
    expect((await post(`/api/admin/payouts/${payout!.id}/mark-paid`, { reason: 'Paid by cheque.' })).statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie: m.cookie })).json().items[0]).toMatchObject({
      status: 'held',
    });

    expect((await post(`/api/admin/businesses/${m.merchant.id}/reinstate`)).statusCode).toBe(200);
    await runPayoutJob(t);
    expect(await transfersTo(payout!.id)).toHaveLength(1);
    expect((await payoutsOf(m.merchant.id))[0]).toMatchObject({ state: 'paid', paidVia: 'transfer', isPaid: true });
  });
});
