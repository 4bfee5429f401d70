import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminRefundRow } from '@localperks/shared';
import { voucherRefundCents } from '../src/modules/money';
import { sqlRows } from '../src/lib/sql-rows';
import { build } from './build';
import { createDeal, createMerchant } from './factories';

/*
 * The admins' Refunds table says what refunding a requested voucher gives back, computed in SQL (the platform area's
 * table cannot call the money area's voucherRefundCents, docs/decisions/0075-section-lists-are-tables.md): on orders
 * of several lines, quantities, promo discounts and taxes that do not split evenly, it must agree with the function
 * the refund itself uses, to the cent.
 */

const t = await build();
const db = t.database.db;
const admin = await t.loginAs('admin');
const customer = await t.createUser('customer', { name: 'Rita Requests', email: 'rita@amounts.example' });
const { merchant } = await createMerchant(db, { businessName: 'Amounts Arcade' });
const deals = await Promise.all([0, 1, 2].map((i) => createDeal(db, merchant.id, { title: `Amount deal ${i}` })));

/** An order's lines: which deal, its unit price, how many and the line's promo discount. */
type Line = { deal: number; unit: number; quantity: number; discount: number };
const ORDERS: { tax: number; lines: Line[] }[] = [
  {
    tax: 137,
    lines: [
      { deal: 0, unit: 1000, quantity: 2, discount: 0 },
      { deal: 1, unit: 2500, quantity: 1, discount: 200 },
    ],
  },
  { tax: 1, lines: [{ deal: 2, unit: 333, quantity: 3, discount: 0 }] },
  {
    tax: 999,
    lines: [
      { deal: 0, unit: 1, quantity: 1, discount: 0 },
      { deal: 1, unit: 5000, quantity: 4, discount: 1999 },
      { deal: 2, unit: 750, quantity: 2, discount: 3 },
    ],
  },
  { tax: 0, lines: [{ deal: 1, unit: 1200, quantity: 1, discount: 0 }] },
];

const vouchers: { id: string; code: string }[] = [];
for (const [o, order] of ORDERS.entries()) {
  const subtotal = order.lines.reduce((a, l) => a + l.unit * l.quantity - l.discount, 0);
  const [row] = await sqlRows<{ id: string }>(
    db,
    sql`insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, billing, expires_at, paid_at)
      values (${customer.id}, 'paid', 'sandbox', ${`cs_amounts_${o}`}, ${subtotal}, ${order.tax}, ${subtotal + order.tax}, '{}'::jsonb, now(), now())
      returning id`,
  );
  for (const line of order.lines) {
    const deal = deals[line.deal]!;
    await db.execute(sql`insert into order_items (order_id, deal_id, title, unit_price_cents, quantity, discount_cents)
      values (${row!.id}, ${deal.id}, ${deal.title}, ${line.unit}, ${line.quantity}, ${line.discount})`);
    for (let k = 0; k < line.quantity; k++) {
      // The line's discount over its vouchers, the remainder on the first.
      const discount = Math.floor(line.discount / line.quantity) + (k === 0 ? line.discount % line.quantity : 0);
      const code = `LP-AMT${o}${line.deal}${k}`;
      const [v] = await sqlRows<{ id: string }>(
        db,
        sql`insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, discount_cents, discount_funded_by,
            commission_rate, commission_cents, redemption_code, expiration_date)
          values (${row!.id}, ${customer.id}, ${deal.id}, ${merchant.id}, ${deal.title}, ${line.unit}, ${discount},
            ${discount ? 'platform' : null}, 15, 0, ${code}, now() + interval '30 days') returning id`,
      );
      vouchers.push({ id: v!.id, code });
      await db.execute(sql`insert into refund_requests (purchase_id, customer_id, merchant_id, reason, deadline_at)
        values (${v!.id}, ${customer.id}, ${merchant.id}, 'closed', now() + interval '7 days')`);
    }
  }
}

describe('what refunding a requested voucher gives back', () => {
  it('is, in the Refunds table, what voucherRefundCents gives back, for every voucher of every order', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/tables/refunds?pageSize=100&status=requested', cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ rows: AdminRefundRow[] }>().rows;
    expect(rows).toHaveLength(vouchers.length);
    const expected = await voucherRefundCents(
      db,
      vouchers.map((v) => v.id),
    );
    for (const v of vouchers) expect(rows.find((r) => r.voucherCode === v.code)?.amountCents, v.code).toBe(expected.get(v.id));
    // Every order's vouchers give back its whole total, as the function promises.
    for (const [o, order] of ORDERS.entries()) {
      const total = order.lines.reduce((a, l) => a + l.unit * l.quantity - l.discount, 0) + order.tax;
      const given = rows.filter((r) => r.voucherCode?.startsWith(`LP-AMT${o}`)).reduce((a, r) => a + r.amountCents, 0);
      expect(given, `order ${o}`).toBe(total);
    }
  });
});
