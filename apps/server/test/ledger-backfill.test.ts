import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerEntries, merchantCharges } from '../src/db/schema';
import { applyMigrations, emptyDatabase, migrationsBefore, oldMerchant } from './migrations';
import { TEST_BILLING } from './factories';

describe('migration 0014 backfills the ledger', async () => {
  const database = await emptyDatabase();
  afterAll(() => database.close());
  const db = database.db;

  it('with the sales and commission of existing purchases, the payouts already paid and the merchant charges already paid', async () => {
    await applyMigrations(database, migrationsBefore('0014'));
    const { merchant, user } = await oldMerchant(database);
    // deals and orders as they were before 0014 (later migrations add columns the schema module already knows).
    const [dealRow] = (
      await database.rawQuery(
        `insert into deals (merchant_id, title, description, category_id, city, state, original_price_cents, deal_price_cents,
           discount_percentage, expiration_date)
         values ($1, 'Backfill brunch', 'A very good local deal.', 1, 'Chicago', 'IL', 10000, 6000, 40, '2031-01-01T00:00:00Z')
         returning id, title`,
        [merchant.id],
      )
    ).rows;
    const deal = { id: String(dealRow!.id), title: String(dealRow!.title) };
    const [orderRow] = (
      await database.rawQuery(
        `insert into orders (user_id, status, provider, subtotal_cents, tax_cents, total_cents, billing, expires_at)
         values ($1, 'paid', 'sandbox', 3000, 0, 3000, $2::jsonb, now()) returning id`,
        [user.id, JSON.stringify(TEST_BILLING)],
      )
    ).rows;
    const order = { id: String(orderRow!.id) };
    // purchases as it was before 0014 (later migrations add columns the schema module already knows).
    const sale = async (priceCents: number, commissionCents: number, at: string) => {
      const { rows } = await database.rawQuery(
        `insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, commission_rate, commission_cents,
           redemption_code, purchased_at, expiration_date)
         values ($1, $2, $3, $4, $5, $6, 15, $7, $8, $9, '2031-01-01T00:00:00Z') returning id`,
        [order.id, user.id, deal.id, merchant.id, deal.title, priceCents, commissionCents, randomUUID(), at],
      );
      return { id: String(rows[0]!.id) };
    };
    const early = await sale(2000, 300, '2030-01-14T23:59:59Z');
    const late = await sale(1000, 0, '2030-01-15T00:00:00Z');
    // merchant_payouts as it was before 0014 (its new columns do not exist yet).
    await database.rawQuery(
      `insert into merchant_payouts (id, merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents, net_cents, is_paid, paid_at)
       values ($1, $2, '2030-01-01', '2030-01-14', '2030-01-15', 1, 2000, 300, 1700, true, '2030-01-15T10:00:00Z'),
              ($3, $2, '2030-01-15', '2030-01-31', '2030-02-01', 1, 1000, 0, 1000, false, null)`,
      [randomUUID(), merchant.id, randomUUID()],
    );
    const [paidPayout] = (await database.rawQuery(`select id from merchant_payouts where is_paid`)).rows;
    const [charge] = await db
      .insert(merchantCharges)
      .values({
        merchantId: merchant.id,
        kind: 'subscription',
        amountCents: 1500,
        provider: 'sandbox',
        status: 'paid',
        paidAt: new Date('2030-01-20T08:00:00Z'),
      })
      .returning();
    await db
      .insert(merchantCharges)
      .values({ merchantId: merchant.id, kind: 'perkboost', amountCents: 999, provider: 'sandbox', status: 'open' });

    await applyMigrations(database, (f) => f.startsWith('0014'));
    const entries = await db
      .select({
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        sourceKey: ledgerEntries.sourceKey,
        periodStart: ledgerEntries.periodStart,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.merchantId, merchant.id))
      .orderBy(asc(ledgerEntries.kind), asc(ledgerEntries.periodStart));
    expect(entries).toEqual([
      { kind: 'sale', amountCents: 2000, sourceKey: `sale:${early.id}`, periodStart: '2030-01-01' },
      { kind: 'sale', amountCents: 1000, sourceKey: `sale:${late.id}`, periodStart: '2030-01-15' },
      { kind: 'commission', amountCents: -300, sourceKey: `commission:${early.id}`, periodStart: '2030-01-01' },
      { kind: 'payout', amountCents: -1700, sourceKey: `payout:${String(paidPayout!.id)}`, periodStart: '2030-01-15' },
      { kind: 'subscription_charge', amountCents: -1500, sourceKey: `charge:${charge!.id}`, periodStart: '2030-01-15' },
    ]);
    // The existing payouts satisfy the new checks (nothing deducted, nothing carried).
    const [payouts] = (
      await database.rawQuery(`select count(*)::int as n from merchant_payouts where carried_forward_cents = 0 and deductions_cents = 0`)
    ).rows;
    expect(Number(payouts!.n)).toBe(2);
    const [fn] = (await database.rawQuery(`select count(*)::int as n from pg_proc where proname = 'ledger_backfill_period'`)).rows;
    expect(Number(fn!.n)).toBe(0);
  });
});

describe('migration 0040 widens money that grows to 64 bits', async () => {
  const database = await emptyDatabase();
  afterAll(() => database.close());
  const db = database.db;
  const columnTypes = async () =>
    (
      await database.rawQuery(
        `select table_name || '.' || column_name as col, data_type from information_schema.columns
         where (table_name = 'merchant_payouts' and column_name like '%cents') or (table_name = 'ledger_entries' and column_name = 'amount_cents')
         order by 1`,
      )
    ).rows.map((r) => `${String(r.col)} ${String(r.data_type)}`);

  it('keeps every payout and ledger entry as it was, its checks and its append-only trigger, and takes amounts past 2^31 cents', async () => {
    await applyMigrations(database, migrationsBefore('0040'));
    expect(new Set((await columnTypes()).map((c) => c.split(' ')[1]))).toEqual(new Set(['integer']));
    const { merchant } = await oldMerchant(database);
    const payoutId = randomUUID();
    await database.rawQuery(
      `insert into merchant_payouts (id, merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents,
         refunds_cents, deductions_cents, dispute_fees_cents, carried_in_cents, carried_forward_cents, net_cents, is_paid, paid_at)
       values ($1, $2, '2030-01-01', '2030-01-14', '2030-01-15', 3, 2147483647, 322122547, 1000, 500, 1500, 25, 0, 1825359075, true, '2030-01-15T10:00:00Z')`,
      [payoutId, merchant.id],
    );
    await database.rawQuery(
      `insert into ledger_entries (merchant_id, kind, amount_cents, payout_id, source_key, occurred_at, period_start)
       values ($1, 'sale', 2147483647, null, 'sale:old', '2030-01-02T00:00:00Z', '2030-01-01'),
              ($1, 'payout', -1825359075, $2, 'payout:old', '2030-01-15T10:00:00Z', '2030-01-15')`,
      [merchant.id, payoutId],
    );
    const before = {
      payouts: (await database.rawQuery(`select * from merchant_payouts order by id`)).rows,
      entries: (await database.rawQuery(`select * from ledger_entries order by source_key`)).rows,
    };

    await applyMigrations(database, (f) => f.startsWith('0040'));
    expect(new Set((await columnTypes()).map((c) => c.split(' ')[1]))).toEqual(new Set(['bigint']));
    expect(await columnTypes()).toHaveLength(9);
    // The same rows, value for value (a bigint is read as a string by node-postgres, as a number by PGlite).
    const same = (rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
    expect(same((await database.rawQuery(`select * from merchant_payouts order by id`)).rows)).toEqual(same(before.payouts));
    expect(same((await database.rawQuery(`select * from ledger_entries order by source_key`)).rows)).toEqual(same(before.entries));

    // Past 2^31 now, read back exactly through the schema.
    await database.rawQuery(
      `insert into ledger_entries (merchant_id, kind, amount_cents, source_key, occurred_at, period_start)
       values ($1, 'sale', 3000000000, 'sale:big', '2030-01-16T00:00:00Z', '2030-01-15')`,
      [merchant.id],
    );
    const [big] = await db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sourceKey, 'sale:big'));
    expect(big!.amountCents).toBe(3_000_000_000);
    // The checks and the append-only trigger came along.
    await expect(
      database.rawQuery(
        `insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents, net_cents)
         values ($1, '2030-01-15', '2030-01-31', '2030-02-01', 1, 3000000000, 0, 1)`,
        [merchant.id],
      ),
    ).rejects.toThrow(/merchant_payouts_net/);
    await expect(database.rawQuery(`update ledger_entries set amount_cents = 1 where source_key = 'sale:big'`)).rejects.toThrow();
  });
});
