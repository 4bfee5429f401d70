import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MerchantAnalytics } from '@localperks/shared';
import { purchases } from '../../../db/schema';
import { build, rowsOf } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { expectBadRangesRefused } from '../../../../test/chart-ranges';
import { createMerchantSession, createStaffSession, sellAt } from '../../../../test/factories';
import { postRefund } from '../../money';

/*
 * The merchant's analytics for a date range (issue 32, docs/decisions/0073-charts.md), in their business's days: a
 * merchant in Illinois counts Chicago days. The clock reads 2026-03-10 12:00 UTC (07:00 in Chicago, daylight time
 * since March 8): the last 7 days are Mar 4 … Mar 10 (from 06:00 UTC on Mar 4 to 05:00 UTC on Mar 11), the period
 * before them Feb 25 … Mar 3 (from 06:00 UTC on Feb 25).
 */
const clock = mutableClock('2026-03-10T12:00:00Z');
const t = await build({ clock });
const db = t.database.db;
const owner = await createMerchantSession(t, { state: 'IL', city: 'Chicago' });
const get = (query: string, cookie = owner.cookie) => t.request({ method: 'GET', url: `/api/merchant/analytics${query}`, cookie });
async function inRange(query: string): Promise<MerchantAnalytics['inRange']> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MerchantAnalytics>().inRange;
}

/** The hand-written answer: the merchant's ledger entries and vouchers between two instants, straight in SQL. */
async function byHand(merchantId: string, start: string, end: string) {
  const inWindow = (column: string) => `${column} >= '${start}'::timestamptz and ${column} < '${end}'::timestamptz`;
  const [row] = await rowsOf<Record<string, string | number>>(
    t.database,
    sql.raw(`
    select
      (select coalesce(sum(amount_cents) filter (where kind in ('sale', 'promotion', 'refund', 'promotion_reversal', 'deduction')), 0)
         from ledger_entries where merchant_id = '${merchantId}' and ${inWindow('occurred_at')})::bigint as revenue,
      (select coalesce(-sum(amount_cents) filter (where kind in ('refund', 'deduction')), 0)
         from ledger_entries where merchant_id = '${merchantId}' and ${inWindow('occurred_at')})::bigint as refunds,
      (select count(*) filter (where kind in ('refund', 'deduction'))
         from ledger_entries where merchant_id = '${merchantId}' and ${inWindow('occurred_at')})::int as refunded,
      (select coalesce(-sum(amount_cents) filter (where kind in ('commission', 'commission_reversal', 'dispute_fee')), 0)
         from ledger_entries where merchant_id = '${merchantId}' and ${inWindow('occurred_at')})::bigint as charges,
      (select count(*) from purchases where merchant_id = '${merchantId}' and ${inWindow('purchased_at')})::int as sold,
      (select count(*) from purchases where merchant_id = '${merchantId}' and ${inWindow('redeemed_at')})::int as redeemed`),
  );
  const n = (k: string) => Number(row![k] ?? 0);
  return {
    revenueCents: n('revenue'),
    refundsCents: n('refunds'),
    refundedPurchases: n('refunded'),
    purchases: n('sold'),
    earningsCents: n('revenue') - n('charges'),
    redemptions: n('redeemed'),
  };
}

describe('merchant analytics: figures for a date range', () => {
  it('counts the last 7 days in the business’s own (Chicago) days against the 7 before, as SQL written by hand does', async () => {
    const sold = await sellAt(t, owner.merchant.id, [
      { at: '2026-03-04T06:00:00Z', priceCents: 4_000, rate: 15 }, // Mar 4 00:00 CST: the range's first instant
      { at: '2026-03-10T04:30:00Z', priceCents: 6_000, rate: 15 }, // Mar 9 23:30 CDT
      { at: '2026-03-06T18:00:00Z', priceCents: 2_000, rate: 10 }, // refunded on Mar 7
      { at: '2026-03-04T05:59:59Z', priceCents: 10_000, rate: 15 }, // Mar 3 23:59:59 CST: the previous period
      { at: '2026-02-25T05:59:59Z', priceCents: 50_000, rate: 15 }, // before both
    ]);
    await db.transaction((tx) => postRefund(tx, { purchaseId: sold[2]!.id, at: new Date('2026-03-07T15:00:00Z') }));
    await db
      .update(purchases)
      .set({ redeemedAt: new Date('2026-03-08T20:00:00Z') })
      .where(eq(purchases.id, sold[0]!.id));
    // Another business's sale in the range: not theirs.
    const other = await createMerchantSession(t);
    await sellAt(t, other.merchant.id, [{ at: '2026-03-05T12:00:00Z', priceCents: 7_000, rate: 15 }]);

    const r = await inRange('?range=7d');
    expect(r.range).toEqual({
      range: '7d',
      from: '2026-03-04',
      to: '2026-03-10',
      days: 7,
      previousFrom: '2026-02-25',
      previousTo: '2026-03-03',
      timeZone: 'America/Chicago',
    });
    // $40 + $60 + $20 sold, $20 given back; commission $6 + $9 ($2 reversed with the refund).
    expect(r.current).toEqual({
      revenueCents: 10_000,
      refundsCents: 2_000,
      refundedPurchases: 1,
      purchases: 3,
      earningsCents: 8_500,
      redemptions: 1,
    });
    expect(r.previous).toEqual({
      revenueCents: 10_000,
      refundsCents: 0,
      refundedPurchases: 0,
      purchases: 1,
      earningsCents: 8_500,
      redemptions: 0,
    });
    expect(r.current).toEqual(await byHand(owner.merchant.id, '2026-03-04T06:00:00Z', '2026-03-11T05:00:00Z'));
    expect(r.previous).toEqual(await byHand(owner.merchant.id, '2026-02-25T06:00:00Z', '2026-03-04T06:00:00Z'));
    expect(r.daily).toHaveLength(7);
    expect(r.daily).toContainEqual({ date: '2026-03-09', revenueCents: 6_000, refundsCents: 0, purchases: 1 });
    expect(r.daily).toContainEqual({ date: '2026-03-07', revenueCents: -2_000, refundsCents: 2_000, purchases: 0 });
    expect(r.daily.reduce((s, d) => s + d.revenueCents, 0)).toBe(r.current.revenueCents);

    // A custom range and this month, each against the period of equal length before it.
    const custom = await inRange('?range=custom&from=2026-02-20&to=2026-03-05');
    expect(custom.range).toMatchObject({ days: 14, previousFrom: '2026-02-06', previousTo: '2026-02-19' });
    expect(custom.current).toEqual(await byHand(owner.merchant.id, '2026-02-20T06:00:00Z', '2026-03-06T06:00:00Z'));
    expect(custom.current.revenueCents).toBe(64_000);
    const month = await inRange('?range=month');
    expect(month.range).toMatchObject({ from: '2026-03-01', to: '2026-03-10', previousFrom: '2026-02-19', previousTo: '2026-02-28' });
    expect(month.previous).toEqual(await byHand(owner.merchant.id, '2026-02-19T06:00:00Z', '2026-03-01T06:00:00Z'));
  });

  it('answers 400 with the field and a message for a bad range', async () => {
    await expectBadRangesRefused(get);
  });

  it('is the owner’s and their managers’; a redeemer is refused', async () => {
    const manager = await createStaffSession(t, owner.merchant.id, 'manager');
    expect((await get('?range=7d', manager.cookie)).statusCode).toBe(200);
    const redeemer = await createStaffSession(t, owner.merchant.id, 'redeemer');
    expect((await get('?range=7d', redeemer.cookie)).statusCode).toBe(403);
  });
});
