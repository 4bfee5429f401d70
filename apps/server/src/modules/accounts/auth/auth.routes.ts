import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailOnlySchema,
  errorResponses,
  loginResponseSchema,
  loginSchema,
  resetPasswordTokensSchema,
  okSchema,
  resendVerificationResponseSchema,
  sessionResponseSchema,
  signupRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@localperks/shared';
import { endSession, publicAccount, startSession, toPublicUser } from '../../../plugins/session';
import {
  hasMerchantRegistration,
  logIn,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
  type AuthDeps,
} from './auth.service';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** `reply`: background work of this request waits until its answer was sent (lib/after-response.ts). */
  const deps = (reply?: FastifyReply): AuthDeps => ({
    ...app.deps,
    limits: app.authLimits,
    afterResponse: (what, work) => app.afterResponse.run(what, work, reply?.raw),
  });
  const secure = app.config.isProduction;
  const tags = ['auth'];

  r.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The signed-in user, or null', response: { 200: sessionResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      user: request.user ? toPublicUser(request.user) : null,
    }),
  );

  r.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Create a customer account and send the verification e-mail; the same answer when the address already has an account (its owner is told by e-mail)',
        body: signupRequestSchema,
        response: { 201: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await signUp(deps(reply), request.body, request.ip);
      reply.code(201);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Password sign-in; starts a new session',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await logIn(deps(), request.body, request.ip);
      if (request.user) await endSession(app.db, reply, request, secure);
      await startSession(app.db, reply, request, user.id, secure);
      return { user: await publicAccount(app.db, user.id) };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags, summary: 'End the current session', response: { 200: okSchema, ...errorResponses } } },
    async (request, reply) => {
      await endSession(app.db, reply, request, secure);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an e-mail address from the mailed link',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await verifyEmail(deps(), request.body.token);
      // The link proves the address: the user is signed in, as the spec's callback expects a session.
      if (request.user?.id !== user.id) {
        if (request.user) await endSession(app.db, reply, request, secure);
        await startSession(app.db, reply, request, user.id, secure);
      }
      return { user: await publicAccount(app.db, user.id), hasMerchantRegistration: await hasMerchantRegistration(app.deps, user.id) };
    },
  );

  r.post(
    '/api/auth/resend-verification',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send the verification e-mail again',
        body: emailOnlySchema,
        response: { 200: resendVerificationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { alreadyVerified } = await resendVerification(deps(reply), request.body.email, request.ip);
      // Only a signed-in user learns that their own address is already verified.
      return { ok: true as const, alreadyVerified: alreadyVerified && request.user?.email === request.body.email };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Send a password reset link', body: emailOnlySchema, response: { 200: okSchema, ...errorResponses } },
    },
    async (request, reply) => {
      await requestPasswordReset(deps(reply), request.body.email, request.ip);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the tokens from the reset link',
        body: resetPasswordTokensSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await resetPassword(deps(), request.body);
      await endSession(app.db, reply, request, secure);
      return { ok: true as const };
    },
  );
}
