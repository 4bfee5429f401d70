import { randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, SECOND_STEP_MAX_TRIES, SECOND_STEP_TTL_MS, SECURITY_MESSAGES, TOTP_CODE_LENGTH } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { authTokens, recoveryCodes, sessions, totpAuthenticators, users } from '../../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../../lib/crypto';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { consumeRateLimits, releaseHits, type LimitRule } from '../../../lib/rate-limit';
import { requireRecentAuth, type SessionCaller } from './reauth.service';
import { securityChangedEmail, type SecurityChange } from './security.emails';

/** What the authenticator-app services use (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export type TotpDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>;

/** Wrong codes (app or recovery) per account from one address, and per account from all addresses. */
export const WRONG_CODES_PER_ADDRESS = { max: 10, windowMs: 15 * 60_000 };
export const WRONG_CODES_ALL_ADDRESSES = { max: 30, windowMs: 60 * 60_000 };
/** A code from the app is accepted 30 seconds either side of its own period (clock drift, typing time). */
const EPOCH_TOLERANCE_S = 30;

const wrongCodeLimits = (userId: string, ip: string): LimitRule[] => [
  { key: `totp-wrong:user:${userId}:ip:${ip}`, limit: WRONG_CODES_PER_ADDRESS, message: SECURITY_MESSAGES.tooManyWrongCodes },
  { key: `totp-wrong:user:${userId}`, limit: WRONG_CODES_ALL_ADDRESSES, message: SECURITY_MESSAGES.tooManyWrongCodes },
];

/** Recovery codes: ten letters and digits without look-alikes (0/o, 1/l/i), shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
const recoveryHash = (userId: string, code: string) => sha256(`recovery:${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`);

/** Whether the account has its authenticator app on. */
export async function totpEnabled(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ userId: totpAuthenticators.userId })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.userId, userId), isNotNull(totpAuthenticators.enabledAt)));
  return Boolean(row);
}

export async function recoveryCodesLeft(deps: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turn the app on, step 1: a new secret (not in force yet), as a QR code and as text. */
export async function startTotpSetup(deps: TotpDeps, user: SessionCaller) {
  await requireRecentAuth(deps, user);
  if (await totpEnabled(deps, user.id)) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadyOn);
  const secret = generateSecret();
  const now = deps.clock.now();
  await deps.db
    .insert(totpAuthenticators)
    .values({ userId: user.id, secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpAuthenticators.userId,
      set: { secret, lastStep: null, createdAt: now },
      where: isNull(totpAuthenticators.enabledAt),
    });
  const uri = generateURI({ issuer: 'LocalPerks', label: user.email, secret });
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#0f172a', light: '#ffffff' },
  });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Replaces the account's recovery codes with RECOVERY_CODE_COUNT new ones, in the caller's transaction. */
async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(userId, c), createdAt: now })));
  return codes;
}

async function mailChange(deps: TotpDeps, tx: Tx, user: SessionCaller, change: SecurityChange) {
  return deps.mailer.queue(tx, securityChangedEmail(user.email, change, deps.config.appUrl));
}

/**
 * Checks a code from the app against the secret, at most once per time step: the step of an accepted code is
 * stored by a conditional UPDATE, so the same code (or an older one) never works again, even in parallel.
 */
async function acceptTotp(deps: Pick<Deps, 'db' | 'clock'>, userId: string, secret: string, code: string) {
  const epoch = Math.floor(deps.clock.now().getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: EPOCH_TOLERANCE_S }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  const [moved] = await deps.db
    .update(totpAuthenticators)
    .set({ lastStep: result.timeStep })
    .where(
      and(eq(totpAuthenticators.userId, userId), or(isNull(totpAuthenticators.lastStep), lt(totpAuthenticators.lastStep, result.timeStep))),
    )
    .returning({ userId: totpAuthenticators.userId });
  return Boolean(moved);
}

/**
 * A code for the second step: one from the app, or a recovery code (each works once). Every try is counted
 * against the wrong-code limits before it is checked (so parallel guesses get no more than the limit), and
 * a right code gives its count back.
 */
async function checkCode(deps: Pick<Deps, 'db' | 'clock'>, userId: string, code: string, ip: string, mode: 'enrol' | 'sign-in') {
  const now = deps.clock.now();
  const hits = await consumeRateLimits(deps.db, wrongCodeLimits(userId, ip), now);
  const [row] = await deps.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
  // Enrolling checks the secret not yet in force; signing in only the one that is.
  const usable = row && (mode === 'enrol' ? row.enabledAt === null : row.enabledAt !== null);
  const isAppCode = new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code);
  let ok = false;
  if (usable && isAppCode) ok = await acceptTotp(deps, userId, row.secret, code);
  else if (usable && mode === 'sign-in') {
    const [used] = await deps.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(userId, code)), isNull(recoveryCodes.usedAt)))
      .returning({ userId: recoveryCodes.userId });
    ok = Boolean(used);
  }
  if (!ok) throw new AppError('VALIDATION', SECURITY_MESSAGES.codeWrong, { code: SECURITY_MESSAGES.codeWrong });
  await releaseHits(deps.db, hits);
}

/** Turn the app on, step 2: a code from the app proves it holds the secret; the recovery codes are shown once. */
export async function enableTotp(deps: TotpDeps, user: SessionCaller, code: string, ip: string) {
  await requireRecentAuth(deps, user);
  const [row] = await deps.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, user.id));
  if (!row) throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.totpNotStarted);
  if (row.enabledAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadyOn);
  await checkCode(deps, user.id, code, ip, 'enrol');
  const now = deps.clock.now();
  const { codes, mailId } = await deps.db.transaction(async (tx) => {
    const [on] = await tx
      .update(totpAuthenticators)
      .set({ enabledAt: now })
      .where(and(eq(totpAuthenticators.userId, user.id), isNull(totpAuthenticators.enabledAt), eq(totpAuthenticators.secret, row.secret)))
      .returning({ userId: totpAuthenticators.userId });
    if (!on) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadyOn);
    return { codes: await replaceRecoveryCodes(tx, user.id, now), mailId: await mailChange(deps, tx, user, { kind: 'totp_enabled' }) };
  });
  await deliverQueuedMail(deps, mailId, 'authenticator app on');
  return { recoveryCodes: codes };
}

export async function disableTotp(deps: TotpDeps, user: SessionCaller) {
  await requireRecentAuth(deps, user);
  const mailId = await deps.db.transaction(async (tx) => {
    const [off] = await tx
      .delete(totpAuthenticators)
      .where(and(eq(totpAuthenticators.userId, user.id), isNotNull(totpAuthenticators.enabledAt)))
      .returning({ userId: totpAuthenticators.userId });
    if (!off) throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.totpNotOn);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    return mailChange(deps, tx, user, { kind: 'totp_disabled' });
  });
  await deliverQueuedMail(deps, mailId, 'authenticator app off');
  return { ok: true as const };
}

export async function renewRecoveryCodes(deps: TotpDeps, user: SessionCaller) {
  await requireRecentAuth(deps, user);
  if (!(await totpEnabled(deps, user.id))) throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.totpNotOn);
  const now = deps.clock.now();
  const { codes, mailId } = await deps.db.transaction(async (tx) => ({
    codes: await replaceRecoveryCodes(tx, user.id, now),
    mailId: await mailChange(deps, tx, user, { kind: 'recovery_codes_renewed' }),
  }));
  await deliverQueuedMail(deps, mailId, 'recovery codes renewed');
  return { recoveryCodes: codes };
}

/**
 * A customer's or merchant's password was right and the app is on: no session yet, a one-time sign-in token
 * (selector.verifier; only the verifier's hash is kept) for the code that must follow within SECOND_STEP_TTL_MS.
 */
export async function startSecondStep(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const now = deps.clock.now();
  const selector = randomToken(12);
  const verifier = randomToken(32);
  const expiresAt = new Date(now.getTime() + SECOND_STEP_TTL_MS);
  await deps.db
    .insert(authTokens)
    .values({ userId, kind: 'sign_in_second_step', selector, verifierHash: sha256(verifier), expiresAt, createdAt: now });
  return { token: `${selector}.${verifier}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The second step: the sign-in token and a code from the app (or a recovery code). Each try spends one of
 * SECOND_STEP_MAX_TRIES of the token before the code is checked; a right code uses the token up.
 */
export async function completeSecondStep(deps: Pick<Deps, 'db' | 'clock'>, input: { token: string; code: string }, ip: string) {
  const now = deps.clock.now();
  const expired = () => new AppError('TOKEN_EXPIRED', SECURITY_MESSAGES.secondStepExpired);
  const [selector, verifier] = input.token.split('.');
  if (!selector || !verifier) throw expired();
  const [row] = await deps.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.selector, selector), eq(authTokens.kind, 'sign_in_second_step')));
  if (!row || !safeEqual(row.verifierHash, sha256(verifier)) || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw expired();
  const [reserved] = await deps.db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt), lt(authTokens.attempts, SECOND_STEP_MAX_TRIES)))
    .returning({ id: authTokens.id });
  if (!reserved) throw expired();
  await checkCode(deps, row.userId, input.code, ip, 'sign-in');
  const [spent] = await deps.db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ userId: authTokens.userId });
  if (!spent) throw expired();
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)));
  if (!user) throw expired();
  return user;
}

/** The admin's second step by the app (or a recovery code): this session passes it. */
export async function passSecondStepWithTotp(deps: Pick<Deps, 'db' | 'clock'>, user: SessionCaller, code: string, ip: string) {
  if (!(await totpEnabled(deps, user.id))) throw new AppError('BAD_REQUEST', SECURITY_MESSAGES.totpNotOn);
  await checkCode(deps, user.id, code, ip, 'sign-in');
  await deps.db
    .update(sessions)
    .set({ secondFactorAt: deps.clock.now() })
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)));
}
