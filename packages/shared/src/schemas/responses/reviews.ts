import { z } from 'zod';
import { REVIEW_REPORT_REASONS } from '../../domain/reviews';
import { count, isoDate, pageFields } from './common';

/** The business's one public reply to a review, named as the business. */
export const reviewReplyOutSchema = z.object({ text: z.string(), createdAt: isoDate(), businessName: z.string() });

/** A review as the deal and business pages show it (docs/decisions/0064-verified-reviews.md). Plain text throughout. */
export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  body: z.string(),
  photos: z.array(z.string()),
  /** "Pat C.": the first name and the last name's initial. */
  authorName: z.string(),
  /** Every review is written from a redeemed voucher. */
  verifiedPurchase: z.literal(true),
  createdAt: isoDate(),
  dealId: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  reply: reviewReplyOutSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The average (null without reviews), the count, and how many reviews gave each number of stars (5 down to 1). */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: count(),
  stars: z.array(z.object({ stars: z.number().int(), count: count() })),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewsPageSchema = z.object({ summary: ratingSummarySchema, reviews: z.array(reviewSchema), ...pageFields });
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

/** GET /api/purchases/:id/review: the voucher the form is about, whether it may be reviewed, and its review once written. */
export const reviewEligibilitySchema = z.object({
  purchaseId: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  merchantName: z.string(),
  redeemedAt: isoDate().nullable(),
  /** The last moment a review can be written (90 days after the redemption); null before it is redeemed. */
  reviewBy: isoDate().nullable(),
  canReview: z.boolean(),
  /** Why it cannot be reviewed (not redeemed, too late, refunded, already reviewed); null when it can. */
  blocker: z.string().nullable(),
  review: reviewSchema.extend({ status: z.enum(['published', 'hidden']) }).nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

/** A review as its business sees it in the dashboard: hidden ones too, so a hidden one's reply is not asked for. */
export const merchantReviewSchema = reviewSchema.extend({ status: z.enum(['published', 'hidden']) });
export type MerchantReview = z.infer<typeof merchantReviewSchema>;
export const merchantReviewsPageSchema = z.object({
  summary: ratingSummarySchema,
  reviews: z.array(merchantReviewSchema),
  unreplied: count(),
  ...pageFields,
});
export type MerchantReviewsPage = z.infer<typeof merchantReviewsPageSchema>;

/** A review in the admins' moderation queue: its reports and its last moderation. */
export const adminReviewSchema = reviewSchema.extend({
  status: z.enum(['published', 'hidden']),
  merchantName: z.string(),
  authorEmail: z.string(),
  openReports: count(),
  reports: z.array(
    z.object({ reason: z.enum(REVIEW_REPORT_REASONS), note: z.string().nullable(), createdAt: isoDate(), resolved: z.boolean() }),
  ),
  moderationReason: z.string().nullable(),
  moderatedAt: isoDate().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsPageSchema = z.object({ reviews: z.array(adminReviewSchema), ...pageFields });
export type AdminReviewsPage = z.infer<typeof adminReviewsPageSchema>;

export const reviewReportedSchema = z.object({ reported: z.literal(true) });

/** An admin's hide or restore: the review's status now. */
export const reviewModeratedSchema = z.object({ id: z.string(), status: z.enum(['published', 'hidden']) });
