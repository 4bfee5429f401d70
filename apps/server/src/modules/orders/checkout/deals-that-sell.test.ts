import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PAID_VALUE_MESSAGES, STOCK_MESSAGES, formatCents } from '@localperks/shared';
import { dealOptions, deals, orderItems, orderRefunds, orders, purchases, sandboxSessions } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import {
  TEST_BILLING,
  TEST_CARD,
  buy,
  createDealWithOptions,
  createMerchant,
  createMerchantSession,
  customerCookies,
} from '../../../../test/factories';
import { dealInput } from '../../../../test/uploads';
import { startScheduledDeals } from '../../catalog';
import { expireStaleOrders, handleProviderEvent } from './checkout.service';

/**
 * Issue 29 (docs/decisions/0047-deal-options-stock-dates.md): options, stock that never oversells,
 * per-customer limits, and the sale window, on PGlite and PostgreSQL.
 */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const DAY = 86_400_000;
const MINUTE = 60_000;

const checkout = (cookie: string, items: unknown[]) =>
  t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING } });
const sessionIdOf = (url: string) => url.split('/sandbox/checkout/')[1]!;
const pay = (url: string) => t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionIdOf(url)}/pay`, payload: TEST_CARD });
const stockLeft = async (optionId: string) => (await db.select().from(dealOptions).where(eq(dealOptions.id, optionId)))[0]!.stockLeft;

describe('options', () => {
  it('a merchant sells a deal with two options: the card says "from" the lowest price with the best discount, and the option bought is on the order and the voucher', async () => {
    const m = await createMerchantSession(t, { businessName: 'Options Spa' });
    const created = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: dealInput({
        title: 'Massage at Options Spa',
        originalPriceCents: undefined,
        dealPriceCents: undefined,
        options: [
          { title: '1 person', originalPriceCents: 10_000, dealPriceCents: 6_000, stock: null },
          { title: '2 people', originalPriceCents: 20_000, dealPriceCents: 9_000, stock: 5 },
        ],
      }),
    });
    expect(created.statusCode).toBe(201);
    const deal = created.json().deal;
    expect(deal).toMatchObject({ dealPriceCents: 6_000, originalPriceCents: 10_000, discountPercentage: 55, optionCount: 2 });
    expect(deal.options.map((o: { title: string; stockTotal: number | null }) => [o.title, o.stockTotal])).toEqual([
      ['1 person', null],
      ['2 people', 5],
    ]);
    const page = (await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal;
    expect(page.options).toHaveLength(2);
    expect(page.options[1]).toMatchObject({ title: '2 people', dealPriceCents: 9_000, stockLeft: 5, discountPercentage: 55 });
    const card = (await t.request({ method: 'GET', url: '/api/deals?search=options%20spa' })).json().deals[0];
    expect(card).toMatchObject({ id: deal.id, dealPriceCents: 6_000, discountPercentage: 55, optionCount: 2 });

    const { cookie, user } = await t.loginAs('customer');
    const started = await checkout(cookie, [{ dealId: deal.id, optionId: page.options[1].id, quantity: 2 }]);
    expect(started.statusCode).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.id, started.json().orderId));
    expect(order).toMatchObject({ subtotalCents: 18_000, taxCents: 1_440, totalCents: 19_440 });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ optionId: page.options[1].id, optionTitle: '2 people', unitPriceCents: 9_000, reservation: 'held' });
    // The payment page names the option.
    const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.orderId, order!.id));
    expect(session!.lines).toEqual([{ name: 'Massage at Options Spa — 2 people', unitAmountCents: 9_000, quantity: 2 }]);
    expect((await pay(started.json().url)).statusCode).toBe(200);
    const vouchers = await db.select().from(purchases).where(eq(purchases.orderId, order!.id));
    expect(vouchers.map((v) => [v.optionTitle, v.priceCents])).toEqual([
      ['2 people', 9_000],
      ['2 people', 9_000],
    ]);
    const mine = (await t.request({ method: 'GET', url: '/api/purchases', cookie })).json();
    expect(mine.purchases[0]).toMatchObject({ optionTitle: '2 people', priceCents: 9_000, paidCents: 9_000 });
    expect(await stockLeft(page.options[1].id)).toBe(3);
    const mail = await t.lastMail(user.email);
    expect(mail?.text).toContain('Massage at Options Spa — 2 people');
  });

  it('a one-option deal saved the old way has one untitled option and sells exactly as before', async () => {
    const m = await createMerchantSession(t);
    const created = (await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: m.cookie, payload: dealInput() })).json().deal;
    expect(created).toMatchObject({ optionCount: 1, dealPriceCents: 5000, originalPriceCents: 8000 });
    expect(created.options).toEqual([expect.objectContaining({ title: '', dealPriceCents: 5000, stockLeft: null })]);
    const { cookie } = await t.loginAs('customer');
    const bought = await buy(t, cookie, [{ dealId: created.id, quantity: 1 }]);
    expect(bought[0]).toMatchObject({ optionId: created.options[0].id, optionTitle: '', priceCents: 5000 });
    // Editing its price the old way moves its one option.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/merchant/deals/${created.id}`,
      cookie: m.cookie,
      payload: dealInput({ dealPriceCents: 4500 }),
    });
    expect(edited.json().deal.options).toEqual([expect.objectContaining({ id: created.options[0].id, dealPriceCents: 4500 })]);
  });

  it('refuses options without titles, an unknown option and more than 10 options, changing nothing', async () => {
    const m = await createMerchantSession(t);
    const two = (titles: string[]) =>
      dealInput({ options: titles.map((title) => ({ title, originalPriceCents: 2000, dealPriceCents: 1000 })) });
    const untitled = await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: m.cookie, payload: two(['A', '']) });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.fields['options.1.title']).toBe('Give each option a title, e.g. “2 people”.');
    const eleven = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: two(Array.from({ length: 11 }, (_, i) => `Option ${i}`)),
    });
    expect(eleven.statusCode).toBe(400);
    const { deal } = await createDealWithOptions(db, m.merchant.id, [{ title: 'Solo', originalPriceCents: 2000, dealPriceCents: 1000 }]);
    const other = await createDealWithOptions(db, m.merchant.id, [{ title: 'Other', originalPriceCents: 2000, dealPriceCents: 1000 }]);
    const { cookie } = await t.loginAs('customer');
    const res = await checkout(cookie, [{ dealId: deal.id, optionId: other.options[0]!.id, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(STOCK_MESSAGES.unknownOption);
  });
});

describe('stock that never oversells', () => {
  it('200 parallel checkouts of 1 unit against a stock of 10: exactly 10 paid vouchers, 190 refusals "Only 0 left", no payment page for a refused unit', async () => {
    const { merchant } = await createMerchant(db);
    const { deal, options } = await createDealWithOptions(db, merchant.id, [
      { title: 'Seat', originalPriceCents: 5000, dealPriceCents: 2500, stock: 10 },
    ]);
    const customers = await customerCookies(t, 200);
    const results = await Promise.all(
      customers.map((c) => checkout(c.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }])),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(new Set(refused.map((r) => r.statusCode))).toEqual(new Set([409]));
    expect(new Set(refused.map((r) => r.json().error.message))).toEqual(new Set([STOCK_MESSAGES.onlyLeft(0, `${deal.title} — Seat`)]));
    expect(refused[0]!.json().error.message).toMatch(/^Only 0 left/);
    // Only the 10 reserved checkouts exist, each with its payment page; nothing was written for the others.
    const dealOrders = await db
      .selectDistinct({ id: orders.id, sessionId: orders.providerSessionId })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.dealId, deal.id));
    expect(dealOrders).toHaveLength(10);
    expect(
      await db
        .select()
        .from(sandboxSessions)
        .where(
          inArray(
            sandboxSessions.orderId,
            dealOrders.map((o) => o.id),
          ),
        ),
    ).toHaveLength(10);
    const paid = await Promise.all(ok.map((r) => pay(r.json().url)));
    expect(paid.map((p) => p.statusCode)).toEqual(Array(10).fill(200));
    expect(await db.select().from(purchases).where(eq(purchases.dealId, deal.id))).toHaveLength(10);
    expect(await stockLeft(options[0]!.id)).toBe(0);
    const page = (await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal;
    expect(page.options[0].stockLeft).toBe(0);
  }, 240_000);

  it('an expired checkout gives its units back by the job; a payment arriving after its units went to someone else is refunded as sold out', async () => {
    const start = Date.now();
    clock.set(start);
    try {
      const { merchant } = await createMerchant(db);
      const { deal, options } = await createDealWithOptions(db, merchant.id, [
        { title: 'Table', originalPriceCents: 4000, dealPriceCents: 2000, stock: 1 },
      ]);
      const [late, early] = await customerCookies(t, 2);
      const held = await checkout(late!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }]);
      expect(held.statusCode).toBe(200);
      expect(await stockLeft(options[0]!.id)).toBe(0);
      const refused = await checkout(early!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }]);
      expect(refused.json().error.message).toBe(STOCK_MESSAGES.onlyLeft(0, `${deal.title} — Table`));

      // The reservation lasts the checkout's lifetime (35 minutes); the job releases it once that is over.
      clock.set(start + 34 * MINUTE);
      await expireStaleOrders(t.app.deps);
      expect(await stockLeft(options[0]!.id)).toBe(0);
      clock.set(start + 36 * MINUTE);
      expect(await expireStaleOrders(t.app.deps)).toEqual({ expired: 1 });
      expect(await stockLeft(options[0]!.id)).toBe(1);
      const [heldLine] = await db.select().from(orderItems).where(eq(orderItems.orderId, held.json().orderId));
      expect(heldLine!.reservation).toBe('released');

      // Someone else takes the unit and pays.
      const second = await checkout(early!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }]);
      expect(second.statusCode).toBe(200);
      expect((await pay(second.json().url)).statusCode).toBe(200);

      // The first customer had paid on the provider's page in time, but its confirmation reaches us only
      // now: no voucher, its money refunded automatically.
      const [order] = await db.select().from(orders).where(eq(orders.id, held.json().orderId));
      await db
        .update(sandboxSessions)
        .set({ status: 'paid', paidAt: new Date(start + 30 * MINUTE) })
        .where(eq(sandboxSessions.id, order!.providerSessionId!));
      const result = await handleProviderEvent(t.app.deps, {
        id: `evt_late_${order!.id}`,
        type: 'checkout.paid',
        sessionId: order!.providerSessionId!,
        orderId: order!.id,
      });
      expect(result).toMatchObject({ fulfilled: true, purchaseIds: [] });
      expect(result.refundIds).toHaveLength(1);
      const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order!.id));
      expect(refund).toMatchObject({ reason: 'sold_out', amountCents: order!.totalCents, status: 'refunded' });
      expect(await db.select().from(purchases).where(eq(purchases.dealId, deal.id))).toHaveLength(1);
      expect(await stockLeft(options[0]!.id)).toBe(0);
      const list = (await t.request({ method: 'GET', url: '/api/purchases', cookie: late!.cookie })).json();
      expect(list.refunds[0]).toMatchObject({ reason: 'sold_out', amountCents: order!.totalCents });
    } finally {
      clock.useRealTime();
    }
  });

  it('a late payment whose units are still free takes them again and gets its vouchers', async () => {
    const start = Date.now();
    clock.set(start);
    try {
      const { merchant } = await createMerchant(db);
      const { deal, options } = await createDealWithOptions(db, merchant.id, [
        { title: 'Class', originalPriceCents: 4000, dealPriceCents: 2000, stock: 3 },
      ]);
      const [c] = await customerCookies(t, 1);
      const held = await checkout(c!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 2 }]);
      clock.set(start + 40 * MINUTE);
      await expireStaleOrders(t.app.deps);
      expect(await stockLeft(options[0]!.id)).toBe(3);
      const [order] = await db.select().from(orders).where(eq(orders.id, held.json().orderId));
      const result = await handleProviderEvent(t.app.deps, {
        id: `evt_late_ok_${order!.id}`,
        type: 'checkout.paid',
        sessionId: order!.providerSessionId!,
        orderId: order!.id,
      });
      expect(result.purchaseIds).toHaveLength(2);
      expect(await stockLeft(options[0]!.id)).toBe(1);
    } finally {
      clock.useRealTime();
    }
  });

  it('a refund returns the unit to stock only when the merchant chose that', async () => {
    const admin = await t.loginAs('admin');
    for (const restockOnRefund of [true, false]) {
      const { merchant } = await createMerchant(db);
      const { deal, options } = await createDealWithOptions(
        db,
        merchant.id,
        [{ title: 'Pass', originalPriceCents: 4000, dealPriceCents: 2000, stock: 2 }],
        { restockOnRefund },
      );
      const [c] = await customerCookies(t, 1);
      const [voucher] = await buy(t, c!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }]);
      expect(await stockLeft(options[0]!.id)).toBe(1);
      const refunded = await t.request({
        method: 'POST',
        url: `/api/admin/purchases/${voucher!.id}/refund`,
        cookie: admin.cookie,
        payload: { decisionText: 'Customer could not attend' },
      });
      expect(refunded.statusCode).toBe(200);
      expect(await stockLeft(options[0]!.id)).toBe(restockOnRefund ? 2 : 1);
      // The refund screens name the option bought.
      const [bought] = await db.select().from(purchases).where(eq(purchases.id, voucher!.id));
      const lookup = await t.request({ method: 'GET', url: `/api/admin/purchases?q=${bought!.redemptionCode}`, cookie: admin.cookie });
      expect(lookup.json().purchases[0].dealTitle).toBe(`${deal.title} — Pass`);
    }
  });
});

describe('limits per customer', () => {
  it('counts paid vouchers and open checkouts across options, under parallel requests', async () => {
    const { merchant } = await createMerchant(db);
    const { deal, options } = await createDealWithOptions(
      db,
      merchant.id,
      [
        { title: 'Adult', originalPriceCents: 4000, dealPriceCents: 2000 },
        { title: 'Child', originalPriceCents: 2000, dealPriceCents: 1000, stock: 50 },
      ],
      { perCustomerLimit: 2 },
    );
    const page = (await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal;
    expect(page.perCustomerLimit).toBe(2);
    const [c, d] = await customerCookies(t, 2);
    await buy(t, c!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 1 }]);
    // Ten parallel checkouts of one more unit (either option): exactly one fits under the limit.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => checkout(c!.cookie, [{ dealId: deal.id, optionId: options[i % 2]!.id, quantity: 1 }])),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refusals = results.filter((r) => r.statusCode === 409).map((r) => r.json().error.message);
    expect(refusals).toHaveLength(9);
    expect(new Set(refusals)).toEqual(new Set([STOCK_MESSAGES.overLimit(2, deal.title, 2)]));
    // Another customer has their own limit; asking for 3 at once is refused.
    const three = await checkout(d!.cookie, [{ dealId: deal.id, optionId: options[0]!.id, quantity: 3 }]);
    expect(three.json().error.message).toBe(STOCK_MESSAGES.overLimit(2, deal.title, 0));
    // The refused checkouts took no stock: only the one that fits holds a unit (of the Child option when it chose it).
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect(await stockLeft(options[1]!.id)).toBe(winner % 2 === 1 ? 49 : 50);
  });
});

describe('sale window, valid until and scheduled start', () => {
  it('a scheduled deal is "Coming soon" for its merchant only and goes live by the job at its start', async () => {
    const start = Date.now();
    clock.set(start);
    try {
      const m = await createMerchantSession(t);
      const created = await t.request({
        method: 'POST',
        url: '/api/merchant/deals',
        cookie: m.cookie,
        payload: dealInput({
          title: 'Scheduled brunch for two',
          saleStartsAt: new Date(start + 2 * DAY).toISOString(),
          expirationDate: new Date(start + 10 * DAY).toISOString(),
          validUntil: new Date(start + 40 * DAY).toISOString(),
        }),
      });
      expect(created.statusCode).toBe(201);
      const deal = created.json().deal;
      expect(deal).toMatchObject({ status: 'scheduled', saleStartsAt: new Date(start + 2 * DAY).toISOString() });
      expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/api/deals?search=scheduled%20brunch' })).json().deals).toHaveLength(0);
      const { cookie } = await t.loginAs('customer');
      const early = await checkout(cookie, [{ dealId: deal.id, quantity: 1 }]);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(STOCK_MESSAGES.comingSoon('Scheduled brunch for two'));
      const mine = (await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: m.cookie })).json();
      expect(mine.deals.find((d: { id: string }) => d.id === deal.id).status).toBe('scheduled');

      clock.set(start + 2 * DAY - MINUTE);
      expect(await startScheduledDeals(t.app.deps)).toEqual([]);
      clock.set(start + 2 * DAY);
      expect(await startScheduledDeals(t.app.deps)).toEqual([deal.id]);
      const live = (await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal;
      expect(live).toMatchObject({ status: 'active', validUntil: new Date(start + 40 * DAY).toISOString() });
      // Its vouchers are valid until the use-by date, not the sale end.
      const [voucher] = await buy(t, cookie, [{ dealId: deal.id, quantity: 1 }]);
      expect(voucher!.expirationDate.toISOString()).toBe(new Date(start + 40 * DAY).toISOString());

      // After "valid until" the paid value stays.
      clock.set(start + 41 * DAY);
      const after = (await t.request({ method: 'GET', url: '/api/purchases', cookie })).json().purchases[0];
      expect(after).toMatchObject({ paidValueOnly: true, paidCents: voucher!.priceCents });
      expect(PAID_VALUE_MESSAGES.customer(formatCents(after.paidCents))).toBe(
        `Promotional value expired — still worth ${formatCents(voucher!.priceCents)} (what you paid)`,
      );
    } finally {
      clock.useRealTime();
    }
  });

  it('refuses a valid-until before the sale end and a start after it', async () => {
    const m = await createMerchantSession(t);
    const end = Date.now() + 10 * DAY;
    const bad = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: dealInput({
        expirationDate: new Date(end).toISOString(),
        validUntil: new Date(end - DAY).toISOString(),
        saleStartsAt: new Date(end + DAY).toISOString(),
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      validUntil: 'Vouchers must stay valid at least until the sale ends.',
      saleStartsAt: 'The sale must start before it ends.',
    });
    expect(
      await db
        .select()
        .from(deals)
        .where(and(eq(deals.merchantId, m.merchant.id))),
    ).toHaveLength(0);
  });
});
