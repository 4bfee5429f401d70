import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBusinessResultSchema,
  adminBusinessesPageSchema,
  adminBusinessesQuerySchema,
  errorResponses,
  sanctionSchema,
} from '@localperks/shared';
import { listBusinesses, reinstateMerchant, suspendMerchant } from './admin-businesses.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** The admins' Businesses tab: approved businesses, suspended and reinstated by owners (docs/decisions/0063). */
export async function adminBusinessesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'admin' as const, roles: ['owner'] as const };
  const deps = (log: FastifyInstance['log']) => ({ ...app.deps, log });

  r.get(
    '/api/admin/businesses',
    {
      config,
      schema: {
        tags,
        summary: 'Approved businesses, newest first (20 a page), by name, city or e-mail; suspended ones only if asked',
        querystring: adminBusinessesQuerySchema,
        response: { 200: adminBusinessesPageSchema, ...errorResponses },
      },
    },
    async (request) => listBusinesses(app.deps, request.query),
  );

  r.post(
    '/api/admin/businesses/:id/suspend',
    {
      config,
      schema: {
        tags,
        summary:
          'Suspend a business with a reason: its page and deals leave every public place (404), checkouts are refused and open payment pages closed, payouts are held; vouchers stay valid (audited)',
        params: idParams,
        body: sanctionSchema,
        response: { 200: adminBusinessResultSchema, ...errorResponses },
      },
    },
    async (request) => suspendMerchant(deps(request.log), request.user!.id, request.params.id, request.body.reason),
  );

  r.post(
    '/api/admin/businesses/:id/reinstate',
    {
      config,
      schema: {
        tags,
        summary: 'Reinstate a suspended business: everything the suspension hid or held comes back (audited)',
        params: idParams,
        response: { 200: adminBusinessResultSchema, ...errorResponses },
      },
    },
    async (request) => reinstateMerchant(deps(request.log), request.user!.id, request.params.id),
  );
}
