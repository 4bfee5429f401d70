import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  MAX_STAFF_PER_MERCHANT,
  MERCHANT_MESSAGES,
  STAFF_INVITE_TTL_MS,
  STAFF_MESSAGES,
  displayName,
  paths,
  type StaffMember,
  type StaffRole,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { merchantRegistrationRequests, merchantStaff, merchants, users } from '../../../db/schema';
import { hashPassword, randomToken, safeEqual, sha256 } from '../../../lib/crypto';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { endAllSessions } from '../../../plugins/session';
import { insertUserIfNew } from '../../accounts';
import { recordAudit } from '../../platform';
import { staffInviteEmail } from './merchant-staff.emails';

/*
 * A business's staff (docs/decisions/0062-roles-and-staff.md). The owner invites an address with a role; the mailed
 * link (a selector and a verifier, only its hash kept) makes the staff member's own merchant account and joins it
 * to the business; the access plugin then admits them where their role allows, acting for the business (the
 * session's merchantOwnerId). Removing ends their sessions in the same transaction. The rows stay: redemptions
 * and audit entries name who did them.
 */

type StaffRow = typeof merchantStaff.$inferSelect;
type Merchant = typeof merchants.$inferSelect;

async function ownBusiness(db: Tx, ownerId: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, ownerId));
  if (!m) throw new AppError('NOT_FOUND', MERCHANT_MESSAGES.noProfile);
  return m;
}

const memberOut = (r: StaffRow & { name: string | null }, now: Date): StaffMember => ({
  id: r.id,
  email: r.email,
  name: r.acceptedAt ? displayName(r.name, r.email) : null,
  role: r.role,
  status: r.acceptedAt ? 'active' : r.inviteExpiresAt <= now ? 'expired' : 'invited',
  invitedAt: r.createdAt.toISOString(),
  joinedAt: r.acceptedAt?.toISOString() ?? null,
});

const liveOf = (merchantId: string) => and(eq(merchantStaff.merchantId, merchantId), isNull(merchantStaff.removedAt));

/** The business's staff and open invitations, oldest first. */
export async function listStaff(deps: Pick<Deps, 'db' | 'clock'>, ownerId: string) {
  const m = await ownBusiness(deps.db, ownerId);
  const rows = await deps.db
    .select({ row: merchantStaff, name: users.name })
    .from(merchantStaff)
    .leftJoin(users, eq(users.id, merchantStaff.userId))
    .where(liveOf(m.id))
    .orderBy(asc(merchantStaff.createdAt), asc(merchantStaff.id));
  const now = deps.clock.now();
  return { staff: rows.map((r) => memberOut({ ...r.row, name: r.name }, now)) };
}

/**
 * An account that may join a business as staff: none yet, or a former staff member's (a merchant account that
 * owns no business, has registered none, and is on no staff now). Any other account is someone's own.
 */
async function joinableAccount(tx: Tx, email: string) {
  const [u] = await tx.select().from(users).where(eq(users.email, email));
  if (!u) return { account: null };
  const former =
    u.role === 'merchant' &&
    !(await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, u.id)))[0] &&
    !(
      await tx
        .select({ id: merchantRegistrationRequests.id })
        .from(merchantRegistrationRequests)
        .where(eq(merchantRegistrationRequests.userId, u.id))
    )[0] &&
    !(
      await tx
        .select({ id: merchantStaff.id })
        .from(merchantStaff)
        .where(and(eq(merchantStaff.userId, u.id), isNull(merchantStaff.removedAt)))
    )[0] &&
    Boolean((await tx.select({ id: merchantStaff.id }).from(merchantStaff).where(eq(merchantStaff.userId, u.id)))[0]);
  if (!former) throw new AppError('CONFLICT', STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
  return { account: u };
}

export type StaffDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>;

/**
 * Invites an address to the business's staff: the row with the link's hash, the audit entry and the mail in one
 * transaction. The business row is locked, so the staff limit holds under parallel invitations; the unique index
 * keeps one live invitation per address.
 */
export async function inviteStaff(deps: StaffDeps, owner: { id: string; name: string }, input: { email: string; role: StaffRole }) {
  const now = deps.clock.now();
  const selector = randomToken(12);
  const verifier = randomToken(32);
  const { row, mailId } = await deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(merchants).where(eq(merchants.userId, owner.id)).for('update');
    if (!m) throw new AppError('NOT_FOUND', MERCHANT_MESSAGES.noProfile);
    await joinableAccount(tx, input.email);
    const [live] = await tx.select({ n: count() }).from(merchantStaff).where(liveOf(m.id));
    if ((live?.n ?? 0) >= MAX_STAFF_PER_MERCHANT) throw new AppError('CONFLICT', STAFF_MESSAGES.tooMany);
    const [row] = await tx
      .insert(merchantStaff)
      .values({
        merchantId: m.id,
        email: input.email,
        role: input.role,
        invitedBy: owner.id,
        inviteSelector: selector,
        inviteVerifierHash: sha256(verifier),
        inviteExpiresAt: new Date(now.getTime() + STAFF_INVITE_TTL_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', STAFF_MESSAGES.alreadyInvited, { email: STAFF_MESSAGES.alreadyInvited });
    await recordAudit(tx, {
      adminId: owner.id,
      action: 'staff.invited',
      entityType: 'merchant_staff',
      entityId: row.id,
      details: { businessName: m.businessName, email: input.email, role: input.role },
    });
    const url = `${deps.config.appUrl}${paths.staffInvite(`${selector}.${verifier}`)}`;
    const mailId = await deps.mailer.queue(
      tx,
      staffInviteEmail(input.email, { businessName: m.businessName, invitedBy: owner.name, role: input.role, url }),
    );
    return { row, mailId };
  });
  await deliverQueuedMail(deps, mailId, 'staff invitation');
  return { member: memberOut({ ...row, name: null }, now) };
}

/** Changes a staff member's role; it applies to their next request. */
export async function changeStaffRole(deps: Pick<Deps, 'db' | 'clock'>, ownerId: string, staffId: string, role: StaffRole) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const m = await ownBusiness(tx, ownerId);
    const [row] = await tx
      .update(merchantStaff)
      .set({ role })
      .where(and(eq(merchantStaff.id, staffId), liveOf(m.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
    const [u] = row.userId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.userId)) : [];
    return { member: memberOut({ ...row, name: u?.name ?? null }, now) };
  });
}

/** Removes a staff member (or withdraws an invitation): their sessions and open streams end at once; audited. */
export async function removeStaff(deps: Pick<Deps, 'db' | 'clock'>, ownerId: string, staffId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const m = await ownBusiness(tx, ownerId);
    const [row] = await tx
      .update(merchantStaff)
      .set({ removedAt: now })
      .where(and(eq(merchantStaff.id, staffId), liveOf(m.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', STAFF_MESSAGES.notFound);
    if (row.userId) await endAllSessions(tx, row.userId);
    await recordAudit(tx, {
      adminId: ownerId,
      action: 'staff.removed',
      entityType: 'merchant_staff',
      entityId: row.id,
      details: { businessName: m.businessName, email: row.email, role: row.role, joined: row.acceptedAt !== null },
    });
  });
  return { ok: true as const };
}

/** The live invitation a link names, checked (the verifier against its hash, not used, not expired), locked when asked. */
async function invitation(tx: Tx, token: string, now: Date, lock = false) {
  const [selector, verifier] = token.split('.');
  if (!selector || !verifier) throw new AppError('TOKEN_INVALID', STAFF_MESSAGES.inviteInvalid);
  const query = tx
    .select({ row: merchantStaff, businessName: merchants.businessName })
    .from(merchantStaff)
    .innerJoin(merchants, eq(merchants.id, merchantStaff.merchantId))
    .where(eq(merchantStaff.inviteSelector, selector));
  const [found] = lock ? await query.for('update', { of: merchantStaff }) : await query;
  if (!found || found.row.removedAt || !safeEqual(found.row.inviteVerifierHash, sha256(verifier)))
    throw new AppError('TOKEN_INVALID', STAFF_MESSAGES.inviteInvalid);
  if (found.row.acceptedAt) throw new AppError('TOKEN_USED', STAFF_MESSAGES.inviteUsed);
  if (found.row.inviteExpiresAt <= now) throw new AppError('TOKEN_EXPIRED', STAFF_MESSAGES.inviteExpired);
  return found;
}

/** What the invitation page shows before it is accepted: the business, the address and the role. */
export async function previewInvitation(deps: Pick<Deps, 'db' | 'clock'>, token: string) {
  const { row, businessName } = await invitation(deps.db, token, deps.clock.now());
  return { businessName, email: row.email, role: row.role };
}

/**
 * Accepts an invitation from its link: the staff member's own merchant account (new, or a former staff member's,
 * whose password the link lets them set, as a reset link would, ending its other sessions), joined to the
 * business; audited with the staff member as actor. Returns the account to sign in. Exactly once: the row is
 * locked and marked accepted in the same transaction.
 */
export async function acceptInvitation(deps: Pick<Deps, 'db' | 'clock'>, input: { token: string; name: string; password: string }) {
  const now = deps.clock.now();
  // A link that is no invitation costs no password hash; the transaction checks it again, under its lock.
  await invitation(deps.db, input.token, now);
  return deps.db.transaction(async (tx) => {
    const { row, businessName } = await invitation(tx, input.token, now, true);
    const { account } = await joinableAccount(tx, row.email);
    let userId: string;
    if (account) {
      const passwordHash = await hashPassword(input.password);
      await tx
        .update(users)
        .set({ passwordHash, name: input.name, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
        .where(eq(users.id, account.id));
      await endAllSessions(tx, account.id);
      userId = account.id;
    } else {
      const user = await insertUserIfNew(
        tx,
        { email: row.email, passwordHash: await hashPassword(input.password), name: input.name, role: 'merchant', verified: true },
        now,
      );
      if (!user) throw new AppError('CONFLICT', STAFF_MESSAGES.emailTaken);
      userId = user.id;
    }
    await tx.update(merchantStaff).set({ userId, acceptedAt: now }).where(eq(merchantStaff.id, row.id));
    await recordAudit(tx, {
      adminId: userId,
      action: 'staff.joined',
      entityType: 'merchant_staff',
      entityId: row.id,
      details: { businessName, email: row.email, role: row.role },
    });
    return { userId };
  });
}
