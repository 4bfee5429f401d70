import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { PayoutAccount } from '@localperks/shared';
import { ledgerEntries, merchantPayouts, notifications, payoutAccounts } from '../../../db/schema';
import { build, type TestApp } from '../../../../test/build';
import { createMerchantSession, sellAt } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';
import { mutableClock } from '../../../../test/clock';
import { runPayoutJob } from '../../../../test/payout-accounts';
import { TRANSFER_LEASE_MS } from './transfers.service';

/**
 * Payouts through Stripe Connect (docs/decisions/0056-payout-accounts-and-transfers.md): the real app on a real
 * database, the Stripe SDK talking to a local fake of api.stripe.com (Express accounts, Account Links, login links,
 * Transfers), and Stripe's events signed with Stripe's own helper: `account.updated` with the Connect endpoint's
 * secret, `transfer.reversed` with the platform's.
 */
const WEBHOOK_SECRET = 'whsec_localperks_payouts_platform';
const CONNECT_SECRET = 'whsec_localperks_payouts_connect';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const clock = mutableClock('2025-05-16T08:00:00Z');
const t = await build({
  clock,
  env: {
    STRIPE_SECRET_KEY: 'sk_test_localperks_payouts',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_API_URL: fake.url,
    // A Stripe call that gets no answer is given up after this long (then retried once): the lost-answer test waits on it.
    STRIPE_TIMEOUT_MS: '400',
  },
});
const db = t.database.db;

/** Posts a Stripe event to our endpoint, signed with Stripe's helper as its webhook sender does. */
function deliver(type: string, object: Record<string, unknown>, secret: string, extra: Record<string, unknown> = {}) {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(clock.now().getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...extra,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
}

const accountOf = async (t: TestApp, cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/merchant/payout-account', cookie })).json<PayoutAccount>();

const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

/** A merchant whose Stripe account went through onboarding and is active (told by Stripe's event). */
async function activeMerchant(name: string) {
  const m = await createMerchantSession(t, { businessName: name });
  expect((await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie: m.cookie })).statusCode).toBe(200);
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.merchantId, m.merchant.id));
  const account = fake.setAccount(row!.providerAccountId, 'active');
  expect((await deliver('account.updated', account, CONNECT_SECRET, { account: account.id })).json()).toMatchObject({ fulfilled: true });
  expect((await accountOf(t, m.cookie)).status).toBe('active');
  return { ...m, accountId: account.id as string };
}

const payoutOf = async (merchantId: string) =>
  (await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchantId)).orderBy(asc(merchantPayouts.periodStart)))[0]!;

describe('payout accounts with Stripe Connect', () => {
  it('"Set up payouts" makes one Express account per merchant (idempotency key) and an Account Link; account.updated moves it to pending, restricted (with what Stripe asks), active', async () => {
    const m = await createMerchantSession(t, { businessName: 'Stripe Street Tacos' });
    const first = await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie: m.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_test_/);
    const [created] = posts('/v1/accounts').filter((r) => r.body['metadata[merchantId]'] === m.merchant.id);
    expect(created!.headers['idempotency-key']).toBe(`payout-account-${m.merchant.id}`);
    expect(created!.body).toMatchObject({
      type: 'express',
      country: 'US',
      email: m.user.email,
      'business_profile[name]': 'Stripe Street Tacos',
      'capabilities[transfers][requested]': 'true',
    });
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.merchantId, m.merchant.id));
    expect(row).toMatchObject({ provider: 'stripe', status: 'not_started' });
    const link = posts('/v1/account_links').at(-1)!;
    expect(link.body).toMatchObject({
      account: row!.providerAccountId,
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/merchant/payouts?account=return',
      refresh_url: 'http://localhost:3000/merchant/payouts?account=refresh',
    });
    // Pressed again: a new link to the same account.
    expect((await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie: m.cookie })).statusCode).toBe(200);
    expect(posts('/v1/accounts').filter((r) => r.body['metadata[merchantId]'] === m.merchant.id)).toHaveLength(1);
    // Two presses, two links: counted by idempotency key, as a slow answer on a busy machine is sent again under its own key.
    const links = posts('/v1/account_links').filter((r) => r.body.account === row!.providerAccountId);
    expect(new Set(links.map((r) => r.headers['idempotency-key'])).size).toBe(2);

    // Stripe's events about the account come to the Connect endpoint, signed with its own secret.
    const pending = fake.setAccount(row!.providerAccountId, 'pending');
    expect((await deliver('account.updated', pending, CONNECT_SECRET, { account: pending.id })).json()).toEqual({
      received: true,
      fulfilled: true,
    });
    expect(await accountOf(t, m.cookie)).toMatchObject({ status: 'pending', requirements: [] });
    clock.advance(1000);
    const restricted = fake.setAccount(row!.providerAccountId, 'restricted', ['individual.verification.document', 'external_account']);
    expect((await deliver('account.updated', restricted, CONNECT_SECRET, { account: restricted.id })).json()).toMatchObject({
      fulfilled: true,
    });
    expect(await accountOf(t, m.cookie)).toMatchObject({
      status: 'restricted',
      requirements: [
        { field: 'individual.verification.document', label: 'A photo of an identity document' },
        { field: 'external_account', label: 'A bank account to pay out to' },
      ],
    });
    // Signed with neither secret: refused.
    expect((await deliver('account.updated', restricted, 'whsec_someone_else')).statusCode).toBe(400);

    // Back from Stripe's onboarding, the console reads the account fresh (the event may still be on its way).
    clock.advance(1000);
    fake.setAccount(row!.providerAccountId, 'active');
    const refreshed = await t.request({ method: 'POST', url: '/api/merchant/payout-account/refresh', cookie: m.cookie });
    expect(refreshed.json()).toMatchObject({ status: 'active', requirements: [], hasDashboard: true });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/accounts/${row!.providerAccountId}`)).toBe(true);
    // The Express dashboard, by a login link.
    const dashboard = await t.request({ method: 'POST', url: '/api/merchant/payout-account/dashboard', cookie: m.cookie });
    expect(dashboard.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/express/${row!.providerAccountId}/`));
  });
});

describe('transfers with Stripe', () => {
  it('one transfer per payout row under its idempotency key; an answer lost in a timeout is sent again under the same key and Stripe makes one transfer', async () => {
    clock.set('2025-05-16T08:00:00Z');
    const a = await activeMerchant('Transfer Trattoria');
    const b = await activeMerchant('Timeout Tavern');
    await sellAt(t, a.merchant.id, [{ at: '2025-05-05T12:00:00Z', priceCents: 10_000, rate: 15 }]);
    await sellAt(t, b.merchant.id, [{ at: '2025-05-06T12:00:00Z', priceCents: 4_000, rate: 10 }]);
    // B's transfer is made by Stripe but both answers are lost (the call times out, then its one retry too).
    fake.stallNext(2, '/v1/transfers');
    // …which stalls whichever transfer goes first; the order is by payout date: A's period and B's are the same, so by id.
    const result = await runPayoutJob(t);
    expect(result.created).toBeGreaterThanOrEqual(2);
    const [pa, pb] = [await payoutOf(a.merchant.id), await payoutOf(b.merchant.id)];
    const stalled = [pa, pb].find((p) => p.state === 'transferring')!;
    const other = [pa, pb].find((p) => p.state === 'paid')!;
    expect(stalled).toBeDefined();
    expect(other).toMatchObject({ paidVia: 'transfer', transferId: expect.stringMatching(/^tr_test_/) });
    expect(result.transfers).toMatchObject({ paid: 1, unknown: 1 });
    const sent = (p: { id: string }) => posts('/v1/transfers').filter((r) => r.body['metadata[payoutId]'] === p.id);
    expect(sent(other).map((r) => r.headers['idempotency-key'])).toEqual([`payout-${other.id}-1`]);
    expect(sent(other)[0]!.body).toMatchObject({
      amount: String(other.netCents),
      currency: 'usd',
      destination: other.merchantId === a.merchant.id ? a.accountId : b.accountId,
      transfer_group: `payout-${other.id}`,
    });
    // Stripe made the stalled transfer once; we do not know its id yet.
    expect(fake.transfers.filter((tr) => tr.metadata.payoutId === stalled.id)).toHaveLength(1);

    // The next run leaves it alone while its lease runs; after it, sends it again under the same key.
    await runPayoutJob(t);
    expect((await payoutOf(stalled.merchantId)).state).toBe('transferring');
    clock.advance(TRANSFER_LEASE_MS + 1000);
    expect((await runPayoutJob(t)).transfers).toMatchObject({ paid: 1 });
    const resent = sent(stalled).map((r) => r.headers['idempotency-key']);
    expect(new Set(resent)).toEqual(new Set([`payout-${stalled.id}-1`]));
    expect(resent.length).toBeGreaterThanOrEqual(3);
    const atStripe = fake.transfers.filter((tr) => tr.metadata.payoutId === stalled.id);
    expect(atStripe).toHaveLength(1);
    expect(await payoutOf(stalled.merchantId)).toMatchObject({ state: 'paid', transferId: atStripe[0].id, isPaid: true });
    // The ledger records each transfer once.
    for (const p of [pa, pb])
      expect(
        await db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.payoutId, p.id), eq(ledgerEntries.kind, 'payout'))),
      ).toHaveLength(1);
  });

  it('a transfer Stripe refuses (the account became restricted) fails with Stripe’s reason, the admins are notified, and it is retried with backoff once the account is active again', async () => {
    clock.set('2025-06-01T08:00:00Z');
    const admin = await t.loginAs('admin');
    const m = await activeMerchant('Restricted Rotisserie');
    await sellAt(t, m.merchant.id, [{ at: '2025-05-20T12:00:00Z', priceCents: 3_000, rate: 15 }]);
    // Stripe restricts the account; its event has not reached us yet.
    fake.setAccount(m.accountId, 'restricted');
    await runPayoutJob(t);
    const failed = await payoutOf(m.merchant.id);
    expect(failed).toMatchObject({
      state: 'failed',
      isPaid: false,
      failedAttempts: 1,
      failureReason: expect.stringContaining('capabilities enabled: transfers'),
    });
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.entityId, failed.id)));
    expect(told).toMatchObject([{ type: 'payout_failed', title: 'Payout transfer failed', entityType: 'merchant_payout' }]);
    expect(told[0]!.message).toContain('Restricted Rotisserie');
    // The admin's table lists it as failed, with the reason and when it is tried again.
    const listed = (await t.request({ method: 'GET', url: '/api/admin/payouts?state=failed', cookie: admin.cookie })).json();
    expect(listed.items.map((p: { id: string }) => p.id)).toContain(failed.id);

    // Stripe's event arrives; then the merchant gives what was asked and Stripe activates the account.
    const restricted = fake.accounts.get(m.accountId);
    await deliver('account.updated', restricted, CONNECT_SECRET, { account: m.accountId });
    clock.advance(60_000);
    const active = fake.setAccount(m.accountId, 'active');
    await deliver('account.updated', active, CONNECT_SECRET, { account: m.accountId });
    // Within the backoff nothing is sent; after it, a new attempt under the next key.
    await runPayoutJob(t);
    expect((await payoutOf(m.merchant.id)).state).toBe('failed');
    clock.set(failed.nextAttemptAt!.getTime() + 1000);
    await runPayoutJob(t);
    const paid = await payoutOf(m.merchant.id);
    expect(paid).toMatchObject({ state: 'paid', transferAttempt: 2, paidVia: 'transfer' });
    expect(
      posts('/v1/transfers')
        .filter((r) => r.body['metadata[payoutId]'] === paid.id)
        .map((r) => r.headers['idempotency-key']),
    ).toEqual([`payout-${paid.id}-1`, `payout-${paid.id}-2`]);
    // The failure the admins were told about is done.
    expect(
      (
        await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, admin.user.id), eq(notifications.entityId, paid.id)))
      )[0]!.readAt,
    ).not.toBeNull();
  });

  it('transfer.reversed: the payout is failed again, the ledger records the money back, and the job sends it again under a new key', async () => {
    clock.set('2025-06-16T08:00:00Z');
    const m = await activeMerchant('Reversal Rolls');
    await sellAt(t, m.merchant.id, [{ at: '2025-06-03T12:00:00Z', priceCents: 2_000, rate: 15 }]);
    await runPayoutJob(t);
    const paid = await payoutOf(m.merchant.id);
    expect(paid.state).toBe('paid');
    const transfer = fake.transfers.find((tr) => tr.id === paid.transferId)!;
    transfer.amount_reversed = transfer.amount;
    transfer.reversed = true;
    const reversal = await deliver('transfer.reversed', transfer, WEBHOOK_SECRET);
    expect(reversal.json()).toEqual({ received: true, fulfilled: true });
    // Delivered again: nothing more.
    expect((await deliver('transfer.reversed', transfer, WEBHOOK_SECRET)).json()).toEqual({ received: true, fulfilled: false });
    const failed = await payoutOf(m.merchant.id);
    expect(failed).toMatchObject({
      state: 'failed',
      isPaid: false,
      failureReason: `The transfer ${transfer.id} was reversed: $17.00 came back to the platform.`,
    });
    expect(
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, paid.id)).orderBy(asc(ledgerEntries.createdAt))).map((e) => [
        e.kind,
        e.amountCents,
      ]),
    ).toEqual([
      ['payout', -1700],
      ['payout_reversal', 1700],
    ]);
    clock.set(failed.nextAttemptAt!.getTime() + 1000);
    await runPayoutJob(t);
    const again = await payoutOf(m.merchant.id);
    expect(again).toMatchObject({ state: 'paid', transferAttempt: 2 });
    expect(again.transferId).not.toBe(transfer.id);
    expect(fake.transfers.filter((tr) => tr.metadata.payoutId === paid.id).map((tr) => tr.amount)).toEqual([1700, 1700]);
  });
});
