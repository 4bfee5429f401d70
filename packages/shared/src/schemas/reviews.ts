import { z } from 'zod';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_MESSAGES,
  REVIEW_MODERATION_REASON_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_SORTS,
  REVIEW_TITLE_MAX,
} from '../domain/reviews';

/** The requests of verified reviews (docs/decisions/0064-verified-reviews.md); their rules and words are domain/reviews.ts. */
const M = REVIEW_MESSAGES;

const trimmedOrNull = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);

/** POST /api/purchases/:id/review: the review of one redeemed voucher. */
export const createReviewSchema = z.object({
  rating: z.number({ error: M.ratingRequired }).int(M.ratingRequired).min(1, M.ratingRequired).max(5, M.ratingRequired),
  title: z.preprocess(trimmedOrNull, z.string().max(REVIEW_TITLE_MAX, M.titleMax).nullable().optional()),
  body: z.string({ error: M.bodyMin }).trim().min(REVIEW_BODY_MIN, M.bodyMin).max(REVIEW_BODY_MAX, M.bodyMax),
  /** Public URLs that POST /api/reviews/photos answered. */
  photos: z.array(z.string().max(300)).max(REVIEW_PHOTOS_MAX, M.photosMax).default([]),
});
export type CreateReview = z.input<typeof createReviewSchema>;
/** A review as the server takes it (parsed: trimmed, blanks as null). */
export type NewReview = z.output<typeof createReviewSchema>;

/** The review form's fields (the rating is picked with stars; photos are uploaded one by one). */
export const reviewFormSchema = createReviewSchema.omit({ photos: true });
export type ReviewForm = z.input<typeof reviewFormSchema>;

export const reviewsQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'Sort by newest, highest or lowest.' }).default('newest'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewReplySchema = z.object({
  text: z.string({ error: M.replyRequired }).trim().min(1, M.replyRequired).max(REVIEW_REPLY_MAX, M.replyMax),
});
export type ReviewReply = z.input<typeof reviewReplySchema>;

export const reportReviewSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: M.reportReasonRequired }),
  note: z.preprocess(trimmedOrNull, z.string().max(REVIEW_REPORT_NOTE_MAX, M.reportNoteMax).nullable().optional()),
});
export type ReportReview = z.input<typeof reportReviewSchema>;
export type ReviewReport = z.output<typeof reportReviewSchema>;

export const moderateReviewSchema = z.object({
  reason: z
    .string({ error: M.moderationReasonRequired })
    .trim()
    .min(1, M.moderationReasonRequired)
    .max(REVIEW_MODERATION_REASON_MAX, M.moderationReasonMax),
});
export type ModerateReview = z.input<typeof moderateReviewSchema>;

/** The admin queue: reviews with open reports, or those hidden. */
export const ADMIN_REVIEW_FILTERS = ['reported', 'hidden'] as const;
export const adminReviewsQuerySchema = z.object({
  filter: z.enum(ADMIN_REVIEW_FILTERS).default('reported'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

/** The merchant's list of their reviews: all, or those still without a reply. */
export const merchantReviewsQuerySchema = z.object({
  filter: z.enum(['all', 'unreplied']).default('all'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
