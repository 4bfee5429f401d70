import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeGiftRecipientSchema,
  errorResponses,
  giftClaimedSchema,
  giftPreviewSchema,
  giftTokenSchema,
  okSchema,
} from '@localperks/shared';
import { claimGift, previewGift, resendGift } from './gifts.service';

/** Gifts (docs/decisions/0066-gifts.md): the buyer's resend and address change, the recipient's claim. */
export async function giftsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gifts'];
  const params = z.object({ id: z.uuid() });

  r.post(
    '/api/gifts/:id/resend',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Send a delivered, unclaimed gift’s e-mail again (a new claim link)',
        params,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => resendGift(app.deps, request.user!.id, request.params.id),
  );

  r.patch(
    '/api/gifts/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Change an unclaimed gift’s recipient address (a delivered gift goes to the new address at once)',
        params,
        body: changeGiftRecipientSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => resendGift(app.deps, request.user!.id, request.params.id, request.body.recipientEmail),
  );

  r.post(
    '/api/gifts/preview',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What a gift link holds, for its claim page',
        body: giftTokenSchema,
        response: { 200: giftPreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewGift(app.deps, request.body.token),
  );

  r.post(
    '/api/gifts/claim',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Claim a gift: its vouchers move to the signed-in customer’s My Purchases',
        body: giftTokenSchema,
        response: { 200: giftClaimedSchema, ...errorResponses },
      },
    },
    async (request) => claimGift(app.deps, request.user!.id, request.body.token),
  );
}
