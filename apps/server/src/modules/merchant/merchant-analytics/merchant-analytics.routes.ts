import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantAnalytics } from './merchant-analytics.service';
import { errorResponses, merchantAnalyticsSchema } from '@localperks/shared';

export async function merchantAnalyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/analytics',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['merchant-analytics'],
        summary:
          'Revenue & Analytics of the signed-in merchant, from their ledger entries (revenue after refunds, refunds, earnings after commission and dispute fees, current period, next payout, 30 days, by deal, recent)',
        response: { 200: merchantAnalyticsSchema, ...errorResponses },
      },
    },
    async (request) => merchantAnalytics(app.deps, request.user!.merchantOwnerId!),
  );
}
