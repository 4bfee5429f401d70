import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_AUTH_MESSAGES,
  accessCodeSchema,
  adminAuthStatusSchema,
  adminTotpSchema,
  authenticationOptionsSchema,
  passkeyAssertionSchema,
  SECURITY_MESSAGES,
  adminCredentialsAcceptedSchema,
  adminLoginSchema,
  adminSignedInSchema,
  codeIssuedSchema,
  errorResponses,
} from '@localperks/shared';
import type { FastifyRequest } from 'fastify';
import { isLoopbackRequest } from '../../../lib/loopback';
import { endSession, publicAccount, startSession, toPublicUser } from '../../../plugins/session';
import { AppError } from '../../../lib/errors';
import { passSecondStepWithPasskey, secondStepPasskeyOptions } from '../security/passkeys.service';
import { adminSecondSteps } from '../security/security.service';
import { passSecondStepWithTotp } from '../security/totp.service';
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
 * /api/auth/login never marks a session as past the second step; only the routes here do: the e-mailed code, the
 * authenticator app, or a passkey, which replaces the e-mailed code (docs/decisions/0055-passkeys-and-authenticator-codes.md).
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
  /** An admin with a passkey passes the second step with it, never with an e-mailed code. */
  const assertEmailCodeAllowed = async (u: { id: string; role: string }) => {
    if (u.role === 'admin' && !(await adminSecondSteps(app.deps, u.id)).includes('email'))
      throw new AppError('FORBIDDEN', SECURITY_MESSAGES.emailCodeReplaced);
  };
  /** The second-step routes below answer only an admin whose session has not passed it yet. */
  const pendingAdmin = (u: { role: string }) => {
    if (u.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_AUTH_MESSAGES.notAdmin);
  };

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
      if (!user) return { step: 'credentials' as const, user: null, codeExpiresAt: null, methods: [] };
      if (user.role !== 'admin') return { step: 'not-admin' as const, user: toPublicUser(user), codeExpiresAt: null, methods: [] };
      if (user.secondFactorPassed) return { step: 'signed-in' as const, user: toPublicUser(user), codeExpiresAt: null, methods: [] };
      const methods = await adminSecondSteps(app.deps, user.id);
      const active = methods.includes('email') ? await activeAccessCode(app.deps, user.id) : null;
      return { step: 'code' as const, user: toPublicUser(user), codeExpiresAt: active?.expiresAt.toISOString() ?? null, methods };
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
      const methods = await adminSecondSteps(app.deps, user.id);
      // A code is mailed only when it is the admin's way in: with a passkey or the app, the admin uses those
      // (the app's holder may still ask for a code).
      const issued = methods[0] === 'email' ? await issueAccessCode(app.deps, user, request.ip) : null;
      return {
        step: 'code' as const,
        // The whole session user, as /api/auth/login answers: the page puts it in its session cache.
        user: await publicAccount(app.db, user.id),
        codeExpiresAt: issued?.expiresAt.toISOString() ?? null,
        ...(issued ? devCode(request, issued.code) : {}),
        methods,
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
      await assertEmailCodeAllowed(u);
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
        await assertEmailCodeAllowed(u);
        await verifyAccessCode(app.deps, { userId: u.id, role: u.role, sessionId: u.sessionId, code: request.body.code, ip: request.ip });
      }
      return { step: 'signed-in' as const, user: toPublicUser(u) };
    },
  );

  r.post(
    '/api/admin-auth/totp',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Step 2 by authenticator app: its 6-digit code, or a recovery code (each works once; rate-limited)',
        body: adminTotpSchema,
        response: { 200: adminSignedInSchema, ...errorResponses },
      },
    },
    async (request) => {
      const u = request.user!;
      pendingAdmin(u);
      if (!u.secondFactorPassed) await passSecondStepWithTotp(app.deps, u, request.body.code, request.ip);
      return { step: 'signed-in' as const, user: toPublicUser(u) };
    },
  );

  r.post(
    '/api/admin-auth/passkey/options',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Step 2 by passkey, first half: options for this admin’s own passkeys, tied to this session',
        response: { 200: authenticationOptionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      pendingAdmin(request.user!);
      return secondStepPasskeyOptions(app.deps, request.user!);
    },
  );

  r.post(
    '/api/admin-auth/passkey',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Step 2 by passkey: the signed challenge; marks this session as signed in to the admin area',
        body: passkeyAssertionSchema,
        response: { 200: adminSignedInSchema, ...errorResponses },
      },
    },
    async (request) => {
      const u = request.user!;
      pendingAdmin(u);
      if (!u.secondFactorPassed) await passSecondStepWithPasskey(app.deps, u, request.body);
      return { step: 'signed-in' as const, user: toPublicUser(u) };
    },
  );
}
