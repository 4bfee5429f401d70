import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPromoCodeSchema, errorResponses, promoCodeResultSchema, promoCodesPageSchema } from '@localperks/shared';
import { createPromoCode, deactivatePromoCode, listPromoCodes, merchantOwner } from './promo-codes.service';

/**
 * Promo codes (docs/decisions/0048-promo-codes-on-the-ledger.md): admins create the platform's, paid for
 * by the platform; an approved merchant creates codes for their own deals, paid for by them.
 */
export async function promoCodesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { kind: 'admin' as const };
  const idParams = z.object({ id: z.uuid() });

  r.get(
    '/api/admin/promo-codes',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags: ['promo codes'],
        summary: 'Every promo code, the platform’s and merchants’, newest first',
        response: { 200: promoCodesPageSchema, ...errorResponses },
      },
    },
    async () => ({ promoCodes: await listPromoCodes(app.deps, admin) }),
  );
  r.post(
    '/api/admin/promo-codes',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags: ['promo codes'],
        summary: 'Create a platform-funded promo code',
        body: createPromoCodeSchema,
        response: { 200: promoCodeResultSchema, ...errorResponses },
      },
    },
    async (request) => ({ promoCode: await createPromoCode(app.deps, admin, request.user!.id, request.body) }),
  );
  r.post(
    '/api/admin/promo-codes/:id/deactivate',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags: ['promo codes'],
        summary: 'Stop any promo code from being applied',
        params: idParams,
        response: { 200: promoCodeResultSchema, ...errorResponses },
      },
    },
    async (request) => ({ promoCode: await deactivatePromoCode(app.deps, admin, request.params.id) }),
  );

  r.get(
    '/api/merchant/promo-codes',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['promo codes'],
        summary: 'The merchant’s own promo codes, newest first',
        response: { 200: promoCodesPageSchema, ...errorResponses },
      },
    },
    async (request) => ({ promoCodes: await listPromoCodes(app.deps, await merchantOwner(app.deps.db, request.user!.merchantOwnerId!)) }),
  );
  r.post(
    '/api/merchant/promo-codes',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['promo codes'],
        summary: 'Create a promo code for the merchant’s own deals, paid for by the merchant',
        body: createPromoCodeSchema,
        response: { 200: promoCodeResultSchema, ...errorResponses },
      },
    },
    async (request) => ({
      promoCode: await createPromoCode(
        app.deps,
        await merchantOwner(app.deps.db, request.user!.merchantOwnerId!),
        request.user!.id,
        request.body,
      ),
    }),
  );
  r.post(
    '/api/merchant/promo-codes/:id/deactivate',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['promo codes'],
        summary: 'Stop one of the merchant’s own promo codes from being applied',
        params: idParams,
        response: { 200: promoCodeResultSchema, ...errorResponses },
      },
    },
    async (request) => ({
      promoCode: await deactivatePromoCode(app.deps, await merchantOwner(app.deps.db, request.user!.merchantOwnerId!), request.params.id),
    }),
  );
}
