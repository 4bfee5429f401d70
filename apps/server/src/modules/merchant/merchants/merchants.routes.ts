import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, merchantOverviewSchema, merchantRegistrationSchema, okSchema } from '@localperks/shared';
import { merchantOverview, registerMerchant } from './merchants.service';

export async function merchantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchants'];

  r.post(
    '/api/merchants/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Register a merchant: account, pending registration request, merchant record and mails written in one transaction before the answer; the same answer when the address already has an account (its owner is told by e-mail)',
        body: merchantRegistrationSchema,
        response: { 201: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { confirmPassword: _c, acceptTerms: _t, ...input } = request.body;
      await registerMerchant(
        {
          ...app.deps,
          limits: app.authLimits,
          log: request.log,
          afterResponse: (what, work) => app.afterResponse.run(what, work, reply.raw),
        },
        input,
        request.ip,
      );
      reply.code(201);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/merchant/me',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The signed-in merchant’s merchant record and newest registration request',
        response: { 200: merchantOverviewSchema, ...errorResponses },
      },
    },
    async (request) => merchantOverview(app.db, request.user!.merchantOwnerId!, app.deps.clock.now()),
  );
}
