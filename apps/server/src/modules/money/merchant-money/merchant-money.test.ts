import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MERCHANT_CHARGES_PAGE_SIZE,
  PAYOUT_STATEMENT_PAGE_SIZE,
  payoutPeriodFor,
  payoutPeriodWindow,
  previousPayoutPeriod,
  receiptNumber,
  type MerchantBilling,
  type MerchantChargesPage,
  type MerchantPayoutsPage,
  type MerchantReceipt,
  type PayoutStatement,
} from '@localperks/shared';
import { emailOutbox, merchantChargePeriods, merchantCharges, merchantPayouts, orders, purchases } from '../../../db/schema';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { build, linkFrom, type TestApp } from '../../../../test/build';
import { fixedClock } from '../../../../test/clock';
import { TEST_BILLING, TEST_CARD, createDeal, createMerchantSession } from '../../../../test/factories';
import { dealInput } from '../../../../test/uploads';
import { closePayoutPeriods } from '../payouts/payouts.service';
import { postRefund, postSales } from '../ledger/ledger.service';
import { listMerchantPayouts } from './merchant-payouts.service';

/** Marking a payout paid is an exception now (payouts are transferred): it takes the admin's reason. */
const OUTSIDE = { reason: 'Paid by bank transfer outside the platform.' };

const t = await build();
const db = t.database.db;
const DAY = 86_400_000;

const getOn = <T>(app: TestApp, cookie: string, url: string) =>
  app.request({ method: 'GET', url, cookie }).then((r) => ({ res: r, body: r.json<T>() }));
const get = <T>(cookie: string, url: string) => getOn<T>(t, cookie, url);

/** Sales of a merchant at given instants, one purchase row per unit as checkout writes them. */
async function sell(
  app: TestApp,
  merchantId: string,
  sales: { at: Date; priceCents?: number; rate?: number; title?: string; code?: string }[],
) {
  const customer = await app.createUser('customer');
  const deal = await createDeal(app.database.db, merchantId);
  const total = sales.reduce((s, x) => s + (x.priceCents ?? 1000), 0);
  const [order] = await app.database.db
    .insert(orders)
    .values({
      userId: customer.id,
      status: 'paid',
      provider: 'sandbox',
      subtotalCents: total,
      taxCents: 0,
      totalCents: total,
      billing: TEST_BILLING,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const sold = await app.database.db
    .insert(purchases)
    .values(
      sales.map((s) => {
        const price = s.priceCents ?? 1000;
        const rate = s.rate ?? 15;
        return {
          orderId: order!.id,
          userId: customer.id,
          dealId: deal.id,
          merchantId,
          dealTitle: s.title ?? deal.title,
          priceCents: price,
          commissionRate: rate,
          commissionCents: Math.round((price * rate) / 100),
          redemptionCode: s.code ?? randomUUID().slice(0, 12).toUpperCase(),
          purchasedAt: s.at,
          expirationDate: new Date(s.at.getTime() + 90 * DAY),
        };
      }),
    )
    .returning();
  // Checkout posts each sale to the ledger in its transaction; payouts are computed from it.
  await app.database.db.transaction((tx) => postSales(tx, sold));
  return sold;
}

/** A charge row as the billing module writes it. */
const chargeIn = (app: TestApp, merchantId: string, o: Partial<typeof merchantCharges.$inferInsert>) =>
  app.database.db
    .insert(merchantCharges)
    .values({ merchantId, kind: 'perkboost', amountCents: 999, provider: 'sandbox', status: 'open', ...o })
    .returning()
    .then((r) => r[0]!);
const charge = (merchantId: string, o: Partial<typeof merchantCharges.$inferInsert>) => chargeIn(t, merchantId, o);

/** The middle of a period some periods before today's: closed by the payout job. */
function pastPeriod(back: number) {
  let p = payoutPeriodFor(new Date());
  for (let i = 0; i < back; i++) p = previousPayoutPeriod(p);
  return { period: p, at: (hours: number) => new Date(payoutPeriodWindow(p).from.getTime() + hours * 3_600_000) };
}

describe('billing: plan, subscription and charges', () => {
  it('lists every charge newest first, paid and pending (never pages closed unpaid), with totals from the database', async () => {
    const a = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', commissionRate: 0 });
    const deal = await createDeal(db, a.merchant.id, { title: 'Two tacos' });
    const now = Date.now();
    const periodEnd = new Date(now + 20 * DAY);
    const sub = await charge(a.merchant.id, {
      kind: 'subscription',
      amountCents: 1500,
      status: 'paid',
      paidAt: new Date(now - 10 * DAY),
      currentPeriodEnd: periodEnd,
      providerSubscriptionId: 'sub_test_billing',
    });
    // Its first paid period, as the billing module writes it with the payment (the period keeps the charge's id).
    await db.insert(merchantChargePeriods).values({
      id: sub.id,
      chargeId: sub.id,
      merchantId: a.merchant.id,
      periodNumber: 1,
      periodStart: sub.paidAt!,
      periodEnd,
      amountCents: 1500,
      paidAt: sub.paidAt!,
    });
    const boost = await charge(a.merchant.id, {
      dealId: deal.id,
      boostDays: 7,
      amountCents: 4999,
      status: 'paid',
      paidAt: new Date(now - DAY),
    });
    const pending = await charge(a.merchant.id, { boostDays: 1, amountCents: 999 });
    await charge(a.merchant.id, { boostDays: 3, amountCents: 2499, status: 'canceled' });
    await charge(a.merchant.id, { boostDays: 3, amountCents: 2499, status: 'expired' });

    const { res, body } = await get<MerchantChargesPage>(a.cookie, '/api/merchant/charges');
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((c) => [c.id, c.status, c.amountCents, c.description])).toEqual([
      [pending.id, 'pending', 999, 'PerkBoost: 1 day'],
      [boost.id, 'paid', 4999, 'PerkBoost: 7 days for “Two tacos”'],
      [sub.id, 'paid', 1500, 'Advertise + Messaging plan (monthly)'],
    ]);
    expect(body.items[2]!.periodEnd).toBe(periodEnd.toISOString());

    const billing = (await get<MerchantBilling>(a.cookie, '/api/merchant/billing')).body;
    expect(billing).toEqual({
      plan: { id: 'advertise_messaging', name: 'Advertise + Messaging', priceCentsPerMonth: 1500, commissionRate: 0 },
      subscription: { state: 'active', amountCents: 1500, paidThrough: periodEnd.toISOString(), renewsOn: periodEnd.toISOString() },
      canCancel: true,
      totals: { paidCents: 1500 + 4999, paidCharges: 2 },
    });

    // Leaving the plan (the plan switch, unchanged) stops renewal: paid through the period end, not renewed.
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/plan', cookie: a.cookie, payload: { plan: 'advertise_only' } })).statusCode,
    ).toBe(200);
    expect((await get<MerchantBilling>(a.cookie, '/api/merchant/billing')).body).toMatchObject({
      plan: { id: 'advertise_only' },
      subscription: { state: 'canceled', paidThrough: periodEnd.toISOString(), renewsOn: null },
      canCancel: false,
    });

    const receipt = await get<MerchantReceipt>(a.cookie, `/api/merchant/charges/${boost.id}`);
    expect(receipt.res.statusCode).toBe(200);
    expect(receipt.body).toMatchObject({
      receiptNumber: receiptNumber(boost.id),
      charge: { id: boost.id, amountCents: 4999, status: 'paid' },
      billedTo: { businessName: a.merchant.businessName, email: a.user.email },
    });
    // A page not paid has no receipt.
    expect((await get(a.cookie, `/api/merchant/charges/${pending.id}`)).res.statusCode).toBe(404);
  });

  it('a merchant on the messaging plan without a paid subscription must pay; Advertise Only has nothing to cancel', async () => {
    const a = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', commissionRate: 0 });
    expect((await get<MerchantBilling>(a.cookie, '/api/merchant/billing')).body).toMatchObject({
      subscription: { state: 'payment_required', amountCents: 1500, renewsOn: null },
      totals: { paidCents: 0, paidCharges: 0 },
    });
    const free = await createMerchantSession(t, { subscriptionPlan: 'advertise_only', commissionRate: 0 });
    expect((await get<MerchantBilling>(free.cookie, '/api/merchant/billing')).body).toMatchObject({
      subscription: { state: 'none', amountCents: null },
      canCancel: false,
    });
  });

  it('pages the charges (20 a page) and refuses a bad page with 400', async () => {
    const a = await createMerchantSession(t);
    const base = Date.now() - 30 * DAY;
    for (let i = 0; i < MERCHANT_CHARGES_PAGE_SIZE + 2; i++)
      await charge(a.merchant.id, { status: 'paid', paidAt: new Date(base + i * 60_000), amountCents: 100 + i });
    const first = (await get<MerchantChargesPage>(a.cookie, '/api/merchant/charges')).body;
    const second = (await get<MerchantChargesPage>(a.cookie, '/api/merchant/charges?page=2')).body;
    expect(first).toMatchObject({ total: 22, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.amountCents).toBe(121);
    expect(second.items.map((c) => c.amountCents)).toEqual([101, 100]);
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await t.request({ method: 'GET', url: `/api/merchant/charges?page=${bad}`, cookie: a.cookie });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect((await get(a.cookie, '/api/merchant/charges/not-a-uuid')).res.statusCode).toBe(400);
  });
});

describe('the PerkBoost receipt e-mail', () => {
  it('is sent once when the provider confirms a $49.99 PerkBoost, even when the webhook is delivered again', async () => {
    const m = await createMerchantSession(t, { businessName: 'Receipt Ramen' });
    const created = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: dealInput({ title: 'Ramen night', boost: { boostDays: 7, votesRequired: 40 } }),
    });
    expect(created.statusCode).toBe(201);
    const { deal, checkoutUrl } = created.json<{ deal: { id: string }; checkoutUrl: string }>();
    const sessionId = checkoutUrl.split('/sandbox/checkout/')[1]!;
    const paid = await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD });
    expect(paid.statusCode).toBe(200);
    const [row] = await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id));
    expect(row).toMatchObject({ status: 'paid', amountCents: 4999 });

    // The provider delivers the same event again, and the same payment under a new event id.
    for (const id of [`evt_${sessionId}_completed`, `evt_${sessionId}_again`]) {
      const payload = JSON.stringify({
        id,
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { id: sessionId, payment_status: 'paid', metadata: { chargeId: row!.id }, mode: 'payment', subscription: null },
        },
      });
      const res = await t.request({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.sandboxSecret, payload) },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }

    const receipts = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, m.user.email), eq(emailOutbox.kind, 'merchant_charge_receipt')));
    expect(receipts).toHaveLength(1);
    const mail = receipts[0]!;
    expect(mail.subject).toBe(`Your LocalPerks receipt ${receiptNumber(row!.id)}`);
    expect(mail.text).toContain('We received your payment of $49.99');
    expect(mail.text).toContain('PerkBoost: 7 days for “Ramen night”: $49.99');
    expect(linkFrom(mail.text, `/merchant/billing/receipts/${row!.id}`).pathname).toBe(`/merchant/billing/receipts/${row!.id}`);

    const list = (await get<MerchantChargesPage>(m.cookie, '/api/merchant/charges')).body;
    expect(list.items.map((c) => [c.id, c.status, c.amountCents])).toEqual([[row!.id, 'paid', 4999]]);
  });
});

// Each payout test closes periods on a database of its own (the job never reopens a closed period).
describe('merchant payouts', async () => {
  const t = await build();
  const db = t.database.db;
  const get = <T>(cookie: string, url: string) => getOn<T>(t, cookie, url);

  it('lists the merchant’s payouts with the open period’s running total; the statement adds up to the payout', async () => {
    const a = await createMerchantSession(t, { businessName: 'Payout Pizza' });
    const other = await createMerchantSession(t, { businessName: 'Other Oven' });
    const old = pastPeriod(3);
    const recent = pastPeriod(2);
    const sold = await sell(t, a.merchant.id, [
      { at: old.at(1), priceCents: 2000 },
      { at: old.at(2), priceCents: 3333, rate: 15 },
      { at: recent.at(5), priceCents: 1000, code: 'LPCODE-XY12' },
    ]);
    await sell(t, other.merchant.id, [{ at: old.at(3), priceCents: 9999 }]);
    // Sales of the open period are not closed into a payout yet: they are its running total.
    await sell(t, a.merchant.id, [
      { at: new Date(Math.max(payoutPeriodWindow(payoutPeriodFor(new Date())).from.getTime(), Date.now() - 60_000)), priceCents: 4000 },
    ]);
    await closePayoutPeriods({ db, clock: { now: () => new Date() } });

    const { res, body } = await get<MerchantPayoutsPage>(a.cookie, '/api/merchant/payouts');
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(2);
    expect(
      body.items.map((p) => [p.periodStart, p.totalPurchases, p.grossCents, p.commissionCents, p.netCents, p.status, p.paidAt]),
    ).toEqual([
      [recent.period.start, 1, 1000, 150, 850, 'overdue', null],
      [old.period.start, 2, 5333, 300 + 500, 5333 - 800, 'overdue', null],
    ]);
    expect(body.currentPeriod).toEqual({
      period: payoutPeriodFor(new Date()),
      totalPurchases: 1,
      grossCents: 4000,
      promotionsCents: 0,
      refundsCents: 0,
      commissionCents: 600,
      commissionReversedCents: 0,
      deductionsCents: 0,
      disputeFeesCents: 0,
      carriedInCents: 0,
      netCents: 3400,
    });
    expect(body.outstanding).toEqual({ payouts: 2, netCents: 850 + 4533 });

    const oldPayout = body.items[1]!;
    const st = await get<PayoutStatement>(a.cookie, `/api/merchant/payouts/${oldPayout.id}/statement`);
    expect(st.res.statusCode).toBe(200);
    const [row] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.id, oldPayout.id));
    expect(st.body.totals).toMatchObject({
      totalPurchases: row!.totalPurchases,
      grossCents: row!.grossCents,
      commissionCents: row!.commissionCents,
      netCents: row!.netCents,
    });
    expect(st.body.lines.items.map((s) => [s.kind, s.amountCents, s.commissionCents, s.netCents])).toEqual([
      ['sale', 2000, -300, 1700],
      ['sale', 3333, -500, 2833],
    ]);
    expect(st.body.lines.items.every((s) => /^\*{4}.{4}$/.test(s.voucherCode!))).toBe(true);
    const recentStatement = (await get<PayoutStatement>(a.cookie, `/api/merchant/payouts/${body.items[0]!.id}/statement`)).body;
    expect(recentStatement.lines.items.map((s) => [s.id, s.voucherCode])).toEqual([[`sale:${sold[2]!.id}`, '****XY12']]);
    expect(JSON.stringify(recentStatement)).not.toContain('LPCODE');

    // An admin marks it paid: the merchant sees Paid with the date.
    const admin = await t.loginAs('admin');
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/payouts/${oldPayout.id}/mark-paid`, cookie: admin.cookie, payload: OUTSIDE }))
        .statusCode,
    ).toBe(200);
    const after = (await get<MerchantPayoutsPage>(a.cookie, '/api/merchant/payouts')).body;
    expect(after.items[1]).toMatchObject({ id: oldPayout.id, status: 'paid', paidAt: expect.any(String) });
    expect(after.outstanding).toEqual({ payouts: 1, netCents: 850 });
  });
});

// Each payout test closes periods on a database of its own (the job never reopens a closed period).
describe('payout status', async () => {
  const t = await build();
  const db = t.database.db;

  it('a payout is Scheduled until its payout day has passed, then Overdue', async () => {
    const a = await createMerchantSession(t);
    await sell(t, a.merchant.id, [{ at: new Date('2024-02-03T10:00:00Z'), priceCents: 1000 }]);
    await closePayoutPeriods({ db, clock: fixedClock('2024-02-15T06:00:00Z') });
    const on = (at: string) => listMerchantPayouts({ db, clock: fixedClock(at) }, a.user.id, 1).then((p) => p.items[0]);
    expect(await on('2024-02-15T23:00:00Z')).toMatchObject({ payoutDate: '2024-02-15', status: 'scheduled' });
    expect(await on('2024-02-16T00:00:00Z')).toMatchObject({ status: 'overdue' });
  });
});

// Each payout test closes periods on a database of its own (the job never reopens a closed period).
describe('payout statements', async () => {
  const t = await build();
  const db = t.database.db;
  const get = <T>(cookie: string, url: string) => getOn<T>(t, cookie, url);

  it('pages a long statement', async () => {
    const a = await createMerchantSession(t);
    const p = pastPeriod(4);
    await sell(
      t,
      a.merchant.id,
      Array.from({ length: PAYOUT_STATEMENT_PAGE_SIZE + 1 }, (_, i) => ({ at: p.at(1 + i / 60), priceCents: 100 + i })),
    );
    await closePayoutPeriods({ db, clock: { now: () => new Date() } });
    const [payout] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, a.merchant.id));
    const page2 = (await get<PayoutStatement>(a.cookie, `/api/merchant/payouts/${payout!.id}/statement?page=2`)).body;
    expect(page2.lines).toMatchObject({ total: 51, page: 2, pageSize: 50 });
    expect(page2.lines.items.map((s) => s.amountCents)).toEqual([150]);
    expect(page2.totals.grossCents).toBe(payout!.grossCents);
    expect((await get(a.cookie, `/api/merchant/payouts/${payout!.id}/statement?page=0`)).res.statusCode).toBe(400);
  });
});

// Each payout test closes periods on a database of its own (the job never reopens a closed period).
describe('statement CSV', async () => {
  const t = await build();
  const db = t.database.db;

  it('downloads the statement as CSV: every sale, a total line, and formula-like cells escaped', async () => {
    const a = await createMerchantSession(t);
    const p = pastPeriod(5);
    await sell(t, a.merchant.id, [
      { at: p.at(1), priceCents: 1500, title: '=HYPERLINK("http://evil.example","win")', code: 'AAAA-1111' },
      { at: p.at(2), priceCents: 2500, title: '+1 free drink, "house" red', code: 'BBBB-2222' },
      { at: p.at(3), priceCents: 1000, title: '@brunch', code: 'CCCC-3333' },
      { at: p.at(4), priceCents: 999, title: '-50% pasta', code: 'DDDD-4444', rate: 0 },
    ]);
    await closePayoutPeriods({ db, clock: { now: () => new Date() } });
    const [payout] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, a.merchant.id));
    const res = await t.request({ method: 'GET', url: `/api/merchant/payouts/${payout!.id}/statement.csv`, cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="localperks-statement-${payout!.periodStart}-to-${payout!.periodEnd}.csv"`,
    );
    const hour = (h: number) => p.at(h).toISOString().slice(0, 16).replace('T', ' ');
    // Quoted where a cell holds a comma or quote (quotes doubled); a leading = + - @ gets an apostrophe.
    expect(res.body).toBe(
      [
        'Date (UTC),Type,Deal,Voucher,Amount,Commission,Net',
        `${hour(1)},Sale,"'=HYPERLINK(""http://evil.example"",""win"")",****1111,15.00,-2.25,12.75`,
        `${hour(2)},Sale,"'+1 free drink, ""house"" red",****2222,25.00,-3.75,21.25`,
        `${hour(3)},Sale,'@brunch,****3333,10.00,-1.50,8.50`,
        `${hour(4)},Sale,'-50% pasta,****4444,9.99,0.00,9.99`,
        'Total,4 sales,,,59.99,-7.50,52.49',
        '',
      ].join('\r\n'),
    );
    expect([payout!.grossCents, payout!.commissionCents, payout!.netCents]).toEqual([5999, 750, 5249]);
    expect(res.body).not.toContain('AAAA');
  });
});

// Each payout test closes periods on a database of its own (the job never reopens a closed period).
describe('ownership and access', async () => {
  const t = await build();
  const db = t.database.db;
  const get = <T>(cookie: string, url: string) => getOn<T>(t, cookie, url);

  it('another merchant’s charge, payout, statement and CSV answer 404; other roles are refused', async () => {
    const a = await createMerchantSession(t);
    const b = await createMerchantSession(t);
    const paid = await chargeIn(t, a.merchant.id, { status: 'paid', paidAt: new Date(), amountCents: 2499, boostDays: 3 });
    const p = pastPeriod(6);
    await sell(t, a.merchant.id, [{ at: p.at(1) }]);
    await closePayoutPeriods({ db, clock: { now: () => new Date() } });
    const [payout] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, a.merchant.id));
    const urls = [
      `/api/merchant/charges/${paid.id}`,
      `/api/merchant/payouts/${payout!.id}/statement`,
      `/api/merchant/payouts/${payout!.id}/statement.csv`,
    ];
    for (const url of urls) {
      expect((await t.request({ method: 'GET', url, cookie: a.cookie })).statusCode, url).toBe(200);
      const res = await t.request({ method: 'GET', url, cookie: b.cookie });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      const missing = await t.request({ method: 'GET', url: url.replace(/[0-9a-f-]{36}/, randomUUID()), cookie: a.cookie });
      expect(missing.statusCode, url).toBe(404);
    }
    // B's lists hold none of A's.
    expect((await get<MerchantChargesPage>(b.cookie, '/api/merchant/charges')).body.total).toBe(0);
    expect((await get<MerchantPayoutsPage>(b.cookie, '/api/merchant/payouts')).body.total).toBe(0);

    const customer = await t.loginAs('customer');
    for (const url of ['/api/merchant/billing', '/api/merchant/charges', '/api/merchant/payouts', ...urls]) {
      expect((await t.request({ method: 'GET', url, cookie: customer.cookie })).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    // A merchant account without a merchant profile has no billing.
    const bare = await t.loginAs('merchant');
    expect((await get(bare.cookie, '/api/merchant/billing')).res.statusCode).toBe(404);
  });
});

// Refunds and deductions from the ledger (issue 16): on a database of their own, at fixed clocks.
describe('refunds and deductions on payouts and statements', async () => {
  const t = await build();
  const db = t.database.db;
  const get = <T>(cookie: string, url: string) => getOn<T>(t, cookie, url);
  const refund = (purchaseId: string, at: string) => db.transaction((tx) => postRefund(tx, { purchaseId, at: new Date(at) }));
  const close = (at: string) => closePayoutPeriods({ db, clock: fixedClock(at) });
  const list = (userId: string, at: string) => listMerchantPayouts({ db, clock: fixedClock(at) }, userId, 1);

  it('a refund before the period closes lowers its gross and reverses the commission; after the payout, it is a deduction on the next one', async () => {
    const a = await createMerchantSession(t, { businessName: 'Refund Ramen' });
    // 2024-04-01 … 04-14: two $20 sales at 15 %; one refunded on the 10th, before the period closes.
    const [kept, refunded, later] = await sell(t, a.merchant.id, [
      { at: new Date('2024-04-02T10:00:00Z'), priceCents: 2000, code: 'KEPT-AAAA' },
      { at: new Date('2024-04-03T10:00:00Z'), priceCents: 2000, code: 'GONE-BBBB' },
      { at: new Date('2024-04-04T10:00:00Z'), priceCents: 1000, code: 'LATE-CCCC' },
    ]);
    await refund(refunded!.id, '2024-04-10T12:00:00Z');
    // The open period's running total is the ledger's: 5000 sold, 2000 refunded, commission 750 − 300.
    expect((await list(a.user.id, '2024-04-11T00:00:00Z')).currentPeriod).toMatchObject({
      totalPurchases: 2,
      grossCents: 3000,
      refundsCents: 2000,
      commissionCents: 450,
      commissionReversedCents: 300,
      netCents: 2550,
    });
    await close('2024-04-15T06:00:00Z');
    let page = await list(a.user.id, '2024-04-15T07:00:00Z');
    const first = page.items[0]!;
    expect(first).toMatchObject({
      totalPurchases: 2,
      grossCents: 3000,
      refundsCents: 2000,
      commissionCents: 450,
      commissionReversedCents: 300,
      deductionsCents: 0,
      netCents: 2550,
    });
    const st1 = (await get<PayoutStatement>(a.cookie, `/api/merchant/payouts/${first.id}/statement`)).body;
    expect(st1.lines.items.map((l) => [l.kind, l.voucherCode, l.amountCents, l.commissionCents, l.netCents])).toEqual([
      ['sale', '****AAAA', 2000, -300, 1700],
      ['sale', '****BBBB', 2000, -300, 1700],
      ['sale', '****CCCC', 1000, -150, 850],
      ['refund', '****BBBB', -2000, 300, -1700],
    ]);
    expect(st1.totals.netCents).toBe(first.netCents);

    // Paid; then the $10 voucher is refunded: a deduction of $10 with $1.50 commission back, on the next payout.
    const admin = await t.loginAs('admin');
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/payouts/${first.id}/mark-paid`, cookie: admin.cookie, payload: OUTSIDE }))
        .statusCode,
    ).toBe(200);
    await refund(later!.id, '2024-04-20T09:00:00Z');
    await sell(t, a.merchant.id, [{ at: new Date('2024-04-21T10:00:00Z'), priceCents: 4000, code: 'NEXT-DDDD' }]);
    await close('2024-05-01T06:00:00Z');
    page = await list(a.user.id, '2024-05-01T07:00:00Z');
    const second = page.items[0]!;
    expect(second).toMatchObject({
      periodStart: '2024-04-15',
      totalPurchases: 1,
      grossCents: 4000,
      refundsCents: 0,
      commissionCents: 600 - 150,
      commissionReversedCents: 150,
      deductionsCents: 1000,
      carriedForwardCents: 0,
      netCents: 4000 - 450 - 1000,
    });
    const st2 = (await get<PayoutStatement>(a.cookie, `/api/merchant/payouts/${second.id}/statement`)).body;
    expect(st2.lines.items.map((l) => [l.kind, l.voucherCode, l.amountCents, l.commissionCents])).toEqual([
      ['deduction', '****CCCC', -1000, 150],
      ['sale', '****DDDD', 4000, -600],
    ]);
    expect(JSON.stringify(st2)).not.toContain('LATE-');
    const csv = await t.request({ method: 'GET', url: `/api/merchant/payouts/${second.id}/statement.csv`, cookie: a.cookie });
    const rows = csv.body.trim().split('\r\n');
    expect(rows[1]).toMatch(/^2024-04-20 09:00,Deduction,.*,\*\*\*\*CCCC,-10\.00,1\.50,-8\.50$/);
    expect(rows[2]).toMatch(/^2024-04-21 10:00,Sale,.*,\*\*\*\*DDDD,40\.00,-6\.00,34\.00$/);
    expect(rows.at(-1)).toBe('Total,1 sales,,,40.00,-4.50,25.50');
    expect(second.netCents).toBe(2550);
    expect(kept).toBeDefined();
  });

  it('a payout that would go below zero is 0 and carries the rest forward; the next one starts with it', async () => {
    const a = await createMerchantSession(t, { businessName: 'Carry Cafe' });
    const [big] = await sell(t, a.merchant.id, [{ at: new Date('2024-06-02T10:00:00Z'), priceCents: 5000 }]);
    await close('2024-06-15T06:00:00Z');
    // After that payout closed, the $50 voucher is refunded; the next period sells only $10.
    await refund(big!.id, '2024-06-16T10:00:00Z');
    await sell(t, a.merchant.id, [{ at: new Date('2024-06-17T10:00:00Z'), priceCents: 1000 }]);
    await close('2024-07-01T06:00:00Z');
    await sell(t, a.merchant.id, [{ at: new Date('2024-07-02T10:00:00Z'), priceCents: 10000 }]);
    // The open period shows what the last payout carried into it.
    expect((await list(a.user.id, '2024-07-03T00:00:00Z')).currentPeriod).toMatchObject({ grossCents: 10000, carriedInCents: 3400 });
    await close('2024-07-15T06:00:00Z');
    const [third, second] = (await list(a.user.id, '2024-07-15T07:00:00Z')).items;
    // 1000 sold − 150 commission − 5000 deducted + 750 commission reversed = −3400: paid 0, 3400 carried forward.
    expect(second).toMatchObject({
      grossCents: 1000,
      commissionCents: 150 - 750,
      deductionsCents: 5000,
      netCents: 0,
      carriedForwardCents: 3400,
    });
    expect(third).toMatchObject({ grossCents: 10000, commissionCents: 1500, carriedInCents: 3400, netCents: 10000 - 1500 - 3400 });
    const csv = await t.request({ method: 'GET', url: `/api/merchant/payouts/${second!.id}/statement.csv`, cookie: a.cookie });
    const rows = csv.body.trim().split('\r\n');
    expect(rows.at(-2)).toBe(',Carried forward,To the next payout,,,,34.00');
    expect(rows.at(-1)).toMatch(/,0\.00$/);
    const csv3 = await t.request({ method: 'GET', url: `/api/merchant/payouts/${third!.id}/statement.csv`, cookie: a.cookie });
    const rows3 = csv3.body.trim().split('\r\n');
    expect(rows3.at(-2)).toBe(',Carried in,From the previous payout,,,,-34.00');
    expect(rows3.at(-1)).toMatch(/,51\.00$/);
  });
});
