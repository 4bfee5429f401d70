import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { authTokens } from '../../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';

export type TokenKind = 'email_verification' | 'password_reset';

/*
 * These run in the caller's transaction (or on the database handle) and take the time as `now`,
 * which the caller reads from deps.clock.
 */

/** A one-time token valid for `ttlMs` from `now`: the selector finds the row, only the verifier's hash is stored. */
export async function issueToken(tx: Tx, userId: string, kind: TokenKind, ttlMs: number, now: Date) {
  const selector = randomToken(12);
  const verifier = randomToken(32);
  await tx
    .insert(authTokens)
    .values({ userId, kind, selector, verifierHash: sha256(verifier), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now });
  return { selector, verifier };
}

const MESSAGES: Record<TokenKind, { invalid: string; expired: string; used: string }> = {
  email_verification: {
    invalid: 'This verification link is invalid. Please request a new one.',
    expired: 'This verification link has expired. Please request a new one.',
    used: 'This verification link has already been used.',
  },
  password_reset: {
    invalid: 'This password reset link is invalid. Please request a new one.',
    expired: 'This password reset link has expired. Please request a new one.',
    used: 'This password reset link has already been used. Please request a new one.',
  },
};

/** Checks and spends a token exactly once, even when two requests race for it; expired once `now` reaches its expiry. */
export async function consumeToken(tx: Tx, kind: TokenKind, selector: string, verifier: string, now: Date): Promise<{ userId: string }> {
  const msg = MESSAGES[kind];
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.selector, selector), eq(authTokens.kind, kind)));
  if (!row || !safeEqual(row.verifierHash, sha256(verifier))) throw new AppError('TOKEN_INVALID', msg.invalid);
  if (row.usedAt) throw new AppError('TOKEN_USED', msg.used);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('TOKEN_EXPIRED', msg.expired);
  const spent = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (spent.length === 0) throw new AppError('TOKEN_USED', msg.used);
  return { userId: row.userId };
}

/** Makes earlier unused tokens of a kind useless, e.g. when a newer reset link is sent. */
export async function revokeTokens(tx: Tx, userId: string, kind: TokenKind, now: Date) {
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}
