import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorResponses,
  paymentMethodsResponseSchema,
  purchasesPageSchema,
  purchasesQuerySchema,
  redeemRequestSchema,
  redemptionLookupSchema,
  removedSchema,
  todaysRedemptionsQuerySchema,
  todaysRedemptionsSchema,
} from '@localperks/shared';
import { paymentMethods } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { lookupRedemption, listPurchases, purchaseCodeForOwner, redeemPurchase, todaysRedemptions } from './purchases.service';
import { qrSvg, redeemUrlFor } from './redemption-code';

export async function purchasesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/purchases',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['purchases'],
        summary: 'The customer’s purchases, one tab at a time, newest first',
        querystring: purchasesQuerySchema,
        response: { 200: purchasesPageSchema, ...errorResponses },
      },
    },
    async (request) => listPurchases(app.deps, request.user!.id, request.query),
  );

  r.get(
    '/api/purchases/:id/qr.svg',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['purchases'],
        summary: 'QR image of a purchase’s redeem link (owner only)',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.string().describe('image/svg+xml: the QR code of the redeem link'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const code = await purchaseCodeForOwner(app.deps, request.user!.id, request.params.id);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=86400')
        .send(await qrSvg(redeemUrlFor(app.config.appUrl, code)));
    },
  );

  r.post(
    '/api/merchant/redemptions/lookup',
    {
      config: { access: 'merchant', roles: ['owner', 'manager', 'redeemer'] },
      schema: {
        tags: ['redemption'],
        summary: 'What a code is, for the merchant’s own deals only',
        body: redeemRequestSchema,
        response: { 200: redemptionLookupSchema, ...errorResponses },
      },
    },
    async (request) => lookupRedemption(app.deps, request.user!.merchantOwnerId!, request.body.code),
  );

  r.post(
    '/api/merchant/redemptions',
    {
      config: { access: 'merchant', roles: ['owner', 'manager', 'redeemer'] },
      schema: {
        tags: ['redemption'],
        summary: 'Redeem a code of one of the merchant’s deals (once)',
        body: redeemRequestSchema,
        response: { 200: redemptionLookupSchema, ...errorResponses },
      },
    },
    async (request) => redeemPurchase(app.deps, request.user!.merchantOwnerId!, request.body.code, request.user!.id),
  );

  r.get(
    '/api/merchant/redemptions/today',
    {
      config: { access: 'merchant', roles: ['owner', 'manager', 'redeemer'] },
      schema: {
        tags: ['redemption'],
        summary: 'Today’s redemptions at the business’s counter, newest first, with who redeemed each',
        querystring: todaysRedemptionsQuerySchema,
        response: { 200: todaysRedemptionsSchema, ...errorResponses },
      },
    },
    async (request) => todaysRedemptions(app.deps, request.user!.merchantOwnerId!, request.query.tz),
  );

  r.get(
    '/api/account/payment-methods',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Saved cards: last four digits and expiry only',
        response: { 200: paymentMethodsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const cards = await app.db
        .select({
          id: paymentMethods.id,
          brand: paymentMethods.brand,
          last4: paymentMethods.last4,
          expMonth: paymentMethods.expMonth,
          expYear: paymentMethods.expYear,
          createdAt: paymentMethods.createdAt,
        })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, request.user!.id))
        .orderBy(desc(paymentMethods.createdAt));
      return { paymentMethods: cards.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })) };
    },
  );

  r.delete(
    '/api/account/payment-methods/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Remove a saved card',
        params: z.object({ id: z.uuid() }),
        response: { 200: removedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mine = and(eq(paymentMethods.id, request.params.id), eq(paymentMethods.userId, request.user!.id));
      const [card] = await app.db
        .select({ provider: paymentMethods.provider, providerPaymentMethodId: paymentMethods.providerPaymentMethodId })
        .from(paymentMethods)
        .where(mine);
      if (!card) throw new AppError('NOT_FOUND', 'This card is not saved on your account.');
      // Forgotten at the provider first, so no checkout offers it again; if the provider cannot be
      // reached the card stays saved and the customer is asked to try again (docs/decisions/0041).
      if (card.providerPaymentMethodId && card.provider === app.payments.name)
        await app.payments.detachPaymentMethod(card.providerPaymentMethodId);
      await app.db.delete(paymentMethods).where(mine);
      return { removed: true as const };
    },
  );
}
