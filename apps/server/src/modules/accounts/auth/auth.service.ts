import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import {
  ACCESS_MESSAGES,
  EMAIL_VERIFICATION_TTL_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  PASSWORD_RESET_TTL_MS,
  type AdminRole,
  type Role,
  paths,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { authTokens, emailOutbox, loginAttempts, merchantRegistrationRequests, merchantStaff, sessions, users } from '../../../db/schema';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/deps';
import { LOCK_IDS } from '../../../lib/lock-ids';
import { clearRateLimit, consumeRateLimit, consumeRateLimits, lockKey, releaseHits, type Limit } from '../../../lib/rate-limit';
import {
  EXISTING_ACCOUNT_MAIL,
  existingAccountSignupEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from './auth.emails';
import { consumeToken, issueToken } from './tokens';

/** The services' Deps (lib/deps.ts) and what sign-in adds: its limits and the after-response runner. */
export interface AuthDeps extends Pick<Deps, 'db' | 'mailer' | 'clock' | 'config'> {
  limits: AuthLimits;
  /** Runs work after the response (AfterResponse.run): where the answer must not tell whether an account exists. */
  afterResponse: (what: string, work: () => Promise<unknown>) => void;
}

export interface AuthLimits {
  signupPerAddress: Limit;
  emailPerAccount: Limit;
  emailPerAddress: Limit;
  /** Failed sign-ins per account from one address, and per address over all accounts, in `loginWindowMs`. */
  loginFailuresPerAccount: number;
  loginFailuresPerAddress: number;
  loginWindowMs: number;
  /** Failed sign-ins per account from all addresses but the owner's known ones: the distributed-attack brake. */
  loginFailuresPerAccountAllAddresses: Limit;
  /** How long an address the account signed in from counts as the owner's. */
  knownAddressMs: number;
  /** Passkey sign-in requests per client address (each stores a challenge; docs/decisions/0055). */
  passkeyRequestsPerAddress: Limit;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signupPerAddress: { max: 10, windowMs: 60 * 60_000 },
  emailPerAccount: { max: 3, windowMs: 15 * 60_000 },
  emailPerAddress: { max: 20, windowMs: 60 * 60_000 },
  loginFailuresPerAccount: LOGIN_FAILURES_PER_ACCOUNT,
  loginFailuresPerAddress: LOGIN_FAILURES_PER_ADDRESS,
  loginWindowMs: LOGIN_FAILURE_WINDOW_MS,
  loginFailuresPerAccountAllAddresses: { max: 100, windowMs: 60 * 60_000 },
  knownAddressMs: 30 * 24 * 60 * 60_000,
  passkeyRequestsPerAddress: { max: 60, windowMs: 10 * 60_000 },
};

export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Try logging in or resetting your password.',
  tooManyForAccount: 'Too many failed login attempts for this account. Please wait 15 minutes or reset your password.',
  tooManyForAddress: 'Too many failed login attempts from your network. Please wait 15 minutes and try again.',
  tooManySignups: 'Too many sign-ups from your network. Please try again in an hour.',
  tooManyEmails: 'Too many emails requested. Please wait a few minutes and try again.',
} as const;

/**
 * Creates a user with a hashed password, in the caller's transaction; `verified` marks the address
 * verified at `now`. Self sign-up always passes role customer.
 */
export async function createUser(
  tx: Tx,
  input: { email: string; password: string; name?: string | null; role?: Role; adminRole?: AdminRole; verified?: boolean },
  now: Date,
) {
  const user = await insertUserIfNew(tx, { ...input, passwordHash: await hashPassword(input.password) }, now);
  if (!user) throw new AppError('CONFLICT', AUTH_ERRORS.emailTaken, { email: AUTH_ERRORS.emailTaken });
  return user;
}

/** One insert that does nothing when the address has an account: the new user, or undefined. */
export async function insertUserIfNew(
  tx: Tx,
  input: { email: string; passwordHash: string; name?: string | null; role?: Role; adminRole?: AdminRole; verified?: boolean },
  now: Date,
) {
  const role = input.role ?? 'customer';
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      name: input.name?.trim() || null,
      role,
      // An admin is an owner unless made with another role (the first admin, made by the CLI, is one).
      adminRole: role === 'admin' ? (input.adminRole ?? 'owner') : null,
      emailVerifiedAt: input.verified ? now : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

/** What a sign-up wrote: the new account (none when the address was taken) and the mail it queued, if any. */
export interface SignupWritten {
  user: typeof users.$inferSelect | undefined;
  mailId: string | null;
}

/**
 * The durable part of a sign-up (customer or merchant), in the caller's transaction
 * (docs/decisions/0052-durable-sign-ups.md): the account, or nothing when the address is taken, and one
 * mail in the outbox, the verification link or the "someone tried to register" warning. The work is the
 * same either way, so the answer's timing does not tell which: the caller hashed the password in both
 * cases, and each path takes the address's lock, makes one insert-or-nothing on users, one more
 * statement (the token, or the count of recent warnings) and one outbox insert.
 */
export async function writeSignup(
  deps: Pick<AuthDeps, 'mailer' | 'config' | 'limits'>,
  tx: Tx,
  input: { email: string; passwordHash: string; name: string | null; role: Role; mailName: string },
  what: 'account' | 'business',
  now: Date,
): Promise<SignupWritten> {
  const address = input.email.toLowerCase();
  await lockAddress(tx, address);
  const user = await insertUserIfNew(tx, { ...input, email: address }, now);
  if (user) return { user, mailId: await queueVerification(deps, tx, user, input.mailName, now) };
  // At most a few warnings per address and window, so nobody floods an inbox through the sign-up form;
  // past that the attempt is dropped silently. Counted in the outbox under the address's lock.
  const limit = deps.limits.emailPerAccount;
  const [recent] = await tx
    .select({ n: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.to, address),
        eq(emailOutbox.kind, EXISTING_ACCOUNT_MAIL),
        gt(emailOutbox.createdAt, new Date(now.getTime() - limit.windowMs)),
      ),
    );
  if ((recent?.n ?? 0) >= limit.max) return { user: undefined, mailId: null };
  return { user: undefined, mailId: await deps.mailer.queue(tx, existingAccountSignupEmail(address, what, deps.config.appUrl)) };
}

/** Serialises sign-ups for one address (a transaction-scoped advisory lock in the rate limiter's two-key space). */
async function lockAddress(tx: Tx, address: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.rateLimitSpace}::int, ${lockKey(`signup:${address}`)}::int)`);
}

/**
 * Customer sign-up. The account and its verification mail are written before the answer, in one
 * transaction; the answer is the same whether or not the address has an account, and so is the work
 * (writeSignup). Only the sending of the queued mail waits for after the response: the mail is in the
 * outbox already, so a crash in between loses nothing (the mail-delivery job sends it).
 */
export async function signUp(deps: AuthDeps, input: { email: string; password: string; name?: string }, ip: string) {
  await consumeRateLimit(deps.db, `signup:ip:${ip}`, deps.limits.signupPerAddress, AUTH_ERRORS.tooManySignups, deps.clock.now());
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const { mailId } = await deps.db.transaction((tx) =>
    writeSignup(
      deps,
      tx,
      { email: input.email, passwordHash, name: input.name ?? null, role: 'customer', mailName: input.name?.trim() ?? '' },
      'account',
      now,
    ),
  );
  if (mailId) deliverAfterResponse(deps, mailId, 'sign-up');
}

/** Hands a committed outbox row to the mailer once the answer is sent (SMTP's time must not show in it). */
export function deliverAfterResponse(deps: Pick<AuthDeps, 'mailer' | 'afterResponse'>, mailId: string, what: string) {
  deps.afterResponse(`${what} e-mail`, () => deps.mailer.deliver(mailId));
}

/** A verification link for `user`, its token and its mail written in the caller's transaction; returns the outbox id. */
async function queueVerification(
  deps: Pick<Deps, 'mailer' | 'config'>,
  tx: Tx,
  user: { id: string; email: string },
  name: string,
  now: Date,
) {
  const { selector, verifier } = await issueToken(tx, user.id, 'email_verification', EMAIL_VERIFICATION_TTL_MS, now);
  const url = `${deps.config.appUrl}${paths.authCallback}?type=signup&token=${selector}.${verifier}`;
  return deps.mailer.queue(tx, verificationEmail(user.email, name, url));
}

export async function sendVerification(
  deps: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config'>,
  userId: string,
  email: string,
  name: string,
) {
  const mailId = await queueVerification(deps, deps.db, { id: userId, email }, name, deps.clock.now());
  await deps.mailer.deliver(mailId);
}

/** Whether `email` signed in successfully from `ip` within `withinMs` before `now`: the owner's own address. */
async function isKnownAddress(db: Tx, email: string, ip: string, withinMs: number, now: Date) {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.succeeded, true),
        gt(loginAttempts.createdAt, new Date(now.getTime() - withinMs)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Checks a password sign-in. Each attempt is counted before the password is checked, so parallel
 * guesses get no more than the limits (docs/decisions/0006-rate-limits.md): per address, per
 * account from that address (the tight one), and per account from every address, a much higher
 * limit that slows a distributed attack down without letting it lock the owner out of an address
 * they signed in from before. A success gives its attempt back: only failures count.
 */
export async function logIn(deps: AuthDeps, input: { email: string; password: string }, ip: string) {
  const email = input.email.toLowerCase();
  const { limits } = deps;
  const now = deps.clock.now();
  const window = limits.loginWindowMs;
  const accountAtAddress = `login:account-address:${email}:${ip}`;
  const known = await isKnownAddress(deps.db, email, ip, limits.knownAddressMs, now);
  const hits = await consumeRateLimits(
    deps.db,
    [
      {
        key: `login:address:${ip}`,
        limit: { max: limits.loginFailuresPerAddress, windowMs: window },
        message: AUTH_ERRORS.tooManyForAddress,
      },
      { key: accountAtAddress, limit: { max: limits.loginFailuresPerAccount, windowMs: window }, message: AUTH_ERRORS.tooManyForAccount },
      ...(known
        ? []
        : [{ key: `login:account:${email}`, limit: limits.loginFailuresPerAccountAllAddresses, message: AUTH_ERRORS.tooManyForAccount }]),
    ],
    now,
  );
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  await deps.db.insert(loginAttempts).values({ email, ip, succeeded: Boolean(user && ok), createdAt: now });
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', AUTH_ERRORS.invalidCredentials);
  await releaseHits(deps.db, hits);
  await clearRateLimit(deps.db, accountAtAddress);
  // Only someone who knows the password learns why the account may not sign in (docs/decisions/0063).
  await assertMaySignIn(deps.db, user);
  return user;
}

/** A banned customer, a deactivated admin and a staff member their business removed get no session, and are told why. */
export async function assertMaySignIn(db: Tx, user: typeof users.$inferSelect) {
  if (user.bannedAt) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.banned(user.banReason));
  if (user.deactivatedAt) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.deactivated);
  if (user.role !== 'merchant') return;
  const [staff] = await db
    .select({ removedAt: merchantStaff.removedAt })
    .from(merchantStaff)
    .where(and(eq(merchantStaff.userId, user.id), isNotNull(merchantStaff.acceptedAt)))
    .orderBy(sql`${merchantStaff.removedAt} is null desc`)
    .limit(1);
  if (staff?.removedAt) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.staffRemoved);
}

/** Confirms an e-mail address from the link in the verification mail. */
export async function verifyEmail(deps: AuthDeps, token: string) {
  const [selector, verifier] = token.split('.');
  if (!selector || !verifier) throw new AppError('TOKEN_INVALID', 'This verification link is invalid. Please request a new one.');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { userId } = await consumeToken(tx, 'email_verification', selector, verifier, now);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('TOKEN_INVALID', 'This verification link is invalid. Please request a new one.');
    return user;
  });
}

/** Mails on request: per address, and per account and kind (the address's hit is not spent when the account's limit refuses). */
const mailLimits = (limits: AuthLimits, kind: 'verify' | 'reset', email: string, ip: string) => [
  { key: `mail:ip:${ip}`, limit: limits.emailPerAddress, message: AUTH_ERRORS.tooManyEmails },
  { key: `${kind}:email:${email.toLowerCase()}`, limit: limits.emailPerAccount, message: AUTH_ERRORS.tooManyEmails },
];

/**
 * Sends a new verification mail. Answers the same whether or not the address has an account; the
 * mail itself goes after the response, so the timing does not tell either.
 */
export async function resendVerification(deps: AuthDeps, email: string, ip: string) {
  await consumeRateLimits(deps.db, mailLimits(deps.limits, 'verify', email, ip), deps.clock.now());
  const [user] = await deps.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) return { alreadyVerified: false };
  if (user.emailVerifiedAt) return { alreadyVerified: true };
  deps.afterResponse('verification e-mail', () => sendVerification(deps, user.id, user.email, user.name ?? ''));
  return { alreadyVerified: false };
}

/**
 * Starts a password reset. Past the rate limits (the same for every address) the request is written
 * before the answer, in one statement: the account's earlier links revoked, a new token and its mail
 * in the outbox, for an address with an account, and nothing for one without. Its content and timing
 * are the same either way (docs/decisions/0052-durable-sign-ups.md): the token and the mail are made in
 * both cases and the one statement runs in both. Only the SMTP send waits for after the response.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string) {
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, mailLimits(deps.limits, 'reset', email, ip), now);
  const address = email.toLowerCase();
  const selector = randomToken(12);
  const verifier = randomToken(32);
  const url = `${deps.config.appUrl}${paths.resetPassword}?access_token=${selector}&refresh_token=${verifier}`;
  const mail = passwordResetEmail(address, url);
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
  const written = (await deps.db.execute(
    sql`with account as (select ${users.id} as id from ${users} where ${users.email} = ${address}),
      revoked as (
        update ${authTokens} set used_at = ${now.toISOString()}::timestamptz
        where user_id in (select id from account) and kind = 'password_reset' and used_at is null
      ),
      token as (
        insert into ${authTokens} (user_id, kind, selector, verifier_hash, expires_at, created_at)
        select id, 'password_reset', ${selector}, ${sha256(verifier)}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from account
      )
      insert into ${emailOutbox} ("to", subject, text, html, kind)
      select ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.kind} from account
      returning id`,
  )) as unknown as { rows: { id: string }[] };
  if (written.rows[0]) deliverAfterResponse(deps, written.rows[0].id, 'password reset');
}

/** Sets a new password from a reset link; every existing session of the account ends. */
export async function resetPassword(deps: AuthDeps, input: { accessToken: string; refreshToken: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const { userId } = await consumeToken(tx, 'password_reset', input.accessToken, input.refreshToken, now);
    const [u] = await tx
      .update(users)
      // Receiving the link proves the address, so it counts as verified.
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return u!;
  });
  await deps.mailer.send(passwordChangedEmail(user.email));
  return user;
}

export async function hasMerchantRegistration(deps: Pick<Deps, 'db'>, userId: string) {
  const [row] = await deps.db
    .select({ id: merchantRegistrationRequests.id })
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.userId, userId))
    .limit(1);
  return Boolean(row);
}
