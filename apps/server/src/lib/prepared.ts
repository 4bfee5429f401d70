import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/*
 * Named prepared statements per query shape (docs/decisions/0050-search.md, fifth round). The browse queries
 * are built anew for each request, but their text depends only on the filters chosen, never on the values
 * (drizzle sends every value as a parameter): the text is the shape. Named after a hash of that text,
 * node-postgres parses each shape once per connection and then only binds and executes it, and after five
 * executions PostgreSQL may keep a generic plan, so planning is skipped too. PGlite's driver ignores the name
 * (one in-process connection, nothing to gain): the same calls run there unchanged.
 *
 * Decided here, and only for the hot read paths that call it: the number of shapes is bounded by the filter
 * combinations (each connection keeps its statements for its life).
 */

let enabled = true;

/** Benchmarks compare with and without (BENCH_AB=1 in bench/browse-profile.ts); the app leaves it on. */
export function usePreparedStatements(on: boolean) {
  enabled = on;
}

const names = new Map<string, string>();
const MAX_NAMES = 5000;

/** The statement name of a query text: stable across processes, unique per text. */
export function shapeName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lp_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
  execute(): Promise<T>;
}

/** A drizzle query builder (select … limit), run as the named statement of its shape. */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  if (!enabled) return query.execute();
  return query.prepare(shapeName(query.toSQL().sql)).execute();
}

interface SessionLike {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    q: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    arrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/** The rows of a raw SQL query (as `sqlRows`), run as the named statement of its shape. */
export async function preparedRows<T>(db: Tx, query: SQL): Promise<T[]> {
  // What db.execute() does (drizzle-orm 0.45 PgSession.execute), with a statement name.
  const session = (db as unknown as { _: { session: SessionLike } })._.session;
  const built = session.dialect.sqlToQuery(query);
  const result = await session.prepareQuery(built, undefined, enabled ? shapeName(built.sql) : undefined, false).execute();
  return (result as { rows: T[] }).rows;
}
