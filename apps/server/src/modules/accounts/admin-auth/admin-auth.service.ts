import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { ACCESS_CODE_LENGTH, ACCESS_CODE_MAX_TRIES, ACCESS_CODE_TTL_MS, ADMIN_AUTH_MESSAGES } from '@localperks/shared';
import { authTokens, sessions } from '../../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import { assertRateLimits, consumeRateLimits, releaseHits, type LimitRule } from '../../../lib/rate-limit';
import type { Deps } from '../../../lib/deps';
import { logIn, type AuthDeps } from '../auth/auth.service';
import { accessCodeEmail } from './admin-auth.emails';

/** New codes an admin may ask for (sign-in or refresh control) per window, from one address. */
export const ACCESS_CODE_REFRESH_LIMIT = { max: 5, windowMs: 10 * 60_000 };
/** The same from all addresses together: caps the mail to the admin's inbox. */
export const ACCESS_CODE_REFRESH_LIMIT_ALL_ADDRESSES = { max: 20, windowMs: 10 * 60_000 };
/**
 * Wrong codes per admin and address per hour, across codes: signing in again gives a new code with
 * fresh tries, so without this a stolen password would let the six digits be guessed without end.
 * Counted per address so that guesses from elsewhere do not pause the admin's own sign-in.
 */
export const WRONG_ACCESS_CODES_PER_HOUR = { max: 15, windowMs: 60 * 60_000 };
/** Wrong codes per admin from all addresses together: the brake on guesses spread over many addresses. */
export const WRONG_ACCESS_CODES_PER_HOUR_ALL_ADDRESSES = { max: 60, windowMs: 60 * 60_000 };

const codeIssueLimits = (userId: string, ip: string): LimitRule[] => [
  { key: `admin-code:user:${userId}:ip:${ip}`, limit: ACCESS_CODE_REFRESH_LIMIT, message: ADMIN_AUTH_MESSAGES.tooManyCodes },
  { key: `admin-code:user:${userId}`, limit: ACCESS_CODE_REFRESH_LIMIT_ALL_ADDRESSES, message: ADMIN_AUTH_MESSAGES.tooManyCodes },
];
const wrongCodeLimits = (userId: string, ip: string): LimitRule[] => [
  { key: `admin-code-wrong:user:${userId}:ip:${ip}`, limit: WRONG_ACCESS_CODES_PER_HOUR, message: ADMIN_AUTH_MESSAGES.tooManyWrongCodes },
  {
    key: `admin-code-wrong:user:${userId}`,
    limit: WRONG_ACCESS_CODES_PER_HOUR_ALL_ADDRESSES,
    message: ADMIN_AUTH_MESSAGES.tooManyWrongCodes,
  },
];

export interface AdminAuthDeps extends AuthDeps {
  /** Only in development is the code also returned to the page (docs/product/design.md §9). */
  isDevelopment: boolean;
}

interface AdminUser {
  id: string;
  email: string;
  name: string | null;
  role: 'customer' | 'merchant' | 'admin';
}

const hashCode = (selector: string, code: string) => sha256(`admin_code:${selector}:${code}`);

/**
 * Step 1: the password check of the shared login, with its brute-force limits. Anyone but an admin
 * is refused and gets no session.
 */
export async function checkAdminCredentials(deps: AuthDeps, input: { email: string; password: string }, ip: string) {
  const user = await logIn(deps, input, ip);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_AUTH_MESSAGES.notAdmin);
  return user;
}

/**
 * Issues a fresh random 6-digit code (earlier unused codes stop working), stores only its salted
 * hash and mails it. Returns the code itself only for the development display.
 */
export async function issueAccessCode(deps: Pick<Deps, 'db' | 'mailer' | 'clock'>, user: AdminUser, ip: string) {
  const now = deps.clock.now();
  // No code while this address may not enter one (verifyAccessCode enforces it; this only says so early).
  await assertRateLimits(deps.db, wrongCodeLimits(user.id, ip), now);
  // Every new code counts, from the sign-in as from the refresh control.
  await consumeRateLimits(deps.db, codeIssueLimits(user.id, ip), now);
  const code = String(randomInt(0, 10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0');
  const selector = randomToken(12);
  const expiresAt = new Date(now.getTime() + ACCESS_CODE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'admin_code'), isNull(authTokens.usedAt)));
    await tx
      .insert(authTokens)
      .values({ userId: user.id, kind: 'admin_code', selector, verifierHash: hashCode(selector, code), expiresAt, createdAt: now });
  });
  await deps.mailer.send(accessCodeEmail(user.email, user.name ?? user.email, code));
  return { code, expiresAt };
}

/** The refresh control: a new code, a few times per window. */
export async function refreshAccessCode(deps: Pick<Deps, 'db' | 'mailer' | 'clock'>, user: AdminUser, ip: string) {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_AUTH_MESSAGES.notAdmin);
  return issueAccessCode(deps, user, ip);
}

/** The code the admin may still enter, if any (for the page after a reload). */
export async function activeAccessCode(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ expiresAt: authTokens.expiresAt, attempts: authTokens.attempts })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'admin_code'), isNull(authTokens.usedAt)))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= ACCESS_CODE_MAX_TRIES) return null;
  return { expiresAt: row.expiresAt };
}

/**
 * Step 2: checks the code and marks this session as having passed it. A code works once, within
 * ACCESS_CODE_TTL_MS, and each guess spends one of ACCESS_CODE_MAX_TRIES before it is compared,
 * so parallel guesses cannot get more tries than that. Each guess is also counted against the
 * wrong-code limits before the comparison; anything but a wrong code gives that count back.
 */
export async function verifyAccessCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { userId: string; role: string; sessionId: string; code: string; ip: string },
) {
  const { db } = deps;
  const now = deps.clock.now();
  if (input.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_AUTH_MESSAGES.notAdmin);
  const hits = await consumeRateLimits(db, wrongCodeLimits(input.userId, input.ip), now);
  let wrong = false;
  try {
    const [row] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, input.userId), eq(authTokens.kind, 'admin_code'), isNull(authTokens.usedAt)))
      .orderBy(desc(authTokens.createdAt))
      .limit(1);
    if (!row) throw new AppError('TOKEN_INVALID', ADMIN_AUTH_MESSAGES.codeInvalid);
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('TOKEN_EXPIRED', ADMIN_AUTH_MESSAGES.codeExpired);
    const [reserved] = await db
      .update(authTokens)
      .set({ attempts: sql`${authTokens.attempts} + 1` })
      .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt), lt(authTokens.attempts, ACCESS_CODE_MAX_TRIES)))
      .returning({ attempts: authTokens.attempts });
    if (!reserved) throw new AppError('RATE_LIMITED', ADMIN_AUTH_MESSAGES.codeTooManyTries);
    if (!safeEqual(row.verifierHash, hashCode(row.selector, input.code))) {
      wrong = true;
      if (reserved.attempts >= ACCESS_CODE_MAX_TRIES) throw new AppError('RATE_LIMITED', ADMIN_AUTH_MESSAGES.codeTooManyTries);
      throw new AppError('TOKEN_INVALID', ADMIN_AUTH_MESSAGES.codeInvalid);
    }
    await db.transaction(async (tx) => {
      const spent = await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      if (spent.length === 0) throw new AppError('TOKEN_INVALID', ADMIN_AUTH_MESSAGES.codeInvalid);
      const passed = await tx
        .update(sessions)
        .set({ secondFactorAt: now })
        .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId)))
        .returning({ id: sessions.id });
      if (passed.length === 0) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    });
  } finally {
    if (!wrong) await releaseHits(db, hits);
  }
}
