import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MerchantPayoutsPage, PayoutAccount } from '@localperks/shared';
import {
  ledgerEntries,
  merchantPayouts,
  payoutAccounts,
  sandboxConnectedAccounts,
  sandboxTransfers,
  webhookEvents,
} from '../../../db/schema';
import { build, type TestApp } from '../../../../test/build';
import { createMerchantSession, sellAt } from '../../../../test/factories';
import { mutableClock } from '../../../../test/clock';
import { deliverSandboxEvent, linkIdOf, onboard, runPayoutJob } from '../../../../test/payout-accounts';
import { sandboxAccountObject } from '../../../payments/sandbox';

/**
 * A payout account per merchant (docs/decisions/0056-payout-accounts-and-transfers.md) with the built-in sandbox
 * provider: its hosted onboarding, the states it reports by signed `account.updated`, and payouts that wait for
 * the account until it is active.
 */

const account = async (t: TestApp, cookie: string) => {
  const res = await t.request({ method: 'GET', url: '/api/merchant/payout-account', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PayoutAccount>();
};

describe('setting up payouts in the sandbox', async () => {
  const t = await build();
  const db = t.database.db;

  it('not started → pending verification → restricted (with what is asked) → active, each state told by a signed account.updated', async () => {
    const m = await createMerchantSession(t, { businessName: 'Onboarding Oven' });
    expect(await account(t, m.cookie)).toEqual({
      status: 'not_started',
      provider: 'sandbox',
      requirements: [],
      hasDashboard: false,
      updatedAt: null,
      waiting: { payouts: 0, netCents: 0 },
    });

    // "Set up payouts": an account at the sandbox, and its hosted onboarding page for this merchant.
    const started = await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie: m.cookie });
    expect(started.statusCode).toBe(200);
    const url = started.json<{ url: string }>().url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox\/connect\/acctlink_sandbox_[\w-]{20,}$/);
    const page = await t.request({ method: 'GET', url: `/api/sandbox/connect/${linkIdOf(url)}` });
    expect(page.json()).toMatchObject({ kind: 'onboarding', businessName: 'Onboarding Oven', email: m.user.email, status: 'not_started' });
    expect(await account(t, m.cookie)).toMatchObject({ status: 'not_started', hasDashboard: true });

    // Submitted, still being verified: the merchant is sent back to their Payouts page.
    const done = await t.request({ method: 'POST', url: `/api/sandbox/connect/${linkIdOf(url)}/outcome`, payload: { outcome: 'pending' } });
    expect(done.json()).toEqual({ url: 'http://localhost:3000/merchant/payouts?account=return' });
    expect(await account(t, m.cookie)).toMatchObject({ status: 'pending', requirements: [] });
    // It came by the signed event, through the webhook route.
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.merchantId, m.merchant.id));
    const [sandbox] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, row!.providerAccountId));
    expect(sandbox).toMatchObject({ status: 'pending', pendingEvent: null });
    expect((await db.select().from(webhookEvents).where(eq(webhookEvents.type, 'account.updated'))).length).toBeGreaterThan(0);
    // An onboarding link is single use, as Stripe's Account Links are.
    const reused = await t.request({
      method: 'POST',
      url: `/api/sandbox/connect/${linkIdOf(url)}/outcome`,
      payload: { outcome: 'complete' },
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe('The setup link has expired or was already used. Start again from your Payouts page.');

    // The provider comes back asking for an identity document.
    await onboard(t, m.cookie, 'restricted');
    expect(await account(t, m.cookie)).toMatchObject({
      status: 'restricted',
      requirements: [{ field: 'individual.verification.document', label: 'A photo of an identity document' }],
    });

    // Given: active. There is nothing more to set up; the account's dashboard opens.
    await onboard(t, m.cookie, 'complete');
    expect(await account(t, m.cookie)).toMatchObject({ status: 'active', requirements: [] });
    const again = await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie: m.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your payout account is already active.');
    const dashboard = await t.request({ method: 'POST', url: '/api/merchant/payout-account/dashboard', cookie: m.cookie });
    const board = await t.request({ method: 'GET', url: `/api/sandbox/connect/${linkIdOf(dashboard.json<{ url: string }>().url)}` });
    expect(board.json()).toMatchObject({ kind: 'dashboard', status: 'active', transfers: [] });
    // One account however often the merchant set up: the sandbox, like Stripe's idempotency key, made one.
    expect(await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.merchantId, m.merchant.id))).toHaveLength(1);
  });

  it('account.updated is idempotent: a redelivered event changes nothing, an older one never overwrites a newer state, a forged one is refused', async () => {
    const m = await createMerchantSession(t, { businessName: 'Replay Ramen' });
    await onboard(t, m.cookie, 'complete');
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.merchantId, m.merchant.id));
    const object = (status: 'active' | 'restricted') =>
      sandboxAccountObject({ id: row!.providerAccountId, merchantId: m.merchant.id, status, requirements: ['external_account'] });
    const later = Math.floor(Date.now() / 1000) + 60;
    const restricted = {
      id: 'evt_replay_restricted',
      type: 'account.updated' as const,
      created: later,
      data: { object: object('restricted') },
    };
    expect((await deliverSandboxEvent(t, restricted)).json()).toEqual({ received: true, fulfilled: true });
    expect(await account(t, m.cookie)).toMatchObject({
      status: 'restricted',
      requirements: [{ field: 'external_account', label: 'A bank account to pay out to' }],
    });
    // The same event again: recognised, nothing changes.
    expect((await deliverSandboxEvent(t, restricted)).json()).toEqual({ received: true, fulfilled: false });
    // An event made before the one applied arrives late: the newer state stays.
    const older = {
      id: 'evt_replay_active_old',
      type: 'account.updated' as const,
      created: later - 30,
      data: { object: object('active') },
    };
    expect((await deliverSandboxEvent(t, older)).json()).toEqual({ received: true, fulfilled: false });
    expect((await account(t, m.cookie)).status).toBe('restricted');
    // Signed with another secret: refused, nothing recorded.
    const forged = { ...older, id: 'evt_forged', created: later + 30 };
    const refused = await deliverSandboxEvent(t, forged, 'not-the-sandbox-secret');
    expect(refused.statusCode).toBe(400);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_forged'))).toEqual([]);
    expect((await account(t, m.cookie)).status).toBe('restricted');
    // An account that is not one of ours (no merchant of ours in its metadata) is left alone.
    const stranger = sandboxAccountObject({
      id: 'acct_sandbox_not_ours',
      merchantId: crypto.randomUUID(),
      status: 'active',
      requirements: [],
    });
    const unknown = { id: 'evt_stranger', type: 'account.updated' as const, created: later, data: { object: stranger } };
    expect((await deliverSandboxEvent(t, unknown)).json()).toEqual({ received: true, fulfilled: false });
    expect(await db.select().from(payoutAccounts).where(eq(payoutAccounts.providerAccountId, 'acct_sandbox_not_ours'))).toEqual([]);
  });

  it('only an approved merchant sets up payouts; customers, admins and anonymous callers are refused', async () => {
    const pending = await createMerchantSession(t, { approved: false });
    expect((await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie: pending.cookie })).statusCode).toBe(
      403,
    );
    expect((await account(t, pending.cookie)).status).toBe('not_started');
    const noAccount = await t.request({ method: 'POST', url: '/api/merchant/payout-account/dashboard', cookie: pending.cookie });
    expect(noAccount.statusCode).toBe(409);
    const customer = await t.loginAs('customer');
    const admin = await t.loginAs('admin');
    for (const [method, url] of [
      ['GET', '/api/merchant/payout-account'],
      ['POST', '/api/merchant/payout-account/onboarding'],
      ['POST', '/api/merchant/payout-account/refresh'],
      ['POST', '/api/merchant/payout-account/dashboard'],
    ] as const) {
      for (const cookie of [customer.cookie, admin.cookie]) expect((await t.request({ method, url, cookie })).statusCode, url).toBe(403);
      expect((await t.request({ method, url })).statusCode, url).toBe(401);
    }
    // An unknown or malformed sandbox page is a 4xx, never a 5xx.
    expect((await t.request({ method: 'GET', url: '/api/sandbox/connect/acctlink_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: '/api/sandbox/connect/nope' })).statusCode).toBe(400);
  });
});

describe('payouts wait for the payout account', async () => {
  const clock = mutableClock('2025-03-16T09:00:00Z');
  const t = await build({ clock });
  const db = t.database.db;

  it('accrue as "waiting for your payout account" (not overdue, nothing lost) and are transferred once it is active', async () => {
    const m = await createMerchantSession(t, { businessName: 'Patient Patisserie' });
    await sellAt(t, m.merchant.id, [
      { at: '2025-03-03T10:00:00Z', priceCents: 5000, rate: 15 },
      { at: '2025-03-10T10:00:00Z', priceCents: 2000, rate: 15 },
    ]);
    expect((await runPayoutJob(t)).created).toBe(1);
    const [payout] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, m.merchant.id));
    expect(payout).toMatchObject({ netCents: 5950, state: 'waiting_for_account', isPaid: false, transferId: null });
    const page = (await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie: m.cookie })).json<MerchantPayoutsPage>();
    expect(page.items[0]).toMatchObject({ state: 'waiting_for_account', transferId: null, paidAt: null });
    expect(await account(t, m.cookie)).toMatchObject({ status: 'not_started', waiting: { payouts: 1, netCents: 5950 } });
    // Not the platform's to act on: the admin's list does not call it overdue, days after its payout date.
    clock.set('2025-03-20T09:00:00Z');
    await runPayoutJob(t);
    const admin = await t.loginAs('admin');
    const listed = (await t.request({ method: 'GET', url: '/api/admin/payouts', cookie: admin.cookie })).json().items;
    expect(listed.find((p: { id: string }) => p.id === payout!.id)).toMatchObject({ state: 'waiting_for_account', isOverdue: false });
    expect(await db.select().from(sandboxTransfers)).toEqual([]);

    // Pending verification is not enough.
    await onboard(t, m.cookie, 'pending');
    await runPayoutJob(t);
    expect((await db.select().from(merchantPayouts).where(eq(merchantPayouts.id, payout!.id)))[0]!.state).toBe('waiting_for_account');

    // Active: scheduled at once, and the job transfers it, exactly once, with the provider's transfer id.
    await onboard(t, m.cookie, 'complete');
    expect((await db.select().from(merchantPayouts).where(eq(merchantPayouts.id, payout!.id)))[0]!.state).toBe('scheduled');
    expect((await runPayoutJob(t)).transfers).toMatchObject({ paid: 1 });
    await runPayoutJob(t);
    const transfers = await db.select().from(sandboxTransfers);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amountCents: 5950, idempotencyKey: `payout-${payout!.id}-1`, metadata: { payoutId: payout!.id } });
    const [paid] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.id, payout!.id));
    expect(paid).toMatchObject({ state: 'paid', isPaid: true, paidVia: 'transfer', transferId: transfers[0]!.id });
    // The ledger records the transfer; the merchant's balance is what is left (nothing).
    expect(
      await db
        .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents, sourceKey: ledgerEntries.sourceKey })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.payoutId, payout!.id))),
    ).toEqual([{ kind: 'payout', amountCents: -5950, sourceKey: `transfer:${transfers[0]!.id}` }]);
    const after = (await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie: m.cookie })).json<MerchantPayoutsPage>();
    expect(after.items[0]).toMatchObject({
      state: 'paid',
      transferId: transfers[0]!.id,
      paidVia: 'transfer',
      paidAt: '2025-03-20T09:00:00.000Z',
    });
    expect(after.outstanding).toEqual({ payouts: 0, netCents: 0 });
    expect((await t.lastMail(m.user.email, 'payout_paid'))?.subject).toBe('Your LocalPerks payout of $59.50 has been paid');
    // The sandbox's dashboard of the account shows the transfer it received.
    const dashboard = await t.request({ method: 'POST', url: '/api/merchant/payout-account/dashboard', cookie: m.cookie });
    const board = await t.request({ method: 'GET', url: `/api/sandbox/connect/${linkIdOf(dashboard.json<{ url: string }>().url)}` });
    expect(board.json().transfers).toMatchObject([{ id: transfers[0]!.id, amountCents: 5950, reversedCents: 0 }]);
  });
});
