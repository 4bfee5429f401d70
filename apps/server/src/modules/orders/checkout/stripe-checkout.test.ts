import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deals, emailOutbox, merchants, orderItems, orders, paymentMethods, purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createDeal, createMerchant, TEST_BILLING } from '../../../../test/factories';
import { FAKE_CARD, startFakeStripe, type FakeStripeRequest } from '../../../../test/fake-stripe';

/**
 * Checkout end to end with Stripe as the provider: the real app on a real database, the Stripe
 * SDK talking to a local fake of api.stripe.com, and webhook events signed with Stripe's own helper.
 */
const WEBHOOK_SECRET = 'whsec_localperks_integration_test';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await build({
  env: {
    STRIPE_SECRET_KEY: 'sk_test_localperks_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    // A Stripe call that gets no answer is given up after this long (then retried once): the timeout test waits on it.
    STRIPE_TIMEOUT_MS: '400',
  },
});
const db = t.database.db;

beforeEach(() => fake.failNext(0));

async function checkout(cookie: string, items: unknown[], extra: Record<string, unknown> = {}) {
  return t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING, ...extra } });
}

/** Every Checkout Session creation the fake received for one of our orders. */
const sessionPosts = (orderId: string): FakeStripeRequest[] =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.body['metadata[orderId]'] === orderId);

/** The form-encoded `line_items[i][…]` keys of a session creation, read back as lines. */
function linesOf(body: Record<string, string>) {
  const lines: { name: string; unitAmount: number; quantity: number; currency: string }[] = [];
  for (let i = 0; `line_items[${i}][quantity]` in body; i++) {
    lines.push({
      name: body[`line_items[${i}][price_data][product_data][name]`]!,
      unitAmount: Number(body[`line_items[${i}][price_data][unit_amount]`]),
      quantity: Number(body[`line_items[${i}][quantity]`]),
      currency: body[`line_items[${i}][price_data][currency]`]!,
    });
  }
  return lines;
}

const eventId = () => `evt_test_${randomBytes(12).toString('hex')}`;

/** A Stripe event around a checkout session object, as Stripe would POST it. */
function stripeEvent(type: string, session: Record<string, unknown>, id = eventId()): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** Delivers a body with the given `stripe-signature` (none when null), as Stripe's webhook sender does. */
const deliver = (payload: string, signature: string | null = sign(payload)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });

/** The session the fake stored for an order, as the SDK got it back, with the given changes (e.g. paid). */
function storedSession(sessionId: string, changes: Record<string, unknown> = {}) {
  const session = fake.sessions.get(sessionId);
  if (!session) throw new Error(`the fake has no session ${sessionId}`);
  return { ...session, ...changes };
}
const paidSession = (sessionId: string) => storedSession(sessionId, { status: 'complete', payment_status: 'paid' });

const orderRow = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const purchasesOf = (orderId: string) => db.select().from(purchases).where(eq(purchases.orderId, orderId));
const confirmationMails = async (to: string) =>
  await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, 'purchase_confirmation')));

/** A customer with an open Stripe checkout for `quantity` of a fresh deal. */
async function openCheckout(quantity = 1, extra: Record<string, unknown> = {}) {
  const { merchant } = await createMerchant(db, { commissionRate: 12 });
  const deal = await createDeal(db, merchant.id, { dealPriceCents: 2_750 });
  const { cookie, user } = await t.loginAs('customer');
  const res = await checkout(cookie, [{ dealId: deal.id, quantity }], extra);
  expect(res.statusCode).toBe(200);
  const { orderId } = res.json<{ orderId: string; url: string }>();
  const sessionId = (await orderRow(orderId)).providerSessionId!;
  expect(fake.sessions.has(sessionId)).toBe(true);
  return { merchant, deal, cookie, user, orderId, sessionId };
}

describe('starting a checkout with Stripe', () => {
  it('creates a Checkout Session from database prices with an 8 % tax line and links it to the order', async () => {
    const { merchant } = await createMerchant(db);
    const a = await createDeal(db, merchant.id, { dealPriceCents: 1_999, originalPriceCents: 4_000, title: 'Pizza for two at Luigi’s' });
    const b = await createDeal(db, merchant.id, { dealPriceCents: 12_345, originalPriceCents: 20_000, title: 'Spa day & sauna' });
    const { cookie, user } = await t.loginAs('customer');
    const res = await checkout(cookie, [
      // Prices sent by the browser are ignored: only the ids and quantities count.
      { dealId: a.id, quantity: 2, dealPrice: 1, priceCents: 1, deal: { id: a.id, dealPrice: 0.01, title: 'Free stuff' } },
      { dealId: b.id, quantity: 1, dealPrice: 1, unitPriceCents: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const { orderId, url } = res.json<{ orderId: string; url: string }>();

    // The browser is sent to the URL Stripe returned for the session it created.
    const posts = sessionPosts(orderId);
    expect(posts).toHaveLength(1);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ provider: 'stripe', status: 'open', userId: user.id });
    const created = [...fake.sessions.values()].filter((s) => s.metadata?.orderId === orderId);
    expect(created).toHaveLength(1);
    const session = created[0]!;
    expect(order.providerSessionId).toBe(session.id);
    expect(url).toBe(session.url);

    // Lines come from the deals table, whatever the browser said.
    const dbDeals = await db.select().from(deals);
    const price = (id: string) => dbDeals.find((d) => d.id === id)!;
    const expectedLines = [
      { name: price(a.id).title, unitAmount: price(a.id).dealPriceCents, quantity: 2, currency: 'usd' },
      { name: price(b.id).title, unitAmount: price(b.id).dealPriceCents, quantity: 1, currency: 'usd' },
    ];
    const subtotal = expectedLines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
    const tax = Math.round(subtotal * 0.08);
    const body = posts[0]!.body;
    const lines = linesOf(body);
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2).sort((x, y) => x.unitAmount - y.unitAmount)).toEqual(
      expectedLines.sort((x, y) => x.unitAmount - y.unitAmount),
    );
    expect(lines[2]).toEqual({ name: expect.stringMatching(/tax/i), unitAmount: tax, quantity: 1, currency: 'usd' });
    // What Stripe will charge is exactly the order's total.
    expect(session.amount_total).toBe(subtotal + tax);
    expect(order).toMatchObject({ subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax });

    expect(body).toMatchObject({
      mode: 'payment',
      'metadata[orderId]': orderId,
      client_reference_id: orderId,
      customer_email: user.email,
      success_url: `http://localhost:3000/purchases?success=true&order=${orderId}`,
      cancel_url: 'http://localhost:3000/cart?canceled=true',
    });
    // One order, one session, even if the request is retried.
    expect(posts[0]!.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    // Stripe only accepts expiries 30 min – 24 h ahead.
    const expiresIn = Number(body.expires_at) - Math.floor(Date.now() / 1000);
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => i.unitPriceCents).sort((x, y) => x - y)).toEqual(
      [price(a.id).dealPriceCents, price(b.id).dealPriceCents].sort((x, y) => x - y),
    );
  });

  it('answers 503 when the Stripe API fails and cancels the order so it can never be fulfilled', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const { cookie, user } = await t.loginAs('customer');
    const sessionsBefore = fake.sessions.size;
    fake.failNext(2);
    const res = await checkout(cookie, [{ dealId: deal.id, quantity: 1 }]);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'UNAVAILABLE',
      message: 'The payment provider is not reachable. Please try again.',
      requestId: res.headers['x-request-id'],
    });
    expect(fake.sessions.size).toBe(sessionsBefore);

    const userOrders = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(userOrders).toHaveLength(1);
    const failed = userOrders[0]!;
    expect(failed).toMatchObject({ status: 'canceled', provider: 'stripe', providerSessionId: null });
    // The SDK tried twice with the same idempotency key.
    const posts = sessionPosts(failed.id);
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => p.headers['idempotency-key']))).toEqual(new Set([`checkout-${failed.id}`]));

    // A paid event naming this order (with a session we never linked) creates nothing.
    const ghost = { ...paidSessionShape(failed.id), id: `cs_test_${randomBytes(12).toString('hex')}` };
    const late = await deliver(stripeEvent('checkout.session.completed', ghost));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ fulfilled: false });
    expect(await purchasesOf(failed.id)).toHaveLength(0);
    expect((await orderRow(failed.id)).status).toBe('canceled');
    expect(await confirmationMails(user.email)).toHaveLength(0);

    // A single failure is absorbed by the SDK's retry (same idempotency key); the buyer sees nothing.
    fake.failNext(1);
    const retry = await checkout(cookie, [{ dealId: deal.id, quantity: 1 }]);
    expect(retry.statusCode).toBe(200);
    const retried = retry.json<{ orderId: string; url: string }>();
    expect(retried.orderId).not.toBe(failed.id);
    expect(sessionPosts(retried.orderId)).toHaveLength(2);
    const reopened = await orderRow(retried.orderId);
    expect(reopened.status).toBe('open');
    expect(retried.url).toBe(fake.sessions.get(reopened.providerSessionId!)?.url);
  });

  it('answers a clear 503 when Stripe times out, leaving no half order; a session Stripe made but never told us about buys nothing', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const { cookie, user } = await t.loginAs('customer');
    // Stripe creates the session both times but its answers never arrive: each call times out (400 ms here).
    fake.stallNext(2);
    const res = await checkout(cookie, [{ dealId: deal.id, quantity: 1 }]);
    // What the buyer sees: the cart's error, saying to try again; nothing was charged.
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: 'The payment provider is not reachable. Please try again.' });
    const [failed] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(failed).toMatchObject({ status: 'canceled', providerSessionId: null });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, failed!.id))).toHaveLength(1);
    // Both tries carried the order's idempotency key, so Stripe made one session, which nobody was sent to.
    const posts = sessionPosts(failed!.id);
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => p.headers['idempotency-key']))).toEqual(new Set([`checkout-${failed!.id}`]));
    const made = [...fake.sessions.values()].filter((s) => s.metadata?.orderId === failed!.id);
    expect(made).toHaveLength(1);
    // Even paid (a stale tab, a replayed event), that session turns into no purchase: the order is closed.
    const late = await deliver(stripeEvent('checkout.session.completed', paidSession(made[0].id)));
    expect(late.json()).toMatchObject({ fulfilled: false });
    expect(await purchasesOf(failed!.id)).toHaveLength(0);
    expect(await confirmationMails(user.email)).toHaveLength(0);

    // One lost answer is absorbed: the SDK's retry gets the first session back under the same key.
    fake.stallNext(1);
    const retry = await checkout(cookie, [{ dealId: deal.id, quantity: 1 }]);
    expect(retry.statusCode).toBe(200);
    const { orderId, url } = retry.json<{ orderId: string; url: string }>();
    expect(sessionPosts(orderId)).toHaveLength(2);
    const sessions = [...fake.sessions.values()].filter((s) => s.metadata?.orderId === orderId);
    expect(sessions).toHaveLength(1);
    expect(url).toBe(sessions[0].url);
    expect(await orderRow(orderId)).toMatchObject({ status: 'open', providerSessionId: sessions[0].id });
  });
});

/** A paid checkout.session object for an order, shaped like the fake's sessions. */
function paidSessionShape(orderId: string) {
  return {
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    currency: 'usd',
    amount_total: 6_480,
    client_reference_id: orderId,
    metadata: { orderId },
    payment_intent: `pi_test_${randomBytes(12).toString('hex')}`,
    livemode: false,
  };
}

describe('fulfilment by Stripe webhooks', () => {
  it('fulfils only a paid session: one purchase per unit, one e-mail, and the card saved as last four + expiry', async () => {
    const { merchant, deal, user, orderId, sessionId } = await openCheckout(2, { saveCard: true });

    // Completed but unpaid (a delayed payment method): nothing happens yet.
    const unpaid = await deliver(
      stripeEvent('checkout.session.completed', storedSession(sessionId, { status: 'complete', payment_status: 'unpaid' })),
    );
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json()).toMatchObject({ received: true, fulfilled: false });
    expect(await purchasesOf(orderId)).toHaveLength(0);
    expect((await orderRow(orderId)).status).toBe('open');
    expect(await confirmationMails(user.email)).toHaveLength(0);
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(0);

    // Then the payment succeeds: a new event for the same session, now paid.
    const paid = await deliver(stripeEvent('checkout.session.completed', paidSession(sessionId)));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ received: true, fulfilled: true });

    const order = await orderRow(orderId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeInstanceOf(Date);
    const [merchantRow] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
    const [dealRow] = await db.select().from(deals).where(eq(deals.id, deal.id));
    const bought = await purchasesOf(orderId);
    expect(bought).toHaveLength(2);
    expect(new Set(bought.map((p) => p.redemptionCode)).size).toBe(2);
    for (const p of bought) {
      expect(p).toMatchObject({
        userId: user.id,
        dealId: deal.id,
        merchantId: merchant.id,
        dealTitle: dealRow!.title,
        priceCents: dealRow!.dealPriceCents,
        commissionRate: merchantRow!.commissionRate,
        commissionCents: Math.round((dealRow!.dealPriceCents * merchantRow!.commissionRate) / 100),
      });
      expect(p.expirationDate.getTime()).toBe(dealRow!.expirationDate.getTime());
    }

    const mails = await confirmationMails(user.email);
    expect(mails).toHaveLength(1);
    for (const p of bought) expect(mails[0]!.text).toContain(p.redemptionCode);

    // The card came from Stripe (the session's payment method), and only its summary is kept.
    const lookup = fake.requests.find((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`);
    expect(lookup).toBeDefined();
    expect(Object.values(lookup!.body)).toContain('payment_intent.payment_method');
    const cards = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      brand: FAKE_CARD.brand,
      last4: FAKE_CARD.last4,
      expMonth: FAKE_CARD.exp_month,
      expYear: FAKE_CARD.exp_year,
    });
    // Of the card, only its summary; and Stripe's id of it, with which Stripe offers it again (issue 38 item 5).
    expect(Object.keys(cards[0]!).sort()).toEqual([
      'brand',
      'createdAt',
      'expMonth',
      'expYear',
      'id',
      'last4',
      'provider',
      'providerPaymentMethodId',
      'userId',
    ]);
    expect(cards[0]).toMatchObject({ provider: 'stripe', providerPaymentMethodId: expect.stringMatching(/^pm_/) });
  });

  it('does not save the card when the customer did not ask to', async () => {
    const { user, orderId, sessionId } = await openCheckout(1);
    const paid = await deliver(stripeEvent('checkout.session.completed', paidSession(sessionId)));
    expect(paid.json()).toMatchObject({ fulfilled: true });
    expect(await purchasesOf(orderId)).toHaveLength(1);
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(0);
  });

  it('turns 10 concurrent deliveries of one paid event into exactly one set of purchases and one e-mail', async () => {
    const { user, orderId, sessionId } = await openCheckout(2);
    const payload = stripeEvent('checkout.session.completed', paidSession(sessionId));
    const signature = sign(payload);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().fulfilled)).toHaveLength(1);
    expect(await purchasesOf(orderId)).toHaveLength(2);
    expect(await confirmationMails(user.email)).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe('paid');

    // Stripe may also send a second, distinct event for the same paid session: still nothing more.
    const again = await deliver(stripeEvent('checkout.session.async_payment_succeeded', paidSession(sessionId)));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ fulfilled: false });
    expect(await purchasesOf(orderId)).toHaveLength(2);
    expect(await confirmationMails(user.email)).toHaveLength(1);
  });

  it('refuses events with a bad or missing signature with 400 INVALID_SIGNATURE and creates nothing', async () => {
    const { user, orderId, sessionId } = await openCheckout(1);
    const payload = stripeEvent('checkout.session.completed', paidSession(sessionId));
    const good = sign(payload);
    const attempts: [string, string | null][] = [
      [payload, sign(payload, 'whsec_someone_else_entirely')],
      [payload.replace('"amount_total":', '"amount_total": '), good],
      [
        payload.replace(
          orderId,
          orderId.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        ),
        good,
      ],
      [payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
      [payload, good.replace(/v1=[0-9a-f]/, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0'))],
      [payload, ''],
      [payload, null],
    ];
    for (const [body, signature] of attempts) {
      const res = await deliver(body, signature);
      expect(res.statusCode, `signature ${JSON.stringify(signature)}`).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await purchasesOf(orderId)).toHaveLength(0);
    expect((await orderRow(orderId)).status).toBe('open');
    expect(await confirmationMails(user.email)).toHaveLength(0);

    // The sandbox provider's endpoints are not in use while Stripe is.
    const sandboxHook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'stripe-signature': good },
      payload,
    });
    expect(sandboxHook.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/sandbox/sessions/${sessionId}` })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/sandbox/sessions/${sessionId}/pay`,
          payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Pat' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await purchasesOf(orderId)).toHaveLength(0);

    // The correctly signed original still goes through afterwards.
    expect((await deliver(payload, good)).json()).toMatchObject({ fulfilled: true });
    expect(await purchasesOf(orderId)).toHaveLength(1);
  });

  it('refuses a paid event signed 301 s (or 35 s) in the future with 400 and fulfils nothing; the same event signed now goes through', async () => {
    const { user, orderId, sessionId } = await openCheckout(1);
    const payload = stripeEvent('checkout.session.completed', paidSession(sessionId));
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [301, 35]) {
      const res = await deliver(payload, sign(payload, WEBHOOK_SECRET, now + ahead));
      expect(res.statusCode, `${ahead} s ahead`).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await purchasesOf(orderId)).toHaveLength(0);
    expect(await confirmationMails(user.email)).toHaveLength(0);
    // A few seconds of clock difference is fine.
    expect((await deliver(payload, sign(payload, WEBHOOK_SECRET, now + 5))).json()).toEqual({ received: true, fulfilled: true });
    expect(await purchasesOf(orderId)).toHaveLength(1);
  });

  it('marks the order expired when Stripe reports the session expired', async () => {
    const { cookie, user, deal, orderId, sessionId } = await openCheckout(1);
    // Another open checkout of the same customer is left alone.
    const other = (await checkout(cookie, [{ dealId: deal.id, quantity: 1 }])).json<{ orderId: string }>();
    const res = await deliver(stripeEvent('checkout.session.expired', storedSession(sessionId, { status: 'expired' })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, fulfilled: false });
    expect((await orderRow(orderId)).status).toBe('expired');
    expect((await orderRow(other.orderId)).status).toBe('open');
    expect(await purchasesOf(orderId)).toHaveLength(0);
    expect(await confirmationMails(user.email)).toHaveLength(0);
  });
});

describe('saved cards with Stripe (issue 38 item 5)', () => {
  const customerPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');

  it('saves the card under a Stripe customer, passes that customer to every later Checkout so it offers the card, and detaches it when removed', async () => {
    const { cookie, user, deal, orderId, sessionId } = await openCheckout(1, { saveCard: true });
    // The customer is created once, for this user, and the session is made for it with the card to be kept.
    const created = customerPosts().filter((r) => r.body['metadata[userId]'] === user.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.headers['idempotency-key']).toBe(`customer-${user.id}`);
    const customerId = fake.sessions.get(sessionId)!.customer as string;
    expect(customerId).toMatch(/^cus_/);
    const first = sessionPosts(orderId)[0]!.body;
    expect(first).toMatchObject({
      customer: customerId,
      'payment_intent_data[setup_future_usage]': 'on_session',
      'saved_payment_method_options[allow_redisplay_filters][0]': 'always',
      'saved_payment_method_options[allow_redisplay_filters][1]': 'limited',
      'saved_payment_method_options[allow_redisplay_filters][2]': 'unspecified',
    });
    // Stripe takes a customer or an e-mail, not both.
    expect(first).not.toHaveProperty('customer_email');

    expect((await deliver(stripeEvent('checkout.session.completed', paidSession(sessionId)))).json()).toMatchObject({ fulfilled: true });
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(card).toMatchObject({ provider: 'stripe', last4: FAKE_CARD.last4 });
    const pm = card!.providerPaymentMethodId!;
    expect(pm).toMatch(/^pm_/);

    // The next checkout, without "Save this card": the same customer (its saved cards offered), nothing new saved.
    const next = await checkout(cookie, [{ dealId: deal.id, quantity: 1 }]);
    expect(next.statusCode).toBe(200);
    const again = sessionPosts(next.json<{ orderId: string }>().orderId)[0]!.body;
    expect(again).toMatchObject({ customer: customerId, 'saved_payment_method_options[allow_redisplay_filters][0]': 'always' });
    expect(again).not.toHaveProperty('payment_intent_data[setup_future_usage]');
    expect(customerPosts().filter((r) => r.body['metadata[userId]'] === user.id)).toHaveLength(1);

    // Removed on Payment Methods: Stripe forgets it too, so Checkout offers it no more.
    const removed = await t.request({ method: 'DELETE', url: `/api/account/payment-methods/${card!.id}`, cookie });
    expect(removed.statusCode).toBe(200);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${pm}/detach`)).toBe(true);
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(0);
  });

  it('a customer who never saved a card pays as a guest: the e-mail only, no Stripe customer', async () => {
    const { user, orderId } = await openCheckout(1);
    expect(sessionPosts(orderId)[0]!.body).toMatchObject({ customer_email: user.email });
    expect(sessionPosts(orderId)[0]!.body).not.toHaveProperty('customer');
    expect(customerPosts().filter((r) => r.body['metadata[userId]'] === user.id)).toHaveLength(0);
  });

  it('keeps a saved card when Stripe cannot be reached to forget it, and says to try again', async () => {
    const { cookie, user, sessionId } = await openCheckout(1, { saveCard: true });
    await deliver(stripeEvent('checkout.session.completed', paidSession(sessionId)));
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    fake.failNext(2);
    const res = await t.request({ method: 'DELETE', url: `/api/account/payment-methods/${card!.id}`, cookie });
    expect(res.statusCode).toBe(503);
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(1);
  });
});
