import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANALYTICS_MESSAGES, nextPayoutDate, payoutPeriodFor } from '@localperks/shared';
import { purchases } from '../../db/schema';
import { build } from '../../../test/build';
import { buy, createDeal, createMerchant, createMerchantSession } from '../../../test/factories';
import { merchantAnalytics } from './merchant-analytics.service';

const t = await build();
const db = t.database.db;
const DAY = 86_400_000;

const merchantSession = (overrides: Parameters<typeof createMerchant>[1] = {}) => createMerchantSession(t, overrides);

describe('Revenue & Analytics', () => {
  it('sums the merchant’s own purchases: revenue, earnings after commission, period, 30 days, by deal, recent, redemptions', async () => {
    const m = await merchantSession({ commissionRate: 15 });
    const rival = await merchantSession();
    const brunch = await createDeal(db, m.merchant.id, { title: 'Brunch', dealPriceCents: 3000 });
    const dinner = await createDeal(db, m.merchant.id, { title: 'Dinner', dealPriceCents: 5000 });
    const rivalDeal = await createDeal(db, rival.merchant.id, { dealPriceCents: 7000 });
    const customer = await t.loginAs('customer');
    const bought = await buy(t, customer.cookie, [
      { dealId: brunch.id, quantity: 2 },
      { dealId: dinner.id, quantity: 1 },
      { dealId: rivalDeal.id, quantity: 1 },
    ]);
    const own = bought.filter((p) => p.merchantId === m.merchant.id);
    expect(own).toHaveLength(3);
    // One brunch sold 40 days ago: counts in the totals, not in the 30 days nor the current period.
    const old = own.find((p) => p.dealId === brunch.id)!;
    await db
      .update(purchases)
      .set({ purchasedAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(purchases.id, old.id));
    await db
      .update(purchases)
      .set({ redeemedAt: new Date() })
      .where(eq(purchases.id, own.find((p) => p.dealId === dinner.id)!.id));

    const res = await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    const commission = own.reduce((s, p) => s + p.commissionCents, 0);
    expect(commission).toBe(450 + 450 + 750);
    expect(a).toMatchObject({
      totalRevenueCents: 11_000,
      totalPurchases: 3,
      totalCommissionCents: commission,
      totalEarningsCents: 11_000 - commission,
      commissionRate: 15,
      redemptions: 1,
      nextPayoutDate: nextPayoutDate(new Date()),
      currentPeriod: payoutPeriodFor(new Date()),
    });
    expect(a.currentPeriodEarningsCents).toBe(8000 - 450 - 750);
    expect(a.daily).toHaveLength(30);
    expect(a.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), revenueCents: 8000, purchases: 2 });
    expect(a.daily.reduce((s: number, d: { revenueCents: number }) => s + d.revenueCents, 0)).toBe(8000);
    expect(a.byDeal).toEqual([
      { dealId: brunch.id, title: 'Brunch', purchases: 2, revenueCents: 6000 },
      { dealId: dinner.id, title: 'Dinner', purchases: 1, revenueCents: 5000 },
    ]);
    expect(a.recentPurchases).toHaveLength(3);
    expect(a.recentPurchases.at(-1)).toMatchObject({ id: old.id, earningsCents: 3000 - 450 });
    expect(a.recentPurchases.some((p: { isRedeemed: boolean }) => p.isRedeemed)).toBe(true);
  });

  it('puts a sale on the 14th in the period paid on the 15th, and one on the 15th in the next', async () => {
    const m = await merchantSession();
    const deal = await createDeal(db, m.merchant.id, { dealPriceCents: 1000 });
    const customer = await t.loginAs('customer');
    const [a, b] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    await db
      .update(purchases)
      .set({ purchasedAt: new Date(Date.UTC(2026, 2, 14, 23, 30)) })
      .where(eq(purchases.id, a!.id));
    await db
      .update(purchases)
      .set({ purchasedAt: new Date(Date.UTC(2026, 2, 15, 0, 30)) })
      .where(eq(purchases.id, b!.id));
    const first = await merchantAnalytics(db, m.user.id, new Date(Date.UTC(2026, 2, 14, 23, 59)));
    expect(first).toMatchObject({ currentPeriodEarningsCents: 850, nextPayoutDate: '2026-03-15' });
    const second = await merchantAnalytics(db, m.user.id, new Date(Date.UTC(2026, 2, 20)));
    expect(second).toMatchObject({ currentPeriodEarningsCents: 850, nextPayoutDate: '2026-04-01' });
  });

  it('shows zeros to a merchant with no sales, and refuses Advertise Only, unapproved merchants and customers', async () => {
    const m = await merchantSession();
    const empty = (await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: m.cookie })).json();
    expect(empty).toMatchObject({
      totalRevenueCents: 0,
      totalPurchases: 0,
      totalEarningsCents: 0,
      byDeal: [],
      recentPurchases: [],
      redemptions: 0,
    });
    expect(empty.daily.every((d: { revenueCents: number }) => d.revenueCents === 0)).toBe(true);
    const free = await merchantSession({ subscriptionPlan: 'advertise_only', commissionRate: 0 });
    const refused = await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: free.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ANALYTICS_MESSAGES.planRequired);
    const pending = await merchantSession({ approved: false });
    expect((await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: pending.cookie })).statusCode).toBe(403);
    const customer = await t.loginAs('customer');
    expect((await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: customer.cookie })).statusCode).toBe(403);
  });
});
