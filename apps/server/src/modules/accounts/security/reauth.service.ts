import { eq } from 'drizzle-orm';
import { REAUTH_WINDOW_MS, SECURITY_MESSAGES } from '@localperks/shared';
import { sessions } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit, releaseHits } from '../../../lib/rate-limit';
import { assertPassword } from '../email-change/email-change.service';

/** Wrong passwords when confirming it again, per account: a stolen session cannot guess the password without end. */
export const REAUTH_FAILURES = { max: 5, windowMs: 15 * 60_000 };

/** The signed-in caller, as the session plugin gives it. */
export interface SessionCaller {
  id: string;
  email: string;
  name: string;
  role: 'customer' | 'merchant' | 'admin';
  sessionId: string;
  secondFactorPassed: boolean;
}

/** An admin changes or confirms factors only in a session that passed the admin second step. */
export function assertFullSession(user: SessionCaller) {
  if (user.role === 'admin' && !user.secondFactorPassed) throw new AppError('FORBIDDEN', SECURITY_MESSAGES.adminCodeFirst);
}

/** Until when this session counts as recently authenticated (null: not recently). */
export async function reauthenticatedUntil(deps: Pick<Deps, 'db' | 'clock'>, sessionId: string): Promise<Date | null> {
  const [row] = await deps.db.select({ at: sessions.reauthenticatedAt }).from(sessions).where(eq(sessions.id, sessionId));
  if (!row?.at) return null;
  const until = new Date(row.at.getTime() + REAUTH_WINDOW_MS);
  return until.getTime() > deps.clock.now().getTime() ? until : null;
}

/**
 * Turning a second factor on or off, and adding or removing a passkey, need the password confirmed in this
 * session within REAUTH_WINDOW_MS (docs/decisions/0055-passkeys-and-authenticator-codes.md).
 */
export async function requireRecentAuth(deps: Pick<Deps, 'db' | 'clock'>, user: SessionCaller) {
  assertFullSession(user);
  if (!(await reauthenticatedUntil(deps, user.sessionId))) throw new AppError('REAUTH_REQUIRED', SECURITY_MESSAGES.reauthRequired);
}

/** Marks this session as recently authenticated (the password, or a passkey, was just confirmed). */
export async function markReauthenticated(deps: Pick<Deps, 'db' | 'clock'>, sessionId: string) {
  const now = deps.clock.now();
  await deps.db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
  return new Date(now.getTime() + REAUTH_WINDOW_MS);
}

/** Confirms the password again: a wrong one counts against REAUTH_FAILURES, a right one does not. */
export async function reauthenticate(deps: Pick<Deps, 'db' | 'clock'>, user: SessionCaller, password: string) {
  assertFullSession(user);
  const hits = await consumeRateLimit(
    deps.db,
    `reauth:user:${user.id}`,
    REAUTH_FAILURES,
    SECURITY_MESSAGES.tooManyPasswordTries,
    deps.clock.now(),
  );
  await assertPassword(deps, user.id, password);
  await releaseHits(deps.db, hits);
  return { reauthenticatedUntil: (await markReauthenticated(deps, user.sessionId)).toISOString() };
}
