import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build } from '../../../../test/build';
import { TABLE_COUNT_CAP } from '../../../lib/data-table';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * A console table's total at scale (issue 32: the tables work at the 1-million-deal catalogue in under 300 ms a page,
 * docs/decisions/0074-console-tables-at-scale.md): a big table is counted up to TABLE_COUNT_CAP rows or the page's end,
 * not to its last row on every page, and says so (`isTotalCapped`, "1,000+" in the console); a smaller match is counted
 * exactly. Searches read one branch per column and give the rows the SQL written by hand gives.
 */

const t = await build();
const db = t.database.db;
const admin = await t.loginAs('admin', { adminRole: 'support' });
const buyer = await t.createUser('customer', { name: 'Ada Lovelace', email: 'ada@totals.example' });
const other = await t.createUser('customer', { name: 'Grace Hopper', email: 'grace@totals.example' });

const ROWS = TABLE_COUNT_CAP + 40;
// Every 100th order is paid, the others expired; every 1,000th is Grace's, with a promo code.
await db.execute(sql`
  insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, discount_cents, promo_code,
    billing, expires_at, created_at)
  select case when g % 1000 = 0 then ${other.id}::uuid else ${buyer.id}::uuid end, case when g % 100 = 0 then 'paid' else 'expired' end,
    'sandbox', 'cs_totals_' || g, 1000, 80, 1080, 0, case when g % 1000 = 0 then 'CAFE' || g end, '{}'::jsonb, now(),
    '2026-10-01T12:00:00Z'::timestamptz + g * interval '1 minute'
  from generate_series(1, ${ROWS}) g`);

type Page = { rows: { id: string }[]; total: number; isTotalCapped: boolean; page: number; pageSize: number };
const page = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/orders?${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

/** The same question in SQL written by hand: the ids in order, and how many match. */
async function byHand(whereSql: ReturnType<typeof sql>, limit = 25, offset = 0) {
  const ids = await sqlRows<{ id: string }>(
    db,
    sql`select o.id from orders o join users u on u.id = o.user_id where ${whereSql}
        order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`,
  );
  const [count] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where ${whereSql}`,
  );
  return { ids: ids.map((r) => r.id), total: count!.n };
}

describe('a console table’s total', () => {
  it('is counted up to the cap on a big table, and says it is a lower bound', async () => {
    const first = await page('');
    expect((await byHand(sql`true`)).total).toBe(ROWS);
    expect(first.total).toBe(TABLE_COUNT_CAP);
    expect(first.isTotalCapped).toBe(true);
    expect(first.rows.map((r) => r.id)).toEqual((await byHand(sql`true`)).ids);
  });

  it('reaches past the cap as the pages go deeper, and is exact on the last ones', async () => {
    // The page after the cap (page 41 of 25 rows ends at row 1,025): counted that far, more follow.
    const deep = await page(`page=${TABLE_COUNT_CAP / 25 + 1}`);
    expect(deep.total).toBe(TABLE_COUNT_CAP + 25);
    expect(deep.isTotalCapped).toBe(true);
    expect(deep.rows.map((r) => r.id)).toEqual((await byHand(sql`true`, 25, TABLE_COUNT_CAP)).ids);
    // The next one ends at row 1,050, past the last one: the total is exact.
    const last = await page(`page=${TABLE_COUNT_CAP / 25 + 2}`);
    expect(last.total).toBe(ROWS);
    expect(last.isTotalCapped).toBe(false);
    expect(last.rows.map((r) => r.id)).toEqual((await byHand(sql`true`, 25, TABLE_COUNT_CAP + 25)).ids);
  });

  it('is exact when the filters match fewer rows than the cap', async () => {
    const paid = await page('status=paid&pageSize=100');
    const expected = await byHand(sql`o.status = 'paid'`, 100);
    expect(paid.total).toBe(expected.total);
    expect(paid.total).toBe(Math.floor(ROWS / 100));
    expect(paid.isTotalCapped).toBe(false);
    expect(paid.rows.map((r) => r.id)).toEqual(expected.ids);
  });

  it('searches each column on its own and gives what the SQL by hand gives, uuids included', async () => {
    // "grace" is in a name and an e-mail (10 orders); "cafe" in promo codes and, being hex, possibly in ids.
    for (const term of ['grace', 'GRACE@TOTALS', 'cafe', 'cs_totals_999']) {
      const found = await page(`q=${encodeURIComponent(term)}&pageSize=100`);
      const like = `%${term.replace(/_/g, '\\_')}%`;
      const expected = await byHand(
        sql`(o.id::text ilike ${like} or coalesce(u.name, '') ilike ${like} or u.email ilike ${like} or o.promo_code ilike ${like}
             or o.provider_session_id ilike ${like})`,
        100,
      );
      expect(
        found.rows.map((r) => r.id),
        term,
      ).toEqual(expected.ids);
      expect(found.total, term).toBe(expected.total);
      expect(found.total, term).toBeGreaterThan(0);
    }
    const [one] = await byHand(sql`o.status = 'paid'`, 1).then((r) => r.ids);
    const byId = await page(`q=${one}`);
    expect(byId.rows.map((r) => r.id)).toEqual([one]);
    expect(byId.total).toBe(1);
    // A part of an id (hex) finds it too.
    expect((await page(`q=${one!.slice(9, 23)}`)).rows.map((r) => r.id)).toContain(one);
  });
});
