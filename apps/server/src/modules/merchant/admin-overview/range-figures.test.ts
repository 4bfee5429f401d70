import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminRange } from '@localperks/shared';
import { disputes, merchantCharges, purchases, users } from '../../../db/schema';
import { build, rowsOf } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { expectBadRangesRefused } from '../../../../test/chart-ranges';
import { createDeal, createMerchant, createMerchantSession, sellAt } from '../../../../test/factories';
import { postChargePaid, postRefund } from '../../money';

/*
 * The admin overview's date range (issue 32, docs/decisions/0073-charts.md), in the platform's calendar days
 * (America/New_York). The clock reads 2026-03-10 12:00 UTC (08:00 in New York, daylight time since March 8):
 * the last 7 days are Mar 4 … Mar 10 (from Mar 4 00:00 EST = 05:00 UTC to Mar 11 00:00 EDT = 04:00 UTC), and the
 * period before them Feb 25 … Mar 3 (from Feb 25 05:00 UTC).
 */
const clock = mutableClock('2026-03-10T12:00:00Z');
const t = await build({ clock });
const db = t.database.db;
const owner = await t.loginAs('admin');
const get = (query: string, cookie = owner.cookie) => t.request({ method: 'GET', url: `/api/admin/overview/range${query}`, cookie });
async function figures(query: string): Promise<AdminRange> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A paid charge, posted to the ledger as billing does. */
async function charge(merchantId: string, o: Partial<typeof merchantCharges.$inferInsert>) {
  const [c] = await db
    .insert(merchantCharges)
    .values({ merchantId, kind: 'subscription', amountCents: 1_500, provider: 'sandbox', status: 'paid', ...o })
    .returning();
  await db.transaction((tx) => postChargePaid(tx, c!, c!.paidAt!));
}

/** The hand-written answer: the ledger, vouchers, disputes and sign-ups between two instants, straight in SQL. */
async function byHand(start: string, end: string) {
  const inWindow = (column: string) => `${column} >= '${start}'::timestamptz and ${column} < '${end}'::timestamptz`;
  const row = async (query: string) => (await rowsOf<Record<string, string | number>>(t.database, sql.raw(query)))[0]!;
  const ledger = await row(`
    select
      coalesce(sum(amount_cents) filter (where kind = 'sale'), 0)::bigint as gmv,
      coalesce(-sum(amount_cents) filter (where kind in ('commission', 'commission_reversal')), 0)::bigint as commission,
      coalesce(-sum(amount_cents) filter (where kind = 'subscription_charge'), 0)::bigint as subscription,
      coalesce(-sum(amount_cents) filter (where kind in ('perkboost_charge', 'perkboost_refund')), 0)::bigint as perkboost,
      coalesce(-sum(amount_cents) filter (where kind in ('platform_promotion', 'platform_promotion_reversal')), 0)::bigint as promotions,
      coalesce(-sum(amount_cents) filter (where kind in ('refund', 'deduction')), 0)::bigint as refunds
    from ledger_entries where ${inWindow('occurred_at')}`);
  const counts = await row(`
    select
      (select count(*) from purchases where ${inWindow('purchased_at')})::int as sold,
      (select count(*) from purchases where ${inWindow('redeemed_at')})::int as redeemed,
      (select count(*) from purchases where ${inWindow('refunded_at')})::int as refunded,
      (select count(*) from disputes where ${inWindow('opened_at')})::int as disputes,
      (select count(*) from users where role = 'customer' and ${inWindow('created_at')})::int as customers,
      (select count(*) from merchants where ${inWindow('created_at')})::int as merchants`);
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const total = n(ledger.commission) + n(ledger.subscription) + n(ledger.perkboost) - n(ledger.promotions);
  return {
    gmvCents: n(ledger.gmv),
    revenue: {
      commissionCents: n(ledger.commission),
      subscriptionCents: n(ledger.subscription),
      perkboostCents: n(ledger.perkboost),
      platformPromotionsCents: n(ledger.promotions),
      totalCents: total,
    },
    takeRate: n(ledger.gmv) ? total / n(ledger.gmv) : null,
    refunds: { count: n(counts.refunded), cents: n(ledger.refunds), rate: n(counts.sold) ? n(counts.refunded) / n(counts.sold) : null },
    disputes: { count: n(counts.disputes), rate: n(counts.sold) ? n(counts.disputes) / n(counts.sold) : null },
    newCustomers: n(counts.customers),
    newMerchants: n(counts.merchants),
    vouchersSold: n(counts.sold),
    vouchersRedeemed: n(counts.redeemed),
  };
}

describe('admin overview: figures for a date range', () => {
  it('counts the last 7 days in New York days against the 7 before, as SQL written by hand does', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Range Cafe', createdAt: new Date('2026-03-05T15:00:00Z') });
    await createMerchant(db, { businessName: 'Earlier Gym', createdAt: new Date('2026-02-26T15:00:00Z') });
    const sold = await sellAt(t, merchant.id, [
      { at: '2026-03-04T05:00:00Z', priceCents: 4_000, rate: 15 }, // Mar 4 00:00 EST: the range's first instant
      { at: '2026-03-10T03:59:59Z', priceCents: 6_000, rate: 15 }, // Mar 9 23:59 EDT
      { at: '2026-03-06T18:00:00Z', priceCents: 2_000, rate: 10 }, // refunded on Mar 7, redeemed never
      { at: '2026-03-04T04:59:59Z', priceCents: 10_000, rate: 15 }, // Mar 3 23:59:59 EST: the previous period
      { at: '2026-02-25T05:00:00Z', priceCents: 3_000, rate: 20 }, // Feb 25 00:00 EST: the previous period's first instant
      { at: '2026-02-25T04:59:59Z', priceCents: 99_900, rate: 15 }, // before both
    ]);
    await db.transaction((tx) => postRefund(tx, { purchaseId: sold[2]!.id, at: new Date('2026-03-07T15:00:00Z') }));
    await db
      .update(purchases)
      .set({ refundedAt: new Date('2026-03-07T15:00:00Z') })
      .where(eq(purchases.id, sold[2]!.id));
    await db
      .update(purchases)
      .set({ redeemedAt: new Date('2026-03-08T20:00:00Z') })
      .where(eq(purchases.id, sold[0]!.id));
    await db
      .update(purchases)
      .set({ redeemedAt: new Date('2026-03-01T20:00:00Z') })
      .where(eq(purchases.id, sold[3]!.id));
    const deal = await createDeal(db, merchant.id);
    await charge(merchant.id, { kind: 'subscription', amountCents: 1_500, paidAt: new Date('2026-03-05T10:00:00Z') });
    await charge(merchant.id, {
      kind: 'perkboost',
      dealId: deal.id,
      boostDays: 7,
      amountCents: 4_999,
      paidAt: new Date('2026-02-27T10:00:00Z'),
    });
    await db.insert(disputes).values({
      provider: 'sandbox',
      providerDisputeId: randomUUID(),
      orderId: sold[0]!.orderId,
      purchaseId: sold[0]!.id,
      amountCents: 4_000,
      openedAt: new Date('2026-03-09T12:00:00Z'),
    });
    // Customers who signed up in each period (and one before both); merchants' own accounts are not customers.
    const signUps = await Promise.all([1, 2, 3, 4].map(() => t.createUser('customer')));
    const at = ['2026-03-04T06:00:00Z', '2026-03-10T11:00:00Z', '2026-03-02T12:00:00Z', '2026-02-20T12:00:00Z'];
    for (const [i, u] of signUps.entries())
      await db
        .update(users)
        .set({ createdAt: new Date(at[i]!) })
        .where(eq(users.id, u.id));

    const r = await figures('?range=7d');
    expect(r.range).toEqual({
      range: '7d',
      from: '2026-03-04',
      to: '2026-03-10',
      days: 7,
      previousFrom: '2026-02-25',
      previousTo: '2026-03-03',
      timeZone: 'America/New_York',
    });
    // The range: $40 + $60 + $20 sold; 15 % of $100 and 10 % of $20 (reversed by its refund) in commission; a $15 subscription.
    expect(r.current).toEqual({
      gmvCents: 12_000,
      revenue: { commissionCents: 1_500, subscriptionCents: 1_500, perkboostCents: 0, platformPromotionsCents: 0, totalCents: 3_000 },
      takeRate: 3_000 / 12_000,
      refunds: { count: 1, cents: 2_000, rate: 1 / 3 },
      disputes: { count: 1, rate: 1 / 3 },
      newCustomers: 2,
      newMerchants: 1,
      vouchersSold: 3,
      vouchersRedeemed: 1,
    });
    // The week before: $100 + $30 sold, $15 + $6 commission, a $49.99 PerkBoost.
    expect(r.previous).toEqual({
      gmvCents: 13_000,
      revenue: { commissionCents: 2_100, subscriptionCents: 0, perkboostCents: 4_999, platformPromotionsCents: 0, totalCents: 7_099 },
      takeRate: 7_099 / 13_000,
      refunds: { count: 0, cents: 0, rate: 0 },
      disputes: { count: 0, rate: 0 },
      newCustomers: 1,
      newMerchants: 1,
      vouchersSold: 2,
      vouchersRedeemed: 1,
    });
    expect(r.current).toEqual(await byHand('2026-03-04T05:00:00Z', '2026-03-11T04:00:00Z'));
    expect(r.previous).toEqual(await byHand('2026-02-25T05:00:00Z', '2026-03-04T05:00:00Z'));

    // Every day of the range, in New York days: the sale at 03:59 UTC on Mar 10 is Mar 9's.
    expect(r.daily.map((d) => d.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(r.daily).toContainEqual({ date: '2026-03-04', gmvCents: 4_000, revenueCents: 600 });
    expect(r.daily).toContainEqual({ date: '2026-03-05', gmvCents: 0, revenueCents: 1_500 });
    expect(r.daily).toContainEqual({ date: '2026-03-06', gmvCents: 2_000, revenueCents: 200 });
    expect(r.daily).toContainEqual({ date: '2026-03-07', gmvCents: 0, revenueCents: -200 });
    expect(r.daily).toContainEqual({ date: '2026-03-09', gmvCents: 6_000, revenueCents: 900 });
    expect(r.daily.reduce((s, d) => s + d.gmvCents, 0)).toBe(r.current.gmvCents);
    expect(r.daily.reduce((s, d) => s + d.revenueCents, 0)).toBe(r.current.revenue.totalCents);

    // This month (Mar 1 … 10) against the 10 days before it (Feb 19 … 28); 90 days reach back past every sale.
    const month = await figures('?range=month');
    expect(month.range).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-10',
      days: 10,
      previousFrom: '2026-02-19',
      previousTo: '2026-02-28',
    });
    expect(month.current).toEqual(await byHand('2026-03-01T05:00:00Z', '2026-03-11T04:00:00Z'));
    expect(month.previous).toEqual(await byHand('2026-02-19T05:00:00Z', '2026-03-01T05:00:00Z'));
    expect(month.current.gmvCents).toBe(22_000);
    const ninety = await figures('?range=90d');
    expect(ninety.current.gmvCents).toBe(124_900);
    expect(ninety.daily).toHaveLength(90);

    // A custom range: the two days around the boundary.
    const custom = await figures('?range=custom&from=2026-03-03&to=2026-03-04');
    expect(custom.range).toMatchObject({
      from: '2026-03-03',
      to: '2026-03-04',
      days: 2,
      previousFrom: '2026-03-01',
      previousTo: '2026-03-02',
    });
    expect(custom.current.gmvCents).toBe(14_000);
    expect(custom.current).toEqual(await byHand('2026-03-03T05:00:00Z', '2026-03-05T05:00:00Z'));

    // Nothing in a range: zeros, and no rate where nothing was sold.
    const empty = await figures('?range=custom&from=2025-01-01&to=2025-01-31');
    expect(empty.current).toMatchObject({ gmvCents: 0, takeRate: null, refunds: { count: 0, cents: 0, rate: null }, vouchersSold: 0 });
    expect(empty.daily).toHaveLength(31);

    // Without a range: the last 30 days.
    expect((await figures('')).range).toMatchObject({ range: '30d', from: '2026-02-09', to: '2026-03-10', days: 30 });
  });

  it('answers 400 with the field and a message for a bad range', async () => {
    await expectBadRangesRefused(get);
  });

  it('is the owners’ and finance’s: support, merchants, customers and visitors are refused', async () => {
    const finance = await t.loginAs('admin', { adminRole: 'finance' });
    expect((await get('?range=7d', finance.cookie)).statusCode).toBe(200);
    const support = await t.loginAs('admin', { adminRole: 'support' });
    expect((await get('?range=7d', support.cookie)).statusCode).toBe(403);
    const merchant = await createMerchantSession(t);
    expect((await get('?range=7d', merchant.cookie)).statusCode).toBe(403);
    const customer = await t.loginAs('customer');
    expect((await get('?range=7d', customer.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/overview/range?range=7d' })).statusCode).toBe(401);
  });
});
