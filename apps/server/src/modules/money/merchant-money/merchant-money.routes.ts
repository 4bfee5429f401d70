import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  merchantBillingSchema,
  merchantChargesPageSchema,
  merchantMoneyIdParamsSchema,
  merchantMoneyPageQuerySchema,
  merchantPayoutsPageSchema,
  merchantReceiptSchema,
  payoutStatementSchema,
} from '@localperks/shared';
import { chargeReceipt, listCharges, merchantBilling } from './merchant-billing.service';
import { listMerchantPayouts, payoutStatement, payoutStatementCsv } from './merchant-payouts.service';

/**
 * A merchant's money (issue 15): Billing (plan, subscription, charges, receipts) and Payouts
 * (payouts, open period, statements). Another merchant's charge or payout answers 404.
 */
export async function merchantMoneyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchant money'];
  const config = { access: 'merchant' as const, roles: ['owner'] as const };

  r.get(
    '/api/merchant/billing',
    {
      config,
      schema: {
        tags,
        summary: 'Plan, subscription state and next renewal, and the total paid',
        response: { 200: merchantBillingSchema, ...errorResponses },
      },
    },
    async (request) => merchantBilling(app.deps, request.user!.id),
  );

  r.get(
    '/api/merchant/charges',
    {
      config,
      schema: {
        tags,
        summary: 'Every charge (subscription, PerkBoost): paid and pending, newest first, paginated',
        querystring: merchantMoneyPageQuerySchema,
        response: { 200: merchantChargesPageSchema, ...errorResponses },
      },
    },
    async (request) => listCharges(app.deps, request.user!.id, request.query.page),
  );

  r.get(
    '/api/merchant/charges/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The receipt of one of the merchant’s paid charges (404 for another merchant’s)',
        params: merchantMoneyIdParamsSchema,
        response: { 200: merchantReceiptSchema, ...errorResponses },
      },
    },
    async (request) => chargeReceipt(app.deps, request.user!.id, request.params.id),
  );

  r.get(
    '/api/merchant/payouts',
    {
      config,
      schema: {
        tags,
        summary: 'The merchant’s payouts (Scheduled, Paid, Overdue), newest period first, with the open period so far',
        querystring: merchantMoneyPageQuerySchema,
        response: { 200: merchantPayoutsPageSchema, ...errorResponses },
      },
    },
    async (request) => listMerchantPayouts(app.deps, request.user!.id, request.query.page),
  );

  r.get(
    '/api/merchant/payouts/:id/statement',
    {
      config,
      schema: {
        tags,
        summary: 'A payout’s statement: the period’s sales (codes masked), paginated, and their sums',
        params: merchantMoneyIdParamsSchema,
        querystring: merchantMoneyPageQuerySchema,
        response: { 200: payoutStatementSchema, ...errorResponses },
      },
    },
    async (request) => payoutStatement(app.deps, request.user!.id, request.params.id, request.query.page),
  );

  r.get(
    '/api/merchant/payouts/:id/statement.csv',
    {
      config,
      schema: {
        tags,
        summary: 'The statement as a CSV download (formula-like cells escaped)',
        params: merchantMoneyIdParamsSchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await payoutStatementCsv(app.deps, request.user!.id, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
