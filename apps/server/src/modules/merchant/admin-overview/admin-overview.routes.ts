import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMerchantDealsSchema,
  adminMerchantsWithDealsQuerySchema,
  adminMerchantsWithDealsSchema,
  adminOverviewSchema,
  adminRangeSchema,
  chartRangeQuerySchema,
  adminPageQuerySchema,
  deactivateDealSchema,
  dealAppealDecisionSchema,
  dealAppealOutSchema,
  errorResponses,
  okSchema,
} from '@localperks/shared';
import { decideDealAppeal } from '../merchant-deals/deal-removal.service';
import { adminRangeFigures } from './range-figures';
import { adminOverview, deactivateDeal, listMerchantsWithDeals, merchantDealsForAdmin } from './admin-overview.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export async function adminOverviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/overview',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags,
        summary: 'Overview tab: merchant, deal, revenue and payout figures, recent merchants, merchants with deals, pending approvals',
        response: { 200: adminOverviewSchema, ...errorResponses },
      },
    },
    async () => adminOverview(app.deps),
  );

  r.get(
    '/api/admin/overview/range',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags,
        summary:
          'Overview figures for a date range (last 7, 30 or 90 days, this month, or custom from/to of at most 366 days) and the period of equal length before it: GMV, platform income by source, take rate, refunds and disputes, new customers and merchants, vouchers sold and redeemed, and GMV and income per day',
        querystring: chartRangeQuerySchema,
        response: { 200: adminRangeSchema, ...errorResponses },
      },
    },
    async (request) => adminRangeFigures(app.deps, request.query),
  );

  r.get(
    '/api/admin/merchants-with-deals',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Every merchant with deals, newest first, searched by business name, city or e-mail (10 a page)',
        querystring: adminMerchantsWithDealsQuerySchema,
        response: { 200: adminMerchantsWithDealsSchema, ...errorResponses },
      },
    },
    async (request) => listMerchantsWithDeals(app.deps, request.query),
  );

  r.get(
    '/api/admin/merchants/:id/deals',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'One merchant’s deals with status and prices, newest first (20 a page)',
        params: idParams,
        querystring: adminPageQuerySchema,
        response: { 200: adminMerchantDealsSchema, ...errorResponses },
      },
    },
    async (request) => merchantDealsForAdmin(app.deps, request.params.id, request.query.page),
  );

  r.post(
    '/api/admin/deals/:id/appeal/decision',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Decide the open appeal of a removed deal: reinstate it (back as paused) or uphold the removal; the merchant is told',
        params: idParams,
        body: dealAppealDecisionSchema,
        response: { 200: dealAppealOutSchema, ...errorResponses },
      },
    },
    async (request) => decideDealAppeal(app.deps, request.user!.id, request.params.id, request.body),
  );

  r.post(
    '/api/admin/deals/:id/deactivate',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Take down a deal that breaks the merchant terms; the merchant is notified and e-mailed the reason',
        params: idParams,
        body: deactivateDealSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    // Taken down first; its open payment pages are closed after (dealWithdrawn): a payment landing between is refunded.
    async (request) => deactivateDeal({ ...app.deps, log: request.log }, request.user!.id, request.params.id, request.body.reason),
  );
}
