import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { DISPUTE_FEE_CENTS } from '@localperks/shared';
import { disputes, ledgerEntries, notifications, orders, purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createDeal, createMerchant, TEST_BILLING } from '../../../../test/factories';
import { startFakeStripe } from '../../../../test/fake-stripe';

/** Chargebacks with Stripe as the provider: signed `charge.dispute.*` events, the SDK talking to a local fake of api.stripe.com. */
const WEBHOOK_SECRET = 'whsec_localperks_dispute_test';
const fake = await startFakeStripe();
afterAll(() => fake.close());
const t = await build({
  env: { STRIPE_SECRET_KEY: 'sk_test_localperks_disputes', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
});
const db = t.database.db;
const admin = await t.loginAs('admin');

function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${randomBytes(12).toString('hex')}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
}
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

/** A paid Stripe order for one voucher; returns its purchase and the payment intent Stripe would dispute. */
async function paidOrder() {
  const { merchant } = await createMerchant(db, { businessName: 'Stripe Steakhouse', commissionRate: 12 });
  const deal = await createDeal(db, merchant.id, { dealPriceCents: 2_500 });
  const { cookie } = await t.loginAs('customer');
  const res = await t.request({
    method: 'POST',
    url: '/api/checkout',
    cookie,
    payload: { items: [{ dealId: deal.id, quantity: 1 }], billing: TEST_BILLING },
  });
  expect(res.statusCode).toBe(200);
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, res.json().orderId as string));
  const session = { ...fake.sessions.get(order!.providerSessionId!), status: 'complete', payment_status: 'paid' };
  expect((await deliver(stripeEvent('checkout.session.completed', session))).json()).toEqual({ received: true, fulfilled: true });
  const [purchase] = await db.select().from(purchases).where(eq(purchases.orderId, order!.id));
  return { merchant, purchase: purchase!, paymentIntent: session.payment_intent as string };
}

const dispute = (id: string, paymentIntent: string, status: string) => ({
  id,
  object: 'dispute',
  amount: 2_700,
  currency: 'usd',
  charge: `ch_test_${id}`,
  payment_intent: paymentIntent,
  reason: 'product_not_received',
  status,
});

describe('Stripe chargebacks', () => {
  it('charge.dispute.created finds the order by its payment intent; charge.dispute.closed lost deducts once, replays included', async () => {
    const { merchant, purchase, paymentIntent } = await paidOrder();
    const created = stripeEvent('charge.dispute.created', dispute('dp_test_1', paymentIntent, 'needs_response'));
    expect((await deliver(created)).json()).toEqual({ received: true, fulfilled: true });
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/checkout/sessions' && r.body.payment_intent === paymentIntent),
    ).toBe(true);
    const [row] = await db.select().from(disputes).where(eq(disputes.providerDisputeId, 'dp_test_1'));
    expect(row).toMatchObject({
      provider: 'stripe',
      orderId: purchase.orderId,
      status: 'open',
      amountCents: 2_700,
      reason: 'product_not_received',
    });
    const notes = await db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(notes.map((n) => n.title)).toContain('Chargeback opened');

    const closed = stripeEvent('charge.dispute.closed', dispute('dp_test_1', paymentIntent, 'lost'));
    expect((await deliver(closed)).json()).toEqual({ received: true, fulfilled: true });
    expect((await deliver(closed)).json()).toEqual({ received: true, fulfilled: false });
    expect((await db.select().from(disputes).where(eq(disputes.id, row!.id)))[0]).toMatchObject({
      status: 'lost',
      feeCents: DISPUTE_FEE_CENTS,
    });
    const entries = await db
      .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.merchantId, merchant.id))
      .orderBy(asc(ledgerEntries.kind));
    expect(entries).toEqual([
      { kind: 'sale', amountCents: 2_500 },
      { kind: 'commission', amountCents: -300 },
      { kind: 'commission_reversal', amountCents: 300 },
      { kind: 'deduction', amountCents: -2_500 },
      { kind: 'dispute_fee', amountCents: -DISPUTE_FEE_CENTS },
    ]);
  });

  it('a dispute of a payment that is not one of our orders is received and changes nothing; a malformed one is a 400', async () => {
    const res = await deliver(stripeEvent('charge.dispute.created', dispute('dp_test_other', 'pi_test_not_ours', 'needs_response')));
    expect(res.json()).toEqual({ received: true, fulfilled: false });
    expect(await db.select().from(disputes).where(eq(disputes.providerDisputeId, 'dp_test_other'))).toEqual([]);
    const bad = await deliver(stripeEvent('charge.dispute.closed', { id: 'dp_test_bad', status: 'lost' }));
    expect(bad.statusCode).toBe(400);
  });
});
