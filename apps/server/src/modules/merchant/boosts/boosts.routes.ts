import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOOST_MESSAGES,
  boostCheckoutSchema,
  buyBoostSchema,
  dealBoostStatusSchema,
  errorResponses,
  listingBoostStatusSchema,
  okSchema,
} from '@localperks/shared';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { startDealBoost, startListingBoost } from './boosts.checkout';
import { countDealVisit, isCountedVisitor } from '../../catalog';
import { dealBoostStatus, listingBoostStatus } from './boosts.service';

/** Clicks through from a listing, per network per hour: enough for a busy office, not for a script. */
const CLICK_LIMIT = { max: 300, windowMs: 60 * 60_000 };

export async function boostsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['boosts'];
  const params = z.object({ id: z.uuid({ error: 'This deal does not exist.' }) });

  r.get(
    '/api/merchant/boosts/deals/:id',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'The boost of one of the merchant’s deals: time left, and views, clicks and purchases against the same time before it',
        params,
        response: { 200: dealBoostStatusSchema, ...errorResponses },
      },
    },
    async (request) => dealBoostStatus(app.deps, request.user!.id, request.params.id),
  );

  r.post(
    '/api/merchant/boosts/deals/:id',
    {
      config: { access: 'approved-merchant', roles: ['owner'] },
      schema: {
        tags,
        summary:
          'Buy a boost of a live deal (1, 3, 7 or 14 days; price from the server): a payment page; paying starts or extends the window',
        params,
        body: buyBoostSchema,
        response: { 200: boostCheckoutSchema, ...errorResponses },
      },
    },
    async (request) => startDealBoost(app.deps, request.user!, request.params.id, request.body.boostDays),
  );

  r.get(
    '/api/merchant/boosts/listing',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'The business listing’s boost: time left, and whether the plan allows one',
        response: { 200: listingBoostStatusSchema, ...errorResponses },
      },
    },
    async (request) => listingBoostStatus(app.deps, request.user!.id),
  );

  r.post(
    '/api/merchant/boosts/listing',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Buy a boost of the business listing (Advertise + Messaging with an active subscription): a payment page',
        body: buyBoostSchema,
        response: { 200: boostCheckoutSchema, ...errorResponses },
      },
    },
    async (request) => startListingBoost(app.deps, request.user!, request.body.boostDays),
  );

  r.post(
    '/api/deals/:id/click',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Beacon: a deal card in a listing was clicked through to the deal (boost stats)',
        params,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await consumeRateLimit(app.db, `deal-click:ip:${request.ip}`, CLICK_LIMIT, BOOST_MESSAGES.tooManyClicks, app.deps.clock.now());
      if (isCountedVisitor(request.headers['user-agent']))
        await countDealVisit(app.deps, { dealId: request.params.id, viewerUserId: request.user?.id ?? null, kind: 'clicks' });
      return { ok: true as const };
    },
  );
}
