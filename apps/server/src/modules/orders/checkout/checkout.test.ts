import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orderItems, orders, paymentMethods, purchases, sandboxSessions, emailOutbox } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createBoostDeal, createDeal, createMerchant } from '../../../../test/factories';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../../../payments/sandbox';

const t = await build();
const db = t.database.db;
const DAY = 86_400_000;
const billing = { cardName: 'Pat Customer', address: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', notes: '' };
const PAY = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Pat Customer' };

async function checkout(cookie: string, items: unknown[], extra: Record<string, unknown> = {}) {
  return t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing, ...extra } });
}
const sessionIdOf = (url: string) => url.split('/sandbox/checkout/')[1]!;

function signedEvent(
  sessionId: string,
  orderId: string,
  opts: { eventId?: string; type?: string; secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: opts.eventId ?? `evt_${sessionId}_completed`,
    type: opts.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, payment_status: 'paid', metadata: { orderId } } },
  });
  return { payload, signature: signSandboxPayload(opts.secret ?? t.app.sandboxSecret, payload, opts.timestamp) };
}
const deliver = (e: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: e.signature },
    payload: e.payload,
  });

describe('starting a checkout', () => {
  it('builds the order from database prices with 8 % tax in cents, ignoring prices sent by the browser', async () => {
    const { merchant } = await createMerchant(db);
    const a = await createDeal(db, merchant.id, { dealPriceCents: 1999, originalPriceCents: 4000 });
    const b = await createDeal(db, merchant.id, { dealPriceCents: 12_345, originalPriceCents: 20_000 });
    const { cookie } = await t.loginAs('customer');
    const res = await checkout(cookie, [
      { dealId: a.id, quantity: 2, deal: { id: a.id, dealPrice: 0.01 }, dealPrice: 1, priceCents: 1 },
      { dealId: b.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const { orderId, url } = res.json();
    expect(url).toMatch(/\/sandbox\/checkout\/cs_sandbox_/);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const subtotal = 2 * 1999 + 12_345;
    expect(order).toMatchObject({
      status: 'open',
      subtotalCents: subtotal,
      taxCents: Math.round(subtotal * 0.08),
      totalCents: subtotal + Math.round(subtotal * 0.08),
      provider: 'sandbox',
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => i.unitPriceCents).sort()).toEqual([1999, 12_345].sort());
    // The hosted page charges exactly the order's total.
    const page = await t.request({ method: 'GET', url: `/api/sandbox/sessions/${sessionIdOf(url)}` });
    expect(page.json()).toMatchObject({ status: 'open', totalCents: order!.totalCents, taxCents: order!.taxCents });
  });

  it('refuses expired, unknown, paused and still-locked crowd-vote deals, charging nothing', async () => {
    const { merchant } = await createMerchant(db);
    const expired = await createDeal(db, merchant.id, { expirationDate: new Date(Date.now() - DAY) });
    const locked = await createBoostDeal(db, merchant.id, 50, 3);
    const paused = await createDeal(db, merchant.id, { status: 'paused' });
    const fine = await createDeal(db, merchant.id);
    const { cookie, user } = await t.loginAs('customer');
    for (const [deal, text] of [
      [expired.id, 'has expired'],
      [locked.id, 'has not unlocked'],
      [paused.id, 'no longer available'],
      ['00000000-0000-4000-8000-000000000000', 'no longer exists'],
    ] as const) {
      const res = await checkout(cookie, [
        { dealId: fine.id, quantity: 1 },
        { dealId: deal, quantity: 1 },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain(text);
      expect(res.json().error.fields[deal]).toContain(text);
    }
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, user.id))) as [{ n: number }];
    expect(n).toBe(0);
    expect(await db.select().from(sandboxSessions)).not.toContainEqual(expect.objectContaining({ customerEmail: user.email }));
  });

  it('closes the payment page when the first deal of the order expires, and refuses deals about to expire', async () => {
    const { merchant } = await createMerchant(db);
    const soon = await createDeal(db, merchant.id, { expirationDate: new Date(Date.now() + 3 * 60 * 60_000) });
    const later = await createDeal(db, merchant.id);
    const almost = await createDeal(db, merchant.id, { expirationDate: new Date(Date.now() + 20 * 60_000) });
    const { cookie } = await t.loginAs('customer');
    const res = await checkout(cookie, [
      { dealId: later.id, quantity: 1 },
      { dealId: soon.id, quantity: 1 },
    ]);
    const [order] = await db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order!.expiresAt.getTime()).toBe(soon.expirationDate.getTime());
    const page = await t.request({ method: 'GET', url: `/api/sandbox/sessions/${sessionIdOf(res.json().url)}` });
    expect(page.json().expiresAt).toBe(soon.expirationDate.toISOString());
    const refused = await checkout(cookie, [{ dealId: almost.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('expires in less than 35 minutes');
  });

  it('checks quantities, billing details and the sign-in', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const { cookie } = await t.loginAs('customer');
    expect((await checkout(cookie, [{ dealId: deal.id, quantity: 0 }])).json().error.message).toBe('Quantity must be at least 1.');
    expect((await checkout(cookie, [{ dealId: deal.id, quantity: 11 }])).json().error.message).toBe(
      'You can buy at most 10 of one deal per order.',
    );
    // Two lines of the same deal add up and hit the same limit.
    expect(
      (
        await checkout(cookie, [
          { dealId: deal.id, quantity: 6 },
          { dealId: deal.id, quantity: 5 },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await checkout(cookie, [])).json().error.message).toBe('Your cart is empty.');
    const noName = await t.request({
      method: 'POST',
      url: '/api/checkout',
      cookie,
      payload: { items: [{ dealId: deal.id, quantity: 1 }], billing: { ...billing, cardName: '  ' } },
    });
    expect(noName.json().error.fields['billing.cardName']).toBe('Please fill in your name.');
    const noZip = await t.request({
      method: 'POST',
      url: '/api/checkout',
      cookie,
      payload: { items: [{ dealId: deal.id, quantity: 1 }], billing: { ...billing, zipCode: '' } },
    });
    expect(noZip.json().error.fields['billing.zipCode']).toBe('Please fill in all address details.');
    expect(
      (await t.request({ method: 'POST', url: '/api/checkout', payload: { items: [{ dealId: deal.id, quantity: 1 }], billing } }))
        .statusCode,
    ).toBe(401);
    const merchantSession = await t.loginAs('merchant');
    expect((await checkout(merchantSession.cookie, [{ dealId: deal.id, quantity: 1 }])).statusCode).toBe(403);
  });
});

describe('paying on the sandbox page and fulfilment by webhook', () => {
  it('declines 4000 0000 0000 0002, validates card fields, then pays with 4242 and creates one purchase per unit', async () => {
    const { merchant } = await createMerchant(db, { commissionRate: 15, businessName: 'Fulfil Cafe' });
    const deal = await createDeal(db, merchant.id, { dealPriceCents: 2500, title: 'Two coffees' });
    const { cookie, user } = await t.loginAs('customer');
    const { url, orderId } = (await checkout(cookie, [{ dealId: deal.id, quantity: 3 }], { saveCard: true })).json();
    const sid = sessionIdOf(url);
    const pay = (body: object) => t.request({ method: 'POST', url: `/api/sandbox/sessions/${sid}/pay`, payload: body });

    const declined = await pay({ ...PAY, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined. Try another card.');
    expect((await pay({ ...PAY, cardNumber: '4242 4242 4242 4241' })).json().error.fields.cardNumber).toBe('Your card number is invalid.');
    expect((await pay({ ...PAY, expiry: '13/30' })).json().error.fields.expiry).toBe('Enter the expiry as MM/YY.');
    expect((await pay({ ...PAY, expiry: '01/20' })).json().error.fields.expiry).toBe("Your card's expiration date is in the past.");
    expect((await pay({ ...PAY, cvc: '1' })).json().error.fields.cvc).toBe("Your card's security code is invalid.");
    expect(await db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(0);

    const paid = await pay(PAY);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().url).toBe(`http://localhost:3000/purchases?success=true&order=${orderId}`);
    const bought = await db.select().from(purchases).where(eq(purchases.orderId, orderId));
    expect(bought).toHaveLength(3);
    expect(new Set(bought.map((p) => p.redemptionCode)).size).toBe(3);
    for (const p of bought) {
      expect(p.redemptionCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(p).toMatchObject({ userId: user.id, merchantId: merchant.id, priceCents: 2500, commissionRate: 15, commissionCents: 375 });
      expect(p.expirationDate.getTime()).toBe(deal.expirationDate.getTime());
    }
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    // Its owner can see it confirmed; nobody else can see it at all.
    expect((await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie })).json()).toEqual({
      id: orderId,
      status: 'paid',
      totalCents: order!.totalCents,
      purchaseCount: 3,
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: (await t.loginAs('customer')).cookie })).statusCode,
    ).toBe(404);
    // The saved card is its brand, last four digits and expiry only.
    const cards = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 })]);
    // The confirmation e-mail carries every code and a QR image for each.
    const mail = await t.lastMail(user.email, 'purchase_confirmation');
    for (const p of bought) expect(mail!.text).toContain(p.redemptionCode);
    expect(mail!.text).toContain('Two coffees');
    expect(mail!.attachments).toHaveLength(3);
    expect(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // Paying again (a double click) charges nothing more.
    expect((await pay(PAY)).json().url).toContain('/purchases?success=true');
    expect(await db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(3);
  });

  it('turns 10 concurrent deliveries of one event into exactly one set of purchases and one e-mail', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const { cookie, user } = await t.loginAs('customer');
    const { url, orderId } = (await checkout(cookie, [{ dealId: deal.id, quantity: 2 }])).json();
    const sid = sessionIdOf(url);
    const event = signedEvent(sid, orderId);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().fulfilled)).toHaveLength(1);
    expect(await db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(2);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mails.filter((m) => m.kind === 'purchase_confirmation')).toHaveLength(1);
    // A second, different event for the same paid session does not fulfil again either.
    const other = await deliver(signedEvent(sid, orderId, { eventId: 'evt_other' }));
    expect(other.json()).toMatchObject({ fulfilled: false });
    expect(await db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(2);
  });

  it('refuses bad signatures with 400 and creates nothing', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const { cookie } = await t.loginAs('customer');
    const { url, orderId } = (await checkout(cookie, [{ dealId: deal.id, quantity: 1 }])).json();
    const sid = sessionIdOf(url);
    const good = signedEvent(sid, orderId);
    const attempts = [
      // One hex digit changed (always to a different one).
      { ...good, signature: good.signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`) },
      signedEvent(sid, orderId, { secret: 'another-secret-entirely-0123456789' }),
      { payload: good.payload.replace('"paid"', '"paid" '), signature: good.signature },
      signedEvent(sid, orderId, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      // Dated a minute ahead of our clock: beyond the 30 s skew (docs/decisions/0040-safe-at-scale.md).
      signedEvent(sid, orderId, { timestamp: Math.floor(Date.now() / 1000) + 60 }),
      { payload: good.payload, signature: '' },
    ];
    for (const a of attempts) {
      const res = await deliver(a);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(0);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('open');
    // The Stripe endpoint is not in use while the sandbox is.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: { 'content-type': 'application/json' },
          payload: good.payload,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('closes the order when the provider reports the session expired; an expired page cannot be paid', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id);
    const { cookie } = await t.loginAs('customer');
    const { url, orderId } = (await checkout(cookie, [{ dealId: deal.id, quantity: 1 }])).json();
    const sid = sessionIdOf(url);
    await deliver(signedEvent(sid, orderId, { eventId: 'evt_exp', type: 'checkout.session.expired' }));
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('expired');
    await db
      .update(sandboxSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxSessions.id, sid));
    expect((await t.request({ method: 'GET', url: `/api/sandbox/sessions/${sid}` })).json().status).toBe('expired');
    const res = await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sid}/pay`, payload: PAY });
    expect(res.statusCode).toBe(409);
    expect(await db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(0);
  });
});
