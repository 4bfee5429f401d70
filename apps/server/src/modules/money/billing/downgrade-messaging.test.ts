import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerMessages, merchantCharges, sandboxSubscriptions } from '../../../db/schema';
import { build, type TestApp } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { TEST_CARD, createMerchantSession } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';
import { runSandboxSubscriptions } from '../sandbox/sandbox.service';

/**
 * The Switch Plans downgrade promise: a merchant who leaves Advertise + Messaging keeps customer
 * messaging "until the end of the period you paid for", and loses it then, whether or not the
 * provider's "subscription ended" event has arrived yet. Time is the app's own clock, moved by the test.
 */
const DAY = 86_400_000;

/** A merchant on Advertise + Messaging with one customer message in the inbox. */
async function messagingMerchant(t: TestApp) {
  const m = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', commissionRate: 0 });
  const customer = await t.createUser('customer');
  const [message] = await t.database.db
    .insert(customerMessages)
    .values({ merchantId: m.merchant.id, customerId: customer.id, subject: 'Opening hours', message: 'Are you open on Sunday?' })
    .returning();
  const me = async () => (await t.request({ method: 'GET', url: '/api/merchant/me', cookie: m.cookie })).json().merchant;
  const inbox = () => t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: m.cookie });
  const paidCharge = async () =>
    (await t.database.db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, m.merchant.id))).find(
      (c) => c.status === 'paid',
    );
  return { ...m, message: message!, me, inbox, paidCharge };
}

const downgrade = (t: TestApp, cookie: string) =>
  t.request({ method: 'POST', url: '/api/merchant/plan', cookie, payload: { plan: 'advertise_only' } });

const sandboxClock = mutableClock();
const sandboxApp = await build({ clock: sandboxClock });

const WEBHOOK_SECRET = 'whsec_localperks_downgrade_test';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const stripeClock = mutableClock();
const stripeApp = await build({
  clock: stripeClock,
  env: { STRIPE_SECRET_KEY: 'sk_test_localperks_downgrade', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
});

describe('downgrading from Advertise + Messaging (sandbox provider)', () => {
  const t = sandboxApp;
  const clock = sandboxClock;

  it('keeps messaging open until the paid period ends, then closes it on time', async () => {
    const a = await messagingMerchant(t);
    const checkout = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    const sessionId = checkout.json().url.split('/sandbox/checkout/')[1];
    expect((await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD })).statusCode).toBe(200);
    const periodEnd = (await a.paidCharge())!.currentPeriodEnd!;
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);

    const res = await downgrade(t, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'advertise_only', downgraded: true });
    expect(res.json().overview.merchant).toMatchObject({ messagingAccess: true, messagingActiveUntil: periodEnd.toISOString() });
    // The provider will not renew it.
    const subId = (await a.paidCharge())!.providerSubscriptionId!;
    const [sub] = await t.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subId));
    expect(sub!.cancelAtPeriodEnd).toBe(true);

    // Right after the downgrade, and the day before the period ends: the inbox works.
    for (const at of [Date.now(), periodEnd.getTime() - DAY]) {
      clock.set(at);
      expect((await a.inbox()).statusCode).toBe(200);
      expect(await a.me()).toMatchObject({ messagingAccess: true, hasMessaging: true, messagingActiveUntil: periodEnd.toISOString() });
    }
    const reply = await t.request({
      method: 'POST',
      url: `/api/merchant/customer-messages/${a.message.id}/response`,
      cookie: a.cookie,
      payload: { response: 'Yes, from 10 to 4.' },
    });
    expect(reply.statusCode).toBe(200);
    const check = await t.request({ method: 'POST', url: '/api/merchant/subscription/check', cookie: a.cookie });
    expect(check.json()).toMatchObject({ messagingAccess: true });

    // A second past the period end: closed, before the provider's "ended" event has even arrived.
    clock.set(periodEnd.getTime() + 1000);
    expect((await a.inbox()).statusCode).toBe(403);
    expect(await a.me()).toMatchObject({ messagingAccess: false, hasMessaging: false, messagingActiveUntil: null });

    // The sandbox's billing cycle ends the subscription (not renewed); it stays closed.
    const run = await runSandboxSubscriptions({ ...t.app.deps, clock });
    expect(run.ended).toContain(subId);
    expect(run.renewed).not.toContain(subId);
    expect(await a.me()).toMatchObject({ hasSubscription: false, messagingAccess: false });
    expect((await a.inbox()).statusCode).toBe(403);
  });
});

describe('downgrading from Advertise + Messaging (Stripe)', () => {
  const t = stripeApp;
  const clock = stripeClock;
  const deliver = (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
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
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  };

  it('keeps messaging until the period end Stripe billed, cancels at period end there, and closes on time', async () => {
    const a = await messagingMerchant(t);
    await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    const [charge] = await t.database.db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, a.merchant.id));
    const session = {
      ...fake.sessions.get(charge!.providerSessionId!),
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_down_1',
    };
    expect((await deliver('checkout.session.completed', session)).json()).toMatchObject({ fulfilled: true });
    // A month later Stripe renews it: the invoice names the period now paid for.
    const periodEnd = new Date(Math.floor((Date.now() + 62 * DAY) / 1000) * 1000);
    const invoice = {
      id: 'in_down_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_down_1', metadata: { chargeId: charge!.id } } },
      lines: {
        object: 'list',
        data: [
          { id: 'il_1', object: 'line_item', period: { start: periodEnd.getTime() / 1000 - 30 * 86400, end: periodEnd.getTime() / 1000 } },
        ],
      },
    };
    expect((await deliver('invoice.paid', invoice)).statusCode).toBe(200);
    expect((await a.paidCharge())!.currentPeriodEnd!.toISOString()).toBe(periodEnd.toISOString());

    const res = await downgrade(t, a.cookie);
    expect(res.json().overview.merchant).toMatchObject({ messagingAccess: true, messagingActiveUntil: periodEnd.toISOString() });
    const cancel = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_down_1');
    expect(cancel?.body.cancel_at_period_end).toBe('true');

    clock.set(periodEnd.getTime() - DAY);
    expect((await a.inbox()).statusCode).toBe(200);
    clock.set(periodEnd.getTime() + 1000);
    expect((await a.inbox()).statusCode).toBe(403);
    expect(await a.me()).toMatchObject({ messagingAccess: false, messagingActiveUntil: null });

    // Stripe ends the subscription at the period end: still closed, and not subscribed any more.
    expect(
      (await deliver('customer.subscription.deleted', { id: 'sub_down_1', object: 'subscription', status: 'canceled' })).statusCode,
    ).toBe(200);
    expect(await a.me()).toMatchObject({ hasSubscription: false, messagingAccess: false });
  });
});
