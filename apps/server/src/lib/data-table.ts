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
  /**
   * Figures a row needs that SQL alone does not give (a voucher's refund, its tax share split as checkout split it),
   * added to the rows in place: a page's rows, and each export batch's. Never sorted, filtered or searched on.
   */
  enrich?: (db: Tx, rows: Record<string, unknown>[]) => Promise<void>;
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

/** The columns a search for `term` reads: uuid columns only when the text could be part of a uuid. */
function searchColumns(def: TableDefinition<never>, term: string, uuids: Set<string>): string[] {
  return def.search.filter((c) => !uuids.has(c) || UUID_TEXT.test(term));
}

const searchLike = (term: string) => `%${escapeLike(term)}%`;

/**
 * The free-text search as one condition: rows whose searched columns contain the text (case-insensitive, wildcards
 * taken literally), one branch per column (`t.id in (… union all …)`) so that each reads its own column's trigram
 * index (migration 0049) and joins outwards from the rows it finds; one condition ORing columns of several tables
 * could use no index and read every row. The export uses it; a page uses `searchBranches` (each branch limited).
 */
function searchCondition(def: TableDefinition<never>, source: SQL, term: string, uuids: Set<string>): SQL {
  const columns = searchColumns(def, term, uuids);
  if (!columns.length) return sql`false`;
  const branches = columns.map((c) => sql`select s.id from (${source}) s where s.${sql.identifier(c)}::text ilike ${searchLike(term)}`);
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
 * `work` in a transaction planned without parallel workers and without JIT compilation: a page is a few small queries
 * a person waits for, and starting workers cost more than they saved (hundreds of ms each on the 2-core bench
 * machine), as did compiling a search's plan (its estimated cost, every match read, passes `jit_above_cost`; it reads
 * a thousand: 30–50 ms of compiling for 15 ms of work, docs/decisions/0074).
 */
function forAPage<T>(db: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}

/**
 * Rows counted at most for a page's total (beyond the page's own end): a table of a million rows is not counted on
 * every page. Past it the answer says `isTotalCapped` and the console shows "1,000+" (docs/decisions/0074).
 */
export const TABLE_COUNT_CAP = 1_000;

/**
 * One page of a table: its rows (as the source names them) and how many rows the filters match, counted up to
 * `TABLE_COUNT_CAP` or the page's end, whichever is further (so "Next" shows while rows follow); `isTotalCapped`
 * when more rows match than `total`.
 *
 * The page's ids are read first (the filters and the sort, from their indexes), then their rows: the columns a source
 * computes per row (counts, sums) are computed for the page's rows only, not for every row an offset skips. A search
 * is one query per searched column, each with the other filters, and each limited: to the rows up to the page's end
 * in the page's sort (the page is among them), and to the count's cap for the total (if one column alone reaches it,
 * so does the search). A search matching a twentieth of a million deals reads a few hundred of them, not all.
 */
export async function tablePage<Row, Scope>(
  db: Tx,
  def: TableDefinition<Scope>,
  scope: Scope,
  q: TableQuery,
): Promise<{ rows: Row[]; total: number; isTotalCapped: boolean; page: number; pageSize: number }> {
  const d = def as unknown as TableDefinition<never>;
  const source = def.source(scope);
  const conds = conditions(d, q);
  const sort = sortOf(d, q);
  const order = sql`${col(sort.id)} ${sort.dir}, t.id ${sort.dir}`;
  const pageEnd = q.page * q.pageSize;
  const countUpTo = Math.max(TABLE_COUNT_CAP, pageEnd);
  const window = sql`order by t.sort ${sort.dir}, t.id ${sort.dir} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
  // The page's ids as one array (an init plan) rather than `in (subquery)`: a condition on a value PostgreSQL pushes
  // into every branch of a source that is a union (the refunds and their requests), each then read by its key,
  // where a semi-join is made over the union's every row (docs/decisions/0074-console-tables-at-scale.md).
  const pageRows = (tx: Tx, ids: SQL) =>
    sqlRows<Row>(tx, sql`select * from (${source}) t where t.id = any(array(${ids})) order by ${order}`);
  const matches = (extra: SQL[]) => sql`select t.id, ${col(sort.id)} as sort from (${source}) t ${where([...conds, ...extra])}`;
  const term = q.q.trim();
  let rows: Row[];
  let n: number;
  if (!term) {
    [rows, n] = await forAPage(db, async (tx) => {
      const page = await pageRows(tx, sql`select t.id from (${matches([])}) t ${window}`);
      const [count] = await sqlRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from (select 1 from (${source}) t ${where(conds)} limit ${countUpTo + 1}) c`,
      );
      return [page, count?.n ?? 0] as const;
    });
  } else {
    [rows, n] = await forAPage(db, async (tx) => {
      // Each searched column's matches, read through its trigram index (a materialized CTE is planned to be read whole,
      // so the planner does not walk the sort's index hoping for a match it guessed and never finds) and read lazily:
      // up to the count's cap each. A column that reaches the cap alone has matches everywhere, and its page is found
      // faster by walking the sort's index; the others' matches are few and sorted as they are.
      const like = (c: string) => sql`t.${sql.identifier(c)}::text ilike ${searchLike(term)}`;
      const columns = searchColumns(d, term, await uuidColumns(tx, d, source));
      const cte = (i: number) => sql.identifier(`m${i}`);
      const ctes = (indexes: number[]) =>
        sql.join(
          indexes.map((i) => sql`${cte(i)} as materialized (${matches([like(columns[i]!)])})`),
          sql`, `,
        );
      const all = columns.map((_, i) => i);
      const limit = countUpTo + 1;
      const [counts] = columns.length
        ? await sqlRows<{ counts: number[]; total: number }>(
            tx,
            sql`with ${ctes(all)} select
                array[${sql.join(
                  all.map((i) => sql`(select count(*)::int from (select 1 from ${cte(i)} limit ${limit}) x)`),
                  sql`, `,
                )}] as counts,
                (select count(*)::int from (${sql.join(
                  all.map((i) => sql`(select id from ${cte(i)} limit ${limit})`),
                  sql` union `,
                )}) u) as total`,
          )
        : [{ counts: [], total: 0 }];
      const total = counts!.counts.some((k) => k >= limit) ? limit : counts!.total;
      const found = all.filter((i) => counts!.counts[i]! > 0);
      const narrow = found.filter((i) => counts!.counts[i]! < limit);
      const branches = found.map((i) =>
        narrow.includes(i)
          ? sql`(select t.id, t.sort from ${cte(i)} t order by t.sort ${sort.dir}, t.id ${sort.dir} limit ${pageEnd})`
          : sql`(select t.id, t.sort from (${matches([like(columns[i]!)])}) t order by t.sort ${sort.dir}, t.id ${sort.dir} limit ${pageEnd})`,
      );
      const hits = branches.length
        ? await pageRows(
            tx,
            sql`${narrow.length ? sql`with ${ctes(narrow)} ` : sql``}select t.id from (${sql.join(branches, sql` union `)}) t ${window}`,
          )
        : [];
      return [hits, total] as const;
    });
  }
  if (def.enrich) await def.enrich(db, rows as Record<string, unknown>[]);
  // Timestamps leave as ISO strings, as every other answer gives them.
  for (const row of rows as Record<string, unknown>[])
    for (const [k, v] of Object.entries(row)) if (v instanceof Date) row[k] = v.toISOString();
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
    if (def.enrich) await def.enrich(db, rows);
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
