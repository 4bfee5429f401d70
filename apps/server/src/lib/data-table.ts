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

/** The uuid type's id in PostgreSQL's catalogue (`pg_type.oid`), as query results name a column's type. */
const UUID_TYPE_ID = 2950;

/** A uuid's text holds only these characters: a search with any other cannot match a uuid column. */
const UUID_TEXT = /^[0-9a-f-]+$/i;

/** Each table's uuid columns (looked up once, by a query that returns no row). */
const uuidColumnsOf = new WeakMap<object, Promise<Set<string>>>();

function uuidColumns(db: Tx, def: TableDefinition<never>, source: SQL): Promise<Set<string>> {
  let found = uuidColumnsOf.get(def);
  if (!found) {
    found = (db.execute(sql`select * from (${source}) t limit 0`) as Promise<unknown>).then(
      (result) =>
        new Set(
          ((result as { fields?: { name: string; dataTypeID: number }[] }).fields ?? [])
            .filter((f) => f.dataTypeID === UUID_TYPE_ID)
            .map((f) => f.name),
        ),
    );
    found.catch(() => uuidColumnsOf.delete(def));
    uuidColumnsOf.set(def, found);
  }
  return found;
}

/**
 * The free-text search: rows whose searched columns contain the text (case-insensitive, wildcards taken literally).
 * One branch per column, each a query of its own over the source (`t.id in (… union all …)`), so that each reads its
 * own column's trigram index (migration 0052) and joins outwards from the few rows it finds; one condition ORing
 * columns of several tables could use no index and read every row. Uuid columns are left out when the text holds a
 * character no uuid has (the same answer, without reading every id).
 */
function searchCondition(def: TableDefinition<never>, source: SQL, term: string, uuids: Set<string>): SQL {
  const like = `%${escapeLike(term)}%`;
  const columns = def.search.filter((c) => !uuids.has(c) || UUID_TEXT.test(term));
  if (!columns.length) return sql`false`;
  const branches = columns.map((c) => sql`select s.id from (${source}) s where s.${sql.identifier(c)}::text ilike ${like}`);
  return sql`t.id in (${sql.join(branches, sql` union all `)})`;
}

/** The query's filters as SQL conditions, each one checked against the table's definition (a clear 400 otherwise). */
function conditions(def: TableDefinition<never>, q: TableQuery, search?: { source: SQL; uuids: Set<string> }): SQL[] {
  const out: SQL[] = [];
  const term = q.q.trim();
  if (term && search) out.push(searchCondition(def, search.source, term, search.uuids));
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

/** The filters of `q` with its search, ready to run against `source`. */
async function filters(db: Tx, def: TableDefinition<never>, source: SQL, q: TableQuery): Promise<SQL[]> {
  return conditions(def, q, q.q.trim() ? { source, uuids: await uuidColumns(db, def, source) } : undefined);
}

function sortOf(def: TableDefinition<never>, q: TableQuery) {
  const id = q.sort ?? def.defaultSort;
  const column = def.columns.find((c) => c.id === id);
  if (!column?.isSortable && id !== def.defaultSort)
    throw new AppError('VALIDATION', `This table cannot be sorted by "${id}".`, { sort: 'Choose a sortable column.' });
  return { id, dir: q.dir === 'asc' ? sql`asc` : sql`desc` };
}

const where = (conds: SQL[]) => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);

/**
 * Rows counted at most for a page's total (beyond the page's own end): a table of a million rows is not counted on
 * every page. Past it the answer says `isTotalCapped` and the console shows "10,000+" (docs/decisions/0074).
 */
export const TABLE_COUNT_CAP = 10_000;

/**
 * One page of a table: its rows (as the source names them) and how many rows the filters match, counted up to
 * `TABLE_COUNT_CAP` or the page's end, whichever is further (so "Next" shows while rows follow); `isTotalCapped`
 * when more rows match than `total`.
 */
export async function tablePage<Row, Scope>(
  db: Tx,
  def: TableDefinition<Scope>,
  scope: Scope,
  q: TableQuery,
): Promise<{ rows: Row[]; total: number; isTotalCapped: boolean; page: number; pageSize: number }> {
  const d = def as unknown as TableDefinition<never>;
  const source = def.source(scope);
  const conds = await filters(db, d, source, q);
  const sort = sortOf(d, q);
  const order = sql`${col(sort.id)} ${sort.dir}, t.id ${sort.dir}`;
  const countUpTo = Math.max(TABLE_COUNT_CAP, q.page * q.pageSize);
  const [rows, count] = await Promise.all([
    // The page's ids first (the filters and the sort, from their indexes), then their rows: the columns a source
    // computes per row (counts, sums) are computed for the page's rows only, not for every row an offset skips.
    sqlRows<Row>(
      db,
      sql`select * from (${source}) t where t.id in (
            select t.id from (${source}) t ${where(conds)} order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
          order by ${order}`,
    ),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from (${source}) t ${where(conds)} limit ${countUpTo + 1}) c`),
  ]);
  // Timestamps leave as ISO strings, as every other answer gives them.
  for (const row of rows as Record<string, unknown>[])
    for (const [k, v] of Object.entries(row)) if (v instanceof Date) row[k] = v.toISOString();
  const n = count[0]?.n ?? 0;
  return { rows, total: Math.min(n, countUpTo), isTotalCapped: n > countUpTo, page: q.page, pageSize: q.pageSize };
}

/** Rows fetched per query while exporting: memory holds one batch, not the file. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * The table's rows matching `q`'s filters, in its sort, batch by batch: a keyset on (sort column, id) so each batch
 * is one indexed query wherever it starts, and no connection or transaction is held between batches.
 */
async function* exportRows(db: Tx, def: TableDefinition<never>, source: SQL, q: TableQuery): AsyncGenerator<Record<string, unknown>> {
  const conds = await filters(db, def, source, q);
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
