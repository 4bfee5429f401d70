import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantAnalytics } from './merchant-analytics.service';
import { chartRangeQuerySchema, errorResponses, merchantAnalyticsSchema } from '@localperks/shared';

export async function merchantAnalyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/analytics',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['merchant-analytics'],
        summary:
          'Revenue & Analytics of the signed-in merchant, from their ledger entries (revenue after refunds, refunds, earnings after commission and dispute fees, current period, next payout, 30 days, by deal, recent), and the figures of a date range (last 7, 30 or 90 days, this month, or custom from/to of at most 366 days) against the period before it',
        querystring: chartRangeQuerySchema,
        response: { 200: merchantAnalyticsSchema, ...errorResponses },
      },
    },
    async (request) => merchantAnalytics(app.deps, request.user!.merchantOwnerId!, request.query),
  );
}
