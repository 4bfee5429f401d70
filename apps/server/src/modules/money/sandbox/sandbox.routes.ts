import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, paymentPageSchema, sandboxPaySavedSchema, sandboxPaySchema, sandboxSessionSchema } from '@localperks/shared';
import { getSandboxSession, paySandboxSession, paySandboxSessionWithSavedCard } from './sandbox.service';

const params = z.object({ id: z.string().regex(/^cs_sandbox_[A-Za-z0-9_-]{20,64}$/, 'Unknown payment page.') });

/**
 * The sandbox provider's hosted card page API. Like a provider's checkout page it is reached by
 * its unguessable session id and needs no LocalPerks session.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox payments'];
  r.get(
    '/api/sandbox/sessions/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A sandbox checkout session (what the hosted card page shows)',
        params,
        response: { 200: sandboxSessionSchema, ...errorResponses },
      },
    },
    async (request) => getSandboxSession(app.deps, request.params.id),
  );
  r.post(
    '/api/sandbox/sessions/:id/pay',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Pay a sandbox session with a test card',
        params,
        body: sandboxPaySchema,
        response: { 200: paymentPageSchema, ...errorResponses },
      },
    },
    async (request) => paySandboxSession(app.deps, request.params.id, request.body),
  );
  r.post(
    '/api/sandbox/sessions/:id/pay-saved',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Pay a sandbox session with one of its customer’s saved cards',
        params,
        body: sandboxPaySavedSchema,
        response: { 200: paymentPageSchema, ...errorResponses },
      },
    },
    async (request) => paySandboxSessionWithSavedCard(app.deps, request.params.id, request.body.paymentMethodId),
  );
}
