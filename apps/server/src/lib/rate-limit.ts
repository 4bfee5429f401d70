import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError } from './errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Refuses with 429 when `max` or more hits for `key` fell in the window; records nothing. */
export async function assertBelowLimit(db: Db, key: string, limit: Limit, message: string): Promise<void> {
  const since = new Date(Date.now() - limit.windowMs);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  if ((row?.n ?? 0) >= limit.max) {
    throw new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(Math.ceil(limit.windowMs / 1000)) });
  }
}

/** Records one hit for `key` (counted by `assertBelowLimit`). */
export async function recordHit(db: Db, key: string): Promise<void> {
  await db.insert(rateLimitHits).values({ key });
}

/**
 * Counts a hit for `key` and refuses with 429 when more than `max` fell in the window. Kept in the
 * database so that every server instance shares the count.
 */
export async function consumeRateLimit(db: Db, key: string, limit: Limit, message: string): Promise<void> {
  await assertBelowLimit(db, key, limit, message);
  await recordHit(db, key);
}

export async function pruneRateLimits(db: Db, olderThanMs: number): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - olderThanMs)));
}
