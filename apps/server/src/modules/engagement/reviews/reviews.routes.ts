import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  DEAL_IMAGE_MAX_BYTES,
  MERCHANT_DEAL_MESSAGES,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_UPLOAD_LIMIT,
  adminReviewsPageSchema,
  adminReviewsQuerySchema,
  createReviewSchema,
  errorResponses,
  merchantReviewSchema,
  merchantReviewsPageSchema,
  merchantReviewsQuerySchema,
  moderateReviewSchema,
  reportReviewSchema,
  reviewEligibilitySchema,
  reviewReplySchema,
  reviewModeratedSchema,
  reviewReportedSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
  uploadedImageSchema,
} from '@localperks/shared';
import { AppError } from '../../../lib/errors';
import { storeDealImage } from '../../../lib/images';
import { readUploadedFile } from '../../../lib/uploaded-file';
import { consumeRateLimit } from '../../../lib/rate-limit';
import {
  createReview,
  listAdminReviews,
  listBusinessReviews,
  listDealReviews,
  listMerchantReviews,
  moderateReview,
  replyToReview,
  reportReview,
  reviewEligibility,
} from './reviews.service';

/** Verified reviews (docs/decisions/0064-verified-reviews.md): read by anyone, written by a voucher's holder. */
export async function reviewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const id = z.object({ id: z.uuid() });

  r.get(
    '/api/deals/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A deal’s published reviews, with the average, the count and each star count; sorted and paginated',
        params: id,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsPageSchema, ...errorResponses },
      },
    },
    async (request) => listDealReviews(app.deps, request.params.id, request.query),
  );

  r.get(
    '/api/businesses/:slug/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A business’s published reviews (of all its deals), with the average, the count and each star count',
        params: z.object({ slug: z.string().max(200) }),
        querystring: reviewsQuerySchema,
        response: { 200: reviewsPageSchema, ...errorResponses },
      },
    },
    async (request) => listBusinessReviews(app.deps, request.params.slug, request.query),
  );

  r.get(
    '/api/purchases/:id/review',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Whether one of the customer’s vouchers can be reviewed, and its review once written',
        params: id,
        response: { 200: reviewEligibilitySchema, ...errorResponses },
      },
    },
    async (request) => reviewEligibility(app.deps, request.user!.id, request.params.id),
  );

  r.post(
    '/api/purchases/:id/review',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Review a redeemed voucher (its holder, once, within 90 days of the redemption)',
        params: id,
        body: createReviewSchema,
        response: { 201: merchantReviewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const review = await createReview(app.deps, request.user!.id, request.params.id, request.body);
      reply.code(201);
      return review;
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: DEAL_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
    scope.post(
      '/api/reviews/photos',
      {
        config: { access: 'customer' },
        schema: {
          tags,
          summary: 'Upload a review photo (multipart field `file`; JPEG, PNG or WebP up to 5 MB); stored resized as WebP',
          response: { 201: uploadedImageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const M = MERCHANT_DEAL_MESSAGES;
        if (!request.isMultipart()) throw new AppError('VALIDATION', M.uploadMissing, { file: M.uploadMissing });
        // Each upload is decoded and resized: an hourly budget per customer keeps disk and CPU safe.
        await consumeRateLimit(
          app.db,
          `review-photo:${request.user!.id}`,
          REVIEW_PHOTO_UPLOAD_LIMIT,
          REVIEW_MESSAGES.tooManyPhotos,
          app.deps.clock.now(),
        );
        const data = await readUploadedFile(request);
        reply.code(201);
        return storeDealImage(app.deps, data, 'reviews');
      },
    );
  });

  r.post(
    '/api/reviews/:id/report',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Report a review, with a reason (once per person)',
        params: id,
        body: reportReviewSchema,
        response: { 200: reviewReportedSchema, ...errorResponses },
      },
    },
    async (request) => reportReview(app.deps, request.user!.id, request.params.id, request.body),
  );

  r.get(
    '/api/merchant/reviews',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The business’s reviews, newest first (all, or those awaiting a reply)',
        querystring: merchantReviewsQuerySchema,
        response: { 200: merchantReviewsPageSchema, ...errorResponses },
      },
    },
    async (request) => listMerchantReviews(app.deps, request.user!.merchantOwnerId!, request.query),
  );

  r.post(
    '/api/merchant/reviews/:id/reply',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The business’s one public reply to a review of its own; the customer is e-mailed',
        params: id,
        body: reviewReplySchema,
        response: { 200: merchantReviewSchema, ...errorResponses },
      },
    },
    async (request) => replyToReview(app.deps, request.user!.merchantOwnerId!, request.user!.id, request.params.id, request.body.text),
  );

  r.get(
    '/api/admin/reviews',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags,
        summary: 'The moderation queue: reviews with open reports, or hidden reviews',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsPageSchema, ...errorResponses },
      },
    },
    async (request) => listAdminReviews(app.deps, request.query),
  );

  for (const [action, to] of [
    ['hide', 'hidden'],
    ['restore', 'published'],
  ] as const) {
    r.post(
      `/api/admin/reviews/:id/${action}`,
      {
        config: { access: 'admin', roles: ['owner', 'support'] },
        schema: {
          tags,
          summary:
            to === 'hidden'
              ? 'Hide a review (it leaves the pages and the average), with a reason for the audit trail'
              : 'Show a hidden review again, or keep a reported one, with a reason for the audit trail',
          params: id,
          body: moderateReviewSchema,
          response: { 200: reviewModeratedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const review = await moderateReview(app.deps, request.user!.id, request.params.id, to, request.body.reason);
        return { id: review.id, status: review.status };
      },
    );
  }
}
