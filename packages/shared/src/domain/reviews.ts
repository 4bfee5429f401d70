import { DAY_MS, HOUR_MS } from './time';

/**
 * Verified reviews (docs/decisions/0064-verified-reviews.md): only the holder of a redeemed voucher writes one, once
 * per voucher, within REVIEW_WINDOW_DAYS of the redemption. Texts are plain text (escaped wherever shown).
 */
export const REVIEW_WINDOW_DAYS = 90;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * DAY_MS;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REPORT_NOTE_MAX = 500;
export const REVIEW_MODERATION_REASON_MAX = 500;
/** Photos per review (each one an upload under the deal-image rules: JPEG, PNG or WebP up to 5 MB). */
export const REVIEW_PHOTOS_MAX = 4;
export const REVIEWS_PAGE_SIZE = 10;
/** The e-mail asking for a review goes this long after the redemption (the job sends it at most 2 days late). */
export const REVIEW_REQUEST_DELAY_MS = DAY_MS;

/** Limits per person, counted atomically before the work (docs/decisions/0006-rate-limits.md). */
export const REVIEW_CREATE_LIMIT = { max: 10, windowMs: HOUR_MS } as const;
export const REVIEW_REPORT_LIMIT = { max: 20, windowMs: HOUR_MS } as const;
export const REVIEW_REPLY_LIMIT = { max: 60, windowMs: HOUR_MS } as const;
export const REVIEW_PHOTO_UPLOAD_LIMIT = { max: 20, windowMs: HOUR_MS } as const;

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest', highest: 'Highest rated', lowest: 'Lowest rated' };

export const REVIEW_REPORT_REASONS = ['spam', 'offensive', 'off_topic', 'personal_info', 'other'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this deal or business',
  personal_info: 'Shares personal information',
  other: 'Something else',
};

export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  titleMax: `Keep the title under ${REVIEW_TITLE_MAX} characters.`,
  bodyMin: `Write at least ${REVIEW_BODY_MIN} characters about your experience.`,
  bodyMax: `Keep your review under ${REVIEW_BODY_MAX.toLocaleString('en-US')} characters.`,
  photosMax: `Add at most ${REVIEW_PHOTOS_MAX} photos.`,
  photoInvalid: 'That photo was not uploaded here. Upload it again.',
  replyRequired: 'Write your reply.',
  replyMax: `Keep your reply under ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters.`,
  reportReasonRequired: 'Choose why you are reporting this review.',
  reportNoteMax: `Keep the note under ${REVIEW_REPORT_NOTE_MAX} characters.`,
  moderationReasonRequired: 'Write the reason; it is kept in the audit trail.',
  moderationReasonMax: `Keep the reason under ${REVIEW_MODERATION_REASON_MAX} characters.`,
  purchaseNotFound: 'This voucher does not exist.',
  notRedeemed: 'You can review a deal once its voucher has been redeemed.',
  windowClosed: `Reviews can be written up to ${REVIEW_WINDOW_DAYS} days after the voucher was redeemed.`,
  alreadyReviewed: 'You have already reviewed this voucher.',
  refunded: 'This voucher was refunded, so it cannot be reviewed.',
  notFound: 'This review does not exist.',
  alreadyReplied: 'This review already has your reply.',
  hiddenNoReply: 'This review is hidden by our moderators and cannot be replied to.',
  ownReview: 'You cannot report your own review.',
  alreadyReported: 'You have already reported this review. Our team will look at it.',
  alreadyHidden: 'This review is already hidden.',
  alreadyPublished: 'This review is already shown.',
  tooManyReviews: 'You have written many reviews in a short time. Please try again in an hour.',
  tooManyReports: 'You have reported many reviews in a short time. Please try again later.',
  tooManyReplies: 'You have replied to many reviews in a short time. Please try again later.',
  tooManyPhotos: 'Too many photos uploaded in the last hour. Please try again later.',
  verifiedPurchase: 'Verified purchase',
  createdTitle: 'Thanks for your review!',
  createdDescription: 'It is now shown on the deal and business pages.',
  reportedTitle: 'Report sent',
  reportedDescription: 'Our team will look at this review.',
  repliedTitle: 'Reply posted',
  noReviews: 'No reviews yet.',
} as const;
/** "4.6" of an average; "No reviews yet" is the caller's when the count is 0. */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** "Pat C." of a profile name (the first name and the last name's initial); "Customer" without one. */
export function reviewerName(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return 'Customer';
  const first = parts[0]!;
  const last = parts.length > 1 ? parts.at(-1)! : '';
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}
