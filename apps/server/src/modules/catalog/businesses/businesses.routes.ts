import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  BUSINESS_PROFILE_MESSAGES as B,
  DEAL_IMAGE_MAX_BYTES,
  MERCHANT_DEAL_MESSAGES as M,
  businessPageResponseSchema,
  errorResponses,
  merchantAddressSchema,
  merchantBusinessProfileSchema,
  placeSavedSchema,
  updateBusinessProfileSchema,
  uploadedImageSchema,
} from '@localperks/shared';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { storeDealImage } from '../../../lib/images';
import { readUploadedFile } from '../../../lib/uploaded-file';
import { saveMerchantAddress } from '../location/address.service';
import { enhancedProfileOwner, getBusinessPage, getMerchantBusinessProfile, updateBusinessProfile } from './businesses.service';

export async function businessesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = app.storage;

  r.get(
    '/api/businesses/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['businesses'],
        summary:
          'An approved business’s public page: listing, enhanced profile (by plan) and live deals; for an old slug, the slug it has now',
        params: z.object({ slug: z.string({ error: B.notFound }).min(1, B.notFound) }),
        response: { 200: businessPageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await getBusinessPage(app.deps, request.params.slug, storage.publicUrl);
      if (!page) throw new AppError('NOT_FOUND', B.notFound);
      return page;
    },
  );

  r.get(
    '/api/merchant/business-profile',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['merchants'],
        summary: 'The signed-in merchant’s business page settings (slug, logo, cover, opening hours, highlights)',
        response: { 200: merchantBusinessProfileSchema, ...errorResponses },
      },
    },
    async (request) => getMerchantBusinessProfile(app.deps, request.user!.merchantOwnerId!),
  );

  r.put(
    '/api/merchant/business-profile',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['merchants'],
        summary: 'Save the enhanced business profile (Advertise + Messaging and Deals + Messaging; Advertise Only may only clear it)',
        body: updateBusinessProfileSchema,
        response: { 200: merchantBusinessProfileSchema, ...errorResponses },
      },
    },
    async (request) => updateBusinessProfile(app.deps, request.user!.merchantOwnerId!, request.body),
  );

  r.put(
    '/api/merchant/address',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags: ['merchants'],
        summary:
          'Save the business’s street address: geocoded offline to its ZIP code’s centre, or to the latitude and longitude given (within 30 miles of it)',
        body: merchantAddressSchema,
        response: { 200: placeSavedSchema, ...errorResponses },
      },
    },
    async (request) => ({ place: await saveMerchantAddress(app.deps, request.user!.merchantOwnerId!, request.body) }),
  );

  // The deal image pipeline (checked by content, resized to WebP), into the businesses folder.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: DEAL_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
    scope.post(
      '/api/merchant/uploads/business-images',
      {
        config: { access: 'merchant', roles: ['owner', 'manager'] },
        schema: {
          tags: ['merchants'],
          summary: 'Upload a business logo or cover image (multipart field `file`; JPEG, PNG or WebP up to 5 MB); stored resized as WebP',
          response: { 201: uploadedImageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await enhancedProfileOwner(app.deps, request.user!.merchantOwnerId!);
        if (!request.isMultipart()) throw new AppError('VALIDATION', M.uploadMissing, { file: M.uploadMissing });
        await consumeRateLimit(
          app.db,
          `business-image-upload:${request.user!.id}`,
          { max: 30, windowMs: 60 * 60_000 },
          'Too many images uploaded in the last hour. Please try again later.',
          app.deps.clock.now(),
        );
        const data = await readUploadedFile(request);
        const stored = await storeDealImage({ storage }, data, 'businesses');
        reply.code(201);
        return stored;
      },
    );
  });
}
