import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartQuoteRequestSchema,
  cartQuoteSchema,
  checkoutStartedSchema,
  createCheckoutSchema,
  errorResponses,
  orderStateSchema,
  webhookReceivedSchema,
} from '@localperks/shared';
import { AppError } from '../../../lib/errors';
import { findUnstorableText } from '../../../plugins/input';
import { handleBillingEvent, handleDisputeEvent, handleRefundEvent } from '../../money';
import { handleProviderEvent, orderStatus, quoteCart, startCheckout } from './checkout.service';

export async function checkoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/checkout',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['checkout'],
        summary: 'Start a hosted card checkout for cart lines (prices and totals come from the database)',
        body: createCheckoutSchema,
        response: { 200: checkoutStartedSchema, ...errorResponses },
      },
    },
    async (request) => startCheckout(app.deps, request.user!, request.body),
  );

  r.post(
    '/api/cart/quote',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['checkout'],
        summary: 'Price cart lines with an optional promo code as a checkout would now (discount, tax on the discounted subtotal, total)',
        body: cartQuoteRequestSchema,
        response: { 200: cartQuoteSchema, ...errorResponses },
      },
    },
    async (request) => quoteCart(app.deps, request.user!, request.body),
  );

  r.get(
    '/api/orders/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['checkout'],
        summary: 'Whether the provider has confirmed an order yet (the owner’s own orders only)',
        params: z.object({ id: z.uuid() }),
        response: { 200: orderStateSchema, ...errorResponses },
      },
    },
    async (request) => orderStatus(app.deps, request.user!.id, request.params.id),
  );

  // Signatures are computed over the exact bytes received, so this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary:
            'Signed payment provider events (checkout completed / expired, subscription renewed / ended, dispute opened / closed, charge refunded)',
          params: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
          response: { 200: webhookReceivedSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (request.params.provider !== app.payments.name)
          throw new AppError('NOT_FOUND', `The ${request.params.provider} provider is not in use.`);
        if (!Buffer.isBuffer(request.body)) throw new AppError('INVALID_SIGNATURE', 'Invalid webhook signature');
        const event = await app.payments.verifyWebhook(request.body, request.headers);
        // The raw body skipped the input rule every parsed body gets (plugins/input.ts): apply it to what was read.
        if (findUnstorableText(event)) throw new AppError('BAD_REQUEST', 'The webhook event contains characters that cannot be stored.');
        // A voucher's refund confirmed by the provider (docs/decisions/0019-refund-flow.md).
        if (event.type === 'charge.refunded') {
          const refunds = await handleRefundEvent({ ...app.deps, log: request.log }, event);
          return { received: true as const, fulfilled: refunds.applied > 0 };
        }
        // Chargebacks (docs/decisions/0018-one-ledger.md), then merchant charges (subscription, PerkBoost); everything else is a customer order.
        const dispute = await handleDisputeEvent(app.deps, event);
        if (dispute.handled) return { received: true as const, fulfilled: dispute.applied };
        const billing = await handleBillingEvent({ ...app.deps, log: request.log }, event);
        if (billing.handled) return { received: true as const, fulfilled: billing.applied };
        const result = await handleProviderEvent(app.deps, event);
        return { received: true as const, fulfilled: result.fulfilled };
      },
    );
  });
}
