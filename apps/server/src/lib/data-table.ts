import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { BUSINESS_TIME_ZONE, type TableQuery } from '@localperks/shared';
import type { Tx } from '../db/client';
import { AppError } from './errors';
import { escapeLike } from './escape-like';
import { sqlRows } from './sql-rows';

/*
 * The console's tables (issue 32, docs/decisions/0069-console-tables.md): one definition per table gives its page
 * (server-side pagination, sort, filters and free-text search) and its CSV export with the same filters, streamed
 * from the database in batches so that memory stays flat however many rows there are.
 *
 * A table's `source` is a SELECT whose output columns are named as the table's column ids ("createdAt"…) and whose
 * "id" is unique; the engine wraps it (`select … from (source) t where … order by …`), which PostgreSQL flattens,
 * so the filters reach the underlying tables' indexes. Sortable columns are never null in the source (coalesce them
 * there), so that the export's keyset `(sort, id)` walks every row exactly once.
 */

export interface TableColumn {
  id: string;
  /** The CSV header. */
  label: string;
  isSortable?: boolean;
  /** Integer cents, exported as dollars with two decimals. */
  isMoney?: boolean;
}

/**
 * What a table's rows depend on besides the query: the server's clock (states like "expired") and, on a merchant's
 * tables, the business (its owner's user id), which the source must restrict its rows to.
 */
export interface TableScope {
  now: Date;
  merchantOwnerId: string | null;
}

export interface TableDefinition<Scope = TableScope> {
  name: string;
  source: (scope: Scope) => SQL;
  columns: readonly TableColumn[];
  /** Columns matched by the free-text search (case-insensitive, anywhere in the text). */
  search: readonly string[];
  /** The column `status` filters on, and its values. */
  status?: { column: string; values: readonly string[] };
  /** The timestamp column `from` / `to` (calendar days in the business's time zone) filter on. */
  date?: string;
  defaultSort: string;
}

const col = (id: string) => sql`t.${sql.identifier(id)}`;

/** The query's filters as SQL conditions, each one checked against the table's definition (a clear 400 otherwise). */
function conditions(def: TableDefinition<never>, q: TableQuery): SQL[] {
  const out: SQL[] = [];
  const term = q.q.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    out.push(
      sql`(${sql.join(
        def.search.map((c) => sql`${col(c)}::text ilike ${like}`),
        sql` or `,
      )})`,
    );
  }
  if (q.status) {
    if (!def.status || !def.status.values.includes(q.status))
      throw new AppError('VALIDATION', `Unknown status "${q.status}".`, {
        status: `Choose one of ${def.status?.values.join(', ') ?? 'none'}.`,
      });
    out.push(sql`${col(def.status.column)} = ${q.status}`);
  }
  if ((q.from || q.to) && !def.date) throw new AppError('VALIDATION', 'This table has no date filter.', { from: 'Not available here.' });
  if (q.from && def.date) out.push(sql`${col(def.date)} >= (${q.from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`);
  if (q.to && def.date) out.push(sql`${col(def.date)} < ((${q.to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`);
  if (q.from && q.to && q.from > q.to)
    throw new AppError('VALIDATION', 'The start date is after the end date.', { to: 'Choose a date on or after the start.' });
  return out;
}

function sortOf(def: TableDefinition<never>, q: TableQuery) {
  const id = q.sort ?? def.defaultSort;
  const column = def.columns.find((c) => c.id === id);
  if (!column?.isSortable && id !== def.defaultSort)
    throw new AppError('VALIDATION', `This table cannot be sorted by "${id}".`, { sort: 'Choose a sortable column.' });
  return { id, dir: q.dir === 'asc' ? sql`asc` : sql`desc` };
}

const where = (conds: SQL[]) => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);

/** One page of a table: its rows (as the source names them) and how many rows the filters match. */
export async function tablePage<Row, Scope>(
  db: Tx,
  def: TableDefinition<Scope>,
  scope: Scope,
  q: TableQuery,
): Promise<{ rows: Row[]; total: number; page: number; pageSize: number }> {
  const d = def as unknown as TableDefinition<never>;
  const conds = conditions(d, q);
  const sort = sortOf(d, q);
  const source = def.source(scope);
  const [rows, count] = await Promise.all([
    sqlRows<Row>(
      db,
      sql`select * from (${source}) t ${where(conds)} order by ${col(sort.id)} ${sort.dir}, t.id ${sort.dir} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from (${source}) t ${where(conds)}`),
  ]);
  // Timestamps leave as ISO strings, as every other answer gives them.
  for (const row of rows as Record<string, unknown>[])
    for (const [k, v] of Object.entries(row)) if (v instanceof Date) row[k] = v.toISOString();
  return { rows, total: count[0]?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Rows fetched per query while exporting: memory holds one batch, not the file. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * The table's rows matching `q`'s filters, in its sort, batch by batch: a keyset on (sort column, id) so each batch
 * is one indexed query wherever it starts, and no connection or transaction is held between batches.
 */
async function* exportRows(db: Tx, def: TableDefinition<never>, source: SQL, q: TableQuery): AsyncGenerator<Record<string, unknown>> {
  const conds = conditions(def, q);
  const sort = sortOf(def, q);
  const isAsc = q.dir === 'asc';
  let after: { sort: unknown; id: unknown } | null = null;
  for (;;) {
    const page: SQL[] = after
      ? [
          ...conds,
          isAsc ? sql`(${col(sort.id)}, t.id) > (${after.sort}, ${after.id})` : sql`(${col(sort.id)}, t.id) < (${after.sort}, ${after.id})`,
        ]
      : conds;
    const rows = await sqlRows<Record<string, unknown>>(
      db,
      sql`select * from (${source}) t ${where(page)} order by ${col(sort.id)} ${sort.dir}, t.id ${sort.dir} limit ${EXPORT_BATCH_ROWS}`,
    );
    for (const row of rows) yield row;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows.at(-1)!;
    after = { sort: last[sort.id] instanceof Date ? (last[sort.id] as Date).toISOString() : last[sort.id], id: last.id };
  }
}

/**
 * The table as CSV (RFC 4180: quoted where needed, CRLF, UTF-8 with a byte-order mark so spreadsheet programs read
 * accents right), streamed. Cells a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) are prefixed with an apostrophe (csv-stringify's escape_formulas); numbers stay numbers.
 */
export function tableCsv<Scope>(db: Tx, def: TableDefinition<Scope>, scope: Scope, q: TableQuery): Readable {
  const d = def as unknown as TableDefinition<never>;
  // Checked before the answer starts, so bad filters get a 400 and not a broken download.
  conditions(d, q);
  sortOf(d, q);
  const money = new Set(def.columns.filter((c) => c.isMoney).map((c) => c.id));
  const csv = stringify({
    bom: true,
    header: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    columns: def.columns.map((c) => ({ key: c.id, header: c.label })),
    cast: {
      number: (v, ctx) => (typeof ctx.column === 'string' && money.has(ctx.column) ? (v / 100).toFixed(2) : String(v)),
      date: (v) => v.toISOString(),
      boolean: (v) => (v ? 'yes' : 'no'),
    },
  });
  const rows = Readable.from(exportRows(db, d, def.source(scope), q));
  rows.on('error', (err) => csv.destroy(err));
  return rows.pipe(csv);
}
