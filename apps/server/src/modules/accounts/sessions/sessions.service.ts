import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountSession } from '@localperks/shared';
import { sessions } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { cityOf, describeUserAgent } from './device';

/** Where the account is signed in, most recently used first; `currentId` is the caller's own session. */
export async function listSessions(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock.now())))
    .orderBy(desc(sessions.lastSeenAt));
  return Promise.all(
    rows.map(async (s) => ({
      id: s.id,
      ...describeUserAgent(s.userAgent),
      city: await cityOf(deps.config.GEOIP_CITY_DB, s.ip),
      ip: s.ip,
      firstSeenAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      isCurrent: s.id === currentId,
    })),
  );
}

/** Ends one of the account's sessions (another device's, or this one); an id of another account's is not found. */
export async function endAccountSession(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<number> {
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.sessionNotFound);
  return ended.length;
}

/** Ends every session of the account but `currentId`. */
export async function endOtherSessions(deps: Pick<Deps, 'db'>, userId: string, currentId: string): Promise<number> {
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return ended.length;
}
