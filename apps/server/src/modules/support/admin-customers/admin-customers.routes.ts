import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomerResultSchema,
  adminCustomersPageSchema,
  adminCustomersQuerySchema,
  errorResponses,
  sanctionSchema,
} from '@localperks/shared';
import { banCustomer, listCustomers, unbanCustomer } from './admin-customers.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** The admins' Customers tab: customer accounts, banned and let back by owners and support (docs/decisions/0063). */
export async function adminCustomersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'admin' as const, roles: ['owner', 'support'] as const };

  r.get(
    '/api/admin/customers',
    {
      config,
      schema: {
        tags,
        summary: 'Customer accounts, newest first (20 a page), by name or e-mail; banned ones only if asked',
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersPageSchema, ...errorResponses },
      },
    },
    async (request) => listCustomers(app.deps, request.query),
  );

  r.post(
    '/api/admin/customers/:id/ban',
    {
      config,
      schema: {
        tags,
        summary: 'Ban a customer with a reason: every session ends at once and sign-in is refused; vouchers and refunds stay (audited)',
        params: idParams,
        body: sanctionSchema,
        response: { 200: adminCustomerResultSchema, ...errorResponses },
      },
    },
    async (request) => banCustomer({ ...app.deps, log: request.log }, request.user!.id, request.params.id, request.body.reason),
  );

  r.post(
    '/api/admin/customers/:id/unban',
    {
      config,
      schema: {
        tags,
        summary: 'Lift a customer’s ban: they can sign in again (audited)',
        params: idParams,
        response: { 200: adminCustomerResultSchema, ...errorResponses },
      },
    },
    async (request) => unbanCustomer(app.deps, request.user!.id, request.params.id),
  );
}
