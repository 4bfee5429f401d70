import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, emptyDatabase, migrationsBefore, oldMerchant } from './migrations';

/**
 * Migration 0029 (issue 29, docs/decisions/0047 and 0048) keeps every existing order, voucher, refund
 * and payout intact: a database migrated to the migration before it is filled with rows of every kind,
 * its totals taken, then 0029 applied and the totals compared.
 */
const TOTALS = `
  select
    (select count(*) from orders)::int as orders,
    (select coalesce(sum(total_cents), 0) from orders)::int as order_totals,
    (select coalesce(sum(subtotal_cents + tax_cents), 0) from orders)::int as order_parts,
    (select count(*) from order_items)::int as items,
    (select coalesce(sum(unit_price_cents * quantity), 0) from order_items)::int as item_totals,
    (select count(*) from purchases)::int as vouchers,
    (select coalesce(sum(price_cents), 0) from purchases)::int as voucher_prices,
    (select coalesce(sum(commission_cents), 0) from purchases)::int as commissions,
    (select count(*) from purchases where refunded_at is not null)::int as refunded_vouchers,
    (select count(*) from purchases where redeemed_at is not null)::int as redeemed_vouchers,
    (select coalesce(sum(amount_cents), 0) from order_refunds)::int as refunds,
    (select count(*) from merchant_payouts)::int as payouts,
    (select coalesce(sum(net_cents), 0) from merchant_payouts)::int as payout_net,
    (select coalesce(sum(gross_cents), 0) from merchant_payouts)::int as payout_gross,
    (select coalesce(sum(amount_cents), 0) from ledger_entries)::int as ledger_sum,
    (select count(*) from ledger_entries)::int as ledger_entries,
    (select coalesce(sum(deal_price_cents + original_price_cents + discount_percentage), 0) from deals)::int as deal_prices`;

describe('migration 0029 (options, stock, dates, promo codes)', async () => {
  const database = await emptyDatabase();
  afterAll(() => database.close());

  it('keeps every order, voucher, refund and payout: the totals before and after are the same, and each line and voucher names its deal’s one option', async () => {
    // Every migration the journal applies before 0029 (0038 and 0040 came first, by their `when`).
    await applyMigrations(database, migrationsBefore('0029'));
    const { merchant, user } = await oldMerchant(database);
    const q = (text: string, values: unknown[] = []) => database.rawQuery(text, values);
    const deal = async (title: string, price: number, original: number) =>
      String(
        (
          await q(
            `insert into deals (merchant_id, title, description, category_id, city, state, original_price_cents, deal_price_cents, discount_percentage, expiration_date)
             values ($1, $2, 'A deal from before options existed.', 1, 'Chicago', 'IL', $3, $4, $5, '2031-01-01T00:00:00Z') returning id`,
            [merchant.id, title, original, price, Math.round(((original - price) / original) * 100)],
          )
        ).rows[0]!.id,
      );
    const dinner = await deal('Dinner for two', 5000, 8000);
    const spa = await deal('Spa day', 12_000, 20_000);
    const order = async (status: string, subtotal: number) =>
      String(
        (
          await q(
            `insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, billing, expires_at, paid_at)
             values ($1, $2, 'sandbox', $3, $4, $5, $6, '{}'::jsonb, '2030-01-02T00:00:00Z', $7) returning id`,
            [
              user.id,
              status,
              `cs_${randomUUID()}`,
              subtotal,
              Math.round(subtotal * 0.08),
              subtotal + Math.round(subtotal * 0.08),
              status === 'paid' ? '2030-01-01T10:00:00Z' : null,
            ],
          )
        ).rows[0]!.id,
      );
    const paid = await order('paid', 2 * 5000 + 12_000);
    const open = await order('open', 5000);
    const item = async (orderId: string, dealId: string, title: string, price: number, qty: number) =>
      String(
        (
          await q(
            `insert into order_items (order_id, deal_id, title, unit_price_cents, quantity) values ($1, $2, $3, $4, $5) returning id`,
            [orderId, dealId, title, price, qty],
          )
        ).rows[0]!.id,
      );
    const dinnerLine = await item(paid, dinner, 'Dinner for two', 5000, 2);
    const spaLine = await item(paid, spa, 'Spa day', 12_000, 1);
    await item(open, dinner, 'Dinner for two', 5000, 1);
    const voucher = async (dealId: string, title: string, price: number, extra: string) =>
      String(
        (
          await q(
            `insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, commission_rate, commission_cents,
               redemption_code, purchased_at, expiration_date, redeemed_at, refunded_at)
             values ($1, $2, $3, $4, $5, $6, 15, $7, $8, '2030-01-01T10:00:00Z', '2031-01-01T00:00:00Z', ${extra}) returning id`,
            [paid, user.id, dealId, merchant.id, title, price, Math.round(price * 0.15), randomUUID()],
          )
        ).rows[0]!.id,
      );
    const redeemed = await voucher(dinner, 'Dinner for two', 5000, `'2030-01-05T00:00:00Z', null`);
    const refunded = await voucher(dinner, 'Dinner for two', 5000, `null, '2030-01-06T00:00:00Z'`);
    const spaVoucher = await voucher(spa, 'Spa day', 12_000, 'null, null');
    await q(
      `insert into order_refunds (order_id, order_item_id, deal_id, purchase_id, amount_cents, reason, status, provider, idempotency_key, refunded_at)
       values ($1, $2, $3, $4, 5400, 'customer_request', 'refunded', 'sandbox', $5, '2030-01-06T00:00:00Z'),
              ($1, $6, $7, null, 12960, 'deal_withdrawn', 'pending', 'sandbox', $8, null)`,
      [paid, dinnerLine, dinner, refunded, `voucher-${refunded}`, spaLine, spa, `refund-${paid}-${spa}`],
    );
    for (const [kind, amount, purchaseId, key] of [
      ['sale', 5000, redeemed, `sale:${redeemed}`],
      ['commission', -750, redeemed, `commission:${redeemed}`],
      ['sale', 5000, refunded, `sale:${refunded}`],
      ['commission', -750, refunded, `commission:${refunded}`],
      ['refund', -5000, refunded, `refund:${refunded}`],
      ['commission_reversal', 750, refunded, `refund:${refunded}:reversal`],
      ['sale', 12_000, spaVoucher, `sale:${spaVoucher}`],
      ['commission', -1800, spaVoucher, `commission:${spaVoucher}`],
    ] as const)
      await q(
        `insert into ledger_entries (merchant_id, kind, amount_cents, purchase_id, source_key, occurred_at, period_start)
         values ($1, $2, $3, $4, $5, '2030-01-01T10:00:00Z', '2030-01-01')`,
        [merchant.id, kind, amount, purchaseId, key],
      );
    await q(
      `insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents, net_cents, is_paid, paid_at)
       values ($1, '2030-01-01', '2030-01-14', '2030-01-15', 2, 17000, 2550, 14450, true, '2030-01-15T10:00:00Z')`,
      [merchant.id],
    );

    const before = (await q(TOTALS)).rows[0];
    expect(Number(before!.vouchers)).toBe(3);
    await applyMigrations(database, (f) => f.startsWith('0029'));
    const after = (await q(TOTALS)).rows[0];
    expect(after).toEqual(before);

    // Each deal has one untitled option with its own prices and no stock limit; every line and voucher names it.
    const options = (
      await q(`select deal_id, title, deal_price_cents, original_price_cents, stock_left from deal_options order by deal_price_cents`)
    ).rows;
    expect(options).toEqual([
      { deal_id: dinner, title: '', deal_price_cents: 5000, original_price_cents: 8000, stock_left: null },
      { deal_id: spa, title: '', deal_price_cents: 12_000, original_price_cents: 20_000, stock_left: null },
    ]);
    const unmatched = await q(`
      select 'item' from order_items i join deal_options o on o.id = i.option_id where o.deal_id <> i.deal_id
      union all select 'voucher' from purchases p join deal_options o on o.id = p.option_id where o.deal_id <> p.deal_id
      union all select 'missing' from order_items where option_id is null
      union all select 'missing' from purchases where option_id is null`);
    expect(unmatched.rows).toEqual([]);
    // Nothing was discounted, held or scheduled by the migration; one date still means both sale end and valid-until.
    const [facts] = (
      await q(`select
        (select count(*) from orders where discount_cents <> 0 or promo_code_id is not null)::int as discounted,
        (select count(*) from order_items where reservation is not null)::int as held,
        (select count(*) from purchases where discount_cents <> 0)::int as discounted_vouchers,
        (select count(*) from deals where status = 'scheduled' or valid_until is not null or per_customer_limit is not null)::int as changed_deals,
        (select coalesce(sum(promotions_cents), 0) from merchant_payouts)::int as promotions`)
    ).rows;
    expect(facts).toEqual({ discounted: 0, held: 0, discounted_vouchers: 0, changed_deals: 0, promotions: 0 });
  });
});
