import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ANALYTICS_MESSAGES, DISPUTE_FEE_CENTS, nextPayoutDate, payoutPeriodFor, type MerchantAnalytics } from '@localperks/shared';
import { ledgerEntries, orders, purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { fixedClock, mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchant, createMerchantSession } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { closePayoutPeriods } from '../../money';
import { merchantAnalytics } from './merchant-analytics.service';

const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const customer = await t.loginAs('customer');
const admin = await t.loginAs('admin');

const merchantSession = (overrides: Parameters<typeof createMerchant>[1] = {}) => createMerchantSession(t, overrides);
/** A deal that is still on sale whatever year the test's clock reads. */
const dealOf = (merchantId: string, o: Parameters<typeof createDeal>[2] = {}) =>
  createDeal(db, merchantId, { expirationDate: new Date('2031-06-01T00:00:00Z'), ...o });
/** Buys through checkout, the sandbox card page and its signed webhook with the server's clock at `at`. */
const buyAt = (at: string, items: { dealId: string; quantity: number }[]) => {
  clock.set(at);
  return buy(t, customer.cookie, items);
};
async function analyticsAt(at: string, cookie: string): Promise<MerchantAnalytics> {
  clock.set(at);
  const res = await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}
/** The admin refunds a voucher directly (the refund flow; the sandbox confirms it at once). */
async function refundAt(at: string, purchaseId: string) {
  clock.set(at);
  const res = await t.request({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    cookie: admin.cookie,
    payload: { decisionText: 'The business could not honour it.' },
  });
  expect(res.json()).toEqual({ status: 'refunded', refunded: true });
}

/** The merchant's ledger summed straight in SQL, by the entries' signs (decision 0018); `sign` −1 reads a kind as a positive amount. */
async function ledgerSums(merchantId: string) {
  const sum = (kinds: string[], sign: 1 | -1 = 1) =>
    sql<number>`(${sign} * coalesce(sum(${ledgerEntries.amountCents}) filter (where ${inArray(ledgerEntries.kind, kinds as never[])}), 0))::int`;
  const [row] = await db
    .select({
      totalRevenueCents: sum(['sale', 'refund', 'deduction']),
      totalRefundsCents: sum(['refund', 'deduction'], -1),
      totalCommissionCents: sum(['commission', 'commission_reversal'], -1),
      totalDisputeFeesCents: sum(['dispute_fee'], -1),
      totalEarningsCents: sum(['sale', 'commission', 'refund', 'commission_reversal', 'deduction', 'dispute_fee']),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.merchantId, merchantId));
  return row!;
}

describe('Revenue & Analytics', () => {
  it('sums the merchant’s own sales: revenue, earnings after commission, period, 30 days, by deal, recent, redemptions', async () => {
    const m = await merchantSession({ commissionRate: 15 });
    const rival = await merchantSession();
    const brunch = await dealOf(m.merchant.id, { title: 'Brunch', dealPriceCents: 3000 });
    const dinner = await dealOf(m.merchant.id, { title: 'Dinner', dealPriceCents: 5000 });
    const rivalDeal = await dealOf(rival.merchant.id, { dealPriceCents: 7000 });
    // One brunch sold 40 days ago: counts in the totals, not in the 30 days nor the current period.
    const [old] = await buyAt('2029-12-11T10:00:00Z', [{ dealId: brunch.id, quantity: 1 }]);
    const bought = await buyAt('2030-01-20T10:00:00Z', [
      { dealId: brunch.id, quantity: 1 },
      { dealId: dinner.id, quantity: 1 },
      { dealId: rivalDeal.id, quantity: 1 },
    ]);
    const own = [old!, ...bought.filter((p) => p.merchantId === m.merchant.id)];
    expect(own).toHaveLength(3);
    await db
      .update(purchases)
      .set({ redeemedAt: new Date('2030-01-20T11:00:00Z') })
      .where(eq(purchases.id, own.find((p) => p.dealId === dinner.id)!.id));

    const now = '2030-01-20T12:00:00Z';
    const a = await analyticsAt(now, m.cookie);
    const commission = own.reduce((s, p) => s + p.commissionCents, 0);
    expect(commission).toBe(450 + 450 + 750);
    expect(a).toMatchObject({
      totalRevenueCents: 11_000,
      totalRefundsCents: 0,
      refundedPurchases: 0,
      totalPurchases: 3,
      totalCommissionCents: commission,
      totalEarningsCents: 11_000 - commission,
      totalDisputeFeesCents: 0,
      commissionRate: 15,
      redemptions: 1,
      nextPayoutDate: nextPayoutDate(new Date(now)),
      currentPeriod: payoutPeriodFor(new Date(now)),
    });
    expect(a.currentPeriodEarningsCents).toBe(8000 - 450 - 750);
    expect(a.daily).toHaveLength(30);
    expect(a.daily.at(-1)).toEqual({ date: '2030-01-20', revenueCents: 8000, refundsCents: 0, purchases: 2 });
    expect(a.daily.reduce((s, d) => s + d.revenueCents, 0)).toBe(8000);
    expect(a.byDeal).toEqual([
      { dealId: brunch.id, title: 'Brunch', purchases: 2, revenueCents: 6000, refundsCents: 0, options: [] },
      { dealId: dinner.id, title: 'Dinner', purchases: 1, revenueCents: 5000, refundsCents: 0, options: [] },
    ]);
    expect(a.recentPurchases).toHaveLength(3);
    expect(a.recentPurchases.at(-1)).toMatchObject({ id: old!.id, priceCents: 3000, earningsCents: 3000 - 450, isRefunded: false });
    expect(a.recentPurchases.some((p) => p.isRedeemed)).toBe(true);
  });

  it('puts a sale on the 14th in the period paid on the 15th, and one on the 15th in the next', async () => {
    const m = await merchantSession();
    const deal = await dealOf(m.merchant.id, { dealPriceCents: 1000 });
    await buyAt('2030-03-14T23:30:00Z', [{ dealId: deal.id, quantity: 1 }]);
    await buyAt('2030-03-15T00:30:00Z', [{ dealId: deal.id, quantity: 1 }]);
    const first = await merchantAnalytics({ db, clock: fixedClock('2030-03-14T23:59:00Z') }, m.user.id);
    expect(first).toMatchObject({ currentPeriodEarningsCents: 850, nextPayoutDate: '2030-03-15' });
    const second = await merchantAnalytics({ db, clock: fixedClock('2030-03-20T00:00:00Z') }, m.user.id);
    expect(second).toMatchObject({ currentPeriodEarningsCents: 850, nextPayoutDate: '2030-04-01' });
  });

  it('a refunded sale lowers revenue and earnings by its price and commission by the commission reversed; only the merchant’s own', async () => {
    const m = await merchantSession({ commissionRate: 15 });
    const rival = await merchantSession({ commissionRate: 15 });
    const spa = await dealOf(m.merchant.id, { title: 'Spa Day', dealPriceCents: 4000 });
    const rivalDeal = await dealOf(rival.merchant.id, { dealPriceCents: 2000 });
    const bought = await buyAt('2030-02-03T10:00:00Z', [
      { dealId: spa.id, quantity: 2 },
      { dealId: rivalDeal.id, quantity: 1 },
    ]);
    const [kept, refunded] = bought.filter((p) => p.merchantId === m.merchant.id);
    const before = await analyticsAt('2030-02-05T09:00:00Z', m.cookie);
    expect(before).toMatchObject({ totalRevenueCents: 8000, totalCommissionCents: 1200, totalEarningsCents: 6800, totalRefundsCents: 0 });

    await refundAt('2030-02-05T10:00:00Z', refunded!.id);
    // Another merchant's refund is theirs alone.
    await refundAt('2030-02-05T10:30:00Z', bought.find((p) => p.merchantId === rival.merchant.id)!.id);
    const after = await analyticsAt('2030-02-05T12:00:00Z', m.cookie);
    expect(after.totalRevenueCents).toBe(before.totalRevenueCents - 4000);
    expect(after.totalCommissionCents).toBe(before.totalCommissionCents - 600);
    expect(after.totalEarningsCents).toBe(before.totalEarningsCents - 3400);
    expect(after.currentPeriodEarningsCents).toBe(before.currentPeriodEarningsCents - 3400);
    expect(after).toMatchObject({ totalRefundsCents: 4000, refundedPurchases: 1, totalPurchases: 2, totalDisputeFeesCents: 0 });
    expect(after).toMatchObject(await ledgerSums(m.merchant.id));
    // The day money moved: sold on the 3rd, given back on the 5th.
    expect(after.daily.find((d) => d.date === '2030-02-03')).toEqual({
      date: '2030-02-03',
      revenueCents: 8000,
      refundsCents: 0,
      purchases: 2,
    });
    expect(after.daily.at(-1)).toEqual({ date: '2030-02-05', revenueCents: -4000, refundsCents: 4000, purchases: 0 });
    expect(after.daily.reduce((s, d) => s + d.revenueCents, 0)).toBe(after.totalRevenueCents);
    expect(after.byDeal).toEqual([{ dealId: spa.id, title: 'Spa Day', purchases: 2, revenueCents: 4000, refundsCents: 4000, options: [] }]);
    const recent = new Map(after.recentPurchases.map((p) => [p.id, p]));
    expect(recent.get(refunded!.id)).toMatchObject({ priceCents: 4000, earningsCents: 0, isRefunded: true });
    expect(recent.get(kept!.id)).toMatchObject({ priceCents: 4000, earningsCents: 3400, isRefunded: false });

    const theirs = await analyticsAt('2030-02-05T12:00:00Z', rival.cookie);
    expect(theirs).toMatchObject({ totalRevenueCents: 0, totalRefundsCents: 2000, refundedPurchases: 1, totalEarningsCents: 0 });
    expect(theirs.recentPurchases.map((p) => p.id)).toEqual([bought.find((p) => p.merchantId === rival.merchant.id)!.id]);
  });

  it('a refund after the sale was paid out is deducted: revenue drops and the current period carries the deduction', async () => {
    const m = await merchantSession({ commissionRate: 15 });
    const deal = await dealOf(m.merchant.id, { dealPriceCents: 4000 });
    const [p] = await buyAt('2030-04-03T10:00:00Z', [{ dealId: deal.id, quantity: 1 }]);
    await closePayoutPeriods({ db, clock: fixedClock('2030-04-15T01:00:00Z') });
    await refundAt('2030-04-16T10:00:00Z', p!.id);
    const [deduction] = await db
      .select({ kind: ledgerEntries.kind, periodStart: ledgerEntries.periodStart })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sourceKey, `refund:${p!.id}`));
    expect(deduction).toEqual({ kind: 'deduction', periodStart: '2030-04-15' });
    const a = await analyticsAt('2030-04-16T12:00:00Z', m.cookie);
    expect(a).toMatchObject({
      totalRevenueCents: 0,
      totalRefundsCents: 4000,
      refundedPurchases: 1,
      totalCommissionCents: 0,
      totalEarningsCents: 0,
      // The next payout (Apr 15-30) starts 4000 down, 600 of commission given back.
      currentPeriodEarningsCents: -3400,
    });
    expect(a).toMatchObject(await ledgerSums(m.merchant.id));
  });

  it('a lost chargeback takes the voucher off revenue and its dispute fee off earnings and the current period', async () => {
    const m = await merchantSession({ commissionRate: 15 });
    const deal = await dealOf(m.merchant.id, { dealPriceCents: 3000 });
    const [kept, disputed] = await buyAt('2030-05-02T10:00:00Z', [{ dealId: deal.id, quantity: 2 }]);
    const before = await analyticsAt('2030-05-04T10:00:00Z', m.cookie);
    const [order] = await db.select({ sessionId: orders.providerSessionId }).from(orders).where(eq(orders.id, disputed!.orderId));
    const dispute = (status: string) => {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        type: status === 'lost' ? 'charge.dispute.closed' : 'charge.dispute.created',
        created: Math.floor(Date.parse('2030-05-05T10:00:00Z') / 1000),
        data: {
          object: {
            id: 'dp_analytics_1',
            charge: order!.sessionId,
            amount: 3240,
            status,
            reason: 'fraudulent',
            metadata: { purchaseId: disputed!.id },
          },
        },
      });
      return t.request({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.deps.sandboxSecret, payload) },
        payload,
      });
    };
    clock.set('2030-05-05T10:00:00Z');
    expect((await dispute('needs_response')).statusCode).toBe(200);
    expect((await dispute('lost')).json()).toEqual({ received: true, fulfilled: true });

    const after = await analyticsAt('2030-05-05T12:00:00Z', m.cookie);
    expect(after).toMatchObject({
      totalRevenueCents: before.totalRevenueCents - 3000,
      totalRefundsCents: 3000,
      refundedPurchases: 1,
      totalCommissionCents: before.totalCommissionCents - 450,
      totalDisputeFeesCents: DISPUTE_FEE_CENTS,
      totalEarningsCents: before.totalEarningsCents - 2550 - DISPUTE_FEE_CENTS,
      currentPeriodEarningsCents: before.currentPeriodEarningsCents - 2550 - DISPUTE_FEE_CENTS,
    });
    expect(after.totalEarningsCents).toBe(3000 - 450 - DISPUTE_FEE_CENTS);
    expect(after).toMatchObject(await ledgerSums(m.merchant.id));
    const recent = new Map(after.recentPurchases.map((p) => [p.id, p]));
    expect(recent.get(disputed!.id)).toMatchObject({ earningsCents: 0, isRefunded: true });
    expect(recent.get(kept!.id)).toMatchObject({ earningsCents: 2550, isRefunded: false });
    const fee = await db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, m.merchant.id), eq(ledgerEntries.kind, 'dispute_fee')));
    expect(fee).toEqual([{ amountCents: -DISPUTE_FEE_CENTS }]);
  });

  it('shows zeros to a merchant with no sales, and refuses Advertise Only, unapproved merchants and customers', async () => {
    clock.useRealTime();
    const m = await merchantSession();
    const empty = (await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: m.cookie })).json<MerchantAnalytics>();
    expect(empty).toMatchObject({
      totalRevenueCents: 0,
      totalRefundsCents: 0,
      totalPurchases: 0,
      totalEarningsCents: 0,
      totalDisputeFeesCents: 0,
      byDeal: [],
      recentPurchases: [],
      redemptions: 0,
    });
    expect(empty.daily.every((d) => d.revenueCents === 0 && d.refundsCents === 0)).toBe(true);
    const free = await merchantSession({ subscriptionPlan: 'advertise_only', commissionRate: 0 });
    const refused = await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: free.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ANALYTICS_MESSAGES.planRequired);
    const pending = await merchantSession({ approved: false });
    expect((await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: pending.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: customer.cookie })).statusCode).toBe(403);
  });
});
