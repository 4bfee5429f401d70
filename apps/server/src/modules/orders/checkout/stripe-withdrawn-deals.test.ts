import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, orderRefunds, orders, purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createDeal, createMerchantSession, TEST_BILLING } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';
import { WITHDRAWALS, withdrawDeal } from '../../../../test/withdraw-deal';
import { settleRefunds } from './checkout.service';

/**
 * A deal withdrawn while its Stripe payment page was open (security issue, item 4): the page is
 * expired through the Checkout API; a payment that completed anyway is refunded through the
 * Refunds API, once, under an idempotency key per order and deal.
 */
const WEBHOOK_SECRET = 'whsec_localperks_withdrawn_test';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await build({
  env: { STRIPE_SECRET_KEY: 'sk_test_localperks_withdrawn', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
});
const db = t.database.db;
const HOUR = 3_600_000;

beforeEach(() => fake.failNext(0));

/** Stripe's `checkout.session.completed` for a session as it is now at the fake, signed with Stripe's helper. */
function deliverCompleted(sessionId: string, eventId = `evt_test_${randomBytes(12).toString('hex')}`) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: { object: fake.sessions.get(sessionId) },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

async function openOrder(cookie: string, items: { dealId: string; quantity: number }[]) {
  const res = await t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING } });
  expect(res.statusCode).toBe(200);
  const orderId = res.json<{ orderId: string }>().orderId;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, sessionId: order!.providerSessionId! };
}

/** The customer pays on Stripe's page; Stripe's confirmation has not reached us yet. */
function payAtStripe(sessionId: string) {
  Object.assign(fake.sessions.get(sessionId), { status: 'complete', payment_status: 'paid' });
}

const refundPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const expirePosts = (sessionId: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`);
const refundMails = (to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, 'order_refund')));

describe('a deal withdrawn while its Stripe payment was under way', () => {
  it.each(WITHDRAWALS)('%s: the open page is expired at Stripe; a payment that completed anyway is refunded once', async (kind) => {
    const { merchant, cookie: merchantCookie } = await createMerchantSession(t);
    const gone = await createDeal(db, merchant.id, { dealPriceCents: 4_000, expirationDate: new Date(Date.now() + 2 * HOUR) });
    const kept = await createDeal(db, merchant.id, { dealPriceCents: 1_000 });
    const { cookie, user } = await t.loginAs('customer');
    const paid = await openOrder(cookie, [
      { dealId: gone.id, quantity: 1 },
      { dealId: kept.id, quantity: 2 },
    ]);
    const other = await t.loginAs('customer');
    const open = await openOrder(other.cookie, [{ dealId: gone.id, quantity: 1 }]);
    payAtStripe(paid.sessionId);

    await withdrawDeal(t, kind, gone.id, merchantCookie);

    // The page still open is expired through Stripe's API and its order closed.
    expect(expirePosts(open.sessionId)).toHaveLength(1);
    expect(fake.sessions.get(open.sessionId).status).toBe('expired');
    expect((await db.select().from(orders).where(eq(orders.id, open.orderId)))[0]!.status).toBe('expired');
    // The paid one cannot be expired; it stays with Stripe's confirmation to decide.
    expect(fake.sessions.get(paid.sessionId).status).toBe('complete');

    const before = refundPosts().length;
    const eventId = `evt_test_${randomBytes(12).toString('hex')}`;
    const res = await deliverCompleted(paid.sessionId, eventId);
    expect(res.json()).toMatchObject({ fulfilled: true });
    const bought = await db.select().from(purchases).where(eq(purchases.orderId, paid.orderId));
    expect(bought.map((p) => p.dealId)).toEqual([kept.id, kept.id]);

    // $40.00 plus its share of the tax: 8 % of $60.00 is $4.80, $3.20 of it on this line.
    const amountCents = 4_000 + 320;
    const key = `refund-${paid.orderId}-${gone.id}`;
    const posts = refundPosts().slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toBe(key);
    expect(posts[0]!.body).toMatchObject({
      payment_intent: fake.sessions.get(paid.sessionId).payment_intent,
      amount: String(amountCents),
      'metadata[orderId]': paid.orderId,
      'metadata[dealId]': gone.id,
    });
    const atStripe = fake.refunds.filter((r) => r.payment_intent === fake.sessions.get(paid.sessionId).payment_intent);
    expect(atStripe).toHaveLength(1);
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId));
    expect(refund).toMatchObject({ amountCents, status: 'refunded', provider: 'stripe', providerRefundId: atStripe[0].id });
    expect((await refundMails(user.email))[0]!.text).toContain('$43.20 refunded to your card');

    // Stripe delivers the same event again, and another event for the same payment: no second refund.
    const again = await deliverCompleted(paid.sessionId, eventId);
    expect(again.json()).toMatchObject({ fulfilled: false });
    expect((await deliverCompleted(paid.sessionId)).json()).toMatchObject({ fulfilled: false });
    expect(refundPosts().slice(before)).toHaveLength(1);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId))).toHaveLength(1);
    expect(await refundMails(user.email)).toHaveLength(1);
  });

  it('keeps the refund pending when Stripe cannot be reached, and the job refunds it once later', async () => {
    const { merchant, cookie: merchantCookie } = await createMerchantSession(t);
    const gone = await createDeal(db, merchant.id, { dealPriceCents: 2_000 });
    const { cookie, user } = await t.loginAs('customer');
    const paid = await openOrder(cookie, [{ dealId: gone.id, quantity: 1 }]);
    payAtStripe(paid.sessionId);
    await withdrawDeal(t, 'pause', gone.id, merchantCookie);

    // The SDK retries once: two failures make the refund call fail.
    fake.failNext(2);
    const res = await deliverCompleted(paid.sessionId);
    expect(res.statusCode).toBe(200);
    const [pending] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId));
    expect(pending).toMatchObject({ status: 'pending', amountCents: 2_160, providerRefundId: null });
    expect(await refundMails(user.email)).toHaveLength(0);
    const page = (await t.request({ method: 'GET', url: '/api/purchases', cookie })).json();
    expect(page.refunds).toEqual([expect.objectContaining({ dealId: gone.id, amountCents: 2_160, status: 'pending' })]);

    const deps = { ...t.app.deps, db };
    const before = fake.refunds.length;
    // Two job runs at once (two instances): one refund at Stripe, one e-mail.
    await Promise.all([settleRefunds(deps), settleRefunds(deps)]);
    expect(fake.refunds.slice(before)).toEqual([expect.objectContaining({ amount: 2_160 })]);
    const [done] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId));
    expect(done).toMatchObject({ status: 'refunded', providerRefundId: fake.refunds.at(-1).id });
    expect(await refundMails(user.email)).toHaveLength(1);
    await settleRefunds(deps);
    expect(fake.refunds.length).toBe(before + 1);
  });
});
