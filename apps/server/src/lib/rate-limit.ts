import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rateLimitHits } from '../db/schema';
import type { Deps } from './deps';
import { AppError } from './errors';
import { LOCK_IDS } from './lock-ids';

/**
 * Every rate limit of the server, kept in the database so that all instances share it
 * (docs/decisions/0006-rate-limits.md). A hit is counted and checked under one transaction-scoped
 * advisory lock per key, before the work it guards, so N parallel requests never get more than
 * `max` through, on PGlite as on PostgreSQL. The time is the caller's `deps.clock.now()`: these run on the
 * caller's database handle or inside its transaction (docs/decisions/0026-one-service-shape.md).
 */
export interface Limit {
  max: number;
  windowMs: number;
}

/** One limit a request must pass: at most `limit.max` hits for `key` in any `limit.windowMs`. */
export interface LimitRule {
  key: string;
  limit: Limit;
  /** The 429 message when this rule refuses. */
  message: string;
}

/** The hits one request recorded; give them back with `releaseHits` when the attempt should not count. */
export type Hits = string[];

/** A key's second half of a two-key advisory lock; two-key locks live apart from the one-key locks of migrations and jobs. */
export const lockKey = (key: string) => createHash('sha256').update(key).digest().readInt32BE(0);

async function hitsInWindow(db: Tx, rule: LimitRule, now: Date) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldestMs: sql<number | null>`(extract(epoch from min(${rateLimitHits.createdAt})) * 1000)::float8`,
    })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, rule.key), gt(rateLimitHits.createdAt, new Date(now.getTime() - rule.limit.windowMs))));
  return { n: row?.n ?? 0, oldest: row?.oldestMs != null ? new Date(row.oldestMs) : now };
}

function refusal(rule: LimitRule, oldest: Date, now: Date) {
  // The wait until the oldest counted hit leaves the window.
  const seconds = Math.max(1, Math.ceil((oldest.getTime() + rule.limit.windowMs - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', rule.message, undefined, { 'retry-after': String(seconds) });
}

/**
 * Counts one hit against every rule, or none: refuses with 429 (the first full rule's message)
 * when any rule already has `max` hits in its window. Refused requests record nothing, so a flood
 * does not push the window further out.
 */
export async function consumeRateLimits(db: Tx, rules: LimitRule[], now: Date): Promise<Hits> {
  if (rules.length === 0) return [];
  return db.transaction(async (tx) => {
    // Locks in one global order (by id), so two requests sharing keys cannot deadlock.
    const locks = [...new Set(rules.map((r) => lockKey(r.key)))].sort((a, b) => a - b);
    for (const id of locks) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.rateLimitSpace}::int, ${id}::int)`);
    for (const rule of rules) {
      const { n, oldest } = await hitsInWindow(tx, rule, now);
      if (n >= rule.limit.max) throw refusal(rule, oldest, now);
    }
    const inserted = await tx
      .insert(rateLimitHits)
      .values(rules.map((r) => ({ key: r.key, createdAt: now })))
      .returning({ id: rateLimitHits.id });
    return inserted.map((r) => r.id);
  });
}

/** One limit: counts a hit for `key` or refuses with 429 and `message`. */
export async function consumeRateLimit(db: Tx, key: string, limit: Limit, message: string, now: Date): Promise<Hits> {
  return consumeRateLimits(db, [{ key, limit, message }], now);
}

/**
 * Refuses with 429 when a rule is already full, recording nothing. Only for refusing early with the
 * right message: the work itself must still be guarded by `consumeRateLimits`.
 */
export async function assertRateLimits(db: Tx, rules: LimitRule[], now: Date): Promise<void> {
  for (const rule of rules) {
    const { n, oldest } = await hitsInWindow(db, rule, now);
    if (n >= rule.limit.max) throw refusal(rule, oldest, now);
  }
}

/** Gives hits back: the attempt they counted turned out not to be one the limit is about. */
export async function releaseHits(db: Tx, hits: Hits): Promise<void> {
  if (hits.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hits));
}

/** Forgets every hit of `key` (a successful sign-in clears that address's failures on the account). */
export async function clearRateLimit(db: Tx, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Forgets hits older than `olderThanMs` by the clock (a scheduled job). */
export async function pruneRateLimits(deps: Pick<Deps, 'db' | 'clock'>, olderThanMs: number): Promise<void> {
  await deps.db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(deps.clock.now().getTime() - olderThanMs)));
}
