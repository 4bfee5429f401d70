import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeySchema,
  errorResponses,
  okSchema,
  passkeyAddedSchema,
  reauthenticatedSchema,
  reauthenticateSchema,
  recoveryCodesSchema,
  registrationOptionsSchema,
  renamePasskeySchema,
  securityOverviewSchema,
  totpCodeSchema,
  totpSetupSchema,
} from '@localperks/shared';
import { addPasskey, passkeyRegistrationOptions, removePasskey, renamePasskey } from './passkeys.service';
import { reauthenticate } from './reauth.service';
import { securityOverview } from './security.service';
import { disableTotp, enableTotp, renewRecoveryCodes, startTotpSetup } from './totp.service';

/**
 * The account's sign-in factors (docs/decisions/0055-passkeys-and-authenticator-codes.md): passkeys and the
 * authenticator app, for every role. Adding or removing one, or turning the app on or off, needs the password
 * confirmed in this session within REAUTH_WINDOW_MS, and mails the account.
 */
export async function securityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const idParams = z.object({ id: z.uuid('Not a passkey') });

  r.get(
    '/api/account/security',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The passkeys, the authenticator app and recovery codes left, and whether the password was confirmed recently',
        response: { 200: securityOverviewSchema, ...errorResponses },
      },
    },
    async (request) => securityOverview(app.deps, request.user!),
  );

  r.post(
    '/api/account/reauthenticate',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Confirm the password again: the sign-in factors may then be changed for a few minutes',
        body: reauthenticateSchema,
        response: { 200: reauthenticatedSchema, ...errorResponses },
      },
    },
    async (request) => reauthenticate(app.deps, request.user!, request.body.password),
  );

  r.post(
    '/api/account/passkeys/options',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Add a passkey, step 1: options for navigator.credentials.create() (needs a recent password)',
        response: { 200: registrationOptionsSchema, ...errorResponses },
      },
    },
    async (request) => passkeyRegistrationOptions(app.deps, request.user!),
  );

  r.post(
    '/api/account/passkeys',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Add a passkey, step 2: the browser’s answer and a name; the account is told by e-mail',
        body: addPasskeySchema,
        response: { 201: passkeyAddedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const added = await addPasskey(app.deps, request.user!, request.body);
      reply.code(201);
      return added;
    },
  );

  r.patch(
    '/api/account/passkeys/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Rename one of the account’s passkeys',
        params: idParams,
        body: renamePasskeySchema,
        response: { 200: passkeyAddedSchema, ...errorResponses },
      },
    },
    async (request) => renamePasskey(app.deps, request.user!, request.params.id, request.body.name),
  );

  r.delete(
    '/api/account/passkeys/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove a passkey (needs a recent password); the account is told by e-mail',
        params: idParams,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => removePasskey(app.deps, request.user!, request.params.id),
  );

  r.post(
    '/api/account/totp/setup',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn the authenticator app on, step 1: a new secret as a QR code (needs a recent password)',
        response: { 200: totpSetupSchema, ...errorResponses },
      },
    },
    async (request) => startTotpSetup(app.deps, request.user!),
  );

  r.post(
    '/api/account/totp/enable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn the authenticator app on, step 2: a code from it; answers the 10 recovery codes, shown once',
        body: totpCodeSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => enableTotp(app.deps, request.user!, request.body.code, request.ip),
  );

  r.post(
    '/api/account/totp/disable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn the authenticator app off (needs a recent password); its recovery codes stop working',
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => disableTotp(app.deps, request.user!),
  );

  r.post(
    '/api/account/totp/recovery-codes',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Replace the recovery codes with 10 new ones (needs a recent password)',
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => renewRecoveryCodes(app.deps, request.user!),
  );
}
