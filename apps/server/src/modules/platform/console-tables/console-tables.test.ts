import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminOrderRow } from '@localperks/shared';
import { build } from '../../../../test/build';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The console's tables (issue 32): the orders table's filters, sorts and searches against SQL written by hand, its
 * CSV export (quoting, UTF-8, formula injection) and 100,000 rows exported with flat memory.
 */

const t = await build();
const db = t.database.db;
const admin = await t.loginAs('admin', { adminRole: 'support' });

const customers = [
  await t.createUser('customer', { name: 'Zoë O’Brien', email: 'zoe.obrien@table.example' }),
  await t.createUser('customer', { name: 'Marcus "Max" Lee, Jr.', email: 'max.lee@table.example' }),
  await t.createUser('customer', { name: '=HYPERLINK("http://evil.example","click")', email: 'formula@table.example' }),
];

const STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;
const PROMOS = [null, 'WELCOME10', 'FALL_25', '+CMD'] as const;

/** An order straight in the table (the checkout is proven elsewhere): day `d` of November 2026 at 15:00 UTC. */
async function order(i: number) {
  const subtotal = 1000 + ((i * 733) % 9000);
  const discount = i % 4 === 1 ? 100 : 0;
  const tax = Math.round((subtotal - discount) * 0.08);
  const promo = PROMOS[i % 4];
  const day = 1 + (i % 28);
  await db.execute(sql`
    insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, discount_cents,
      promo_code, billing, expires_at, created_at)
    values (${customers[i % 3]!.id}, ${STATUSES[i % 4]}, 'sandbox', ${`cs_table_${i}`}, ${subtotal}, ${tax}, ${subtotal - discount + tax},
      ${discount}, ${promo}, ${JSON.stringify({ name: 'x', email: 'x@example.com' })}::jsonb, now(),
      ${`2026-11-${String(day).padStart(2, '0')}T15:00:00Z`}::timestamptz)`);
}
for (let i = 0; i < 40; i++) await order(i);

const page = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/orders?${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: AdminOrderRow[]; total: number; page: number; pageSize: number }>();
};

/** The same question in SQL written by hand: the ids in order, and how many match. */
async function byHand(whereSql: ReturnType<typeof sql>, orderBy: ReturnType<typeof sql>, limit = 25, offset = 0) {
  const ids = await sqlRows<{ id: string }>(
    db,
    sql`select o.id from orders o join users u on u.id = o.user_id where ${whereSql} order by ${orderBy} limit ${limit} offset ${offset}`,
  );
  const [count] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where ${whereSql}`,
  );
  return { ids: ids.map((r) => r.id), total: count!.n };
}

describe('the admin orders table', () => {
  it('pages newest first by default', async () => {
    const first = await page('');
    const expected = await byHand(sql`true`, sql`o.created_at desc, o.id desc`);
    expect(first.rows.map((r) => r.id)).toEqual(expected.ids);
    expect(first.total).toBe(40);
    const second = await page('page=2');
    expect(second.rows.map((r) => r.id)).toEqual((await byHand(sql`true`, sql`o.created_at desc, o.id desc`, 25, 25)).ids);
    expect(second.rows).toHaveLength(15);
  });

  it('filters by status and by calendar days (New York), as the SQL says', async () => {
    const paid = await page('status=paid&pageSize=100');
    const expected = await byHand(sql`o.status = 'paid'`, sql`o.created_at desc, o.id desc`, 100);
    expect(paid.rows.map((r) => r.id)).toEqual(expected.ids);
    expect(paid.total).toBe(10);
    expect(paid.rows.every((r) => r.status === 'paid')).toBe(true);

    const range = await page('from=2026-11-05&to=2026-11-09&pageSize=100');
    const inRange = await byHand(
      sql`o.created_at >= '2026-11-05T00:00:00-05:00' and o.created_at < '2026-11-10T00:00:00-05:00'`,
      sql`o.created_at desc, o.id desc`,
      100,
    );
    expect(range.rows.map((r) => r.id)).toEqual(inRange.ids);
    expect(range.total).toBe(inRange.total);
    expect(range.total).toBeGreaterThan(0);

    const both = await page('status=open&from=2026-11-01&to=2026-11-14&pageSize=100');
    const bothByHand = await byHand(
      sql`o.status = 'open' and o.created_at >= '2026-11-01T00:00:00-04:00' and o.created_at < '2026-11-15T00:00:00-05:00'`,
      sql`o.created_at desc, o.id desc`,
      100,
    );
    expect(both.rows.map((r) => r.id)).toEqual(bothByHand.ids);
  });

  it('sorts by any sortable column, either way, ties by id', async () => {
    const cheap = await page('sort=totalCents&dir=asc&pageSize=100');
    expect(cheap.rows.map((r) => r.id)).toEqual((await byHand(sql`true`, sql`o.total_cents asc, o.id asc`, 100)).ids);
    const names = await page('sort=customerName&dir=desc&pageSize=50');
    expect(names.rows.map((r) => r.id)).toEqual((await byHand(sql`true`, sql`coalesce(u.name, '') desc, o.id desc`, 50)).ids);
  });

  it('searches names, e-mails, promo codes, provider ids and order ids, case-insensitively, wildcards taken literally', async () => {
    const byEmail = await page('q=MAX.LEE&pageSize=100');
    expect(byEmail.rows.map((r) => r.id)).toEqual(
      (await byHand(sql`u.email ilike '%max.lee%'`, sql`o.created_at desc, o.id desc`, 100)).ids,
    );
    const byName = await page(`q=${encodeURIComponent('o’brien')}&pageSize=100`);
    expect(byName.total).toBe((await byHand(sql`u.name ilike ${'%o’brien%'}`, sql`o.id`)).total);
    const byPromo = await page('q=fall_25&pageSize=100');
    expect(byPromo.rows.map((r) => r.id)).toEqual(
      (await byHand(sql`o.promo_code ilike 'fall\\_25'`, sql`o.created_at desc, o.id desc`, 100)).ids,
    );
    // `_` is a character, not a wildcard: FALL_25 matches, a made-up FALLX25 would not.
    expect((await page('q=fall%25&pageSize=100')).total).toBe(0);
    const one = byEmail.rows[0]!;
    expect((await page(`q=${one.id}`)).rows.map((r) => r.id)).toEqual([one.id]);
    expect((await page('q=cs_table_7')).rows.map((r) => r.providerSessionId)).toEqual(['cs_table_7']);
    expect((await page('q=nothing-like-this')).rows).toEqual([]);
  });

  it('refuses what it cannot do with a clear 400 and changes nothing', async () => {
    for (const [query, field] of [
      ['sort=billing', 'sort'],
      ['status=refunded', 'status'],
      ['from=2026-11-10&to=2026-11-01', 'to'],
      ['pageSize=7', 'pageSize'],
      ['from=yesterday', 'from'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/admin/orders?${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty(field);
      const csv = await t.request({ method: 'GET', url: `/api/admin/orders/export.csv?${query}`, cookie: admin.cookie });
      expect(csv.statusCode, query).toBe(400);
    }
  });
});

describe('the CSV export', () => {
  it('has the filters of the page, quotes what needs quoting, is UTF-8 and neutralises formulas', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/orders/export.csv?sort=totalCents&dir=asc&status=paid',
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="localperks-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = res.rawPayload;
    // A byte-order mark, then UTF-8: "ë" is two bytes.
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Created,Customer,E-mail,Status,Vouchers,Total ($),Discount ($),Promo code,Provider,Provider id,Customer id',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    const expected = await byHand(sql`o.status = 'paid'`, sql`o.total_cents asc, o.id asc`, 100);
    expect(rows.map((l) => l.slice(0, 36))).toEqual(expected.ids);
    // Quotes doubled and the cell quoted because it holds a comma and quotes; accents as they are.
    expect(text).toContain('"Marcus ""Max"" Lee, Jr."');
    expect(text).toContain(',Zoë O’Brien,');
    // A cell a spreadsheet would run is prefixed; so is a promo code starting with +.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const paidPromo = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders where status = 'paid' and promo_code = '+CMD'`,
    );
    if (paidPromo[0]!.n > 0) expect(text).toContain(",'+CMD,");
    // Money in dollars with two decimals, a number (never prefixed even when negative).
    const [cheapest] = await sqlRows<{ total_cents: number }>(
      db,
      sql`select total_cents from orders where status = 'paid' order by total_cents, id limit 1`,
    );
    expect(rows[0]).toContain(`,${(cheapest!.total_cents / 100).toFixed(2)},`);
  });

  it('exports 100,000 rows streamed from the database with flat memory', { timeout: 240_000 }, async () => {
    const [buyer] = await sqlRows<{ id: string }>(db, sql`select id from users where email = 'max.lee@table.example'`);
    await db.execute(sql`
      insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, discount_cents, billing,
        expires_at, created_at)
      select ${buyer!.id}, 'expired', 'sandbox', 'cs_bulk_' || g, 1000, 80, 1080, 0, '{}'::jsonb, now(),
        '2026-10-01T12:00:00Z'::timestamptz + g * interval '1 second'
      from generate_series(1, 100000) g`);
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let sampledAt = 0;
    // Over HTTP, as a browser downloads it: the socket's backpressure paces the database reads.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${origin}/api/admin/orders/export.csv?status=expired&sort=createdAt&dir=asc`, {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 0x0a) lines++;
      // What the process holds after a collection, every ten batches: one batch and the stream's buffers, not the file.
      if (lines - sampledAt >= 10_000) {
        sampledAt = lines;
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      }
    }
    const expired = (await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from orders where status = 'expired'`))[0]!.n;
    expect(expired).toBeGreaterThanOrEqual(100_000);
    expect(lines).toBe(expired + 1);
    // The file is some 20 MB; the process never held more than a few of it.
    expect(bytes).toBeGreaterThan(15_000_000);
    expect(peak).toBeLessThan(8_000_000);
  });
});
