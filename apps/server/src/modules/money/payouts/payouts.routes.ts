import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayoutSchema,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  errorResponses,
  payoutReasonSchema,
  payoutReconciliationSchema,
  payoutSummarySchema,
} from '@localperks/shared';
import {
  holdPayout,
  listPayouts,
  markPayoutPaid,
  payoutReconciliation,
  payoutSummary,
  releasePayout,
  retryTransfer,
} from './payouts.service';

/** Admin dashboard, Payout Management tab (docs/product/merchant-admin-spec.md §2, §4; docs/product/design.md §8): admins only. */
export async function payoutsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const config = { access: 'admin' as const, roles: ['owner', 'finance'] as const };
  const params = z.object({ id: z.uuid() });

  r.get(
    '/api/admin/payouts',
    {
      config,
      schema: {
        tags,
        summary: 'All payouts (or those in one state), overdue first, then newest period first, paginated',
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsPageSchema, ...errorResponses },
      },
    },
    async (request) => listPayouts(app.deps, request.query.page, request.query.state),
  );

  r.get(
    '/api/admin/payouts/reconciliation',
    {
      config,
      schema: {
        tags,
        summary:
          'The ledger reconciled: sales − refunds − commission − deductions − fees − transfers = balance held, checked against the payouts',
        response: { 200: payoutReconciliationSchema, ...errorResponses },
      },
    },
    async () => payoutReconciliation(app.deps),
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
        summary:
          'Mark a payout as paid outside the platform, with a reason (audited; 409 if already paid or a transfer is in flight); the merchant is e-mailed',
        params,
        body: payoutReasonSchema,
        response: { 200: adminPayoutSchema, ...errorResponses },
      },
    },
    async (request) => markPayoutPaid({ ...app.deps, log: request.log }, request.user!.id, request.params.id, request.body.reason),
  );

  r.post(
    '/api/admin/payouts/:id/retry',
    {
      config,
      schema: {
        tags,
        summary: 'Retry a failed transfer now (the merchant’s payout account must be active; audited)',
        params,
        response: { 200: adminPayoutSchema, ...errorResponses },
      },
    },
    async (request) => retryTransfer({ ...app.deps, log: request.log }, request.user!.id, request.params.id),
  );

  r.post(
    '/api/admin/payouts/:id/hold',
    {
      config,
      schema: {
        tags,
        summary: 'Hold a payout, with a reason (audited): it is not transferred until released',
        params,
        body: payoutReasonSchema,
        response: { 200: adminPayoutSchema, ...errorResponses },
      },
    },
    async (request) => holdPayout(app.deps, request.user!.id, request.params.id, request.body.reason),
  );

  r.post(
    '/api/admin/payouts/:id/release',
    {
      config,
      schema: {
        tags,
        summary: 'Release a held payout (audited): it is transferred as any other',
        params,
        response: { 200: adminPayoutSchema, ...errorResponses },
      },
    },
    async (request) => releasePayout(app.deps, request.user!.id, request.params.id),
  );
}
