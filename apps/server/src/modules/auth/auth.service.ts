import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  EMAIL_VERIFICATION_TTL_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  PASSWORD_RESET_TTL_MS,
  type Role,
} from '@localperks/shared';
import type { Db, Tx } from '../../db/client';
import { loginAttempts, merchantRegistrationRequests, sessions, users } from '../../db/schema';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { consumeRateLimit } from '../../lib/rate-limit';
import type { Mailer } from '../../mail/mailer';
import { existingAccountSignupEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from './auth.emails';
import { consumeToken, issueToken, revokeTokens } from './tokens';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  limits: AuthLimits;
  /** Runs work after the response (AfterResponse.run): where the answer must not tell whether an account exists. */
  afterResponse: (what: string, work: () => Promise<unknown>) => void;
}

export interface AuthLimits {
  signupPerAddress: { max: number; windowMs: number };
  emailPerAccount: { max: number; windowMs: number };
  emailPerAddress: { max: number; windowMs: number };
  loginFailuresPerAccount: number;
  loginFailuresPerAddress: number;
  loginWindowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signupPerAddress: { max: 10, windowMs: 60 * 60_000 },
  emailPerAccount: { max: 3, windowMs: 15 * 60_000 },
  emailPerAddress: { max: 20, windowMs: 60 * 60_000 },
  loginFailuresPerAccount: LOGIN_FAILURES_PER_ACCOUNT,
  loginFailuresPerAddress: LOGIN_FAILURES_PER_ADDRESS,
  loginWindowMs: LOGIN_FAILURE_WINDOW_MS,
};

export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Try logging in or resetting your password.',
  tooManyForAccount: 'Too many failed login attempts for this account. Please wait 15 minutes or reset your password.',
  tooManyForAddress: 'Too many failed login attempts from your network. Please wait 15 minutes and try again.',
  tooManySignups: 'Too many sign-ups from your network. Please try again in an hour.',
  tooManyEmails: 'Too many emails requested. Please wait a few minutes and try again.',
} as const;

/** Creates a user with a hashed password. Self sign-up always passes role customer. */
export async function createUser(
  db: Tx,
  input: { email: string; password: string; name?: string | null; role?: Role; verified?: boolean },
) {
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash,
      name: input.name?.trim() || null,
      role: input.role ?? 'customer',
      emailVerifiedAt: input.verified ? new Date() : null,
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
  await consumeRateLimit(deps.db, `signup:ip:${ip}`, deps.limits.signupPerAddress, AUTH_ERRORS.tooManySignups);
  deps.afterResponse('sign-up', async () => {
    try {
      const user = await createUser(deps.db, { email: input.email, password: input.password, name: input.name, role: 'customer' });
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
  deps: Pick<AuthDeps, 'db' | 'mailer' | 'appUrl' | 'limits'>,
  email: string,
  what: 'account' | 'business',
) {
  const address = email.toLowerCase();
  try {
    await consumeRateLimit(deps.db, `signup-warning:email:${address}`, deps.limits.emailPerAccount, AUTH_ERRORS.tooManyEmails);
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') return;
    throw err;
  }
  await deps.mailer.send(existingAccountSignupEmail(address, what, deps.appUrl));
}

export async function sendVerification(deps: Pick<AuthDeps, 'db' | 'mailer' | 'appUrl'>, userId: string, email: string, name: string) {
  const { selector, verifier } = await issueToken(deps.db, userId, 'email_verification', EMAIL_VERIFICATION_TTL_MS);
  const url = `${deps.appUrl}/auth/callback?type=signup&token=${selector}.${verifier}`;
  await deps.mailer.send(verificationEmail(email, name, url));
}

async function recentFailures(db: Db, column: 'email' | 'ip', value: string, windowMs: number) {
  const since = new Date(Date.now() - windowMs);
  const col = column === 'email' ? loginAttempts.email : loginAttempts.ip;
  // Failures since the last success in the window: a successful sign-in clears the account's count.
  const [lastOk] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(col, value), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastOk && column === 'email' ? lastOk.at : since;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(col, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, from)));
  return row?.n ?? 0;
}

/** Checks a password sign-in, slowing brute force per account and per address. */
export async function logIn(deps: AuthDeps, input: { email: string; password: string }, ip: string) {
  const email = input.email.toLowerCase();
  const { limits } = deps;
  if ((await recentFailures(deps.db, 'ip', ip, limits.loginWindowMs)) >= limits.loginFailuresPerAddress) {
    throw new AppError('RATE_LIMITED', AUTH_ERRORS.tooManyForAddress, undefined, { 'retry-after': String(limits.loginWindowMs / 1000) });
  }
  if ((await recentFailures(deps.db, 'email', email, limits.loginWindowMs)) >= limits.loginFailuresPerAccount) {
    throw new AppError('RATE_LIMITED', AUTH_ERRORS.tooManyForAccount, undefined, { 'retry-after': String(limits.loginWindowMs / 1000) });
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  await deps.db.insert(loginAttempts).values({ email, ip, succeeded: Boolean(user && ok) });
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', AUTH_ERRORS.invalidCredentials);
  return user;
}

/** Confirms an e-mail address from the link in the verification mail. */
export async function verifyEmail(deps: AuthDeps, token: string) {
  const [selector, verifier] = token.split('.');
  if (!selector || !verifier) throw new AppError('TOKEN_INVALID', 'This verification link is invalid. Please request a new one.');
  return deps.db.transaction(async (tx) => {
    const { userId } = await consumeToken(tx, 'email_verification', selector, verifier);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('TOKEN_INVALID', 'This verification link is invalid. Please request a new one.');
    return user;
  });
}

/**
 * Sends a new verification mail. Answers the same whether or not the address has an account; the
 * mail itself goes after the response, so the timing does not tell either.
 */
export async function resendVerification(deps: AuthDeps, email: string, ip: string) {
  await consumeRateLimit(deps.db, `mail:ip:${ip}`, deps.limits.emailPerAddress, AUTH_ERRORS.tooManyEmails);
  await consumeRateLimit(deps.db, `verify:email:${email}`, deps.limits.emailPerAccount, AUTH_ERRORS.tooManyEmails);
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
  await consumeRateLimit(deps.db, `mail:ip:${ip}`, deps.limits.emailPerAddress, AUTH_ERRORS.tooManyEmails);
  await consumeRateLimit(deps.db, `reset:email:${email}`, deps.limits.emailPerAccount, AUTH_ERRORS.tooManyEmails);
  deps.afterResponse('password reset e-mail', async () => {
    const [user] = await deps.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) return;
    await revokeTokens(deps.db, user.id, 'password_reset');
    const { selector, verifier } = await issueToken(deps.db, user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
    const url = `${deps.appUrl}/reset-password?access_token=${selector}&refresh_token=${verifier}`;
    await deps.mailer.send(passwordResetEmail(user.email, url));
  });
}

/** Sets a new password from a reset link; every existing session of the account ends. */
export async function resetPassword(deps: AuthDeps, input: { accessToken: string; refreshToken: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const { userId } = await consumeToken(tx, 'password_reset', input.accessToken, input.refreshToken);
    const [u] = await tx
      .update(users)
      // Receiving the link proves the address, so it counts as verified.
      .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return u!;
  });
  await deps.mailer.send(passwordChangedEmail(user.email));
  return user;
}

export async function hasMerchantRegistration(db: Db, userId: string) {
  const [row] = await db
    .select({ id: merchantRegistrationRequests.id })
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.userId, userId))
    .limit(1);
  return Boolean(row);
}
