import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, sql } from 'drizzle-orm';
import { LAST_SEEN_PRECISION_MS, SESSION_TTL_MS, displayName, type Role } from '@localperks/shared';
import type { Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** The signed-in user of a session cookie (server-rendered pages have no `request.user`). */
export async function userOfSessionToken(db: Tx, token: string | undefined, now: Date): Promise<string | null> {
  if (!token) return null;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sha256(token)), sql`${sessions.expiresAt} > ${now}`));
  return row?.userId ?? null;
}

export function toPublicUser(u: RequestUser) {
  return { id: u.id, email: u.email, name: u.name, role: u.role, emailVerified: u.emailVerified, createdAt: u.createdAt };
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

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const id = sha256(token);
    const [row] = await app.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        secondFactorAt: sessions.secondFactorAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
    if (!row) return;
    // The sessions list's "last seen" and place: written once per LAST_SEEN_PRECISION_MS, not on every request.
    const now = app.deps.clock.now();
    if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS)
      await app.db.update(sessions).set({ lastSeenAt: now, ip: request.ip }).where(eq(sessions.id, id));
    request.user = {
      id: row.id,
      email: row.email,
      name: displayName(row.name, row.email),
      role: row.role,
      emailVerified: row.emailVerifiedAt !== null,
      createdAt: row.createdAt.toISOString(),
      sessionId: id,
      secondFactorPassed: row.secondFactorAt !== null,
    };
  });
});
