import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, DISPUTE_FEE_CENTS } from '@localperks/shared';
import { ledgerEntries, orders } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { closePayoutPeriods, deliverSandboxRefundEvents } from '../../money';

/**
 * One figure for the period's payout on every screen (issue 39, item 2): the admin Overview's
 * "Current Period Payout", Payout Management's "Total Upcoming Payouts" and the merchants' own
 * Payouts tab add up to the same ledger amount after refunds (in the sale's period), deductions
 * (a refund of a sale already paid out) and a lost dispute (its deduction and fee). A database of
 * its own: the admin figures are every merchant's.
 */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');
const customer = await t.loginAs('customer');

async function sellAt(merchantId: string, at: string, priceCents: number, quantity = 1) {
  clock.set(at);
  const deal = await createDeal(db, merchantId, { dealPriceCents: priceCents, expirationDate: new Date(Date.parse(at) + 60 * DAY_MS) });
  return buy(t, customer.cookie, [{ dealId: deal.id, quantity }]);
}

/** An admin's direct refund through the sandbox provider, completed by its signed charge.refunded event. */
async function refundAt(purchaseId: string, at: string) {
  clock.set(at);
  const res = await t.request({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    cookie: admin.cookie,
    payload: { decisionText: 'Refunded under the policy.' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deliverSandboxRefundEvents(t.app.deps);
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sourceKey, `refund:${purchaseId}`));
  expect(entry, 'the refund reached the ledger').toBeDefined();
  return entry!;
}

/** A chargeback the platform lost, as the sandbox provider posts it. */
async function loseDisputeAt(orderId: string, amount: number, at: string) {
  clock.set(at);
  const [order] = await db.select({ sessionId: orders.providerSessionId }).from(orders).where(eq(orders.id, orderId));
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    type: 'charge.dispute.closed',
    created: Math.floor(Date.parse(at) / 1000),
    data: {
      object: { id: `dp_${randomBytes(6).toString('hex')}`, charge: order!.sessionId, amount, status: 'lost', reason: 'fraudulent' },
    },
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.deps.sandboxSecret, payload) },
    payload,
  });
  expect(res.json()).toEqual({ received: true, fulfilled: true });
}

describe('the current period payout', () => {
  it('is the same on the Overview, in Payout Management and on the merchants’ Payouts tabs after refunds, deductions and disputes', async () => {
    const alpha = await createMerchantSession(t, { businessName: 'Alpha Ale House', commissionRate: 15 });
    const beta = await createMerchantSession(t, { businessName: 'Beta Barbers', commissionRate: 10 });

    // March 1–14: sales, closed into payouts on the 15th.
    const [a1] = await sellAt(alpha.merchant.id, '2031-03-03T15:00:00Z', 4_000, 2);
    const [b1] = await sellAt(beta.merchant.id, '2031-03-04T15:00:00Z', 2_500);
    clock.set('2031-03-15T01:00:00Z');
    expect((await closePayoutPeriods({ db, clock })).created).toBe(2);

    // March 15–31, the current period.
    await sellAt(alpha.merchant.id, '2031-03-16T15:00:00Z', 5_000);
    const [b2] = await sellAt(beta.merchant.id, '2031-03-16T16:00:00Z', 3_000, 2);
    // A refund of a sale of this period lowers its gross and commission…
    expect(await refundAt(b2!.id, '2031-03-17T10:00:00Z')).toMatchObject({ kind: 'refund', periodStart: '2031-03-15' });
    // …one of a sale already paid out is a deduction now…
    expect(await refundAt(a1!.id, '2031-03-17T11:00:00Z')).toMatchObject({ kind: 'deduction', periodStart: '2031-03-15' });
    // …and so is a lost chargeback, with its fee.
    await loseDisputeAt(b1!.orderId, 2_700, '2031-03-18T10:00:00Z');

    clock.set('2031-03-20T12:00:00Z');
    // Alpha: 5000 − 750 commission − 4000 deducted + 600 reversed = 850.
    // Beta: 6000 − 3000 refunded − 600 + 300 reversed commission − 2500 deducted + 250 reversed − 1500 fee = −1050.
    const expected = 5_000 - 750 - 4_000 + 600 + (6_000 - 3_000 - 600 + 300 - 2_500 + 250 - DISPUTE_FEE_CENTS);

    const overview = (await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie })).json();
    const summary = (await t.request({ method: 'GET', url: '/api/admin/payouts/summary', cookie: admin.cookie })).json();
    const merchantTab = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie })).json().currentPeriod;
    const [alphaNow, betaNow] = [await merchantTab(alpha.cookie), await merchantTab(beta.cookie)];

    expect(alphaNow.netCents).toBe(850);
    expect(betaNow.netCents).toBe(-1_050);
    expect(summary.upcomingNetCents).toBe(expected);
    expect(overview.stats.currentPeriodPayoutCents).toBe(expected);
    expect(overview.stats.currentPeriodPayoutCents).toBe(summary.upcomingNetCents);
    expect(overview.stats.currentPeriodPayoutCents).toBe(alphaNow.netCents + betaNow.netCents);
    expect(overview.stats.currentPeriodMerchants).toBe(summary.merchantsThisPeriod);
    // All-time money on the Overview is the ledger's too: what customers paid, and the commission kept.
    expect(overview.stats.totalRevenueCents).toBe(overview.revenue.allTime.grossSalesCents);
    expect(overview.stats.totalCommissionCents).toBe(overview.revenue.allTime.commissionCents);
    clock.useRealTime();
  });
});
