import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asc, eq, gte } from 'drizzle-orm';
import { payoutPeriodFor, payoutPeriodWindow, taxCents } from '@localperks/shared';
import { adminAuditLog, merchantPayouts, orders, purchases } from '../../../db/schema';
import type { Db } from '../../../db/client';
import { build, type TestApp } from '../../../../test/build';
import { createDeal, createMerchant, TEST_BILLING } from '../../../../test/factories';
import { closePayoutPeriods, PAYOUT_CLOSE_GRACE_MS, payoutSummary } from './payouts.service';
import { systemClock } from '../../../lib/deps';
import { fixedClock, mutableClock } from '../../../../test/clock';
import { postSales } from '../ledger/ledger.service';

/** Marking a payout paid is an exception now (payouts are transferred): it takes the admin's reason. */
const OUTSIDE = { reason: 'Paid by bank transfer outside the platform.' };

/** Sales at given instants: one purchase row per unit and its sale and commission in the ledger, as checkout writes them. */
async function sell(t: TestApp, merchantId: string, sales: { at: string; priceCents?: number; rate?: number }[]) {
  const db = t.database.db;
  const customer = await t.createUser('customer');
  const deal = await createDeal(db, merchantId);
  const total = sales.reduce((s, x) => s + (x.priceCents ?? 1000), 0);
  const [order] = await db
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
  const sold = await db
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
          dealTitle: deal.title,
          priceCents: price,
          commissionRate: rate,
          commissionCents: Math.round((price * rate) / 100),
          redemptionCode: randomUUID(),
          purchasedAt: new Date(s.at),
          expirationDate: new Date(Date.parse(s.at) + 90 * 86_400_000),
        };
      }),
    )
    .returning();
  await db.transaction((tx) => postSales(tx, sold));
}

const payoutsOf = (db: Db, merchantId: string) =>
  db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchantId)).orderBy(asc(merchantPayouts.periodStart));

describe('closing payout periods', async () => {
  const t = await build();
  const db = t.database.db;

  it('puts each sale in its semi-monthly period: 23:59:59 on the 14th, 00:00 on the 15th, month end, leap February', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Boundary Bakery' });
    await sell(t, merchant.id, [
      { at: '2024-02-14T23:59:59Z', priceCents: 1000 },
      { at: '2024-02-15T00:00:00Z', priceCents: 2000 },
      { at: '2024-02-29T23:59:59Z', priceCents: 3000 },
      { at: '2024-03-01T00:00:00Z', priceCents: 4000 },
      { at: '2025-01-31T23:59:59Z', priceCents: 5000, rate: 0 },
      { at: '2025-02-01T00:00:00Z', priceCents: 700 },
      { at: '2025-02-28T23:59:59Z', priceCents: 800 },
    ]);
    const res = await closePayoutPeriods({ db, clock: fixedClock('2025-03-02T12:00:00Z') });
    expect(res).toEqual({ ran: true, created: 6 });
    const rows = await payoutsOf(db, merchant.id);
    expect(
      rows.map((r) => [r.periodStart, r.periodEnd, r.payoutDate, r.totalPurchases, r.grossCents, r.commissionCents, r.netCents, r.isPaid]),
    ).toEqual([
      ['2024-02-01', '2024-02-14', '2024-02-15', 1, 1000, 150, 850, false],
      ['2024-02-15', '2024-02-29', '2024-03-01', 2, 5000, 750, 4250, false],
      ['2024-03-01', '2024-03-14', '2024-03-15', 1, 4000, 600, 3400, false],
      ['2025-01-15', '2025-01-31', '2025-02-01', 1, 5000, 0, 5000, false],
      ['2025-02-01', '2025-02-14', '2025-02-15', 1, 700, 105, 595, false],
      ['2025-02-15', '2025-02-28', '2025-03-01', 1, 800, 120, 680, false],
    ]);
  });

  it('closes a period only after it has ended (plus a short grace for in-flight purchases), once per merchant, and never again', async () => {
    const a = await createMerchant(db, { businessName: 'Alpha' });
    const b = await createMerchant(db, { businessName: 'Beta' });
    await sell(t, a.merchant.id, [{ at: '2025-04-03T10:00:00Z' }, { at: '2025-04-14T23:59:59Z' }]);
    await sell(t, b.merchant.id, [
      { at: '2025-04-10T08:00:00Z', priceCents: 2500 },
      { at: '2025-04-15T00:00:00Z', priceCents: 999 },
    ]);

    // Still April 14th, and then within the grace after midnight: nothing closes.
    expect((await closePayoutPeriods({ db, clock: fixedClock('2025-04-14T23:59:59Z') })).created).toBe(0);
    expect(
      (await closePayoutPeriods({ db, clock: fixedClock(new Date(Date.parse('2025-04-15T00:00:00Z') + PAYOUT_CLOSE_GRACE_MS - 1000)) }))
        .created,
    ).toBe(0);
    expect(await payoutsOf(db, a.merchant.id)).toHaveLength(0);

    const closed = await closePayoutPeriods({
      db,
      clock: fixedClock(new Date(Date.parse('2025-04-15T00:00:00Z') + PAYOUT_CLOSE_GRACE_MS)),
    });
    expect(closed.created).toBe(2);
    expect((await payoutsOf(db, a.merchant.id)).map((r) => [r.periodStart, r.totalPurchases, r.grossCents])).toEqual([
      ['2025-04-01', 2, 2000],
    ]);
    // Beta's sale at 00:00 on the 15th waits for the second half of April.
    expect((await payoutsOf(db, b.merchant.id)).map((r) => [r.periodStart, r.totalPurchases, r.grossCents])).toEqual([
      ['2025-04-01', 1, 2500],
    ]);

    expect((await closePayoutPeriods({ db, clock: fixedClock('2025-04-20T00:00:00Z') })).created).toBe(0);
    const may = await closePayoutPeriods({ db, clock: fixedClock('2025-05-01T01:00:00Z') });
    expect(may.created).toBe(1);
    expect((await payoutsOf(db, b.merchant.id)).map((r) => [r.periodStart, r.periodEnd, r.payoutDate, r.grossCents])).toEqual([
      ['2025-04-01', '2025-04-14', '2025-04-15', 2500],
      ['2025-04-15', '2025-04-30', '2025-05-01', 999],
    ]);
    expect((await closePayoutPeriods({ db, clock: fixedClock('2025-05-01T02:00:00Z') })).created).toBe(0);
  });

  it('closes exactly once when two runs race (two instances)', async () => {
    const c = await createMerchant(db, { businessName: 'Gamma' });
    const d = await createMerchant(db, { businessName: 'Delta' });
    await sell(t, c.merchant.id, [{ at: '2025-06-02T09:00:00Z' }, { at: '2025-06-20T09:00:00Z' }]);
    await sell(t, d.merchant.id, [{ at: '2025-06-02T09:00:00Z' }, { at: '2025-06-03T09:00:00Z' }, { at: '2025-07-01T09:00:00Z' }]);
    const now = new Date('2025-07-16T00:30:00Z');
    const runs = await Promise.all([
      closePayoutPeriods({ db, clock: fixedClock(now) }),
      closePayoutPeriods({ db, clock: fixedClock(now) }),
      closePayoutPeriods({ db, clock: fixedClock(now) }),
    ]);
    expect(runs.reduce((s, r) => s + r.created, 0)).toBe(4);
    expect(runs.some((r) => r.ran)).toBe(true);
    expect((await payoutsOf(db, c.merchant.id)).map((r) => [r.periodStart, r.totalPurchases])).toEqual([
      ['2025-06-01', 1],
      ['2025-06-15', 1],
    ]);
    expect((await payoutsOf(db, d.merchant.id)).map((r) => [r.periodStart, r.totalPurchases])).toEqual([
      ['2025-06-01', 2],
      ['2025-07-01', 1],
    ]);
    expect((await closePayoutPeriods({ db, clock: fixedClock(now) })).created).toBe(0);
  });

  it('two server instances (separate connection pools on one PostgreSQL) close a period once', async () => {
    const url = (t.database as { url?: string }).url;
    if (t.database.kind !== 'postgres' || !url) {
      // PGlite is one embedded database per process: the racing runs above are the two "instances".
      expect(t.database.kind).toBe('pglite');
      return;
    }
    const { openDatabase } = await import('../../../db/client');
    const second = await openDatabase({ url });
    try {
      const e = await createMerchant(db, { businessName: 'Epsilon' });
      await sell(t, e.merchant.id, [{ at: '2025-08-05T10:00:00Z' }, { at: '2025-08-06T10:00:00Z' }]);
      const now = new Date('2025-08-16T00:00:00Z');
      const runs = await Promise.all([
        closePayoutPeriods({ db, clock: fixedClock(now) }),
        closePayoutPeriods({ db: second.db, clock: fixedClock(now) }),
        closePayoutPeriods({ db, clock: fixedClock(now) }),
        closePayoutPeriods({ db: second.db, clock: fixedClock(now) }),
      ]);
      expect(runs.reduce((s, r) => s + r.created, 0)).toBe(1);
      expect((await payoutsOf(db, e.merchant.id)).map((r) => [r.periodStart, r.totalPurchases, r.grossCents])).toEqual([
        ['2025-08-01', 2, 2000],
      ]);
    } finally {
      await second.close();
    }
  });

  it('the database refuses a second payout for the same merchant and period', async () => {
    const [existing] = await db.select().from(merchantPayouts).limit(1);
    const { id: _id, ...copy } = existing!;
    await expect(db.insert(merchantPayouts).values(copy)).rejects.toThrow();
  });
});

describe('payout management (admin)', async () => {
  const t = await build();
  const db = t.database.db;
  const admin = await t.loginAs('admin');
  const { merchant, user } = await createMerchant(db, { businessName: 'Payday Pizza' });
  await sell(t, merchant.id, [
    { at: '2025-09-03T12:00:00Z', priceCents: 2000 },
    { at: '2025-09-04T12:00:00Z', priceCents: 2000 },
    { at: '2025-09-20T12:00:00Z', priceCents: 1000 },
  ]);
  await closePayoutPeriods({ db, clock: fixedClock('2025-10-02T00:00:00Z') });

  it('lists payouts newest period first with the merchant name, page by page', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/payouts', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(
      body.items.map(
        (p: {
          periodStart: string;
          merchantName: string;
          totalPurchases: number;
          commissionCents: number;
          netCents: number;
          isPaid: boolean;
        }) => [p.periodStart, p.merchantName, p.totalPurchases, p.commissionCents, p.netCents, p.isPaid],
      ),
    ).toEqual([
      ['2025-09-15', 'Payday Pizza', 1, 150, 850, false],
      ['2025-09-01', 'Payday Pizza', 2, 600, 3400, false],
    ]);
    expect((await t.request({ method: 'GET', url: '/api/admin/payouts?page=2', cookie: admin.cookie })).json().items).toEqual([]);
  });

  it('summarises the current period and the payouts still to pay', async () => {
    await sell(t, merchant.id, [{ at: new Date().toISOString(), priceCents: 4000 }]);
    const summary = await payoutSummary({ db, clock: systemClock });
    expect(summary).toMatchObject({ upcomingNetCents: 3400, merchantsThisPeriod: 1, pendingPayouts: 2, pendingNetCents: 4250 });
    const res = await t.request({ method: 'GET', url: '/api/admin/payouts/summary', cookie: admin.cookie });
    expect(res.json()).toEqual(summary);
  });

  it('marks a payout paid once (paid_by the admin, audit, merchant e-mailed); a second call is 409 and nothing is reversed', async () => {
    const [payout] = await payoutsOf(db, merchant.id);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/payouts/${payout!.id}/mark-paid`,
      cookie: admin.cookie,
      payload: OUTSIDE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: payout!.id, isPaid: true, merchantName: 'Payday Pizza' });
    const [row] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.id, payout!.id));
    expect(row).toMatchObject({ isPaid: true, paidBy: admin.user.id });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const mail = await t.lastMail(user.email, 'payout_paid');
    expect(mail?.subject).toContain('$34.00');
    expect(mail?.text).toContain('for sales from Sep 1, 2025 to Sep 14, 2025 has been paid');
    expect(mail?.text).toContain('2 purchases: $40.00 in sales, $6.00 commission, $34.00 paid to you.');
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, payout!.id))).toMatchObject([
      { action: 'payout.marked_paid', adminId: admin.user.id },
    ]);

    const other = await t.loginAs('admin');
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/payouts/${payout!.id}/mark-paid`,
      cookie: other.cookie,
      payload: OUTSIDE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This payout has already been marked as paid.');
    const [still] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.id, payout!.id));
    expect(still).toMatchObject({ isPaid: true, paidBy: admin.user.id, paidAt: row!.paidAt });
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, payout!.id))).toHaveLength(1);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/payouts/00000000-0000-4000-8000-000000000000/mark-paid',
          cookie: admin.cookie,
          payload: OUTSIDE,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('two admins marking the same payout at once: one succeeds', async () => {
    const [, payout] = await payoutsOf(db, merchant.id);
    const other = await t.loginAs('admin');
    const results = await Promise.all([
      t.request({ method: 'POST', url: `/api/admin/payouts/${payout!.id}/mark-paid`, cookie: admin.cookie, payload: OUTSIDE }),
      t.request({ method: 'POST', url: `/api/admin/payouts/${payout!.id}/mark-paid`, cookie: other.cookie, payload: OUTSIDE }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses merchants (even the payout’s own), customers and anonymous callers', async () => {
    const ownerLogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Sup3rSecret!' },
    });
    const owner = `lp_session=${ownerLogin.cookies.find((c) => c.name === 'lp_session')!.value}`;
    const customer = await t.loginAs('customer');
    const [payout] = await payoutsOf(db, merchant.id);
    for (const [method, url] of [
      ['GET', '/api/admin/payouts'],
      ['GET', '/api/admin/payouts/summary'],
      ['POST', `/api/admin/payouts/${payout!.id}/mark-paid`],
    ] as const) {
      for (const cookie of [owner, customer.cookie])
        expect((await t.request({ method, url, cookie })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.request({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('overdue payouts', async () => {
  const clock = mutableClock('2025-10-01T09:00:00Z');
  const t = await build({ clock });
  const db = t.database.db;
  const admin = await t.loginAs('admin');
  const { merchant } = await createMerchant(db, { businessName: 'Late Bakery' });
  await sell(t, merchant.id, [
    { at: '2025-09-03T12:00:00Z', priceCents: 2000 },
    { at: '2025-09-16T12:00:00Z', priceCents: 1000 },
  ]);
  await closePayoutPeriods({ db, clock: fixedClock('2025-10-01T01:00:00Z') });
  const list = async () => (await t.request({ method: 'GET', url: '/api/admin/payouts', cookie: admin.cookie })).json().items;
  const view = (items: { periodStart: string; isOverdue: boolean; isPaid: boolean }[]) =>
    items.map((p) => [p.periodStart, p.isOverdue, p.isPaid]);

  it('flags an unpaid payout past its payout date as overdue and lists it first; paid or due today is not overdue', async () => {
    // Oct 1: the Sep 1-14 payout (due Sep 15) is late; the Sep 15-30 one is due today.
    expect(view(await list())).toEqual([
      ['2025-09-01', true, false],
      ['2025-09-15', false, false],
    ]);
    clock.set('2025-10-02T00:00:00Z');
    expect(view(await list())).toEqual([
      ['2025-09-15', true, false],
      ['2025-09-01', true, false],
    ]);
    const [late] = await list();
    const paid = await t.request({
      method: 'POST',
      url: `/api/admin/payouts/${late.id}/mark-paid`,
      cookie: admin.cookie,
      payload: OUTSIDE,
    });
    expect(paid.json()).toMatchObject({ isPaid: true, isOverdue: false });
    expect(view(await list())).toEqual([
      ['2025-09-01', true, false],
      ['2025-09-15', false, true],
    ]);
  });
});

describe('demo data', async () => {
  const { freshDatabase } = await import('../../../../test/build');
  const { seedDemoData } = await import('../../../demo/seed');
  const { afterAll } = await import('vitest');
  const database = await freshDatabase();
  afterAll(() => database.close());

  it('seeds past sales of the demo merchant and closes the finished periods into payouts, without touching the demo customer', async () => {
    const { merchants, users } = await import('../../../db/schema');
    expect(await seedDemoData(database.db, 'LocalPerks2025!')).toBe(true);
    const [bistro] = await database.db.select().from(merchants).where(eq(merchants.businessName, 'Windy City Bistro'));
    const rows = await payoutsOf(database.db, bistro!.id);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      expect(r.totalPurchases).toBeGreaterThan(0);
      expect(r.netCents).toBe(r.grossCents - r.commissionCents);
      expect(r.isPaid).toBe(false);
    }
    const [customer] = await database.db.select().from(users).where(eq(users.email, 'customer@localperks.example'));
    expect(await database.db.select().from(purchases).where(eq(purchases.userId, customer!.id))).toHaveLength(0);
    // The businesses with a demo sale in the open period (the demo merchant's, and those of the demo reviews' sales).
    const period = payoutPeriodFor(systemClock.now());
    const sellers = await database.db
      .selectDistinct({ merchantId: purchases.merchantId })
      .from(purchases)
      .where(gte(purchases.purchasedAt, payoutPeriodWindow(period).from));
    expect(sellers.map((r) => r.merchantId)).toContain(bistro!.id);
    expect((await payoutSummary({ db: database.db, clock: systemClock })).merchantsThisPeriod).toBe(sellers.length);
    // Each demo sale has its order line, as checkout writes it, so a demo voucher can be refunded (its price plus its tax).
    const { voucherRefundCents } = await import('../refunds/refunds.service');
    const sold = await database.db.select().from(purchases).where(eq(purchases.merchantId, bistro!.id));
    const shares = await voucherRefundCents(
      database.db,
      sold.map((p) => p.id),
    );
    expect(sold.length).toBeGreaterThan(0);
    for (const p of sold) expect(shares.get(p.id)).toBe(p.priceCents + taxCents(p.priceCents));
  });
});
