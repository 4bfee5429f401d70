import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ACCESS_MESSAGES,
  boostCheckoutSchema,
  dealAppealOutSchema,
  dealAppealSchema,
  createMerchantDealSchema,
  DEAL_IMAGE_MAX_BYTES,
  errorResponses,
  launchBoostSchema,
  MERCHANT_DEAL_MESSAGES as M,
  merchantDealSchema,
  merchantDealsPageSchema,
  merchantDealsQuerySchema,
  removedSchema,
  type SaveMerchantDealResult,
  saveMerchantDealResultSchema,
  updateMerchantDealSchema,
  uploadedImageSchema,
} from '@localperks/shared';
import { AppError } from '../../../lib/errors';
import { appealDealRemoval } from './deal-removal.service';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { storeDealImage } from '../../../lib/images';
import { readUploadedFile } from '../../../lib/uploaded-file';
import { IMMUTABLE_CACHE_CONTROL, isStorageKey } from '../../../lib/storage';
import {
  boostDraft,
  createMerchantDeal,
  dealCreationBlocker,
  deleteMerchantDeal,
  merchantForUser,
  setDraftBoostDays,
  getMerchantDeal,
  listMerchantDeals,
  setDealPaused,
  updateMerchantDeal,
} from './merchant-deals.service';
import { closeBoostPayments, startBoostPayment } from './merchant-deals.boost';

export async function merchantDealsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchant-deals'];
  const storage = app.storage;
  const params = z.object({ id: z.uuid() });

  r.get(
    '/api/merchant/deals',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The signed-in merchant’s own deals (a page), and whether they may create deals now',
        querystring: merchantDealsQuerySchema,
        response: { 200: merchantDealsPageSchema, ...errorResponses },
      },
    },
    async (request) => listMerchantDeals(app.deps, request.user!.merchantOwnerId!, request.query),
  );

  r.get(
    '/api/merchant/deals/:id',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'One of the merchant’s own deals (for editing)',
        params,
        response: { 200: merchantDealSchema, ...errorResponses },
      },
    },
    async (request) => getMerchantDeal(app.deps, request.user!.merchantOwnerId!, request.params.id),
  );

  r.post(
    '/api/merchant/deals',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary:
          'Create a deal (approved merchants on Deals + Messaging). With `boost` it is saved as a PerkBoost draft and a payment page is returned.',
        body: createMerchantDealSchema,
        response: { 201: saveMerchantDealResultSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<SaveMerchantDealResult> => {
      const body = request.body;
      // A PerkBoost launch is paid for: the owner's (docs/decisions/0062-roles-and-staff.md); a manager creates standard deals.
      if (body.boost && request.user!.merchantRole !== 'owner')
        throw new AppError('FORBIDDEN', ACCESS_MESSAGES.merchantRole(request.user!.merchantRole!));
      const created = await createMerchantDeal(app.deps, request.user!.merchantOwnerId!, body);
      let checkoutUrl: string | null = null;
      if (body.boost) {
        checkoutUrl = await startBoostPayment(app.deps, {
          merchant: created.merchant,
          merchantEmail: request.user!.email,
          dealId: created.deal.id,
          dealTitle: created.deal.title,
          boostDays: body.boost.boostDays,
        });
      }
      reply.code(201);
      return { deal: created.deal, phoneNumbersRemoved: created.phoneNumbersRemoved, checkoutUrl };
    },
  );

  r.put(
    '/api/merchant/deals/:id',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Edit one of the merchant’s own deals (phone numbers are removed from the description)',
        params,
        body: updateMerchantDealSchema,
        response: { 200: saveMerchantDealResultSchema, ...errorResponses },
      },
    },
    async (request): Promise<SaveMerchantDealResult> => {
      const updated = await updateMerchantDeal(app.deps, request.user!.merchantOwnerId!, request.params.id, request.body);
      return { ...updated, checkoutUrl: null };
    },
  );

  r.post(
    '/api/merchant/deals/:id/boost',
    {
      config: { access: 'approved-merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Pay for a PerkBoost draft: a payment page for the chosen duration (price from the server)',
        params,
        body: launchBoostSchema,
        response: { 200: boostCheckoutSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { merchant, deal } = await boostDraft(app.db, request.user!.merchantOwnerId!, request.params.id);
      await setDraftBoostDays(app.deps, deal.id, request.body.boostDays);
      const checkoutUrl = await startBoostPayment(app.deps, {
        merchant,
        merchantEmail: request.user!.email,
        dealId: deal.id,
        dealTitle: deal.title,
        boostDays: request.body.boostDays,
      });
      return { checkoutUrl };
    },
  );

  r.post(
    '/api/merchant/deals/:id/appeal',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Appeal the removal of an own deal taken down by an admin (once per removal); the admins are told',
        params,
        body: dealAppealSchema,
        response: { 201: dealAppealOutSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await appealDealRemoval(app.deps, request.user!.merchantOwnerId!, request.params.id, request.body.message)),
  );

  r.post(
    '/api/merchant/deals/:id/pause',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Pause an active deal of the merchant (hidden from customers)',
        params,
        response: { 200: merchantDealSchema, ...errorResponses },
      },
    },
    // Off sale first; its open payment pages are closed after (dealWithdrawn): a payment landing between is refunded.
    async (request) => setDealPaused(app.deps, request.user!.merchantOwnerId!, request.params.id, true),
  );

  r.post(
    '/api/merchant/deals/:id/resume',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Resume a paused deal of the merchant (if it has not expired)',
        params,
        response: { 200: merchantDealSchema, ...errorResponses },
      },
    },
    async (request) => setDealPaused(app.deps, request.user!.merchantOwnerId!, request.params.id, false),
  );

  r.delete(
    '/api/merchant/deals/:id',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Delete (soft: status removed) a deal; active or unlocked PerkBoost deals cannot be deleted',
        params,
        response: { 200: removedSchema, ...errorResponses },
      },
    },
    async (request) => {
      // A draft's open payment page is closed first, so a deleted launch can never be paid for.
      await closeBoostPayments(app.deps, request.user!.merchantOwnerId!, request.params.id);
      await deleteMerchantDeal(app.deps, request.user!.merchantOwnerId!, request.params.id);
      return { removed: true as const };
    },
  );

  // Uploads: multipart only in this scope; one file, checked by its content, at most 5 MB.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: DEAL_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
    scope.post(
      '/api/merchant/uploads/deal-images',
      {
        config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
        schema: {
          tags,
          summary: 'Upload a deal image (multipart field `file`; JPEG, PNG or WebP up to 5 MB); stored resized as WebP',
          response: { 201: uploadedImageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const blocker = dealCreationBlocker(await merchantForUser(app.db, request.user!.merchantOwnerId!));
        if (blocker) throw new AppError('FORBIDDEN', blocker);
        if (!request.isMultipart()) throw new AppError('VALIDATION', M.uploadMissing, { file: M.uploadMissing });
        // Each upload is decoded and resized: a per-merchant hourly budget keeps disk and CPU safe.
        await consumeRateLimit(
          app.db,
          `deal-image-upload:${request.user!.id}`,
          { max: 60, windowMs: 60 * 60_000 },
          'Too many images uploaded in the last hour. Please try again later.',
          app.deps.clock.now(),
        );
        const data = await readUploadedFile(request);
        const stored = await storeDealImage(app.deps, data);
        reply.code(201);
        return stored;
      },
    );
  });

  // Uploaded files are public (deal images); names are random and never change, so cache for long.
  // From disk or streamed from the bucket (every instance sees every upload); with S3_PUBLIC_URL the
  // API hands out the CDN's URLs instead, and this route only serves URLs stored before that.
  const uploadsRoute = {
    config: { access: 'public' as const },
    // Bytes (a Buffer or a stream), which Fastify sends as they are: no JSON serialisation to declare.
    schema: { hide: true, response: { 200: z.unknown().describe('The stored file itself (a WebP deal image)'), ...errorResponses } },
  };
  r.get('/uploads/*', uploadsRoute, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isStorageKey(key) ? await storage.get(key, { ifNoneMatch: request.headers['if-none-match'] }) : null;
    if (!file) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
    if (file.etag) reply.header('etag', file.etag);
    if (file.notModified) return reply.code(304).send();
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    return reply.type(file.contentType).header('x-content-type-options', 'nosniff').send(file.body);
  });
}
