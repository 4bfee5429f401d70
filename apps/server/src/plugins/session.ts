import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { LAST_SEEN_PRECISION_MS, SESSION_TTL_MS, displayName, type AdminRole, type MerchantRole, type Role } from '@localperks/shared';
import type { Db, Tx } from '../db/client';
import { merchantStaff, merchants, sessions, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { publishMessageEvent } from '../lib/events';

export const SESSION_COOKIE = 'lp_session';

export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
  sessionId: string;
  secondFactorPassed: boolean;
  /** An admin's role (docs/decisions/0062-roles-and-staff.md); null for others, and for an admin not given one yet. */
  adminRole: AdminRole | null;
  /** A merchant account's place in its business: owner, manager or redeemer; null for others and for removed staff. */
  merchantRole: MerchantRole | null;
  /**
   * The user id of the business's owner that a merchant account acts for: its own for the owner, the owner's for
   * staff (merchant services find the business by it). Null for other accounts and for removed staff.
   */
  merchantOwnerId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** Accounts that may hold a session: not banned (customers) and not deactivated (admins). */
const mayHoldSession: SQL = and(isNull(users.bannedAt), isNull(users.deactivatedAt))!;

/** The signed-in user of a session cookie (server-rendered pages have no `request.user`). */
export async function userOfSessionToken(db: Tx, token: string | undefined, now: Date): Promise<string | null> {
  if (!token) return null;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sha256(token)), sql`${sessions.expiresAt} > ${now}`, mayHoldSession));
  return row?.userId ?? null;
}

/**
 * A merchant account's latest staff membership, if it ever joined a business as staff (a live one first): its
 * role, whether the owner removed it, and the owner's user id. An account that never joined one is an owner.
 */
function staffMembership(db: Db) {
  return db
    .select({ role: merchantStaff.role, removedAt: merchantStaff.removedAt, ownerId: merchants.userId })
    .from(merchantStaff)
    .innerJoin(merchants, eq(merchants.id, merchantStaff.merchantId))
    .where(and(eq(merchantStaff.userId, users.id), isNotNull(merchantStaff.acceptedAt)))
    .orderBy(sql`${merchantStaff.removedAt} is null desc`, desc(merchantStaff.acceptedAt))
    .limit(1)
    .as('staff');
}

type StaffFacts = { role: 'manager' | 'redeemer'; removedAt: Date | null; ownerId: string } | null;
/** The lateral join's columns are all null without a membership. */
const staffOf = (s: { role: 'manager' | 'redeemer' | null; removedAt: Date | null; ownerId: string | null } | null): StaffFacts =>
  s?.role && s.ownerId ? { role: s.role, removedAt: s.removedAt, ownerId: s.ownerId } : null;

/** What a merchant account may act as, from its staff membership (see RequestUser). */
function merchantPlace(userId: string, role: Role, staff: StaffFacts): Pick<RequestUser, 'merchantRole' | 'merchantOwnerId'> {
  if (role !== 'merchant') return { merchantRole: null, merchantOwnerId: null };
  if (!staff) return { merchantRole: 'owner', merchantOwnerId: userId };
  if (staff.removedAt) return { merchantRole: null, merchantOwnerId: null };
  return { merchantRole: staff.role, merchantOwnerId: staff.ownerId };
}

/** What an account is, with its latest staff membership (`staffMembership`, joined laterally). */
function accountColumns(staff: ReturnType<typeof staffMembership>) {
  return {
    id: users.id,
    email: users.email,
    name: users.name,
    role: users.role,
    emailVerifiedAt: users.emailVerifiedAt,
    createdAt: users.createdAt,
    adminRole: users.adminRole,
    staff: { role: staff.role, removedAt: staff.removedAt, ownerId: staff.ownerId },
  };
}

type AccountRow = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  adminRole: AdminRole | null;
  staff: Parameters<typeof staffOf>[0];
};

/** The account of a row of `accountColumns`, as a request or a session answer knows it. */
function accountOf(row: AccountRow): Omit<RequestUser, 'sessionId' | 'secondFactorPassed'> {
  return {
    id: row.id,
    email: row.email,
    name: displayName(row.name, row.email),
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    adminRole: row.role === 'admin' ? row.adminRole : null,
    ...merchantPlace(row.id, row.role, staffOf(row.staff)),
  };
}

export type PublicUser = ReturnType<typeof toPublicUser>;

export function toPublicUser(u: Omit<RequestUser, 'sessionId' | 'secondFactorPassed' | 'merchantOwnerId'>) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt,
    adminRole: u.adminRole,
    merchantRole: u.merchantRole,
  };
}

/** An account as the session answers show it (sign-in, e-mail verification), with its admin or merchant role. */
export async function publicAccount(db: Db, userId: string): Promise<PublicUser> {
  const staff = staffMembership(db);
  const [row] = await db
    .select(accountColumns(staff))
    .from(users)
    .leftJoinLateral(staff, sql`true`)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return toPublicUser(accountOf(row));
}

/** Starts a new session (a fresh id at every sign-in) and sets the cookie. */
export async function startSession(db: Tx, reply: FastifyReply, request: FastifyRequest, userId: string, secure: boolean) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    expiresAt,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip,
  });
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  return sha256(token);
}

export async function endSession(db: Tx, reply: FastifyReply, request: FastifyRequest, secure: boolean) {
  if (request.user) await db.delete(sessions).where(eq(sessions.id, request.user.sessionId));
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Every session of an account ends, in the caller's transaction: a ban, a deactivation, a staff member removed
 * (docs/decisions/0063-suspensions-and-bans.md). Requests on them are signed out from the next one on; the session
 * check also refuses a banned or deactivated account, so a sign-in racing the change cannot keep one.
 */
export async function endAllSessions(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  // Its open event streams, on every instance, close when this commits (message-events.routes.ts).
  await publishMessageEvent(tx, { type: 'session_ended', userId });
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const id = sha256(token);
    const staff = staffMembership(app.db);
    const [row] = await app.db
      .select({ ...accountColumns(staff), secondFactorAt: sessions.secondFactorAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoinLateral(staff, sql`true`)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), mayHoldSession));
    if (!row) return;
    // The sessions list's "last seen" and place: written once per LAST_SEEN_PRECISION_MS, not on every request.
    const now = app.deps.clock.now();
    if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS)
      await app.db.update(sessions).set({ lastSeenAt: now, ip: request.ip }).where(eq(sessions.id, id));
    request.user = { ...accountOf(row), sessionId: id, secondFactorPassed: row.secondFactorAt !== null };
  });
});
