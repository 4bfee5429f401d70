import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { sqlRows } from '../src/lib/sql-rows';
import type { TestApp } from './build';

/** A page of a console table as the API answers it. */
export type TablePage = { rows: Record<string, unknown>[]; total: number };

/**
 * Checks of the console's tables (issue 32, docs/decisions/0069-console-tables.md) against SQL written by hand: the
 * tables under `base` (`/api/admin/tables`), read with `cookie` unless a check names another.
 */
export function tableChecks(t: TestApp, base: string, cookie: string) {
  const db = t.database.db;

  async function page(table: string, query: string, as = cookie): Promise<TablePage> {
    const res = await t.request({ method: 'GET', url: `${base}/${table}?${query}`, cookie: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TablePage>();
  }

  /**
   * One table's question asked in SQL written by hand: `from` the tables, `where` and `orderBy` as the page should
   * apply them; the ids of the first 100 rows in order and how many match.
   */
  async function byHand(from: SQL, where: SQL, orderBy: SQL) {
    const ids = await sqlRows<{ id: string }>(db, sql`select x.id from ${from} where ${where} order by ${orderBy} limit 100`);
    const [n] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
    return { ids: ids.map((r) => String(r.id)), total: n!.n };
  }

  /** The page of `query` holds the rows the SQL by hand finds, in its order, and says how many match. */
  async function expectSame(table: string, query: string, hand: { ids: string[]; total: number }, as?: string) {
    const got = await page(table, `pageSize=100&${query}`, as);
    expect(
      got.rows.map((r) => r.id),
      `${table}?${query}`,
    ).toEqual(hand.ids);
    expect(got.total, `${table}?${query}`).toBe(hand.total);
    return got;
  }

  /** The CSV export of `query` (its file named `file`): its header line and its rows' first cells (the ids), in order. */
  async function csv(table: string, query: string, as = cookie, file = table) {
    const res = await t.request({ method: 'GET', url: `${base}/${table}/export.csv?${query}`, cookie: as });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="localperks-${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n').slice(0, -1);
    return { text, header: lines[0], ids: lines.slice(1).map((l) => l.split(',')[0]) };
  }

  return { page, byHand, expectSame, csv };
}

/** Midnight in New York at the start of `day` (+ `plus` days): where a table's From / To days begin. */
export const NY = (day: string, plus = 0) => sql`((${day}::date + ${plus}::int)::timestamp at time zone 'America/New_York')`;

/** `column` within the calendar days `from` to `to` (inclusive) in New York, as a table's From / To filter reads them. */
export const within = (column: SQL, from: string, to: string) => sql`${column} >= ${NY(from)} and ${column} < ${NY(to, 1)}`;
