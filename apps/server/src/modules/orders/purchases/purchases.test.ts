import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchant } from '../../../../test/factories';

// The services read the time from this clock (real time until a test sets it); sessions and payments use real time.
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const DAY = 86_400_000;

/** A merchant with a signed-in session, a deal of theirs, and a customer who bought it. */
async function scenario(quantity = 1) {
  const m = await createMerchant(db, { businessName: 'Redeem Diner' });
  const merchantLogin = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: m.user.email, password: 'Sup3rSecret!' },
  });
  const merchantCookie = `lp_session=${merchantLogin.cookies.find((c) => c.name === 'lp_session')!.value}`;
  const deal = await createDeal(db, m.merchant.id, { title: 'Brunch for two', dealPriceCents: 3000 });
  const customer = await t.loginAs('customer', { name: 'Casey Buyer' });
  const bought = await buy(t, customer.cookie, [{ dealId: deal.id, quantity }]);
  return { merchant: m, merchantCookie, deal, customer, bought };
}

describe('My Purchases', () => {
  it('lists the customer’s own purchases by tab with counts, pages by cursor, and serves the QR only to the owner', async () => {
    const { customer, bought } = await scenario(3);
    await db.update(purchases).set({ redeemedAt: new Date() }).where(eq(purchases.id, bought[0]!.id));
    const get = (q: string, cookie = customer.cookie) => t.request({ method: 'GET', url: `/api/purchases${q}`, cookie });

    const all = (await get('?status=all')).json();
    expect(all.counts).toEqual({ all: 3, active: 2, redeemed: 1 });
    expect(all.purchases).toHaveLength(3);
    expect(all.purchases[0]).toMatchObject({
      dealTitle: 'Brunch for two',
      priceCents: 3000,
      merchantName: 'Redeem Diner',
      city: 'Chicago',
      state: 'IL',
    });
    expect(all.purchases[0].redeemUrl).toBe(
      `http://localhost:3000/merchant/redeem?code=${encodeURIComponent(all.purchases[0].redemptionCode)}`,
    );
    const redeemed = (await get('?status=redeemed')).json().purchases;
    expect(redeemed.map((p: { id: string }) => p.id)).toEqual([bought[0]!.id]);
    expect(redeemed[0].redeemed).toBe(true);
    expect(redeemed[0].redemptionDate).not.toBeNull();
    expect((await get('?status=active')).json().purchases).toHaveLength(2);

    // Keyset paging visits every purchase once.
    const { listPurchases } = await import('./purchases.service');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listPurchases(t.app.deps, customer.user.id, { status: 'all', cursor, pageSize: 2 });
      seen.push(...page.purchases.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(bought.map((p) => p.id).sort());
    expect((await get('?cursor=not-a-cursor')).statusCode).toBe(400);

    const qr = await t.request({ method: 'GET', url: all.purchases[0].qrCodeUrl, cookie: customer.cookie });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
    const stranger = await t.loginAs('customer');
    expect((await get('', stranger.cookie)).json().purchases).toEqual([]);
    expect((await t.request({ method: 'GET', url: all.purchases[0].qrCodeUrl, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/purchases' })).statusCode).toBe(401);
  });
});

describe('merchant redemption', () => {
  it('looks up and redeems a code of the merchant’s own deal once; the customer then sees it as Redeemed', async () => {
    const { merchantCookie, customer, bought } = await scenario();
    const code = bought[0]!.redemptionCode;
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const lookup = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions/lookup',
      cookie: merchantCookie,
      payload: { code: typed },
    });
    expect(lookup.json()).toMatchObject({
      redemptionCode: code,
      dealTitle: 'Brunch for two',
      customerName: 'Casey Buyer',
      status: 'redeemable',
    });
    const redeemed = await t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie: merchantCookie, payload: { code } });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ status: 'redeemed' });
    const again = await t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie: merchantCookie, payload: { code } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This code has already been redeemed.');
    const mine = (await t.request({ method: 'GET', url: '/api/purchases?status=redeemed', cookie: customer.cookie })).json();
    expect(mine.purchases[0]).toMatchObject({ id: bought[0]!.id, redeemed: true });
  });

  it('judges expiry and stamps the redemption by the app’s clock', async () => {
    const { merchantCookie, bought } = await scenario(2);
    const [first, second] = bought.map((p) => p.redemptionCode);
    const [row] = await db.select().from(purchases).where(eq(purchases.id, bought[0]!.id));
    const expiry = row!.expirationDate.getTime();
    const send = (url: string, code: string) => t.request({ method: 'POST', url, cookie: merchantCookie, payload: { code } });
    try {
      clock.set(expiry - 60_000);
      const redeemed = await send('/api/merchant/redemptions', first!);
      expect(redeemed.statusCode).toBe(200);
      expect(redeemed.json().redemptionDate).toBe(new Date(expiry - 60_000).toISOString());

      clock.set(expiry + 60_000);
      const lookedUp = (await send('/api/merchant/redemptions/lookup', second!)).json();
      expect(lookedUp.status).toBe('expired');
      // Issue 29: past "valid until" the paid value stays: the voucher is redeemed for the amount paid.
      expect(lookedUp.paidCents).toBe(row!.priceCents);
      const late = await send('/api/merchant/redemptions', second!);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({ status: 'redeemed', redemptionDate: new Date(expiry + 60_000).toISOString() });
    } finally {
      clock.useRealTime();
    }
  });

  it('lets exactly one of two simultaneous redemptions of a code succeed', async () => {
    const { merchantCookie, bought } = await scenario();
    const code = bought[0]!.redemptionCode;
    const results = await Promise.all(
      [0, 1].map(() => t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie: merchantCookie, payload: { code } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe('This code has already been redeemed.');
  });

  it('refuses another merchant’s code, customers and visitors; redeems an expired voucher for the amount paid', async () => {
    const { bought } = await scenario();
    const code = bought[0]!.redemptionCode;
    const other = await t.loginAs('merchant');
    const rival = await createMerchant(db, { businessName: 'Rival' });
    const rivalLogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: rival.user.email, password: 'Sup3rSecret!' },
    });
    const rivalCookie = `lp_session=${rivalLogin.cookies.find((c) => c.name === 'lp_session')!.value}`;
    for (const cookie of [rivalCookie, other.cookie]) {
      const res = await t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie, payload: { code } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No purchase with this code was found for your business.');
    }
    const customer = await t.loginAs('customer');
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie: customer.cookie, payload: { code } })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/merchant/redemptions', payload: { code } })).statusCode).toBe(401);
    expect((await db.select().from(purchases).where(eq(purchases.id, bought[0]!.id)))[0]!.redeemedAt).toBeNull();

    const expired = await scenario();
    await db
      .update(purchases)
      .set({ expirationDate: new Date(Date.now() - DAY) })
      .where(eq(purchases.id, expired.bought[0]!.id));
    const res = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions',
      cookie: expired.merchantCookie,
      payload: { code: expired.bought[0]!.redemptionCode },
    });
    // Issue 29: an expired voucher keeps its paid value (US gift-certificate rules), so it is redeemed.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'redeemed', paidCents: expired.bought[0]!.priceCents });
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie: expired.merchantCookie, payload: { code: ' ' } })).json()
        .error.message,
    ).toBe('Enter a redemption code.');
  });
});

describe('saved cards', () => {
  it('lists only the last four digits and expiry, and removes a card of the owner only', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const customer = await t.loginAs('customer');
    const started = await t.request({
      method: 'POST',
      url: '/api/checkout',
      cookie: customer.cookie,
      payload: {
        items: [{ dealId: deal.id, quantity: 1 }],
        billing: { cardName: 'A', address: 'B', city: 'C', state: 'IL', zipCode: '60601' },
        saveCard: true,
      },
    });
    const sid = started.json().url.split('/sandbox/checkout/')[1];
    await t.request({
      method: 'POST',
      url: `/api/sandbox/sessions/${sid}/pay`,
      payload: { cardNumber: '4242424242424242', expiry: '08/37', cvc: '999', name: 'A' },
    });
    const list = (await t.request({ method: 'GET', url: '/api/account/payment-methods', cookie: customer.cookie })).json();
    expect(list.paymentMethods).toHaveLength(1);
    expect(Object.keys(list.paymentMethods[0]).sort()).toEqual(['brand', 'createdAt', 'expMonth', 'expYear', 'id', 'last4']);
    expect(list.paymentMethods[0]).toMatchObject({ last4: '4242', expMonth: 8, expYear: 2037 });
    const stranger = await t.loginAs('customer');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/account/payment-methods/${list.paymentMethods[0].id}`, cookie: stranger.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/account/payment-methods/${list.paymentMethods[0].id}`, cookie: customer.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/account/payment-methods', cookie: customer.cookie })).json().paymentMethods,
    ).toEqual([]);
  });
});
