import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartQuoteRequestSchema,
  cartQuoteSchema,
  checkoutStartedSchema,
  createCheckoutSchema,
  errorResponses,
  orderStateSchema,
} from '@localperks/shared';
import { orderStatus, quoteCart, startCheckout } from './checkout.service';

/**
 * Where the payment page sends the customer back: the address the checkout was started from, so the
 * session cookie (which belongs to that host) comes along and they return signed in. That is the
 * request's Origin when it names the very host the request was sent to (what the CSRF check also
 * accepts as our own); otherwise APP_URL.
 */
export function returnOrigin(request: FastifyRequest, appUrl: string): string {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (origin && host && (origin === `http://${host}` || origin === `https://${host}`)) return origin;
  return appUrl;
}

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
    async (request) => startCheckout(app.deps, request.user!, request.body, returnOrigin(request, app.config.appUrl)),
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
}
