import { count, eq } from 'drizzle-orm';
import type { AdminSecondStep } from '@localperks/shared';
import { passkeys } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { listPasskeys } from './passkeys.service';
import { assertFullSession, reauthenticatedUntil, type SessionCaller } from './reauth.service';
import { recoveryCodesLeft, totpEnabled } from './totp.service';

/** The account's sign-in factors, for the Security tab (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export async function securityOverview(deps: Pick<Deps, 'db' | 'clock'>, user: SessionCaller) {
  assertFullSession(user);
  const [list, enabled, left, until] = await Promise.all([
    listPasskeys(deps, user.id),
    totpEnabled(deps, user.id),
    recoveryCodesLeft(deps, user.id),
    reauthenticatedUntil(deps, user.sessionId),
  ]);
  return {
    passkeys: list,
    totp: { enabled, recoveryCodesLeft: enabled ? left : 0 },
    reauthenticatedUntil: until?.toISOString() ?? null,
  };
}

async function passkeyCount(deps: Pick<Deps, 'db'>, userId: string) {
  const [row] = await deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Whether the account has a second factor (a passkey or the authenticator app): the merchant console's reminder. */
export async function hasSecondFactor(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  const [keys, app] = await Promise.all([passkeyCount(deps, userId), totpEnabled(deps, userId)]);
  return keys > 0 || app;
}

/**
 * How an admin may pass the second step, the preferred first: a passkey replaces the e-mailed code; the
 * authenticator app is an alternative to it.
 */
export async function adminSecondSteps(deps: Pick<Deps, 'db'>, userId: string): Promise<AdminSecondStep[]> {
  const [keys, app] = await Promise.all([passkeyCount(deps, userId), totpEnabled(deps, userId)]);
  const methods: AdminSecondStep[] = [];
  if (keys > 0) methods.push('passkey');
  if (app) methods.push('totp');
  if (keys === 0) methods.push('email');
  return methods;
}
