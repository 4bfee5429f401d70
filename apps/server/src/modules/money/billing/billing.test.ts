import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hasMessagingAccess } from '@localperks/shared';
import { deals, merchantCharges, merchantRegistrationRequests, merchants } from '../../../db/schema';
import { build, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { createBoostDeal, createMerchant } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';
import { startMerchantCharge, withMessagingFacts } from './billing.service';

/**
 * Merchant billing with Stripe as the provider: the real app and database, the Stripe SDK talking
 * to a local fake of api.stripe.com, events signed with Stripe's own helper.
 */
const WEBHOOK_SECRET = 'whsec_localperks_billing_test';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await build({
  env: { STRIPE_SECRET_KEY: 'sk_test_localperks_billing', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
});
const db = t.database.db;
const DAY = 86_400_000;

const eventId = () => `evt_test_${randomBytes(12).toString('hex')}`;
const stripeEvent = (type: string, object: Record<string, unknown>, id = eventId()) =>
  JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
const deliver = (payload: string, secret = WEBHOOK_SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });

async function merchantOnMessagingPlan() {
  const { merchant, user } = await createMerchant(db, {
    subscriptionPlan: 'advertise_messaging',
    commissionRate: 0,
    description: 'A bakery with a long description.',
    phone: '312',
  });
  await db.insert(merchantRegistrationRequests).values({
    userId: user.id,
    email: user.email,
    businessName: merchant.businessName,
    phone: '312',
    city: 'Chicago',
    state: 'IL',
    description: merchant.description,
    plan: 'advertise_messaging',
    status: 'approved',
  });
  const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
  return { merchant, user, cookie: sessionCookie(login) };
}
/** The merchant row with its messaging access, derived the one way the server derives it. */
const merchantRow = async (id: string) => {
  const row = (await db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
  return { ...row, hasMessaging: hasMessagingAccess(await withMessagingFacts(db, row), t.app.deps.clock.now()) };
};
const chargeOf = async (merchantId: string) =>
  (await db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, merchantId)))[0]!;

describe('messaging subscription through Stripe', () => {
  it('creates a Checkout Session in subscription mode for $15 a month, tagged with the charge', async () => {
    const a = await merchantOnMessagingPlan();
    const res = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const charge = await chargeOf(a.merchant.id);
    expect(charge).toMatchObject({ provider: 'stripe', kind: 'subscription', amountCents: 1500, status: 'open' });
    const post = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body['metadata[chargeId]'] === charge.id)!;
    expect(post.headers['idempotency-key']).toBe(`merchant-charge-${charge.id}`);
    expect(post.body).toMatchObject({
      mode: 'subscription',
      customer_email: a.user.email,
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][chargeId]': charge.id,
      success_url: 'http://localhost:3000/merchant/dashboard?payment=success',
      cancel_url: 'http://localhost:3000/merchant/dashboard?payment=cancelled',
    });
    expect(res.json().url).toBe(fake.sessions.get(charge.providerSessionId!).url);
  });

  it('activates on the signed completed event exactly once, renews on invoice.paid, and ends on customer.subscription.deleted', async () => {
    const a = await merchantOnMessagingPlan();
    await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    const charge = await chargeOf(a.merchant.id);
    const session = {
      ...fake.sessions.get(charge.providerSessionId!),
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_test_messaging_1',
    };
    const completed = stripeEvent('checkout.session.completed', session);

    // Signed with another secret: refused, nothing changes.
    expect((await deliver(completed, 'whsec_wrong')).statusCode).toBe(400);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false });

    const first = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(first.filter((r) => r.json().fulfilled)).toHaveLength(1);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: true, hasMessaging: true });
    const paid = await chargeOf(a.merchant.id);
    expect(paid).toMatchObject({ status: 'paid', providerSubscriptionId: 'sub_test_messaging_1' });
    expect(paid.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);

    const nextEnd = Math.floor((Date.now() + 62 * DAY) / 1000);
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_test_messaging_1', metadata: { chargeId: charge.id } },
      },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: nextEnd - 30 * 86400, end: nextEnd } }] },
    };
    expect((await deliver(stripeEvent('invoice.paid', invoice))).json()).toEqual({ received: true, fulfilled: true });
    expect((await chargeOf(a.merchant.id)).currentPeriodEnd!.getTime()).toBe(nextEnd * 1000);

    // A downgrade asks Stripe to stop renewing at the period end; access stays until the paid period ends.
    const down = await t.request({ method: 'POST', url: '/api/merchant/plan', cookie: a.cookie, payload: { plan: 'advertise_only' } });
    expect(down.json()).toMatchObject({ downgraded: true });
    const cancel = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_test_messaging_1');
    expect(cancel?.body.cancel_at_period_end).toBe('true');
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: true, hasMessaging: true });

    expect(
      (
        await deliver(
          stripeEvent('customer.subscription.deleted', { id: 'sub_test_messaging_1', object: 'subscription', status: 'canceled' }),
        )
      ).json().fulfilled,
    ).toBe(true);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false, hasMessaging: false });
    expect((await chargeOf(a.merchant.id)).status).toBe('canceled');
  });

  it('an unpaid completed session (delayed payment) changes nothing', async () => {
    const a = await merchantOnMessagingPlan();
    await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    const charge = await chargeOf(a.merchant.id);
    const session = { ...fake.sessions.get(charge.providerSessionId!), status: 'complete', payment_status: 'unpaid' };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, fulfilled: false });
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false });
    expect((await chargeOf(a.merchant.id)).status).toBe('open');
  });
});

describe('PerkBoost payment through Stripe', () => {
  it('is a one-off payment session; the paid event launches the draft deal', async () => {
    const a = await merchantOnMessagingPlan();
    const deal = await createBoostDeal(db, a.merchant.id, 40, 0, { status: 'draft', votingEndDate: null });
    const { chargeId } = await startMerchantCharge(t.app.deps, {
      merchantId: a.merchant.id,
      merchantEmail: a.user.email,
      kind: 'perkboost',
      dealId: deal.id,
      boostDays: 3,
      amountCents: 2499,
      description: 'PerkBoost: 3 days',
      successPath: '/merchant/dashboard?boost=success',
      cancelPath: '/merchant/dashboard',
    });
    const post = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body['metadata[chargeId]'] === chargeId)!;
    expect(post.body.mode).toBe('payment');
    expect(post.body['line_items[0][price_data][recurring][interval]']).toBeUndefined();
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.id, chargeId));
    const session = { ...fake.sessions.get(charge!.providerSessionId!), status: 'complete', payment_status: 'paid' };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, fulfilled: true });
    const [launched] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(launched).toMatchObject({ status: 'pending', boostDays: 3 });
    expect(launched!.votingEndDate!.getTime()).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
  });

  it('a second payment page for the same launch expires the first at Stripe; once one is paid, no other opens', async () => {
    const a = await merchantOnMessagingPlan();
    const deal = await createBoostDeal(db, a.merchant.id, 40, 0, { status: 'draft', votingEndDate: null });
    const start = () =>
      startMerchantCharge(t.app.deps, {
        merchantId: a.merchant.id,
        merchantEmail: a.user.email,
        kind: 'perkboost',
        dealId: deal.id,
        boostDays: 1,
        amountCents: 999,
        description: 'PerkBoost: 1 day',
        successPath: '/merchant/dashboard',
        cancelPath: '/merchant/dashboard',
      });
    const first = await start();
    const second = await start();
    const [firstRow] = await db.select().from(merchantCharges).where(eq(merchantCharges.id, first.chargeId));
    expect(firstRow!.status).toBe('canceled');
    expect(fake.sessions.get(firstRow!.providerSessionId!).status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${firstRow!.providerSessionId}/expire`)).toBe(true);

    // The merchant pays the second page; a third attempt must not open another one.
    const [secondRow] = await db.select().from(merchantCharges).where(eq(merchantCharges.id, second.chargeId));
    fake.sessions.get(secondRow!.providerSessionId!).status = 'complete';
    await expect(start()).rejects.toThrow(/already paid/);
    expect((await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id))).map((c) => c.status).sort()).toEqual([
      'canceled',
      'open',
    ]);
  });

  it('a failed session creation leaves the charge canceled', async () => {
    const a = await merchantOnMessagingPlan();
    fake.failNext(2);
    const res = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    expect(res.statusCode).toBe(503);
    expect((await chargeOf(a.merchant.id)).status).toBe('canceled');
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false });
  });
});
