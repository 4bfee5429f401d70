import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutStartedSchema, createCheckoutSchema, errorResponses, orderStateSchema } from '@localperks/shared';
import { orderStatus, startCheckout } from './checkout.service';

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
