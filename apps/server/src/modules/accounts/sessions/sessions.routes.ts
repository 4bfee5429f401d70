import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionsSchema, errorResponses, sessionsEndedSchema } from '@localperks/shared';
import { endAccountSession, endOtherSessions, listSessions } from './sessions.service';

/** The account's sessions list (docs/decisions/0053-account-controls.md): where it is signed in, and signing out there. */
export async function sessionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get(
    '/api/account/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Where the account is signed in: device, browser, place, first and last seen, and which is this one',
        response: { 200: accountSessionsSchema, ...errorResponses },
      },
    },
    async (request) => ({ sessions: await listSessions(app.deps, request.user!.id, request.user!.sessionId) }),
  );

  r.delete(
    '/api/account/sessions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Sign out one session of the account',
        params: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Not a session') }),
        response: { 200: sessionsEndedSchema, ...errorResponses },
      },
    },
    async (request) => ({ ended: await endAccountSession(app.deps, request.user!.id, request.params.id) }),
  );

  r.post(
    '/api/account/sessions/sign-out-others',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Sign out every other session of the account', response: { 200: sessionsEndedSchema, ...errorResponses } },
    },
    async (request) => ({ ended: await endOtherSessions(app.deps, request.user!.id, request.user!.sessionId) }),
  );
}
