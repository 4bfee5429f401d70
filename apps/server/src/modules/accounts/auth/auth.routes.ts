import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailOnlySchema,
  errorResponses,
  loginResponseSchema,
  loginSchema,
  resetPasswordTokensSchema,
  okSchema,
  authenticationOptionsSchema,
  passkeyAssertionSchema,
  resendVerificationResponseSchema,
  secondStepSchema,
  sessionResponseSchema,
  signupRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@localperks/shared';
import { endSession, publicAccount, startSession, toPublicUser } from '../../../plugins/session';
import {
  assertMaySignIn,
  hasMerchantRegistration,
  logIn,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
  type AuthDeps,
} from './auth.service';
import { passkeySignInOptions, signInWithPasskey } from '../security/passkeys.service';
import { markReauthenticated } from '../security/reauth.service';
import { completeSecondStep, startSecondStep, totpEnabled } from '../security/totp.service';
import { sessions } from '../../../db/schema';
import { eq } from 'drizzle-orm';

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
  /** Signs `userId` in on this browser: a session it had ends, a new one starts; returns the new session's id. */
  const freshSession = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    if (request.user) await endSession(app.db, reply, request, secure);
    return startSession(app.db, reply, request, userId, secure);
  };

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
          'Create a customer account and its verification e-mail, written before the answer; the same answer when the address already has an account (its owner is told by e-mail)',
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
      // With the authenticator app on, a customer or merchant gives its code before any session starts; an admin's
      // session starts and waits for the admin second step (admin-auth), as before.
      if (user.role !== 'admin' && (await totpEnabled(app.deps, user.id))) return { secondStep: await startSecondStep(app.deps, user.id) };
      await freshSession(request, reply, user.id);
      return { user: await publicAccount(app.db, user.id) };
    },
  );

  r.post(
    '/api/auth/login/second-step',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'After the password: the code from the authenticator app (or a recovery code); starts the session',
        body: secondStepSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await completeSecondStep(app.deps, request.body, request.ip);
      await freshSession(request, reply, user.id);
      return { user: await publicAccount(app.db, user.id) };
    },
  );

  r.post(
    '/api/auth/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with a passkey, step 1: options for navigator.credentials.get() (rate-limited per address)',
        response: { 200: authenticationOptionsSchema, ...errorResponses },
      },
    },
    async (request) => passkeySignInOptions({ ...app.deps, limit: app.authLimits.passkeyRequestsPerAddress }, request.ip),
  );

  r.post(
    '/api/auth/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Sign in with a passkey, step 2: the signed challenge; starts a session (a passkey verifies its user, so an admin passes the second step too)',
        body: passkeyAssertionSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await signInWithPasskey(app.deps, request.body, request.ip);
      // A passkey proves who it is, not that the account may sign in: a ban, a deactivation or a removal still stops it.
      await assertMaySignIn(app.db, user);
      const sessionId = await freshSession(request, reply, user.id);
      if (user.role === 'admin')
        await app.db.update(sessions).set({ secondFactorAt: app.deps.clock.now() }).where(eq(sessions.id, sessionId));
      await markReauthenticated(app.deps, sessionId);
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
      // The link proves the address: the user is signed in, as the spec's callback expects a session; not an
      // account with the authenticator app on (the mailbox alone must not pass its second step).
      if (request.user?.id !== user.id && !(await totpEnabled(app.deps, user.id))) await freshSession(request, reply, user.id);
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
