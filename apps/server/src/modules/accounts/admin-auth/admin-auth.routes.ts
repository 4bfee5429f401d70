import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessCodeSchema,
  adminAuthStatusSchema,
  adminCredentialsAcceptedSchema,
  adminLoginSchema,
  adminSignedInSchema,
  codeIssuedSchema,
  errorResponses,
} from '@localperks/shared';
import type { FastifyRequest } from 'fastify';
import { isLoopbackRequest } from '../../../lib/loopback';
import { endSession, publicAccount, startSession, toPublicUser } from '../../../plugins/session';
import {
  activeAccessCode,
  checkAdminCredentials,
  issueAccessCode,
  refreshAccessCode,
  verifyAccessCode,
  type AdminAuthDeps,
} from './admin-auth.service';

/**
 * The admin access page's two steps (docs/product/merchant-admin-spec.md §2, §4; docs/product/design.md §9). The shared
 * /api/auth/login never marks a session as past the code step; only POST /api/admin-auth/code does.
 */
export async function adminAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): AdminAuthDeps => ({
    ...app.deps,
    limits: app.authLimits,
    isDevelopment: app.config.NODE_ENV === 'development',
    afterResponse: (what, work) => app.afterResponse.run(what, work),
  });
  const secure = app.config.isProduction;
  const tags = ['admin-auth'];
  // The on-page code is a development helper for someone at this machine; anyone else reads the mail.
  const devCode = (request: FastifyRequest, code: string) => (deps().isDevelopment && isLoopbackRequest(request) ? { devCode: code } : {});

  r.get(
    '/api/admin-auth/status',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Where the caller stands in the admin sign-in: credentials, code or signed-in',
        response: { 200: adminAuthStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) return { step: 'credentials' as const, user: null, codeExpiresAt: null };
      if (user.role !== 'admin') return { step: 'not-admin' as const, user: toPublicUser(user), codeExpiresAt: null };
      if (user.secondFactorPassed) return { step: 'signed-in' as const, user: toPublicUser(user), codeExpiresAt: null };
      const active = await activeAccessCode(app.deps, user.id);
      return { step: 'code' as const, user: toPublicUser(user), codeExpiresAt: active?.expiresAt.toISOString() ?? null };
    },
  );

  r.post(
    '/api/admin-auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Step 1: admin credentials; starts a session that still needs the code, and mails a 6-digit code',
        body: adminLoginSchema,
        response: { 200: adminCredentialsAcceptedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await checkAdminCredentials(deps(), request.body, request.ip);
      if (request.user) await endSession(app.db, reply, request, secure);
      await startSession(app.db, reply, request, user.id, secure);
      const { code, expiresAt } = await issueAccessCode(app.deps, user, request.ip);
      return {
        step: 'code' as const,
        // The whole session user, as /api/auth/login answers: the page puts it in its session cache.
        user: await publicAccount(app.db, user.id),
        codeExpiresAt: expiresAt.toISOString(),
        ...devCode(request, code),
      };
    },
  );

  r.post(
    '/api/admin-auth/code/refresh',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mail a new access code (the earlier one stops working); rate-limited',
        response: { 200: codeIssuedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const u = request.user!;
      const { code, expiresAt } = await refreshAccessCode(app.deps, { id: u.id, email: u.email, name: u.name, role: u.role }, request.ip);
      return { codeExpiresAt: expiresAt.toISOString(), ...devCode(request, code) };
    },
  );

  r.post(
    '/api/admin-auth/code',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Step 2: the 6-digit access code; marks this session as signed in to the admin area',
        body: accessCodeSchema,
        response: { 200: adminSignedInSchema, ...errorResponses },
      },
    },
    async (request) => {
      const u = request.user!;
      if (!(u.role === 'admin' && u.secondFactorPassed)) {
        await verifyAccessCode(app.deps, { userId: u.id, role: u.role, sessionId: u.sessionId, code: request.body.code, ip: request.ip });
      }
      return { step: 'signed-in' as const, user: toPublicUser(u) };
    },
  );
}
