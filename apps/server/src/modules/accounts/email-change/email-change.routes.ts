import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  emailChangedSchema,
  emailChangeRequestedSchema,
  emailChangeTokenSchema,
  errorResponses,
} from '@localperks/shared';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from './email-change.service';

/** Change of e-mail (docs/decisions/0053-account-controls.md): asked with the password, made from the new address, undone from the old. */
export async function emailChangeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.post(
    '/api/account/email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Ask to change the e-mail address: needs the password; a confirmation link goes to the new address',
        body: changeEmailSchema,
        response: { 200: emailChangeRequestedSchema, ...errorResponses },
      },
    },
    async (request) => requestEmailChange(app.deps, request.user!, request.body),
  );

  r.post(
    '/api/account/email/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The confirmation link from the new address: the change takes effect, and the old address gets an undo link',
        body: emailChangeTokenSchema,
        response: { 200: emailChangedSchema, ...errorResponses },
      },
    },
    async (request) => confirmEmailChange(app.deps, request.body.token),
  );

  r.post(
    '/api/account/email/undo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The undo link from the old address (7 days): the old address comes back and every session ends',
        body: emailChangeTokenSchema,
        response: { 200: emailChangedSchema, ...errorResponses },
      },
    },
    async (request) => undoEmailChange(app.deps, request.body.token),
  );
}
