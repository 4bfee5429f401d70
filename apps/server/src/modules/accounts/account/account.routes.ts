import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ne } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  changePasswordSchema,
  displayName,
  errorResponses,
  okSchema,
  profileResponseSchema,
  updateProfileSchema,
} from '@localperks/shared';
import { sessions, users } from '../../../db/schema';
import { hashPassword, verifyPassword } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import { passwordChangedEmail } from '../auth/auth.emails';
import { pendingEmailOf } from '../email-change/email-change.service';

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  const profileOf = async (u: typeof users.$inferSelect) => ({
    id: u.id,
    email: u.email,
    name: displayName(u.name, u.email),
    phoneNumber: u.phoneNumber,
    role: u.role,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    pendingEmail: await pendingEmailOf(app.deps, u.id),
  });

  r.get(
    '/api/account/profile',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in user’s profile', response: { 200: profileResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const [u] = await app.db.select().from(users).where(eq(users.id, request.user!.id));
      return { profile: await profileOf(u!) };
    },
  );

  r.patch(
    '/api/account/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Update display name and phone',
        body: updateProfileSchema,
        response: { 200: profileResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [u] = await app.db
        .update(users)
        .set({ name: request.body.name, phoneNumber: request.body.phoneNumber ?? null, updatedAt: app.deps.clock.now() })
        .where(eq(users.id, request.user!.id))
        .returning();
      return { profile: await profileOf(u!) };
    },
  );

  r.post(
    '/api/account/password',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: changePasswordSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.user!;
      const [u] = await app.db.select().from(users).where(eq(users.id, me.id));
      if (!(await verifyPassword(u!.passwordHash, request.body.currentPassword))) {
        throw new AppError('VALIDATION', ACCOUNT_MESSAGES.currentWrong, { currentPassword: ACCOUNT_MESSAGES.currentWrong });
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: app.deps.clock.now() }).where(eq(users.id, me.id));
        await tx.delete(sessions).where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)));
      });
      await app.mailer.send(passwordChangedEmail(me.email));
      return { ok: true as const };
    },
  );
}
