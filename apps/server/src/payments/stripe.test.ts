import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CARD, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { AppError } from '../lib/errors';
import { WEBHOOK_FUTURE_SKEW_SECONDS, type CreateCheckoutInput, type PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

/** The Stripe provider against a local fake of the API: no network, no database. */
const WEBHOOK_SECRET = 'whsec_test_localperks';
const HOUR = 3600_000;
const { webhooks } = Stripe;

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({ secretKey: 'sk_test_localperks', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const checkoutInput = (over: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  orderId: randomUUID(),
  customerEmail: 'buyer@example.com',
  lines: [
    { name: 'Pizza for two at Luigi’s', unitAmountCents: 1850, quantity: 2 },
    { name: 'Spa day & sauna', unitAmountCents: 4999, quantity: 1 },
  ],
  taxCents: 696,
  successUrl: 'http://localhost:3000/orders/done?paid=1',
  cancelUrl: 'http://localhost:3000/checkout?cancelled=1',
  expiresAt: new Date(Date.now() + HOUR),
  customerId: null,
  saveCard: false,
  ...over,
});

const sessionPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

/** Calls createCheckout and returns the form body the fake received, with the unix-second window around the call. */
async function checkoutBody(input: CreateCheckoutInput) {
  const before = Math.floor(Date.now() / 1000);
  await stripe.createCheckout(input);
  const after = Math.floor(Date.now() / 1000);
  const [post] = sessionPosts();
  return { body: post!.body, before, after };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to throw'),
    (err: unknown) => err,
  );
}

describe('stripe createCheckout', () => {
  it('creates a payment session with our lines, the tax line, urls, email, order id and idempotency key', async () => {
    const input = checkoutInput();
    const result = await stripe.createCheckout(input);

    const posts = sessionPosts();
    expect(posts).toHaveLength(1);
    const { body, headers } = posts[0]!;
    expect(headers.authorization).toBe('Bearer sk_test_localperks');
    expect(headers['idempotency-key']).toBe(`checkout-${input.orderId}`);
    expect(body.mode).toBe('payment');
    expect(body.customer_email).toBe(input.customerEmail);
    expect(body.client_reference_id).toBe(input.orderId);
    expect(body['metadata[orderId]']).toBe(input.orderId);
    expect(body.success_url).toBe(input.successUrl);
    expect(body.cancel_url).toBe(input.cancelUrl);
    input.lines.forEach((line, i) => {
      expect(body[`line_items[${i}][price_data][currency]`]).toBe('usd');
      expect(body[`line_items[${i}][price_data][product_data][name]`]).toBe(line.name);
      expect(body[`line_items[${i}][price_data][unit_amount]`]).toBe(String(line.unitAmountCents));
      expect(body[`line_items[${i}][quantity]`]).toBe(String(line.quantity));
    });
    const tax = `line_items[${input.lines.length}]`;
    expect(body[`${tax}[price_data][product_data][name]`]).toBe('Tax (8%)');
    expect(body[`${tax}[price_data][unit_amount]`]).toBe(String(input.taxCents));
    expect(body[`${tax}[price_data][currency]`]).toBe('usd');
    expect(body[`${tax}[quantity]`]).toBe('1');
    expect(Object.keys(body).some((k) => k.startsWith(`line_items[${input.lines.length + 1}]`))).toBe(false);
    // An expiry inside Stripe's window is passed through as unix seconds.
    expect(body.expires_at).toBe(String(Math.floor(input.expiresAt.getTime() / 1000)));

    // What comes back is the session the fake made for this order.
    const stored = fake.sessions.get(result.sessionId);
    expect(stored.client_reference_id).toBe(input.orderId);
    expect(result).toEqual({ sessionId: stored.id, url: stored.url });
    const subtotal = input.lines.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
    expect(stored.amount_total).toBe(subtotal + input.taxCents);
  });

  it('sends no tax line when the tax is zero', async () => {
    const input = checkoutInput({ taxCents: 0 });
    const { body } = await checkoutBody(input);
    const lineCount = new Set(
      Object.keys(body)
        .filter((k) => k.startsWith('line_items['))
        .map((k) => k.split(']')[0]),
    ).size;
    expect(lineCount).toBe(input.lines.length);
    expect(Object.values(body)).not.toContain('Tax (8%)');
  });

  it('clamps expires_at up to 30 minutes from now for an order that expires sooner', async () => {
    const { body, before, after } = await checkoutBody(checkoutInput({ expiresAt: new Date(Date.now() + 5 * 60_000) }));
    const expiresAt = Number(body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(after + 32 * 60);
  });

  it('clamps expires_at down to under 24 hours from now for an order that expires later', async () => {
    const { body, before, after } = await checkoutBody(checkoutInput({ expiresAt: new Date(Date.now() + 72 * HOUR) }));
    const expiresAt = Number(body.expires_at);
    expect(expiresAt).toBeLessThan(after + 24 * 3600);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 23 * 3600 + 58 * 60);
  });

  it('asking twice for the same order returns the same session (idempotency key)', async () => {
    const input = checkoutInput();
    const first = await stripe.createCheckout(input);
    const second = await stripe.createCheckout(input);
    expect(second).toEqual(first);
    expect([...fake.sessions.values()].filter((s) => s.client_reference_id === input.orderId)).toHaveLength(1);
  });

  it('retries one failed request with the same idempotency key, then succeeds', async () => {
    const input = checkoutInput();
    fake.failNext(1);
    const result = await stripe.createCheckout(input);
    const posts = sessionPosts();
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual([`checkout-${input.orderId}`, `checkout-${input.orderId}`]);
    expect(fake.sessions.get(result.sessionId)?.client_reference_id).toBe(input.orderId);
  });

  it('throws UNAVAILABLE when Stripe keeps failing', async () => {
    const input = checkoutInput();
    fake.failNext(2);
    const err = await caught(stripe.createCheckout(input));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'UNAVAILABLE',
      statusCode: 503,
      message: 'The payment provider is not reachable. Please try again.',
    });
    // Both attempts (the first and the SDK's one retry) reached the API; no session was made.
    expect(sessionPosts()).toHaveLength(2);
    expect([...fake.sessions.values()].some((s) => s.client_reference_id === input.orderId)).toBe(false);
  });
});

describe('stripe verifyWebhook', () => {
  /** A Stripe event around a session the provider created at the fake, as Stripe would send it. */
  async function eventFor(type: string, changes: Record<string, unknown> = {}) {
    const input = checkoutInput();
    const { sessionId } = await stripe.createCheckout(input);
    const session = { ...fake.sessions.get(sessionId), ...changes };
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    });
    return { payload, sessionId, orderId: input.orderId };
  }

  const signed = (payload: string, opts: { secret?: string; timestamp?: number } = {}): IncomingHttpHeaders => ({
    'stripe-signature': webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp }),
  });

  const verify = (payload: string | Buffer, headers: IncomingHttpHeaders) => stripe.verifyWebhook(Buffer.from(payload), headers);

  async function expectInvalidSignature(promise: Promise<unknown>) {
    const err = await caught(promise);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'INVALID_SIGNATURE', statusCode: 400, message: 'Invalid webhook signature' });
  }

  it('maps a paid checkout.session.completed to checkout.paid with the session and order ids', async () => {
    const { payload, sessionId, orderId } = await eventFor('checkout.session.completed', { status: 'complete', payment_status: 'paid' });
    const event = await verify(payload, signed(payload));
    expect(event).toEqual({ id: JSON.parse(payload).id, type: 'checkout.paid', sessionId, orderId });
  });

  it('treats a completed session needing no payment as paid', async () => {
    const { payload, sessionId } = await eventFor('checkout.session.completed', {
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    expect(await verify(payload, signed(payload))).toMatchObject({ type: 'checkout.paid', sessionId });
  });

  it('ignores a completed session that is still unpaid (delayed payment method)', async () => {
    const { payload, sessionId, orderId } = await eventFor('checkout.session.completed', { status: 'complete', payment_status: 'unpaid' });
    expect(await verify(payload, signed(payload))).toMatchObject({ type: 'ignored', sessionId, orderId });
  });

  it('maps checkout.session.async_payment_succeeded to checkout.paid', async () => {
    const { payload, sessionId, orderId } = await eventFor('checkout.session.async_payment_succeeded', {
      status: 'complete',
      payment_status: 'paid',
    });
    expect(await verify(payload, signed(payload))).toMatchObject({ type: 'checkout.paid', sessionId, orderId });
  });

  it('maps checkout.session.expired to checkout.expired', async () => {
    const { payload, sessionId, orderId } = await eventFor('checkout.session.expired', { status: 'expired' });
    expect(await verify(payload, signed(payload))).toMatchObject({ type: 'checkout.expired', sessionId, orderId });
  });

  it('falls back to client_reference_id when the metadata has no order id', async () => {
    const { payload, orderId } = await eventFor('checkout.session.expired', { status: 'expired', metadata: {} });
    expect(await verify(payload, signed(payload))).toMatchObject({ type: 'checkout.expired', orderId });
  });

  it('ignores events about other objects, with no session or order', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_test_1', object: 'payment_intent', metadata: { orderId: randomUUID() } } },
    });
    expect(await verify(payload, signed(payload))).toEqual({ id: JSON.parse(payload).id, type: 'ignored', sessionId: null, orderId: null });
  });

  it('rejects a signature that does not match', async () => {
    const { payload } = await eventFor('checkout.session.completed', { payment_status: 'paid' });
    const header = signed(payload)['stripe-signature'] as string;
    // Same timestamp, one hex digit of the HMAC changed.
    const last = header.at(-1) === '0' ? '1' : '0';
    await expectInvalidSignature(verify(payload, { 'stripe-signature': header.slice(0, -1) + last }));
  });

  it('rejects an event signed with another secret', async () => {
    const { payload } = await eventFor('checkout.session.completed', { payment_status: 'paid' });
    await expectInvalidSignature(verify(payload, signed(payload, { secret: 'whsec_someone_else' })));
  });

  it('rejects a body changed after signing', async () => {
    const { payload } = await eventFor('checkout.session.completed', { payment_status: 'unpaid' });
    const headers = signed(payload);
    const tampered = Buffer.from(payload);
    const at = payload.indexOf('"unpaid"') + 1;
    tampered[at] = 'U'.charCodeAt(0); // "unpaid" → "Unpaid": still JSON, one byte off
    expect(tampered.toString()).not.toBe(payload);
    await expectInvalidSignature(verify(tampered, headers));
    // The untouched body with the same header is fine, so the byte is what was refused.
    await expect(verify(payload, headers)).resolves.toMatchObject({ type: 'ignored' });
  });

  it('rejects a request without the stripe-signature header', async () => {
    const { payload } = await eventFor('checkout.session.completed', { payment_status: 'paid' });
    await expectInvalidSignature(verify(payload, {}));
    await expectInvalidSignature(verify(payload, { 'stripe-signature': '' }));
  });

  it('rejects a signature dated ahead of our clock beyond a small skew (301 s, as measured), but accepts one a few seconds ahead', async () => {
    const { payload } = await eventFor('checkout.session.completed', { payment_status: 'paid' });
    const now = Math.floor(Date.now() / 1000);
    await expectInvalidSignature(verify(payload, signed(payload, { timestamp: now + 301 })));
    await expectInvalidSignature(verify(payload, signed(payload, { timestamp: now + WEBHOOK_FUTURE_SKEW_SECONDS + 5 })));
    await expect(verify(payload, signed(payload, { timestamp: now + 5 }))).resolves.toMatchObject({ type: 'checkout.paid' });
  });

  it('rejects a replay signed longer ago than the tolerance, but accepts one just inside it', async () => {
    const { payload } = await eventFor('checkout.session.completed', { payment_status: 'paid' });
    const now = Math.floor(Date.now() / 1000);
    await expectInvalidSignature(verify(payload, signed(payload, { timestamp: now - webhooks.DEFAULT_TOLERANCE - 60 })));
    await expect(verify(payload, signed(payload, { timestamp: now - webhooks.DEFAULT_TOLERANCE + 60 }))).resolves.toMatchObject({
      type: 'checkout.paid',
    });
  });
});

describe('stripe cardForSession', () => {
  it('returns the card that paid, from the expanded payment intent', async () => {
    const { sessionId } = await stripe.createCheckout(checkoutInput());
    fake.requests.length = 0;
    const card = await stripe.cardForSession(sessionId);
    // The summary, and Stripe's id of the card, with which it is offered again (issue 38 item 5).
    expect(card).toEqual({
      brand: FAKE_CARD.brand,
      last4: FAKE_CARD.last4,
      expMonth: FAKE_CARD.exp_month,
      expYear: FAKE_CARD.exp_year,
      paymentMethodId: `pm_${fake.sessions.get(sessionId).payment_intent.slice(3)}`,
    });
    const [get] = fake.requests;
    expect(get).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${sessionId}` });
    expect(Object.entries(get!.body).filter(([k]) => k.startsWith('expand['))).toEqual([['expand[0]', 'payment_intent.payment_method']]);
  });

  it('returns null for a session without a payment', async () => {
    const { sessionId } = await stripe.createCheckout(checkoutInput());
    fake.sessions.get(sessionId).payment_intent = null;
    expect(await stripe.cardForSession(sessionId)).toBeNull();
  });

  it('returns null for an unknown session', async () => {
    expect(await stripe.cardForSession('cs_test_does_not_exist')).toBeNull();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/v1/checkout/sessions/cs_test_does_not_exist');
  });
});

describe('stripe merchant checkouts and subscriptions', () => {
  const merchantInput = (mode: 'payment' | 'subscription') => ({
    chargeId: randomUUID(),
    customerEmail: 'shop@example.com',
    mode,
    name: mode === 'subscription' ? 'Advertise + Messaging plan (monthly)' : 'PerkBoost: 7 days',
    amountCents: mode === 'subscription' ? 1500 : 4999,
    successUrl: 'http://localhost:3000/merchant/dashboard?payment=success',
    cancelUrl: 'http://localhost:3000/merchant/dashboard?payment=cancelled',
    expiresAt: new Date(Date.now() + 24 * HOUR),
  });
  const signedEvent = (type: string, object: unknown) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return {
      payload,
      headers: { 'stripe-signature': webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) } as IncomingHttpHeaders,
    };
  };

  it('a subscription session bills the amount monthly and carries the charge id on the session and the subscription', async () => {
    const input = merchantInput('subscription');
    await stripe.createMerchantCheckout(input);
    const [post] = sessionPosts();
    expect(post!.headers['idempotency-key']).toBe(`merchant-charge-${input.chargeId}`);
    expect(post!.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: input.chargeId,
      'metadata[chargeId]': input.chargeId,
      'subscription_data[metadata][chargeId]': input.chargeId,
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': input.name,
    });
    expect(post!.body['metadata[orderId]']).toBeUndefined();
  });

  it('a one-off merchant payment has no recurring price and no subscription data', async () => {
    await stripe.createMerchantCheckout(merchantInput('payment'));
    const [post] = sessionPosts();
    expect(post!.body.mode).toBe('payment');
    expect(Object.keys(post!.body).some((k) => k.includes('recurring') || k.startsWith('subscription_data'))).toBe(false);
  });

  it('maps a paid subscription checkout to checkout.paid with the charge and subscription ids, and no order', async () => {
    const input = merchantInput('subscription');
    const { sessionId } = await stripe.createMerchantCheckout(input);
    const session = {
      ...fake.sessions.get(sessionId),
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_test_123',
    };
    const { payload, headers } = signedEvent('checkout.session.completed', session);
    expect(await stripe.verifyWebhook(Buffer.from(payload), headers)).toEqual({
      id: JSON.parse(payload).id,
      type: 'checkout.paid',
      sessionId,
      orderId: null,
      chargeId: input.chargeId,
      subscriptionId: 'sub_test_123',
      periodEnd: null,
    });
  });

  it('maps invoice.paid to subscription.renewed with the latest line period end (current and older API shapes)', async () => {
    const end = Math.floor(Date.now() / 1000) + 30 * 86400;
    const lines = { object: 'list', data: [{ period: { start: end - 30 * 86400, end } }] };
    const current = signedEvent('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_a', metadata: { chargeId: 'c1' } } },
      lines,
    });
    expect(await stripe.verifyWebhook(Buffer.from(current.payload), current.headers)).toMatchObject({
      type: 'subscription.renewed',
      subscriptionId: 'sub_a',
      chargeId: 'c1',
      periodEnd: new Date(end * 1000),
    });
    const legacy = signedEvent('invoice.paid', { id: 'in_2', object: 'invoice', subscription: 'sub_b', lines });
    expect(await stripe.verifyWebhook(Buffer.from(legacy.payload), legacy.headers)).toMatchObject({
      type: 'subscription.renewed',
      subscriptionId: 'sub_b',
      chargeId: null,
    });
    // An invoice without a subscription (a one-off invoice) is none of our business.
    const oneOff = signedEvent('invoice.paid', { id: 'in_3', object: 'invoice', parent: null, lines });
    expect(await stripe.verifyWebhook(Buffer.from(oneOff.payload), oneOff.headers)).toMatchObject({ type: 'ignored' });
  });

  it('maps customer.subscription.deleted to subscription.ended', async () => {
    const { payload, headers } = signedEvent('customer.subscription.deleted', {
      id: 'sub_gone',
      object: 'subscription',
      status: 'canceled',
    });
    expect(await stripe.verifyWebhook(Buffer.from(payload), headers)).toMatchObject({
      type: 'subscription.ended',
      subscriptionId: 'sub_gone',
      sessionId: null,
      orderId: null,
    });
  });

  it('sets and clears cancellation at the period end', async () => {
    await stripe.setCancelAtPeriodEnd('sub_x', true);
    await stripe.setCancelAtPeriodEnd('sub_x', false);
    expect(fake.requests.filter((r) => r.path === '/v1/subscriptions/sub_x').map((r) => [r.method, r.body.cancel_at_period_end])).toEqual([
      ['POST', 'true'],
      ['POST', 'false'],
    ]);
  });
});
