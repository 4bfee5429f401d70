import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  EMAIL_CHANGE_CONFIRM_TTL_MS,
  EMAIL_CHANGE_LIMIT,
  EMAIL_CHANGE_UNDO_TTL_MS,
  paths,
  type ChangeEmail,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { emailChanges, sessions, users } from '../../../db/schema';
import { randomToken, safeEqual, sha256, verifyPassword } from '../../../lib/crypto';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { confirmEmailChangeEmail, emailChangedEmail, emailChangeTakenEmail, emailRestoredEmail } from './email-change.emails';

/** A link's token: `selector.verifier`; only the verifier's hash is stored. */
const newLink = () => {
  const selector = randomToken(12);
  const verifier = randomToken(32);
  return { selector, verifier, hash: sha256(verifier), token: `${selector}.${verifier}` };
};
const splitToken = (token: string) => {
  const [selector, verifier] = token.split('.');
  if (!selector || !verifier) throw new AppError('TOKEN_INVALID', ACCOUNT_MESSAGES.emailLinkInvalid);
  return { selector, verifier };
};

/** Is this error PostgreSQL's unique violation (the address was taken meanwhile)? */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === '23505') return true;
  return false;
};

/** The password check before a sensitive change: a wrong one is a field error, and counts against the login limits of nothing else. */
export async function assertPassword(deps: Pick<Deps, 'db'>, userId: string, password: string, field = 'password') {
  const [u] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u || !(await verifyPassword(u.passwordHash, password)))
    throw new AppError('VALIDATION', ACCOUNT_MESSAGES.passwordWrong, { [field]: ACCOUNT_MESSAGES.passwordWrong });
}

/**
 * Asks to change the account's e-mail (docs/decisions/0053-account-controls.md): the password is checked,
 * an earlier request that was not confirmed ends, and the new address gets a link valid for
 * EMAIL_CHANGE_CONFIRM_TTL_MS. Nothing changes until it is opened. When the new address already has an
 * account it gets a notice without a link instead; the answer is the same, so it does not tell.
 */
export async function requestEmailChange(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>,
  user: { id: string; email: string },
  input: ChangeEmail,
) {
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === user.email) throw new AppError('VALIDATION', ACCOUNT_MESSAGES.sameEmail, { newEmail: ACCOUNT_MESSAGES.sameEmail });
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, `email-change:user:${user.id}`, EMAIL_CHANGE_LIMIT, ACCOUNT_MESSAGES.tooManyEmailChanges, now);
  await assertPassword(deps, user.id, input.password);
  const link = newLink();
  const mailId = await deps.db.transaction(async (tx) => {
    await cancelPending(tx, user.id, now);
    await tx.insert(emailChanges).values({
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      confirmSelector: link.selector,
      confirmVerifierHash: link.hash,
      confirmExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_CONFIRM_TTL_MS),
      createdAt: now,
    });
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    const url = `${deps.config.appUrl}${paths.confirmEmailChange}?token=${link.token}`;
    return deps.mailer.queue(
      tx,
      taken ? emailChangeTakenEmail(newEmail, deps.config.appUrl) : confirmEmailChangeEmail(newEmail, user.email, url),
    );
  });
  await deliverQueuedMail(deps, mailId, 'email change');
  return { pendingEmail: newEmail };
}

/** Ends the account's requests that were not confirmed (a newer one replaces them). */
async function cancelPending(tx: Tx, userId: string, now: Date) {
  await tx
    .update(emailChanges)
    .set({ cancelledAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt)));
}

/** The new address waiting for its confirmation, if any. */
export async function pendingEmailOf(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
        gt(emailChanges.confirmExpiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/**
 * The confirm link: the account takes the new address (verified: the link proves it), once, and the old
 * address gets the undo link, valid for EMAIL_CHANGE_UNDO_TTL_MS. Two opens at once change it once.
 */
export async function confirmEmailChange(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>, token: string) {
  const { selector, verifier } = splitToken(token);
  const now = deps.clock.now();
  const undo = newLink();
  const { email, mailId } = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.confirmSelector, selector));
      if (!row || !safeEqual(row.confirmVerifierHash, sha256(verifier)) || row.cancelledAt)
        throw new AppError('TOKEN_INVALID', ACCOUNT_MESSAGES.emailLinkInvalid);
      if (row.confirmedAt) throw new AppError('TOKEN_USED', ACCOUNT_MESSAGES.emailLinkUsed);
      if (row.confirmExpiresAt.getTime() <= now.getTime()) throw new AppError('TOKEN_EXPIRED', ACCOUNT_MESSAGES.emailLinkExpired);
      const [confirmed] = await tx
        .update(emailChanges)
        .set({
          confirmedAt: now,
          undoSelector: undo.selector,
          undoVerifierHash: undo.hash,
          undoExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_TTL_MS),
        })
        .where(and(eq(emailChanges.id, row.id), isNull(emailChanges.confirmedAt)))
        .returning({ id: emailChanges.id });
      if (!confirmed) throw new AppError('TOKEN_USED', ACCOUNT_MESSAGES.emailLinkUsed);
      await tx.update(users).set({ email: row.newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
      const url = `${deps.config.appUrl}${paths.undoEmailChange}?token=${undo.token}`;
      return { email: row.newEmail, mailId: await deps.mailer.queue(tx, emailChangedEmail(row.oldEmail, row.newEmail, url)) };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailNowTaken);
      throw err;
    });
  await deliverQueuedMail(deps, mailId, 'email change notice');
  return { email };
}

/**
 * The undo link, from the old address within EMAIL_CHANGE_UNDO_TTL_MS: the account takes its old address
 * back, every session ends (whoever changed it may be signed in) and requests still pending end. The mail
 * suggests a new password.
 */
export async function undoEmailChange(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>, token: string) {
  const { selector, verifier } = splitToken(token);
  const now = deps.clock.now();
  const { email, mailId } = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.undoSelector, selector));
      if (!row?.undoVerifierHash || !safeEqual(row.undoVerifierHash, sha256(verifier)))
        throw new AppError('TOKEN_INVALID', ACCOUNT_MESSAGES.emailLinkInvalid);
      if (row.undoneAt) throw new AppError('TOKEN_USED', ACCOUNT_MESSAGES.emailLinkUsed);
      if (!row.undoExpiresAt || row.undoExpiresAt.getTime() <= now.getTime())
        throw new AppError('TOKEN_EXPIRED', ACCOUNT_MESSAGES.undoExpired);
      const [undone] = await tx
        .update(emailChanges)
        .set({ undoneAt: now })
        .where(and(eq(emailChanges.id, row.id), isNull(emailChanges.undoneAt)))
        .returning({ id: emailChanges.id });
      if (!undone) throw new AppError('TOKEN_USED', ACCOUNT_MESSAGES.emailLinkUsed);
      await tx.update(users).set({ email: row.oldEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
      await tx.delete(sessions).where(eq(sessions.userId, row.userId));
      await cancelPending(tx, row.userId, now);
      return { email: row.oldEmail, mailId: await deps.mailer.queue(tx, emailRestoredEmail(row.oldEmail, deps.config.appUrl)) };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.undoExpired);
      throw err;
    });
  await deliverQueuedMail(deps, mailId, 'email restored');
  return { email };
}
