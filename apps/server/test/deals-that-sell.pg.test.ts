import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROMO_MESSAGES, STOCK_MESSAGES } from '@localperks/shared';
import { dealOptions, orders, promoCodes, purchases } from '../src/db/schema';
import { serverInstances } from './instances';
import { build } from './build';
import { TEST_BILLING, TEST_CARD, createDeal, createDealWithOptions, createMerchant, customerCookies } from './factories';

/**
 * Issue 29 on three server instances sharing one PostgreSQL, as behind a load balancer: stock never
 * oversells and a promo code's total cap holds, whichever instance each checkout reaches
 * (docs/decisions/0047, 0048). The single-instance proofs on both databases are in
 * modules/orders/checkout/deals-that-sell.test.ts and modules/orders/promo-codes/promo-codes.test.ts.
 */
const t = await build();
const { on } = await serverInstances(t, 2);
const db = t.database.db;
const checkoutOn = (i: number, cookie: string, items: unknown[], promoCode: string | null = null) =>
  on(i, { method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING, promoCode } });
const payOn = (i: number, pageUrl: string) =>
  on(i, { method: 'POST', url: `/api/sandbox/sessions/${pageUrl.split('/sandbox/checkout/')[1]}/pay`, payload: TEST_CARD });

describe('three instances on one PostgreSQL database', () => {
  it('200 parallel checkouts of 1 unit against a stock of 10, spread over the instances: exactly 10 paid vouchers, 190 refusals "Only 0 left"', async () => {
    const { merchant } = await createMerchant(db);
    const { deal, options } = await createDealWithOptions(db, merchant.id, [
      { title: 'Seat', originalPriceCents: 5000, dealPriceCents: 2500, stock: 10 },
    ]);
    const customers = await customerCookies(t, 200);
    const results = await Promise.all(
      customers.map((c, i) => checkoutOn(i % 3, c.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }])),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    const refusals = results.filter((r) => r.statusCode !== 200);
    expect(refusals.map((r) => r.statusCode)).toEqual(Array(190).fill(409));
    expect(new Set(refusals.map((r) => r.json().error.message))).toEqual(new Set([STOCK_MESSAGES.onlyLeft(0, `${deal.title} — Seat`)]));
    const paid = await Promise.all(ok.map((r, i) => payOn(i % 3, r.json().url)));
    expect(paid.map((p) => p.statusCode)).toEqual(Array(10).fill(200));
    expect(await db.select().from(purchases).where(eq(purchases.dealId, deal.id))).toHaveLength(10);
    expect((await db.select().from(dealOptions).where(eq(dealOptions.id, options[0]!.id)))[0]!.stockLeft).toBe(0);
  }, 120_000);

  it('100 parallel checkouts with a code capped at 10 uses, spread over the instances: exactly 10 get it, 90 are told it is used up', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const admin = await t.loginAs('admin');
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/promo-codes',
      cookie: admin.cookie,
      payload: {
        code: 'CAPPED10',
        kind: 'percent',
        percentOff: 10,
        maxUses: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(200);
    const customers = await customerCookies(t, 100);
    const results = await Promise.all(customers.map((c, i) => checkoutOn(i % 3, c.cookie, [{ dealId: deal.id, quantity: 1 }], 'CAPPED10')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refusals = results.filter((r) => r.statusCode !== 200);
    expect(new Set(refusals.map((r) => r.json().error.message))).toEqual(new Set([PROMO_MESSAGES.usedUp]));
    const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'CAPPED10'));
    expect(promo!.usedCount).toBe(10);
    expect(await db.select().from(orders).where(eq(orders.promoCodeId, promo!.id))).toHaveLength(10);
  }, 120_000);
});
