import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayoutSchema,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  errorResponses,
  payoutSummarySchema,
} from '@localperks/shared';
import { listPayouts, markPayoutPaid, payoutSummary } from './payouts.service';

/** Admin dashboard, Payout Management tab (docs/product/merchant-admin-spec.md §2, §4; docs/product/design.md §8): admins only. */
export async function payoutsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const config = { access: 'admin' as const, roles: ['owner', 'finance'] as const };

  r.get(
    '/api/admin/payouts',
    {
      config,
      schema: {
        tags,
        summary: 'All payouts, newest period first, paginated',
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsPageSchema, ...errorResponses },
      },
    },
    async (request) => listPayouts(app.deps, request.query.page),
  );

  r.get(
    '/api/admin/payouts/summary',
    {
      config,
      schema: {
        tags,
        summary: 'Current Period Summary: upcoming net, merchants this period, pending payouts',
        response: { 200: payoutSummarySchema, ...errorResponses },
      },
    },
    async () => payoutSummary(app.deps),
  );

  r.post(
    '/api/admin/payouts/:id/mark-paid',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a payout as paid (never reversed; 409 if already paid); the merchant is e-mailed',
        params: z.object({ id: z.uuid() }),
        response: { 200: adminPayoutSchema, ...errorResponses },
      },
    },
    async (request) => markPayoutPaid({ ...app.deps, log: request.log }, request.user!.id, request.params.id),
  );
}
