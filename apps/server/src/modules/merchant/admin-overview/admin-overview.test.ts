import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { nextPayoutDate } from '@localperks/shared';
import {
  adminAuditLog,
  deals,
  ledgerEntries,
  merchantCharges,
  merchantPayouts,
  merchantRegistrationRequests,
  notifications,
} from '../../../db/schema';
import { build } from '../../../../test/build';
import { fixedClock, mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchant, sellAt } from '../../../../test/factories';
import { postChargePaid, postRefund } from '../../money';
import { adminOverview } from './admin-overview.service';

// Reads the real time until a test sets it (and puts it back).
const clockOfT = mutableClock();
const t = await build({ clock: clockOfT });
const db = t.database.db;
const admin = await t.loginAs('admin');
const get = (url: string, cookie = admin.cookie) => t.request({ method: 'GET', url, cookie });

describe('admin overview', () => {
  it('counts merchants, deals, revenue, the current period payout and pending approvals from the database', async () => {
    const empty = (await get('/api/admin/overview')).json();
    expect(empty.stats).toMatchObject({
      totalMerchants: 0,
      approvedMerchants: 0,
      totalDeals: 0,
      activeDeals: 0,
      totalRevenueCents: 0,
      currentPeriodPayoutCents: 0,
      nextPayoutDate: nextPayoutDate(new Date()),
    });
    expect(empty.pendingApprovals).toBe(0);

    const a = await createMerchant(db, { businessName: 'Alpha Cafe', commissionRate: 15 });
    const b = await createMerchant(db, { businessName: 'Beta Gym', approved: false });
    await db.insert(merchantRegistrationRequests).values({
      userId: b.user.id,
      businessName: 'Beta Gym',
      email: b.user.email,
      phone: '1',
      city: 'Chicago',
      state: 'IL',
      description: 'A gym in town.',
      plan: 'deals_messaging',
    });
    const d1 = await createDeal(db, a.merchant.id, { dealPriceCents: 4_000 });
    await createDeal(db, a.merchant.id, { status: 'expired' });
    await createDeal(db, a.merchant.id, { status: 'draft' }); // a PerkBoost launch not paid yet: not counted
    const customer = await t.loginAs('customer');
    await buy(t, customer.cookie, [{ dealId: d1.id, quantity: 2 }]);

    const o = (await get('/api/admin/overview')).json();
    expect(o.stats).toMatchObject({
      totalMerchants: 2,
      approvedMerchants: 1,
      totalDeals: 2,
      activeDeals: 1,
      totalRevenueCents: 8_000,
      totalPurchases: 2,
    });
    // 15 % commission on each $40: merchants are owed 2 × $34.
    expect(o.stats.currentPeriodPayoutCents).toBe(6_800);
    expect(o.pendingApprovals).toBe(1);
    expect(o.recentMerchants.map((m: { businessName: string; approved: boolean }) => [m.businessName, m.approved])).toEqual([
      ['Beta Gym', false],
      ['Alpha Cafe', true],
    ]);
    expect(o.merchantsWithDeals).toEqual([expect.objectContaining({ id: a.merchant.id, dealCount: 2, activeDealCount: 1 })]);
  });

  it('counts only purchases of the current semi-monthly period in the period payout (time passed in)', async () => {
    const nextMonth = new Date(Date.now() + 40 * 86_400_000);
    const o = await adminOverview({ db, clock: fixedClock(nextMonth) });
    expect(o.stats.currentPeriodPayoutCents).toBe(0);
    expect(o.stats.totalRevenueCents).toBeGreaterThan(0);
    expect(o.stats.nextPayoutDate).toBe(nextPayoutDate(nextMonth));
  });

  it('lists only 5 recent merchants and 5 merchants with deals', async () => {
    for (let i = 0; i < 6; i++) {
      const m = await createMerchant(db, { businessName: `Shop ${i}` });
      await createDeal(db, m.merchant.id);
    }
    const o = (await get('/api/admin/overview')).json();
    expect(o.recentMerchants).toHaveLength(5);
    expect(o.merchantsWithDeals).toHaveLength(5);
  });

  it('shows one merchant’s deals with status, active flag and prices', async () => {
    const m = await createMerchant(db, { businessName: 'Deal Lister' });
    const active = await createDeal(db, m.merchant.id, { title: 'Pasta night', dealPriceCents: 2_500, originalPriceCents: 5_000 });
    await createDeal(db, m.merchant.id, { title: 'Old one', status: 'expired' });
    const res = (await get(`/api/admin/merchants/${m.merchant.id}/deals`)).json();
    expect(res.merchant.businessName).toBe('Deal Lister');
    expect(res.total).toBe(2);
    expect(res.deals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: active.id, title: 'Pasta night', status: 'active', isActive: true, dealPriceCents: 2_500 }),
        expect.objectContaining({ title: 'Old one', status: 'expired', isActive: false }),
      ]),
    );
    const none = await createMerchant(db);
    expect((await get(`/api/admin/merchants/${none.merchant.id}/deals`)).json()).toMatchObject({ deals: [], total: 0 });
    expect((await get('/api/admin/merchants/00000000-0000-4000-8000-000000000000/deals')).statusCode).toBe(404);
  });

  it('reaches every merchant with deals: searched by name, city or e-mail, 10 a page (issue 39)', async () => {
    const tag = randomUUID().slice(0, 6);
    const made = [];
    for (let i = 0; i < 13; i++) {
      const m = await createMerchant(db, {
        businessName: `Lakefront ${tag} ${String(i).padStart(2, '0')}`,
        city: i === 7 ? `Evanston${tag}` : 'Chicago',
      });
      await createDeal(db, m.merchant.id);
      made.push(m);
    }
    // A merchant with only a draft has no launched deal: not listed.
    const draftOnly = await createMerchant(db, { businessName: `Lakefront ${tag} draft` });
    await createDeal(db, draftOnly.merchant.id, { status: 'draft' });
    const list = async (query: string) => (await get(`/api/admin/merchants-with-deals?${query}`)).json();

    const first = await list(`search=LAKEFRONT%20${tag}`);
    expect(first).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(first.merchants).toHaveLength(10);
    const second = await list(`search=lakefront%20${tag}&page=2`);
    expect(second.merchants).toHaveLength(3);
    // Every one of them, each once, newest first.
    const names = [...first.merchants, ...second.merchants].map((m: { businessName: string }) => m.businessName);
    expect(names).toEqual(made.map((m) => m.merchant.businessName).reverse());
    expect((await list(`search=evanston${tag}`)).merchants.map((m: { id: string }) => m.id)).toEqual([made[7]!.merchant.id]);
    expect((await list(`search=${encodeURIComponent(made[3]!.user.email.toUpperCase())}`)).merchants).toEqual([
      expect.objectContaining({ id: made[3]!.merchant.id, dealCount: 1, activeDealCount: 1, removedDealCount: 0 }),
    ]);
    // A search is text, not a pattern.
    expect((await list('search=%25')).total).toBe(0);
    expect((await get('/api/admin/merchants-with-deals?page=0')).statusCode).toBe(400);
    const merchant = await t.loginAs('merchant');
    expect((await get('/api/admin/merchants-with-deals', merchant.cookie)).statusCode).toBe(403);
  });

  it('names a voting deal Voting, and counts a removed deal apart, not as a deal (issue 39)', async () => {
    const m = await createMerchant(db, { businessName: `Moderated ${randomUUID().slice(0, 6)}` });
    const live = await createDeal(db, m.merchant.id, { title: 'Live lunch' });
    const voting = await createDeal(db, m.merchant.id, {
      title: 'Crowd dinner',
      type: 'perkboost',
      status: 'pending',
      votesRequired: 50,
      currentVotes: 3,
      votingEndDate: new Date(Date.now() + 5 * 86_400_000),
    });
    const removed = await createDeal(db, m.merchant.id, { title: 'Taken down', status: 'removed', moderationReason: 'Misleading' });
    const before = (await get('/api/admin/overview')).json().stats.totalDeals;
    await createDeal(db, m.merchant.id, { title: 'Another removed', status: 'removed' });
    expect((await get('/api/admin/overview')).json().stats.totalDeals).toBe(before);

    const [row] = (await get(`/api/admin/merchants-with-deals?search=${encodeURIComponent(m.merchant.businessName)}`)).json().merchants;
    expect(row).toMatchObject({ dealCount: 2, activeDealCount: 1, removedDealCount: 2 });
    const deals = (await get(`/api/admin/merchants/${m.merchant.id}/deals`)).json().deals;
    const byId = (id: string) => deals.find((d: { id: string }) => d.id === id);
    expect(byId(live.id)).toMatchObject({ isActive: true, isVoting: false });
    expect(byId(voting.id)).toMatchObject({ status: 'pending', isActive: false, isVoting: true });
    expect(byId(removed.id)).toMatchObject({ status: 'removed', isActive: false, isVoting: false });
  });

  it('tells a deal active by the clock’s time, not the machine’s', async () => {
    const m = await createMerchant(db, { businessName: 'Clocked Lister' });
    await createDeal(db, m.merchant.id, { expirationDate: new Date('2031-06-01T00:00:00Z') });
    const isActive = async () => (await get(`/api/admin/merchants/${m.merchant.id}/deals`)).json().deals[0].isActive;
    try {
      clockOfT.set('2031-05-31T23:59:00Z');
      expect(await isActive()).toBe(true);
      clockOfT.set('2031-06-01T00:01:00Z');
      expect(await isActive()).toBe(false);
    } finally {
      clockOfT.useRealTime();
    }
  });
});

describe('deactivating a deal', () => {
  it('removes the deal with the reason, notifies and e-mails the merchant and writes an audit entry', async () => {
    const m = await createMerchant(db, { businessName: 'Rule Breaker' });
    const deal = await createDeal(db, m.merchant.id, { title: 'Too good to be true' });
    const reason = 'The description promises a free item that the fine print does not honour.';
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/deactivate`,
      cookie: admin.cookie,
      payload: { reason },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(after).toMatchObject({ status: 'removed', moderationReason: reason });
    const notes = await db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(notes).toEqual([
      expect.objectContaining({ type: 'deal_deactivated', entityId: deal.id, message: expect.stringContaining(reason) }),
    ]);
    const mail = await t.lastMail(m.user.email, 'merchant_deal_deactivated');
    expect(mail?.text).toContain(reason);
    expect(mail?.subject).toContain('Too good to be true');
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, deal.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'deal.deactivated',
        adminId: admin.user.id,
        details: expect.objectContaining({ reason, previousStatus: 'active' }),
      }),
    ]);
    // No longer listed to customers.
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).statusCode).toBe(404);
    // A second time is refused, with nothing written.
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/deactivate`,
      cookie: admin.cookie,
      payload: { reason },
    });
    expect(again.statusCode).toBe(409);
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, deal.id))).toHaveLength(1);
  });

  it('stamps the take-down with the clock’s time', async () => {
    const m = await createMerchant(db);
    const deal = await createDeal(db, m.merchant.id);
    const at = new Date(Date.now() + 3 * 86_400_000);
    try {
      clockOfT.set(at);
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/deals/${deal.id}/deactivate`,
        cookie: admin.cookie,
        payload: { reason: 'Misleading.' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      clockOfT.useRealTime();
    }
    const [after] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(after).toMatchObject({ status: 'removed', updatedAt: at });
  });

  it('requires a reason and writes nothing without one', async () => {
    const m = await createMerchant(db);
    const deal = await createDeal(db, m.merchant.id);
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await t.request({ method: 'POST', url: `/api/admin/deals/${deal.id}/deactivate`, cookie: admin.cookie, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please give the reason for deactivating this deal.');
    }
    expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.status).toBe('active');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/deals/00000000-0000-4000-8000-000000000000/deactivate',
          cookie: admin.cookie,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is refused for merchants, customers and admins without the code step', async () => {
    const m = await createMerchant(db);
    const deal = await createDeal(db, m.merchant.id);
    const merchantLogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.user.email, password: 'Sup3rSecret!' },
    });
    const merchantCookie = `lp_session=${merchantLogin.cookies.find((c) => c.name === 'lp_session')!.value}`;
    const adminNoCode = await t.createUser('admin');
    const adminLogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: adminNoCode.email, password: 'Sup3rSecret!' },
    });
    const adminNoCodeCookie = `lp_session=${adminLogin.cookies.find((c) => c.name === 'lp_session')!.value}`;
    for (const cookie of [merchantCookie, (await t.loginAs('customer')).cookie, adminNoCodeCookie]) {
      const res = await t.request({ method: 'POST', url: `/api/admin/deals/${deal.id}/deactivate`, cookie, payload: { reason: 'no' } });
      expect(res.statusCode).toBe(403);
      expect((await get('/api/admin/overview', cookie)).statusCode).toBe(403);
    }
    expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.status).toBe('active');
  });
});

describe('platform revenue by source', async () => {
  // Mid-period: the current semi-monthly period is 2026-03-01 … 2026-03-14, paid on the 15th.
  const clock = mutableClock('2026-03-10T12:00:00Z');
  const tc = await build({ clock });
  const cdb = tc.database.db;
  const cadmin = await tc.loginAs('admin');
  const overview = async () => {
    const res = await tc.request({ method: 'GET', url: '/api/admin/overview', cookie: cadmin.cookie });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** Sales of a merchant at given instants, written as checkout writes them (one purchase per unit). */
  const sell = (merchantId: string, sales: { at: string; priceCents: number; rate: number }[]) => sellAt(tc, merchantId, sales);

  /** A charge row; a paid one is posted to the ledger as billing's applyPaid does. */
  const charge = async (merchantId: string, o: Partial<typeof merchantCharges.$inferInsert>) => {
    const [c] = await cdb
      .insert(merchantCharges)
      .values({ merchantId, kind: 'perkboost', amountCents: 999, provider: 'sandbox', status: 'paid', ...o })
      .returning();
    if (c!.paidAt) await cdb.transaction((tx) => postChargePaid(tx, c!, c!.paidAt!));
    return c!;
  };

  it('adds commission, paid subscriptions and paid PerkBoost charges for the current period and all time; gross sales apart', async () => {
    const empty = await overview();
    expect(empty.revenue.period).toEqual({ start: '2026-03-01', end: '2026-03-14', payoutDate: '2026-03-15' });
    expect(empty.revenue.allTime).toEqual({
      commissionCents: 0,
      commissionReversedCents: 0,
      refundsCents: 0,
      subscriptionCents: 0,
      perkboostCents: 0,
      platformPromotionsCents: 0,
      merchantPromotionsCents: 0,
      totalCents: 0,
      grossSalesCents: 0,
      purchases: 0,
    });

    const m = await createMerchant(cdb, { businessName: 'Revenue Cafe' });
    // This period: 2 × $40 at 15 % ($12 commission). The previous period: $100 at 15 % ($15).
    const [, , , refunded] = await sell(m.merchant.id, [
      { at: '2026-03-01T00:00:00Z', priceCents: 4_000, rate: 15 },
      { at: '2026-03-09T18:30:00Z', priceCents: 4_000, rate: 15 },
      { at: '2026-02-28T23:59:59Z', priceCents: 10_000, rate: 15 },
      // Refunded this period, before its payout: its $3 commission is reversed, its $20 given back.
      { at: '2026-03-03T10:00:00Z', priceCents: 2_000, rate: 15 },
    ]);
    await cdb.transaction((tx) => postRefund(tx, { purchaseId: refunded!.id, at: new Date('2026-03-04T10:00:00Z') }));
    const d = await createDeal(cdb, m.merchant.id);
    // This period: a $15 subscription and a $49.99 PerkBoost paid; last month: a $24.99 PerkBoost and
    // a $15 subscription that has ended since (it was paid: it counts).
    await charge(m.merchant.id, { kind: 'subscription', amountCents: 1_500, paidAt: new Date('2026-03-02T10:00:00Z') });
    await charge(m.merchant.id, {
      kind: 'perkboost',
      dealId: d.id,
      boostDays: 7,
      amountCents: 4_999,
      paidAt: new Date('2026-03-05T10:00:00Z'),
    });
    await charge(m.merchant.id, { kind: 'perkboost', boostDays: 3, amountCents: 2_499, paidAt: new Date('2026-02-20T10:00:00Z') });
    await charge(m.merchant.id, {
      kind: 'subscription',
      amountCents: 1_500,
      status: 'canceled',
      paidAt: new Date('2026-02-02T10:00:00Z'),
    });
    // Never paid: an open page, an expired one, a canceled one.
    await charge(m.merchant.id, { kind: 'subscription', amountCents: 1_500, status: 'open' });
    await charge(m.merchant.id, { kind: 'perkboost', amountCents: 8_999, status: 'expired' });
    await charge(m.merchant.id, { kind: 'perkboost', amountCents: 8_999, status: 'canceled' });

    const o = await overview();
    expect(o.revenue.currentPeriod).toEqual({
      commissionCents: 1_200,
      commissionReversedCents: 300,
      subscriptionCents: 1_500,
      perkboostCents: 4_999,
      platformPromotionsCents: 0,
      merchantPromotionsCents: 0,
      totalCents: 1_200 + 1_500 + 4_999,
      refundsCents: 2_000,
      grossSalesCents: 10_000,
      purchases: 3,
    });
    expect(o.revenue.allTime).toEqual({
      commissionCents: 2_700,
      commissionReversedCents: 300,
      subscriptionCents: 3_000,
      perkboostCents: 7_498,
      platformPromotionsCents: 0,
      merchantPromotionsCents: 0,
      totalCents: 2_700 + 3_000 + 7_498,
      refundsCents: 2_000,
      grossSalesCents: 20_000,
      purchases: 4,
    });
    // Gross voucher sales stay visible, labelled as such (not the platform's income).
    expect(o.stats.totalRevenueCents).toBe(20_000);
    // The figures are the ledger's sums.
    const [sums] = await cdb
      .select({
        commission: sql<number>`(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('commission', 'commission_reversal')))::int`,
        charges: sql<number>`(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('subscription_charge', 'perkboost_charge')))::int`,
        refunds: sql<number>`(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('refund', 'deduction')))::int`,
      })
      .from(ledgerEntries);
    expect(o.revenue.allTime.totalCents).toBe(Number(sums!.commission) + Number(sums!.charges));
    expect(o.revenue.allTime.refundsCents).toBe(Number(sums!.refunds));

    // The next period starts on the 15th: nothing in it yet, all time unchanged.
    clock.set('2026-03-15T00:00:00Z');
    const next = await overview();
    expect(next.revenue.period.start).toBe('2026-03-15');
    expect(next.revenue.currentPeriod.totalCents).toBe(0);
    expect(next.revenue.allTime.totalCents).toBe(2_700 + 3_000 + 7_498);
    // A renewal of the subscription is a ledger entry of its own: it counts (merchant_charges had no row for it).
    const sub = await charge(m.merchant.id, { kind: 'subscription', amountCents: 1_500, paidAt: new Date('2026-03-02T10:00:00Z') });
    await cdb.transaction((tx) => postChargePaid(tx, sub, new Date('2026-03-16T10:00:00Z'), 2));
    expect((await overview()).revenue.currentPeriod.subscriptionCents).toBe(1_500);
  });

  it('counts overdue payouts: unpaid and past their payout date', async () => {
    const m = await createMerchant(cdb, { businessName: 'Overdue Deli' });
    const row = (periodStart: string, periodEnd: string, payoutDate: string, isPaid = false) => ({
      merchantId: m.merchant.id,
      periodStart,
      periodEnd,
      payoutDate,
      totalPurchases: 1,
      grossCents: 1_000,
      commissionCents: 150,
      netCents: 850,
      isPaid,
    });
    await cdb
      .insert(merchantPayouts)
      .values([
        row('2026-02-01', '2026-02-14', '2026-02-15'),
        row('2026-02-15', '2026-02-28', '2026-03-01', true),
        row('2026-03-01', '2026-03-14', '2026-03-15'),
      ]);
    clock.set('2026-03-15T12:00:00Z'); // the March 15 payout is due today, not late
    expect((await overview()).overduePayouts).toBe(1);
    clock.set('2026-03-16T00:00:00Z');
    expect((await overview()).overduePayouts).toBe(2);
  });
});
