import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSearchQuerySchema,
  adminSearchSchema,
  customerRecordSchema,
  errorResponses,
  merchantRecordSchema,
  orderRecordSchema,
  RECORD_ROLES,
} from '@localperks/shared';
import { customerRecord, merchantRecord, orderRecord } from './admin-records.service';
import { adminSearch } from './admin-search.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/**
 * The console's record pages and its global search (issue 32, docs/decisions/0072-record-pages-and-search.md). The
 * roles are the records' (RECORD_ROLES); within a page, the sections a role may not see come back null.
 */
export async function adminRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/customers/:id',
    {
      config: { access: 'admin', roles: RECORD_ROLES.customer },
      schema: {
        tags,
        summary: 'A customer’s page: profile, orders, vouchers, refunds, tickets, messages, reviews, sign-ins and sessions',
        params: idParams,
        response: { 200: customerRecordSchema, ...errorResponses },
      },
    },
    async (request) => customerRecord(app.deps, request.params.id),
  );

  r.get(
    '/api/admin/merchants/:id',
    {
      config: { access: 'admin', roles: RECORD_ROLES.merchant },
      schema: {
        tags,
        summary: 'A business’s page: plan and billing, deals, sales, refunds, disputes, payouts; messages and audit (owners)',
        params: idParams,
        response: { 200: merchantRecordSchema, ...errorResponses },
      },
    },
    async (request) => merchantRecord(app.deps, request.params.id, request.user!.adminRole!),
  );

  r.get(
    '/api/admin/orders/:id',
    {
      config: { access: 'admin', roles: RECORD_ROLES.order },
      schema: {
        tags,
        summary: 'An order’s page: lines, payment and provider ids, vouchers, refunds, disputes; ledger entries (owners, finance)',
        params: idParams,
        response: { 200: orderRecordSchema, ...errorResponses },
      },
    },
    async (request) => orderRecord(app.deps, request.params.id, request.user!.adminRole!),
  );

  r.get(
    '/api/admin/search',
    {
      config: { access: 'admin', roles: ['owner', 'support', 'finance'] },
      schema: {
        tags,
        summary: 'Find a customer (e-mail, name), a business (name), an order (id) or a voucher (code); the kinds the role opens',
        querystring: adminSearchQuerySchema,
        response: { 200: adminSearchSchema, ...errorResponses },
      },
    },
    async (request) => adminSearch(app.deps, request.user!.adminRole!, request.query.q),
  );
}
