import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { MerchantAnalytics, MerchantPayoutsPage, PayoutStatement, PayoutSummary } from '@localperks/shared';
import { ledgerEntries, merchantPayouts } from '../src/db/schema';
import { closePayoutPeriods, merchantBalance } from '../src/modules/money';
import { build, type TestApp } from './build';
import { mutableClock } from './clock';
import { createMerchantSession, sellAt } from './factories';

/** Marking a payout paid is an exception now (payouts are transferred): it takes the admin's reason. */
const OUTSIDE = { reason: 'Paid by bank transfer outside the platform.' };

/**
 * Money sums past 2^31 cents ($21,474,836.47): a busy merchant's period, the platform's all-time
 * sales. Every sum and every money column that grows is 64-bit and read back as an exact number
 * (docs/decisions/0040-safe-at-scale.md).
 */
const INT32_MAX = 2_147_483_647;
/** One voucher's price: three make a period worth more than INT32_MAX. Each order stays within a 32-bit total. */
const BIG_PRICE = 1_000_000_000;

const clock = mutableClock('2025-03-10T12:00:00Z');
const t = await build({ clock });
const db = t.database.db;

/** Sales at given instants, each on its own paid order (an order's total stays 32-bit), posted to the ledger as checkout posts them. */
async function sell(app: TestApp, merchantId: string, sales: { at: string; priceCents: number }[]) {
  for (const s of sales) await sellAt(app, merchantId, [{ ...s, rate: 15 }]);
}

const threeBig = (day: string) => [0, 1, 2].map((i) => ({ at: `${day}T1${i}:00:00Z`, priceCents: BIG_PRICE }));

describe('money sums above 2^31 cents', () => {
  it('the merchant analytics and payouts, the admin overview and payout summary answer with exact figures, and the payout job closes every merchant', async () => {
    const big = await createMerchantSession(t, { businessName: 'Very Busy Bistro' });
    const small = await Promise.all([1, 2].map((i) => createMerchantSession(t, { businessName: `Quiet Cafe ${i}` })));
    // The previous period (Feb 15–28) and the current one (Mar 1–14) are each worth $30,000,000.00.
    await sell(t, big.merchant.id, threeBig('2025-02-20'));
    await sell(t, big.merchant.id, threeBig('2025-03-05'));
    for (const s of small) await sell(t, s.merchant.id, [{ at: '2025-02-21T10:00:00Z', priceCents: 1_000 }]);

    // The payout job closes February's second half for all three merchants.
    expect(await closePayoutPeriods({ db, clock })).toEqual({ ran: true, created: 3 });
    const [bigPayout] = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, big.merchant.id));
    expect(bigPayout).toMatchObject({ grossCents: 3 * BIG_PRICE, commissionCents: 450_000_000, netCents: 2_550_000_000 });
    for (const s of small)
      expect(await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, s.merchant.id))).toHaveLength(1);

    const analytics = await t.request({ method: 'GET', url: '/api/merchant/analytics', cookie: big.cookie });
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(analytics.json<MerchantAnalytics>()).toMatchObject({
      totalRevenueCents: 6 * BIG_PRICE,
      totalCommissionCents: 900_000_000,
      totalEarningsCents: 5_100_000_000,
      currentPeriodEarningsCents: 2_550_000_000,
    });

    const payouts = await t.request({ method: 'GET', url: '/api/merchant/payouts', cookie: big.cookie });
    expect(payouts.statusCode, payouts.body).toBe(200);
    const page = payouts.json<MerchantPayoutsPage>();
    expect(page.items[0]).toMatchObject({ grossCents: 3 * BIG_PRICE, netCents: 2_550_000_000 });
    expect(page.currentPeriod).toMatchObject({ grossCents: 3 * BIG_PRICE, netCents: 2_550_000_000 });
    expect(page.outstanding).toEqual({ payouts: 1, netCents: 2_550_000_000 });

    const statement = await t.request({ method: 'GET', url: `/api/merchant/payouts/${bigPayout!.id}/statement`, cookie: big.cookie });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json<PayoutStatement>().totals).toMatchObject({ grossCents: 3 * BIG_PRICE, netCents: 2_550_000_000 });
    const csv = await t.request({ method: 'GET', url: `/api/merchant/payouts/${bigPayout!.id}/statement.csv`, cookie: big.cookie });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('30000000.00');

    const admin = await t.loginAs('admin');
    const overview = await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json<{ stats: { totalRevenueCents: number; totalCommissionCents: number } }>().stats).toMatchObject({
      totalRevenueCents: 6 * BIG_PRICE + 2_000,
      totalCommissionCents: 900_000_300,
    });

    const summary = await t.request({ method: 'GET', url: '/api/admin/payouts/summary', cookie: admin.cookie });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<PayoutSummary>()).toMatchObject({
      upcomingNetCents: 2_550_000_000,
      pendingPayouts: 3,
      pendingNetCents: 2_550_000_000 + 2 * 850,
    });

    // Paying it out writes a ledger entry of −$25,500,000.00, and the balance reads back exactly.
    const paid = await t.request({
      method: 'POST',
      url: `/api/admin/payouts/${bigPayout!.id}/mark-paid`,
      cookie: admin.cookie,
      payload: OUTSIDE,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [entry] = await db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, bigPayout!.id), eq(ledgerEntries.kind, 'payout')));
    expect(entry!.amountCents).toBe(-2_550_000_000);
    const balance = await merchantBalance(db, big.merchant.id);
    expect(balance).toMatchObject({ salesCents: 6 * BIG_PRICE, paidOutCents: 2_550_000_000, pendingCents: 2_550_000_000 });
    expect(balance.salesCents).toBeGreaterThan(INT32_MAX);
  });
});

describe('the payout job', async () => {
  // Its own database: only these merchants' ledger entries.
  const clock = mutableClock('2025-04-10T12:00:00Z');
  const t = await build({ clock });
  const db = t.database.db;

  it('one merchant whose payout cannot be written does not stop the other merchants’ payouts, and the run is reported as failed', async () => {
    const refused = await createMerchantSession(t, { businessName: 'Refused Rooftop' });
    const others = await Promise.all([1, 2].map((i) => createMerchantSession(t, { businessName: `Steady Shop ${i}` })));
    await sell(t, refused.merchant.id, [{ at: '2025-03-20T10:00:00Z', priceCents: 5_000 }]);
    for (const o of others) await sell(t, o.merchant.id, [{ at: '2025-03-21T10:00:00Z', priceCents: 2_000 }]);
    // Whatever the cause (a constraint, a bug, data no one foresaw), this merchant's payout row is refused.
    await db.execute(
      sql.raw(`create function refuse_one_payout() returns trigger language plpgsql as $$
        begin
          if new.merchant_id = '${refused.merchant.id}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger refuse_one_payout before insert on merchant_payouts for each row execute function refuse_one_payout()`,
    );
    try {
      await expect(closePayoutPeriods({ db, clock })).rejects.toThrow(/1 merchant payout could not be written/);
      for (const o of others) {
        const rows = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, o.merchant.id));
        expect(rows.map((r) => [r.periodStart, r.netCents])).toEqual([['2025-03-15', 1_700]]);
      }
      expect(await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, refused.merchant.id))).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_one_payout on merchant_payouts`);
      await db.execute(sql`drop function refuse_one_payout()`);
    }
    // Once the cause is gone the next run pays the merchant left out, and nobody twice.
    expect(await closePayoutPeriods({ db, clock })).toMatchObject({ ran: true, created: 1 });
    const late = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, refused.merchant.id));
    expect(late.map((r) => [r.periodStart, r.netCents])).toEqual([['2025-03-15', 4_250]]);
  });
});
