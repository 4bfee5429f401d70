import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROMO_MESSAGES, STOCK_MESSAGES } from '@localperks/shared';
import { ledgerEntries, orderRefunds, orders, promoCodes, purchases, sandboxSessions } from '../../../db/schema';
import { build } from '../../../../test/build';
import {
  TEST_BILLING,
  TEST_CARD,
  createDeal,
  createDealWithOptions,
  createMerchant,
  createMerchantSession,
  customerCookies,
} from '../../../../test/factories';
import { closePayoutPeriods, periodTotals } from '../../money';
import { fixedClock } from '../../../../test/clock';

/** Issue 29 (docs/decisions/0048-promo-codes-on-the-ledger.md): promo codes, priced and paid for on the ledger. */
const t = await build();
const db = t.database.db;
const DAY = 86_400_000;

const admin = await t.loginAs('admin');
const code = (o: Record<string, unknown> = {}) => ({
  code: `SAVE${Math.random().toString(36).slice(2, 8)}`,
  kind: 'percent',
  percentOff: 20,
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
  ...o,
});
const createAdminCode = async (o: Record<string, unknown> = {}) => {
  const res = await t.request({ method: 'POST', url: '/api/admin/promo-codes', cookie: admin.cookie, payload: code(o) });
  expect(res.statusCode).toBe(200);
  return res.json().promoCode as { id: string; code: string };
};
const quote = (cookie: string, items: unknown[], promoCode: string | null) =>
  t.request({ method: 'POST', url: '/api/cart/quote', cookie, payload: { items, promoCode } });
const checkout = (cookie: string, items: unknown[], promoCode: string | null) =>
  t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING, promoCode } });
const pay = (url: string) =>
  t.request({ method: 'POST', url: `/api/sandbox/sessions/${url.split('/sandbox/checkout/')[1]}/pay`, payload: TEST_CARD });

describe('applying a promo code', () => {
  it('quotes the discount line, tax of 8 % on the discounted subtotal and the new total; the checkout charges exactly that', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id, { dealPriceCents: 2_999, originalPriceCents: 6_000 });
    const promo = await createAdminCode({ percentOff: 20 });
    const { cookie } = await t.loginAs('customer');
    const items = [{ dealId: deal.id, quantity: 3 }];
    const res = await quote(cookie, items, ` ${promo.code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    // 3 x $29.99 = $89.97; 20 % = $17.99; tax 8 % of $71.98 = $5.76; total $77.74.
    expect(res.json()).toMatchObject({
      subtotalCents: 8_997,
      discountCents: 1_799,
      taxCents: 576,
      totalCents: 7_774,
      promo: { code: promo.code, label: '20% off', fundedBy: 'platform' },
    });
    const started = await checkout(cookie, items, promo.code);
    expect(started.statusCode).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.id, started.json().orderId));
    expect(order).toMatchObject({ subtotalCents: 8_997, discountCents: 1_799, taxCents: 576, totalCents: 7_774, promoUse: 'held' });
    const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.orderId, order!.id));
    expect(session!.totalCents).toBe(7_774);
    expect((await pay(started.json().url)).statusCode).toBe(200);
    const vouchers = await db.select().from(purchases).where(eq(purchases.orderId, order!.id));
    expect(vouchers.reduce((s, v) => s + v.discountCents, 0)).toBe(1_799);
    expect(new Set(vouchers.map((v) => v.discountFundedBy))).toEqual(new Set(['platform']));
    expect((await db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.promoUse).toBe('used');
  });

  it('refuses with one clear message for each reason, changing nothing', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Promo Merchant' });
    const deal = await createDeal(db, merchant.id, { dealPriceCents: 1_000, originalPriceCents: 2_000, categoryId: 2 });
    const { merchant: other } = await createMerchant(db);
    const otherDeal = await createDeal(db, other.id);
    const items = [{ dealId: deal.id, quantity: 1 }];
    const [c] = await customerCookies(t, 1);
    const cases: [string | null, string][] = [
      ['NOSUCHCODE', PROMO_MESSAGES.unknown],
      [
        (
          await createAdminCode({
            startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
            endsAt: new Date(Date.now() - DAY).toISOString(),
          })
        ).code,
        PROMO_MESSAGES.expired,
      ],
      [
        (
          await createAdminCode({
            startsAt: new Date(Date.UTC(2099, 0, 5)).toISOString(),
            endsAt: new Date(Date.UTC(2099, 1, 5)).toISOString(),
          })
        ).code,
        PROMO_MESSAGES.notYetValid('Jan 5, 2099'),
      ],
      [(await createAdminCode({ minSubtotalCents: 5_000 })).code, PROMO_MESSAGES.minimumNotMet('$50.00')],
      [(await createAdminCode({ dealIds: [otherDeal.id] })).code, PROMO_MESSAGES.notForTheseDeals],
      [(await createAdminCode({ categoryId: 3 })).code, PROMO_MESSAGES.notForTheseDeals],
    ];
    for (const [promoCode, message] of cases) {
      const q = await quote(c!.cookie, items, promoCode);
      expect(q.statusCode, String(promoCode)).toBe(400);
      expect(q.json().error).toMatchObject({ message, fields: { promoCode: message } });
      const started = await checkout(c!.cookie, items, promoCode);
      expect(started.json().error.message).toBe(message);
    }
    // Already used: the per-customer cap (default once) counts a paid order.
    const once = await createAdminCode();
    const first = await checkout(c!.cookie, items, once.code);
    expect((await pay(first.json().url)).statusCode).toBe(200);
    expect((await quote(c!.cookie, items, once.code)).json().error.message).toBe(PROMO_MESSAGES.alreadyUsed);
    // First orders only: this customer has paid before.
    const firstOnly = await createAdminCode({ firstOrderOnly: true });
    expect((await quote(c!.cookie, items, firstOnly.code)).json().error.message).toBe(PROMO_MESSAGES.firstOrderOnly);
    // A merchant's code is for their own deals only.
    const m = await createMerchantSession(t);
    const own = await t.request({ method: 'POST', url: '/api/merchant/promo-codes', cookie: m.cookie, payload: code() });
    expect(own.statusCode).toBe(200);
    expect((await quote(c!.cookie, items, own.json().promoCode.code)).json().error.message).toBe(PROMO_MESSAGES.notForTheseDeals);
    // Nothing was held by the refused checkouts.
    expect((await db.select().from(orders).where(eq(orders.userId, c!.id))).length).toBe(1);
  });

  it('admins list and deactivate codes; a merchant sees and manages only their own; customers may not', async () => {
    const m = await createMerchantSession(t, { businessName: 'Own Codes' });
    const mine = (
      await t.request({
        method: 'POST',
        url: '/api/merchant/promo-codes',
        cookie: m.cookie,
        payload: code({ kind: 'fixed', percentOff: null, amountOffCents: 500 }),
      })
    ).json().promoCode;
    expect(mine).toMatchObject({ fundedBy: 'merchant', kind: 'fixed', amountOffCents: 500, perCustomerLimit: 1, state: 'active' });
    const platform = await createAdminCode();
    const list = (await t.request({ method: 'GET', url: '/api/merchant/promo-codes', cookie: m.cookie })).json().promoCodes;
    expect(list.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    const all = (await t.request({ method: 'GET', url: '/api/admin/promo-codes', cookie: admin.cookie })).json().promoCodes;
    expect(all.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([mine.id, platform.id]));
    expect(all.find((p: { id: string }) => p.id === mine.id).merchantName).toBe('Own Codes');
    expect(
      (await t.request({ method: 'POST', url: `/api/merchant/promo-codes/${platform.id}/deactivate`, cookie: m.cookie })).statusCode,
    ).toBe(404);
    const off = await t.request({ method: 'POST', url: `/api/admin/promo-codes/${platform.id}/deactivate`, cookie: admin.cookie });
    expect(off.json().promoCode.state).toBe('deactivated');
    const dup = await t.request({
      method: 'POST',
      url: '/api/admin/promo-codes',
      cookie: admin.cookie,
      payload: code({ code: mine.code }),
    });
    expect(dup.statusCode).toBe(409);
    const customer = await t.loginAs('customer');
    expect((await t.request({ method: 'GET', url: '/api/admin/promo-codes', cookie: customer.cookie })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/promo-codes', cookie: customer.cookie, payload: code() })).statusCode,
    ).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/promo-codes',
      cookie: admin.cookie,
      payload: code({ code: 'x', percentOff: 150 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['code', 'percentOff']));
  });

  it('an unpaid checkout holds its use of a capped code; a refused checkout holds neither the code nor stock', async () => {
    const { merchant } = await createMerchant(db);
    const { deal, options } = await createDealWithOptions(db, merchant.id, [
      { title: 'Spot', originalPriceCents: 2000, dealPriceCents: 1000, stock: 1 },
    ]);
    const promo = await createAdminCode({ maxUses: 1 });
    const [a, b] = await customerCookies(t, 2);
    const items = [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }];
    expect((await checkout(a!.cookie, items, promo.code)).statusCode).toBe(200);
    // The stock refusal rolls back the code's use too.
    expect((await checkout(b!.cookie, items, promo.code)).json().error.message).toBe(PROMO_MESSAGES.usedUp);
    expect((await db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)))[0]!.usedCount).toBe(1);
    const nothingLeft = await checkout(b!.cookie, items, null);
    expect(nothingLeft.json().error.message).toBe(STOCK_MESSAGES.onlyLeft(0, `${deal.title} — Spot`));
  });
});

describe('who pays for a discount, on the ledger', () => {
  it('a merchant code lowers the merchant’s gross and the commission on it; a platform code is the platform’s expense and the merchant is paid as if full price; a refund gives back what was paid', async () => {
    const m = await createMerchantSession(t, { commissionRate: 10 });
    const deal = await createDeal(db, m.merchant.id, { dealPriceCents: 10_000, originalPriceCents: 20_000 });
    const merchantCode = (
      await t.request({ method: 'POST', url: '/api/merchant/promo-codes', cookie: m.cookie, payload: code({ percentOff: 25 }) })
    ).json().promoCode;
    const platformCode = await createAdminCode({ kind: 'fixed', percentOff: null, amountOffCents: 3_000 });
    const [c1, c2] = await customerCookies(t, 2);
    const items = [{ dealId: deal.id, quantity: 1 }];
    const paid: string[] = [];
    for (const [c, promo] of [
      [c1!, merchantCode.code],
      [c2!, platformCode.code],
    ] as const) {
      const started = await checkout(c.cookie, items, promo);
      expect((await pay(started.json().url)).statusCode).toBe(200);
      paid.push(started.json().orderId);
    }
    const [merchantFunded] = await db.select().from(purchases).where(eq(purchases.orderId, paid[0]!));
    const [platformFunded] = await db.select().from(purchases).where(eq(purchases.orderId, paid[1]!));
    expect(merchantFunded).toMatchObject({ priceCents: 10_000, discountCents: 2_500, discountFundedBy: 'merchant', commissionCents: 750 });
    expect(platformFunded).toMatchObject({
      priceCents: 10_000,
      discountCents: 3_000,
      discountFundedBy: 'platform',
      commissionCents: 1_000,
    });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, m.merchant.id));
    const of = (purchaseId: string) =>
      Object.fromEntries(entries.filter((e) => e.purchaseId === purchaseId).map((e) => [e.kind, e.amountCents]));
    expect(of(merchantFunded!.id)).toEqual({ sale: 10_000, promotion: -2_500, commission: -750 });
    expect(of(platformFunded!.id)).toEqual({ sale: 10_000, platform_promotion: -3_000, commission: -1_000 });
    const period = entries[0]!.periodStart;
    const totals = await periodTotals(db, { periodStart: period, merchantId: m.merchant.id });
    // The merchant is owed 10,000 − 2,500 − 750 and 10,000 − 1,000; the platform keeps its commission less its own promotion.
    expect(totals).toMatchObject({
      promotionsCents: 2_500,
      platformPromotionsCents: 3_000,
      netCents: 6_750 + 9_000,
      platformRevenueCents: 1_750 - 3_000,
    });

    // Refunds give back what the customer paid: price less discount, plus the tax on it.
    for (const p of [merchantFunded!, platformFunded!]) {
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/purchases/${p.id}/refund`,
        cookie: admin.cookie,
        payload: { decisionText: 'Refund' },
      });
      expect(res.statusCode).toBe(200);
      const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.purchaseId, p.id));
      const paidCents = p.priceCents - p.discountCents;
      expect(refund!.amountCents).toBe(paidCents + Math.round(paidCents * 0.08));
    }
    const after = await periodTotals(db, { periodStart: period, merchantId: m.merchant.id });
    expect(after).toMatchObject({ promotionsCents: 0, platformPromotionsCents: 0, netCents: 0, platformRevenueCents: 0 });
  });
  it('the statement, its CSV, the payouts page and the analytics show the merchant’s promotions as their own line and each voucher’s option; a platform code leaves the merchant’s figures at full price', async () => {
    const m = await createMerchantSession(t, { commissionRate: 10 });
    const { deal, options } = await createDealWithOptions(
      db,
      m.merchant.id,
      [
        { title: 'One person', originalPriceCents: 20_000, dealPriceCents: 10_000 },
        { title: 'Two people', originalPriceCents: 36_000, dealPriceCents: 18_000 },
      ],
      { title: 'Statement spa' },
    );
    const merchantCode = (
      await t.request({ method: 'POST', url: '/api/merchant/promo-codes', cookie: m.cookie, payload: code({ percentOff: 25 }) })
    ).json().promoCode;
    const platformCode = await createAdminCode({ kind: 'fixed', percentOff: null, amountOffCents: 3_000 });
    const [c1, c2] = await customerCookies(t, 2);
    for (const [c, optionId, promo] of [
      [c1!, options[0]!.id, merchantCode.code],
      [c2!, options[1]!.id, platformCode.code],
    ] as const) {
      const started = await checkout(c.cookie, [{ dealId: deal.id, optionId, quantity: 1 }], promo);
      expect((await pay(started.json().url)).statusCode).toBe(200);
    }
    // One person: 10,000 less the merchant's 2,500, commission 750. Two people: 18,000 at full price for the merchant, commission 1,800.
    const gross = 10_000 - 2_500 + 18_000;
    const commission = 750 + 1_800;

    // The open period's running total.
    const payouts = (await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie: m.cookie })).json();
    expect(payouts.currentPeriod).toMatchObject({
      totalPurchases: 2,
      grossCents: gross,
      promotionsCents: 2_500,
      commissionCents: commission,
    });
    expect(payouts.currentPeriod.netCents).toBe(gross - commission);

    // The payout and its statement: the promotion is a line of its own, the sale names the option.
    await closePayoutPeriods({ db, clock: fixedClock(Date.now() + 40 * DAY) });
    const payout = (await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie: m.cookie })).json().items[0];
    expect(payout).toMatchObject({ grossCents: gross, promotionsCents: 2_500, commissionCents: commission, netCents: gross - commission });
    const statement = (await t.request({ method: 'GET', url: `/api/merchant/payouts/${payout.id}/statement`, cookie: m.cookie })).json();
    const lines = statement.lines.items.map((l: { kind: string; dealTitle: string; amountCents: number; commissionCents: number }) => [
      l.kind,
      l.dealTitle,
      l.amountCents,
      l.commissionCents,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['sale', 'Statement spa — One person', 10_000, -750],
        ['promotion', 'Statement spa — One person', -2_500, 0],
        ['sale', 'Statement spa — Two people', 18_000, -1_800],
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(statement.totals).toMatchObject({ grossCents: gross, promotionsCents: 2_500, netCents: payout.netCents });
    const csv = (await t.request({ method: 'GET', url: `/api/merchant/payouts/${payout.id}/statement.csv`, cookie: m.cookie })).body;
    expect(csv).toContain(',Promotion (your code),Statement spa — One person,');
    expect(csv).toContain(',-25.00,0.00,-25.00\r\n');
    expect(csv).toMatch(/Total,2 sales,,,255\.00,-25\.50,229\.50/);

    // Analytics: revenue is less the merchant's own promotion; each voucher and the deal's breakdown name the option.
    const a = (await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: m.cookie })).json();
    expect(a.totalRevenueCents).toBe(gross);
    expect(a.totalEarningsCents).toBe(gross - commission);
    expect(a.byDeal).toEqual([
      {
        dealId: deal.id,
        title: 'Statement spa',
        purchases: 2,
        revenueCents: gross,
        refundsCents: 0,
        options: [
          { title: 'Two people', purchases: 1, revenueCents: 18_000, refundsCents: 0 },
          { title: 'One person', purchases: 1, revenueCents: 7_500, refundsCents: 0 },
        ],
      },
    ]);
    const recent = Object.fromEntries(
      a.recentPurchases.map((p: { dealTitle: string; priceCents: number; earningsCents: number }) => [
        p.dealTitle,
        [p.priceCents, p.earningsCents],
      ]),
    );
    expect(recent).toEqual({
      'Statement spa — One person': [10_000, 10_000 - 2_500 - 750],
      // The platform's code is the platform's expense: the merchant earns as if the customer paid full price.
      'Statement spa — Two people': [18_000, 18_000 - 1_800],
    });
  });
});
