import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminNotificationsPage } from '@localperks/shared';
import { emailOutbox, notifications, orderRefunds, orders, purchases, webhookEvents } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createDeal, createMerchantSession, TEST_BILLING } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';
import { settleVoucherRefunds, voucherRefundKey } from './refunds.service';

/**
 * Voucher refunds (docs/decisions/0019-refund-flow.md) with Stripe as the provider: the real app on
 * a real database, the Stripe SDK talking to a local fake of api.stripe.com, and `charge.refunded`
 * events signed with Stripe's own helper.
 */
const WEBHOOK_SECRET = 'whsec_localperks_refunds_test';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await build({
  env: {
    STRIPE_SECRET_KEY: 'sk_test_localperks_refunds',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    // A Stripe call that gets no answer is given up after this long (then retried once): the timeout test waits on it.
    STRIPE_TIMEOUT_MS: '400',
  },
});
const db = t.database.db;

beforeEach(() => fake.failNext(0));

const newEventId = () => `evt_test_${randomBytes(12).toString('hex')}`;

/** Posts a Stripe event to our endpoint, signed with Stripe's helper as its webhook sender does. */
function deliver(type: string, object: Record<string, unknown>, eventId = newEventId(), secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

/** A merchant with a $25.00 deal and a customer who paid for two of it at Stripe (subtotal $50.00, tax $4.00). */
async function scene() {
  const merchant = await createMerchantSession(t);
  const deal = await createDeal(db, merchant.merchant.id, { dealPriceCents: 2_500, title: 'Spa afternoon' });
  const customer = await t.loginAs('customer');
  const started = await t.request({
    method: 'POST',
    url: '/api/checkout',
    cookie: customer.cookie,
    payload: { items: [{ dealId: deal.id, quantity: 2 }], billing: TEST_BILLING },
  });
  expect(started.statusCode).toBe(200);
  const orderId = started.json<{ orderId: string }>().orderId;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const session = fake.sessions.get(order!.providerSessionId!);
  Object.assign(session, { status: 'complete', payment_status: 'paid' });
  expect((await deliver('checkout.session.completed', session)).json()).toMatchObject({ fulfilled: true });
  const bought = (await db.select().from(purchases).where(eq(purchases.orderId, orderId))).sort((a, b) => a.id.localeCompare(b.id));
  expect(bought).toHaveLength(2);
  return { merchant, customer, bought, orderId, paymentIntent: session.payment_intent as string };
}

const requestRefund = (cookie: string, purchaseId: string) =>
  t.request({
    method: 'POST',
    url: `/api/purchases/${purchaseId}/refund-request`,
    cookie,
    payload: { reason: 'closed', note: 'The shop is boarded up.' },
  });
const accept = (cookie: string, id: string) => t.request({ method: 'POST', url: `/api/merchant/refund-requests/${id}/accept`, cookie });
const decideAs = (cookie: string, id: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/refund-requests/${id}/decision`,
    cookie,
    payload: { decision: 'refund', decisionText: 'Refunded under the policy.' },
  });
const refundDirectly = (cookie: string, purchaseId: string) =>
  t.request({ method: 'POST', url: `/api/admin/purchases/${purchaseId}/refund`, cookie, payload: { decisionText: 'Direct.' } });

const refundPosts = (paymentIntent: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === paymentIntent);
const refundLists = (paymentIntent: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/refunds' && r.body.payment_intent === paymentIntent);
const atStripe = (paymentIntent: string) => fake.refunds.filter((r) => r.payment_intent === paymentIntent);
const refundsOf = (purchaseId: string) => db.select().from(orderRefunds).where(eq(orderRefunds.purchaseId, purchaseId));
const issuedMails = (to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, 'refund_issued')));

/** Stripe's charge as `charge.refunded` carries it; `refunds` listed (older API versions) or left out (current ones). */
function charge(paymentIntent: string, refunds?: { refunds: any[]; hasMore?: boolean }) {
  const all = atStripe(paymentIntent);
  return {
    id: `ch_${paymentIntent.slice(3)}`,
    object: 'charge',
    payment_intent: paymentIntent,
    amount_refunded: all.reduce((sum, r) => sum + (r.status === 'succeeded' ? r.amount : 0), 0),
    refunded: false,
    ...(refunds ? { refunds: { object: 'list', data: refunds.refunds, has_more: refunds.hasMore ?? false } } : {}),
  };
}

/** An accepted request of the first voucher: its refund created at Stripe, waiting for Stripe's event. */
async function acceptedRefund() {
  const s = await scene();
  const id = (await requestRefund(s.customer.cookie, s.bought[0]!.id)).json().id as string;
  expect((await accept(s.merchant.cookie, id)).json()).toEqual({ status: 'refunded', refunded: true });
  const [refund] = atStripe(s.paymentIntent);
  expect(refund).toBeDefined();
  return { ...s, requestId: id, stripeRefund: refund };
}

describe('a voucher refunded with Stripe', () => {
  it('when Stripe times out, the voucher is refunded on our side and the job retries the call under the same idempotency key: one refund at Stripe', async () => {
    const s = await scene();
    const id = (await requestRefund(s.customer.cookie, s.bought[0]!.id)).json().id as string;
    // Stripe makes the refund but both answers are lost (the call times out twice).
    fake.stallNext(2, '/v1/refunds');
    // What the merchant sees: the refund is accepted; the voucher is dead at once.
    expect((await accept(s.merchant.cookie, id)).json()).toEqual({ status: 'refunded', refunded: true });
    const [pending] = await refundsOf(s.bought[0]!.id);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(refundPosts(s.paymentIntent)).toHaveLength(2);

    // The refund-settlement job's next run calls again with the voucher's key: Stripe answers with the refund it made.
    expect(await settleVoucherRefunds({ ...t.app.deps, db })).toBe(1);
    const posts = refundPosts(s.paymentIntent);
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.headers['idempotency-key']))).toEqual(new Set([voucherRefundKey(s.bought[0]!.id)]));
    expect(atStripe(s.paymentIntent)).toEqual([expect.objectContaining({ amount: 2_700 })]);
    expect((await refundsOf(s.bought[0]!.id))[0]).toMatchObject({ status: 'pending', providerRefundId: atStripe(s.paymentIntent)[0].id });
    // Nothing left for the job; Stripe's event settles it once.
    expect(await settleVoucherRefunds({ ...t.app.deps, db })).toBe(0);
    expect((await deliver('charge.refunded', charge(s.paymentIntent, { refunds: atStripe(s.paymentIntent) }))).json()).toMatchObject({
      fulfilled: true,
    });
    expect(await issuedMails(s.customer.user.email)).toHaveLength(1);
  });

  it('calls the Refunds API once, under the voucher’s idempotency key, for its unit price plus its tax share only', async () => {
    const { bought, paymentIntent, customer } = await acceptedRefund();
    const posts = refundPosts(paymentIntent);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toBe(voucherRefundKey(bought[0]!.id));
    const [row] = await refundsOf(bought[0]!.id);
    // $25.00 + half of the order's $4.00 tax, not the order's $54.00.
    expect(posts[0]!.body).toMatchObject({
      payment_intent: paymentIntent,
      amount: '2700',
      'metadata[orderRefundId]': row!.id,
      'metadata[purchaseId]': bought[0]!.id,
    });
    expect(atStripe(paymentIntent)).toEqual([expect.objectContaining({ amount: 2_700 })]);
    // Recorded and the voucher dead, but not settled until Stripe's event: no "Refunded" e-mail yet.
    expect(row).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      amountCents: 2_700,
      providerRefundId: atStripe(paymentIntent)[0].id,
      refundedAt: null,
    });
    expect((await db.select().from(purchases).where(eq(purchases.id, bought[0]!.id)))[0]!.refundedAt).not.toBeNull();
    expect(await issuedMails(customer.user.email)).toHaveLength(0);
    // The other voucher of the order is untouched.
    expect(await refundsOf(bought[1]!.id)).toEqual([]);
    expect((await db.select().from(purchases).where(eq(purchases.id, bought[1]!.id)))[0]!.refundedAt).toBeNull();
    // The minute job finds nothing left to send.
    await settleVoucherRefunds({ ...t.app.deps, db });
    expect(refundPosts(paymentIntent)).toHaveLength(1);
  });

  it('is settled by a signed charge.refunded event once: a pending refund waits, a replay or another event naming it changes nothing', async () => {
    const { bought, paymentIntent, customer, stripeRefund } = await acceptedRefund();

    const unsigned = await deliver('charge.refunded', charge(paymentIntent, { refunds: [stripeRefund] }), newEventId(), 'whsec_wrong');
    expect(unsigned.statusCode).toBe(400);
    expect((await refundsOf(bought[0]!.id))[0]!.status).toBe('pending');

    // Stripe may report the refund pending first (some card networks): not settled yet.
    const pending = await deliver('charge.refunded', charge(paymentIntent, { refunds: [{ ...stripeRefund, status: 'pending' }] }));
    expect(pending.json()).toEqual({ received: true, fulfilled: false });
    expect((await refundsOf(bought[0]!.id))[0]!.status).toBe('pending');

    const eventId = newEventId();
    const settled = await deliver('charge.refunded', charge(paymentIntent, { refunds: [stripeRefund] }), eventId);
    expect(settled.json()).toEqual({ received: true, fulfilled: true });
    const [row] = await refundsOf(bought[0]!.id);
    expect(row).toMatchObject({ status: 'refunded', providerRefundId: stripeRefund.id });
    expect(row!.refundedAt).not.toBeNull();
    const mails = await issuedMails(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Refunded: $27.00 for Spa afternoon');

    // Stripe redelivers the same event (three times at once), then sends another one naming the same refund.
    const replays = await Promise.all(
      [1, 2, 3].map(() => deliver('charge.refunded', charge(paymentIntent, { refunds: [stripeRefund] }), eventId)),
    );
    expect(replays.map((r) => r.json())).toEqual(Array(3).fill({ received: true, fulfilled: false }));
    const other = await deliver('charge.refunded', charge(paymentIntent, { refunds: [stripeRefund] }));
    expect(other.json()).toEqual({ received: true, fulfilled: false });
    expect(await refundsOf(bought[0]!.id)).toEqual([row]);
    expect(await issuedMails(customer.user.email)).toHaveLength(1);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(1);
    expect(refundPosts(paymentIntent)).toHaveLength(1);
  });

  it('an event without the charge’s refunds (current API versions) lists them with GET /v1/refunds and settles ours', async () => {
    const { bought, paymentIntent, customer } = await acceptedRefund();

    // Stripe cannot be reached for the list: a 503, so Stripe delivers the event again; nothing changed.
    const eventId = newEventId();
    fake.failNext(2);
    const unreachable = await deliver('charge.refunded', charge(paymentIntent), eventId);
    expect(unreachable.statusCode).toBe(503);
    expect((await refundsOf(bought[0]!.id))[0]!.status).toBe('pending');
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(0);

    const before = refundLists(paymentIntent).length;
    const settled = await deliver('charge.refunded', charge(paymentIntent), eventId);
    expect(settled.json()).toEqual({ received: true, fulfilled: true });
    expect(refundLists(paymentIntent).length).toBe(before + 1);
    expect((await refundsOf(bought[0]!.id))[0]).toMatchObject({ status: 'refunded', providerRefundId: atStripe(paymentIntent)[0].id });
    expect(await issuedMails(customer.user.email)).toHaveLength(1);

    // A truncated list (`has_more`) is listed in full too; the second voucher settles the same way.
    const admin = await t.loginAs('admin');
    expect((await refundDirectly(admin.cookie, bought[1]!.id)).json()).toEqual({ status: 'refunded', refunded: true });
    const [second] = await refundsOf(bought[1]!.id);
    expect(second!.status).toBe('pending');
    const truncated = await deliver('charge.refunded', charge(paymentIntent, { refunds: [], hasMore: true }));
    expect(truncated.json()).toEqual({ received: true, fulfilled: true });
    expect((await refundsOf(bought[1]!.id))[0]!.status).toBe('refunded');
    expect(await issuedMails(customer.user.email)).toHaveLength(2);
    // Both vouchers refunded give back exactly what was paid, and no more was asked of Stripe.
    expect(atStripe(paymentIntent).reduce((sum, r) => sum + r.amount, 0)).toBe(5_400);
    expect(refundPosts(paymentIntent)).toHaveLength(2);
  });

  it('a charge.refunded event that gave back another amount than the voucher’s share settles it and tells every admin, once', async () => {
    const admin = await t.loginAs('admin');
    const { bought, paymentIntent, stripeRefund } = await acceptedRefund();
    const [row] = await refundsOf(bought[0]!.id);
    const mismatches = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'refund_amount_mismatch'), eq(notifications.entityId, row!.id)));

    // Stripe reports $25.00 given back where the voucher’s share ($25.00 plus its $2.00 of tax) is $27.00.
    const edited = { ...stripeRefund, amount: 2_500 };
    const eventId = newEventId();
    expect((await deliver('charge.refunded', charge(paymentIntent, { refunds: [edited] }), eventId)).json()).toEqual({
      received: true,
      fulfilled: true,
    });
    // Settled as recorded (the voucher is dead, the ledger has its share), not silently: each admin has a notification.
    expect((await refundsOf(bought[0]!.id))[0]).toMatchObject({ status: 'refunded', amountCents: 2_700 });
    const notes = await mismatches();
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes.map((n) => n.userId)).has(admin.user.id)).toBe(true);
    const page = await t.request({ method: 'GET', url: '/api/admin/notifications', cookie: admin.cookie });
    const mine = page.json<AdminNotificationsPage>().items.find((n) => n.entityId === row!.id);
    expect(mine).toMatchObject({ title: 'Refund amount differs', href: '/admin/dashboard?tab=refunds' });
    expect(mine!.message).toContain(`Stripe refunded $25.00 (refund ${stripeRefund.id})`);
    expect(mine!.message).toContain('its share is $27.00');
    expect(mine!.message).toContain(`****${bought[0]!.redemptionCode.slice(-4)}`);

    // A replay changes nothing; the second voucher, refunded for its exact share, tells no one.
    await deliver('charge.refunded', charge(paymentIntent, { refunds: [edited] }), eventId);
    await deliver('charge.refunded', charge(paymentIntent, { refunds: [edited] }));
    expect(await mismatches()).toHaveLength(notes.length);
    expect((await refundDirectly(admin.cookie, bought[1]!.id)).json()).toEqual({ status: 'refunded', refunded: true });
    const second = atStripe(paymentIntent).find((r) => r.metadata.purchaseId === bought[1]!.id);
    expect(second).toMatchObject({ amount: 2_700 });
    expect((await deliver('charge.refunded', charge(paymentIntent, { refunds: [second] }))).json()).toMatchObject({ fulfilled: true });
    expect((await refundsOf(bought[1]!.id))[0]!.status).toBe('refunded');
    expect(await db.select().from(notifications).where(eq(notifications.type, 'refund_amount_mismatch'))).toHaveLength(notes.length);
  });

  it('double clicks and parallel decisions (two admins, the merchant, a direct refund, the job) give one Stripe refund', async () => {
    const { merchant, customer, bought, paymentIntent } = await scene();
    const a = await t.loginAs('admin');
    const b = await t.loginAs('admin');
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    const deps = { ...t.app.deps, db };
    const [results] = await Promise.all([
      Promise.all([
        decideAs(a.cookie, id),
        decideAs(a.cookie, id),
        decideAs(b.cookie, id),
        accept(merchant.cookie, id),
        accept(merchant.cookie, id),
        refundDirectly(b.cookie, bought[0]!.id),
      ]),
      settleVoucherRefunds(deps),
      settleVoucherRefunds(deps),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    await settleVoucherRefunds(deps);
    expect(await refundsOf(bought[0]!.id)).toHaveLength(1);
    // Every call that reached Stripe used the voucher's key; Stripe made one refund of it.
    const posts = refundPosts(paymentIntent);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(posts.map((p) => p.headers['idempotency-key']))).toEqual(new Set([voucherRefundKey(bought[0]!.id)]));
    expect(atStripe(paymentIntent)).toEqual([expect.objectContaining({ amount: 2_700 })]);

    expect((await deliver('charge.refunded', charge(paymentIntent, { refunds: atStripe(paymentIntent) }))).json()).toMatchObject({
      fulfilled: true,
    });
    expect(await issuedMails(customer.user.email)).toHaveLength(1);
  });

  it('keeps the voucher refunded when Stripe cannot be reached, and the minute job sends the refund once later', async () => {
    const { merchant, customer, bought, paymentIntent } = await scene();
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    // The SDK retries once: two failures make the call fail.
    fake.failNext(2);
    expect((await accept(merchant.cookie, id)).json()).toEqual({ status: 'refunded', refunded: true });
    expect((await refundsOf(bought[0]!.id))[0]).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(atStripe(paymentIntent)).toEqual([]);

    const deps = { ...t.app.deps, db };
    // Two job runs at once (two instances): one refund at Stripe.
    await Promise.all([settleVoucherRefunds(deps), settleVoucherRefunds(deps)]);
    expect(atStripe(paymentIntent)).toEqual([expect.objectContaining({ amount: 2_700 })]);
    expect((await refundsOf(bought[0]!.id))[0]).toMatchObject({ status: 'pending', providerRefundId: atStripe(paymentIntent)[0].id });
    await settleVoucherRefunds(deps);
    expect(atStripe(paymentIntent)).toHaveLength(1);
    expect((await deliver('charge.refunded', charge(paymentIntent))).json()).toMatchObject({ fulfilled: true });
    expect((await refundsOf(bought[0]!.id))[0]!.status).toBe('refunded');
  });
});
