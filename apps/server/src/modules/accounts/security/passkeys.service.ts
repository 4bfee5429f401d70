import { and, count, eq, gt, isNull, or, lt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  MAX_PASSKEYS_PER_ACCOUNT,
  SECURITY_MESSAGES,
  WEBAUTHN_CHALLENGE_TTL_MS,
  type AddPasskey,
  type PasskeyAssertion,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { loginAttempts, passkeys, sessions, users, webauthnChallenges } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit, type Limit } from '../../../lib/rate-limit';
import { requireRecentAuth, type SessionCaller } from './reauth.service';
import { securityChangedEmail } from './security.emails';

/** What the passkey services use (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export type PasskeyDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>;

/** The relying party is this app as APP_URL names it: its host name is the RP ID, its origin the only one accepted. */
export function relyingParty(config: Deps['config']) {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'LocalPerks' };
}

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

async function storeChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  challenge: string,
  purpose: Purpose,
  owner: { userId?: string; sessionId?: string },
) {
  const now = deps.clock.now();
  await deps.db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: owner.userId ?? null,
    sessionId: owner.sessionId ?? null,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
    createdAt: now,
  });
}

/** The challenge the browser signed, read from its client data (the library checks the rest). */
function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    return decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.passkeyFailed);
  }
}

/**
 * Claims a stored challenge: it must exist for this purpose (and this account and session), be unexpired and
 * unused. One UPDATE marks it used, so of two requests with the same answer only one gets past here.
 */
async function claimChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  challenge: string,
  purpose: Purpose,
  owner: { userId?: string; sessionId?: string },
) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        owner.userId ? eq(webauthnChallenges.userId, owner.userId) : undefined,
        owner.sessionId ? eq(webauthnChallenges.sessionId, owner.sessionId) : undefined,
      ),
    )
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new AppError('TOKEN_INVALID', SECURITY_MESSAGES.challengeInvalid);
}

/** Forgets challenges that expired more than a day ago (a scheduled job). */
export async function pruneWebauthnChallenges(deps: Pick<Deps, 'db' | 'clock'>) {
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(deps.clock.now().getTime() - 86_400_000)));
}

const passkeyOut = (p: typeof passkeys.$inferSelect) => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  synced: p.backedUp,
});

export async function listPasskeys(deps: Pick<Deps, 'db'>, userId: string) {
  const rows = await deps.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
  return rows.map(passkeyOut);
}

/** The WebAuthn user handle: the account id (no personal data), as bytes. */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** Add a passkey, step 1: the options for navigator.credentials.create(), with a stored challenge. */
export async function passkeyRegistrationOptions(deps: PasskeyDeps, user: SessionCaller) {
  await requireRecentAuth(deps, user);
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyTooMany);
  const { rpID, rpName } = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    attestationType: 'none',
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    // The browser offers no authenticator that already holds one of this account's passkeys.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransportFuture[] })),
    // A discoverable credential (sign-in without typing the address) that verifies its user (PIN or biometrics).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps, options.challenge, 'registration', { userId: user.id, sessionId: user.sessionId });
  return { options };
}

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === '23505') return true;
  return false;
};

/** Add a passkey, step 2: the browser's answer is verified against the stored challenge, and the public key kept. */
export async function addPasskey(deps: PasskeyDeps, user: SessionCaller, input: AddPasskey) {
  await requireRecentAuth(deps, user);
  const response: RegistrationResponseJSON = input.response;
  const challenge = challengeOf(response);
  await claimChallenge(deps, challenge, 'registration', { userId: user.id, sessionId: user.sessionId });
  const { rpID, origin } = relyingParty(deps.config);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.passkeyFailed);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const now = deps.clock.now();
  const name = input.name.trim();
  try {
    const { row, mailId } = await deps.db.transaction(async (tx) => {
      // Serialises this account's additions, so the limit holds under parallel requests.
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if (n >= MAX_PASSKEYS_PER_ACCOUNT) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyTooMany);
      const [inserted] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          name,
          createdAt: now,
        })
        .returning();
      const mailId = await deps.mailer.queue(tx, securityChangedEmail(user.email, { kind: 'passkey_added', name }, deps.config.appUrl));
      return { row: inserted!, mailId };
    });
    await deliverQueuedMail(deps, mailId, 'passkey added');
    return { passkey: passkeyOut(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyAlreadyAdded);
    throw err;
  }
}

export async function renamePasskey(deps: Pick<Deps, 'db'>, user: SessionCaller, id: string, name: string) {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name: name.trim() })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);
  return { passkey: passkeyOut(row) };
}

export async function removePasskey(deps: PasskeyDeps, user: SessionCaller, id: string) {
  await requireRecentAuth(deps, user);
  const mailId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!row) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);
    return deps.mailer.queue(tx, securityChangedEmail(user.email, { kind: 'passkey_removed', name: row.name }, deps.config.appUrl));
  });
  await deliverQueuedMail(deps, mailId, 'passkey removed');
  return { ok: true as const };
}

/** The passkey services and the limit on sign-in requests per address. */
export interface PasskeySignInDeps extends PasskeyDeps {
  limit: Limit;
}

/** Sign in with a passkey, step 1: options for any passkey of this site (discoverable: no address typed). */
export async function passkeySignInOptions(deps: PasskeySignInDeps, ip: string) {
  await consumeRateLimit(deps.db, `passkey-options:ip:${ip}`, deps.limit, SECURITY_MESSAGES.tooManyPasskeyRequests, deps.clock.now());
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: WEBAUTHN_CHALLENGE_TTL_MS });
  await storeChallenge(deps, options.challenge, 'sign_in', {});
  return { options };
}

/**
 * Verifies an assertion against the stored passkey and moves its counter forward in one conditional UPDATE: an
 * answer whose counter did not grow (a cloned authenticator, or the same answer twice) is refused.
 */
async function verifyAssertion(deps: PasskeyDeps, tx: Tx, response: AuthenticationResponseJSON, challenge: string, onlyUserId?: string) {
  const [row] = await tx
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), isNull(users.deletedAt)));
  if (!row || (onlyUserId && row.user.id !== onlyUserId)) throw new AppError('INVALID_CREDENTIALS', SECURITY_MESSAGES.passkeyUnknown);
  if (response.response.userHandle && isoBase64URL.toUTF8String(response.response.userHandle) !== row.user.id)
    throw new AppError('INVALID_CREDENTIALS', SECURITY_MESSAGES.passkeyFailed);
  const { rpID, origin } = relyingParty(deps.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: row.passkey.credentialId,
      publicKey: new Uint8Array(row.passkey.publicKey),
      counter: row.passkey.counter,
      transports: row.passkey.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('INVALID_CREDENTIALS', SECURITY_MESSAGES.passkeyFailed);
  const { newCounter } = verification.authenticationInfo;
  const now = deps.clock.now();
  const [moved] = await tx
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, row.passkey.id),
        // Authenticators that keep no counter report 0 every time; any other must report more than the last.
        or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter}::bigint = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  if (!moved) throw new AppError('INVALID_CREDENTIALS', SECURITY_MESSAGES.passkeyFailed);
  return row.user;
}

/** Sign in with a passkey, step 2: the account whose passkey signed the stored challenge. */
export async function signInWithPasskey(deps: PasskeyDeps, input: PasskeyAssertion, ip: string) {
  const response: AuthenticationResponseJSON = input.response;
  const challenge = challengeOf(response);
  await claimChallenge(deps, challenge, 'sign_in', {});
  const user = await deps.db.transaction((tx) => verifyAssertion(deps, tx, response, challenge));
  // The sign-in history (download my data) lists passkey sign-ins with the password ones.
  await deps.db.insert(loginAttempts).values({ email: user.email, ip, succeeded: true, createdAt: deps.clock.now() });
  return user;
}

/** The admin's second step by passkey, step 1: options for this admin's own passkeys, tied to this session. */
export async function secondStepPasskeyOptions(deps: PasskeyDeps, user: SessionCaller) {
  const own = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (own.length === 0) throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.passkeyUnknown);
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransportFuture[] })),
  });
  await storeChallenge(deps, options.challenge, 'second_step', { userId: user.id, sessionId: user.sessionId });
  return { options };
}

/** The admin's second step by passkey, step 2: verified, the session is marked as past the second step. */
export async function passSecondStepWithPasskey(deps: PasskeyDeps, user: SessionCaller, input: PasskeyAssertion) {
  const response: AuthenticationResponseJSON = input.response;
  const challenge = challengeOf(response);
  await claimChallenge(deps, challenge, 'second_step', { userId: user.id, sessionId: user.sessionId });
  await deps.db.transaction(async (tx) => {
    await verifyAssertion(deps, tx, response, challenge, user.id);
    await tx
      .update(sessions)
      .set({ secondFactorAt: deps.clock.now() })
      .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)));
  });
}
