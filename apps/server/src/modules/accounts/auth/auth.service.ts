import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
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
import { loginAttempts, merchantRegistrationRequests, merchantStaff, sessions, users } from '../../../db/schema';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/deps';
import { clearRateLimit, consumeRateLimit, consumeRateLimits, releaseHits, type Limit } from '../../../lib/rate-limit';
import { existingAccountSignupEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from './auth.emails';
import { consumeToken, issueToken, revokeTokens } from './tokens';

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
  const passwordHash = await hashPassword(input.password);
  const role = input.role ?? 'customer';
  const inserted = await tx
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash,
      name: input.name?.trim() || null,
      role,
      // An admin is an owner unless made with another role (the first admin, made by the CLI, is one).
      adminRole: role === 'admin' ? (input.adminRole ?? 'owner') : null,
      emailVerifiedAt: input.verified ? now : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const user = inserted[0];
  if (!user) throw new AppError('CONFLICT', AUTH_ERRORS.emailTaken, { email: AUTH_ERRORS.emailTaken });
  return user;
}

/**
 * Customer sign-up. The answer is the same whether or not the address has an account, and so is its
 * timing: past the rate limit everything happens after the response. A new address gets the
 * verification mail; an address with an account gets a warning instead (docs/decisions/0007).
 */
export async function signUp(deps: AuthDeps, input: { email: string; password: string; name?: string }, ip: string) {
  await consumeRateLimit(deps.db, `signup:ip:${ip}`, deps.limits.signupPerAddress, AUTH_ERRORS.tooManySignups, deps.clock.now());
  deps.afterResponse('sign-up', async () => {
    try {
      const user = await createUser(
        deps.db,
        { email: input.email, password: input.password, name: input.name, role: 'customer' },
        deps.clock.now(),
      );
      await sendVerification(deps, user.id, user.email, user.name ?? '');
    } catch (err) {
      if (!isEmailTaken(err)) throw err;
      await warnExistingAccount(deps, input.email, 'account');
    }
  });
}

export const isEmailTaken = (err: unknown) => err instanceof AppError && err.code === 'CONFLICT' && err.message === AUTH_ERRORS.emailTaken;

/**
 * Tells the owner of an address that someone tried to register with it. At most a few per window,
 * so nobody floods an inbox through the sign-up form; past that the attempt is dropped silently.
 */
export async function warnExistingAccount(
  deps: Pick<AuthDeps, 'db' | 'mailer' | 'clock' | 'config' | 'limits'>,
  email: string,
  what: 'account' | 'business',
) {
  const address = email.toLowerCase();
  try {
    await consumeRateLimit(
      deps.db,
      `signup-warning:email:${address}`,
      deps.limits.emailPerAccount,
      AUTH_ERRORS.tooManyEmails,
      deps.clock.now(),
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') return;
    throw err;
  }
  await deps.mailer.send(existingAccountSignupEmail(address, what, deps.config.appUrl));
}

export async function sendVerification(
  deps: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config'>,
  userId: string,
  email: string,
  name: string,
) {
  const { selector, verifier } = await issueToken(deps.db, userId, 'email_verification', EMAIL_VERIFICATION_TTL_MS, deps.clock.now());
  const url = `${deps.config.appUrl}${paths.authCallback}?type=signup&token=${selector}.${verifier}`;
  await deps.mailer.send(verificationEmail(email, name, url));
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
async function assertMaySignIn(db: Tx, user: typeof users.$inferSelect) {
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
 * Starts a password reset. Past the rate limits (the same for every address) the account lookup,
 * the token and the mail happen after the response: its content and timing are the same whether or
 * not the address has an account (docs/decisions/0007).
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string) {
  await consumeRateLimits(deps.db, mailLimits(deps.limits, 'reset', email, ip), deps.clock.now());
  deps.afterResponse('password reset e-mail', async () => {
    const [user] = await deps.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) return;
    const now = deps.clock.now();
    await revokeTokens(deps.db, user.id, 'password_reset', now);
    const { selector, verifier } = await issueToken(deps.db, user.id, 'password_reset', PASSWORD_RESET_TTL_MS, now);
    const url = `${deps.config.appUrl}${paths.resetPassword}?access_token=${selector}&refresh_token=${verifier}`;
    await deps.mailer.send(passwordResetEmail(user.email, url));
  });
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
