import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addMonth, paths, receiptNumber, type MerchantBilling, type MerchantChargesPage, type MerchantReceipt } from '@localperks/shared';
import { emailOutbox, merchantChargePeriods, merchantCharges, merchantRegistrationRequests } from '../../../db/schema';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { build, sessionCookie, TEST_PASSWORD, type TestApp } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { TEST_CARD, createMerchant } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';
import { runSandboxSubscriptions } from '../sandbox/sandbox.service';

/**
 * Every paid month of the messaging subscription is its own line on the Billing tab with its own
 * receipt (merchant_charge_periods), e-mailed once: through the sandbox's renewal job and through
 * Stripe's invoice.paid.
 */
const NOV_24 = new Date('2024-11-24T10:00:00.000Z');
const DEC_24 = addMonth(NOV_24);
const JAN_24 = addMonth(DEC_24);
const FEB_24 = addMonth(JAN_24);

async function messagingMerchant(t: TestApp) {
  const { merchant, user } = await createMerchant(t.database.db, {
    subscriptionPlan: 'advertise_messaging',
    commissionRate: 0,
    description: 'A bakery with a long description.',
    phone: '312',
  });
  await t.database.db.insert(merchantRegistrationRequests).values({
    userId: user.id,
    email: user.email,
    businessName: merchant.businessName,
    phone: '312',
    city: merchant.city,
    state: merchant.state,
    description: merchant.description,
    plan: 'advertise_messaging',
    status: 'approved',
  });
  const login = async () =>
    sessionCookie(await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } }));
  return { merchant, user, login, cookie: await login() };
}

const get = <T>(t: TestApp, cookie: string, url: string) =>
  t.request({ method: 'GET', url, cookie }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

const mailCount = async (t: TestApp, to: string, kind: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
  )[0]!.n;

/** The three paid months listed newest first, each with its own receipt; another merchant gets 404. */
async function expectThreePeriods(t: TestApp, a: Awaited<ReturnType<typeof messagingMerchant>>, renewedAfterMs = 0) {
  const paid = (d: Date) => new Date(d.getTime() + renewedAfterMs).toISOString();
  const cookie = await a.login();
  const { status, body } = await get<MerchantChargesPage>(t, cookie, '/api/merchant/charges');
  expect(status).toBe(200);
  expect(body.total).toBe(3);
  expect(body.items.map((c) => [c.kind, c.status, c.amountCents, c.paidAt, c.periodStart, c.periodEnd])).toEqual([
    ['subscription', 'paid', 1500, paid(JAN_24), JAN_24.toISOString(), FEB_24.toISOString()],
    ['subscription', 'paid', 1500, paid(DEC_24), DEC_24.toISOString(), JAN_24.toISOString()],
    ['subscription', 'paid', 1500, NOV_24.toISOString(), NOV_24.toISOString(), DEC_24.toISOString()],
  ]);
  expect(new Set(body.items.map((c) => c.id)).size).toBe(3);
  const [charge] = await t.database.db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, a.merchant.id));
  // The first month's receipt is the one the activation e-mail links to (the charge's id).
  expect(body.items[2]!.id).toBe(charge!.id);

  for (const line of body.items) {
    const receipt = await get<MerchantReceipt>(t, cookie, `/api/merchant/charges/${line.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      receiptNumber: receiptNumber(line.id),
      charge: { id: line.id, amountCents: 1500, status: 'paid', periodStart: line.periodStart, periodEnd: line.periodEnd },
      billedTo: { businessName: a.merchant.businessName, email: a.user.email },
    });
  }
  // Each renewal e-mailed its own receipt, once; the first month its activation receipt.
  expect(await mailCount(t, a.user.email, 'merchant_subscription_activated')).toBe(1);
  const renewals = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, a.user.email), eq(emailOutbox.kind, 'merchant_subscription_renewed')));
  expect(renewals).toHaveLength(2);
  for (const line of body.items.slice(0, 2)) {
    const mail = renewals.find((m) => m.text.includes(receiptNumber(line.id)));
    expect(mail?.text).toContain(`http://localhost:3000${paths.merchantReceipt(line.id)}`);
  }
  expect(renewals.map((m) => m.subject).sort()).toEqual(
    body.items
      .slice(0, 2)
      .map((l) => `Your LocalPerks messaging subscription renewed: receipt ${receiptNumber(l.id)}`)
      .sort(),
  );
  const billing = (await get<MerchantBilling>(t, cookie, '/api/merchant/billing')).body;
  expect(billing.totals).toEqual({ paidCents: 4500, paidCharges: 3 });

  // Another merchant's period receipt is not found.
  const other = await messagingMerchant(t);
  for (const line of body.items) expect((await get(t, other.cookie, `/api/merchant/charges/${line.id}`)).status).toBe(404);
  return body.items;
}

const periodsOf = async (t: TestApp, merchantId: string) =>
  t.database.db.select().from(merchantChargePeriods).where(eq(merchantChargePeriods.merchantId, merchantId));

describe('subscription periods through the sandbox renewal job', async () => {
  const clock = mutableClock(NOV_24);
  const t = await build({ clock });

  it('paid then renewed twice lists 3 periods newest first, each with its receipt; a replayed renewal adds nothing', async () => {
    const a = await messagingMerchant(t);
    const checkout = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json<{ url: string }>().url.split('/sandbox/checkout/')[1]!;
    expect((await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD })).statusCode).toBe(200);

    // The job runs a minute after each period has ended.
    clock.set(DEC_24.getTime() + 60_000);
    expect((await runSandboxSubscriptions(t.app.deps)).renewed).toHaveLength(1);
    clock.set(JAN_24.getTime() + 60_000);
    expect((await runSandboxSubscriptions(t.app.deps)).renewed).toHaveLength(1);
    clock.useRealTime();
    const lines = await expectThreePeriods(t, a, 60_000);

    // The last renewal replayed: the same event again, and the same invoice under a new event id.
    const [charge] = await t.database.db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, a.merchant.id));
    for (const id of [`evt_${charge!.providerSubscriptionId}_${FEB_24.getTime() / 1000}`, `evt_replay_${randomBytes(6).toString('hex')}`]) {
      const payload = JSON.stringify({
        id,
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { subscription: charge!.providerSubscriptionId, period_end: FEB_24.getTime() / 1000, metadata: { chargeId: charge!.id } },
        },
      });
      const res = await t.request({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.sandboxSecret, payload) },
        payload,
      });
      expect(res.statusCode).toBe(200);
      // Nothing new happened, and the answer says so.
      expect(res.json(), id).toEqual({ received: true, fulfilled: false });
    }
    expect(await periodsOf(t, a.merchant.id)).toHaveLength(3);
    expect(await mailCount(t, a.user.email, 'merchant_subscription_renewed')).toBe(2);
    const after = (await get<MerchantChargesPage>(t, await a.login(), '/api/merchant/charges')).body;
    expect(after.items.map((c) => c.id)).toEqual(lines.map((c) => c.id));
  });
});

describe('subscription periods through Stripe invoice.paid', async () => {
  const WEBHOOK_SECRET = 'whsec_localperks_periods_test';
  const fake = await startFakeStripe();
  afterAll(() => fake.close());
  const clock = mutableClock(NOV_24);
  const t = await build({
    clock,
    env: { STRIPE_SECRET_KEY: 'sk_test_localperks_periods', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
  const stripeEvent = (type: string, object: Record<string, unknown>, id = `evt_test_${randomBytes(12).toString('hex')}`) =>
    JSON.stringify({ id, object: 'event', api_version: '2025-01-27.acacia', created: 1, livemode: false, type, data: { object } });
  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  const invoice = (chargeId: string, n: number, start: Date, end: Date) => ({
    id: `in_test_periods_${n}`,
    object: 'invoice',
    parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_periods', metadata: { chargeId } } },
    lines: {
      object: 'list',
      data: [{ id: `il_${n}`, object: 'line_item', period: { start: start.getTime() / 1000, end: end.getTime() / 1000 } }],
    },
  });

  it('paid then renewed twice lists 3 periods newest first, each with its receipt; a replayed invoice.paid adds nothing', async () => {
    const a = await messagingMerchant(t);
    expect((await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie })).statusCode).toBe(200);
    const [charge] = await t.database.db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, a.merchant.id));
    const session = {
      ...fake.sessions.get(charge!.providerSessionId!),
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_test_periods',
    };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, fulfilled: true });
    // The first invoice (the month the checkout paid) is not a renewal: no second period, no renewal e-mail.
    await deliver(stripeEvent('invoice.paid', invoice(charge!.id, 1, NOV_24, DEC_24)));
    expect(await periodsOf(t, a.merchant.id)).toHaveLength(1);

    clock.set(DEC_24);
    const second = stripeEvent('invoice.paid', invoice(charge!.id, 2, DEC_24, JAN_24));
    expect((await deliver(second)).json()).toEqual({ received: true, fulfilled: true });
    clock.set(JAN_24);
    const third = invoice(charge!.id, 3, JAN_24, FEB_24);
    expect((await deliver(stripeEvent('invoice.paid', third))).json()).toEqual({ received: true, fulfilled: true });
    clock.useRealTime();
    await expectThreePeriods(t, a);

    // Replays: Stripe redelivering an event, and the same invoice arriving under another event id:
    // each is answered with what happened, nothing.
    expect((await deliver(second)).json()).toEqual({ received: true, fulfilled: false });
    expect((await deliver(stripeEvent('invoice.paid', third))).json()).toEqual({ received: true, fulfilled: false });
    expect(await periodsOf(t, a.merchant.id)).toHaveLength(3);
    expect(await mailCount(t, a.user.email, 'merchant_subscription_renewed')).toBe(2);
  });
});
