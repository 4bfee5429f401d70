import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { deals, merchants } from './deals';
import { purchases } from './commerce';

/** One vote per customer per crowd-vote deal, enforced by the primary key. */
export const dealVotes = pgTable(
  'deal_votes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] }), index('deal_votes_deal_idx').on(t.dealId)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] })],
);

/** In-app notifications (unlocks, replies, approvals…). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Verified reviews (docs/decisions/0064-verified-reviews.md): one per redeemed voucher (the unique index), written
 * by its holder within 90 days of the redemption. A hidden review is kept for the audit trail but counts nowhere:
 * the trigger `reviews_count_ratings` (migration 0047) keeps the deal's and the business's count and star sum to
 * the published ones. The business's one public reply lives on the review.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body').notNull(),
    /** Uploaded photos' public URLs (the deal-image upload rules), in the order given. */
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['published', 'hidden'] })
      .notNull()
      .default('published'),
    /** The last moderation: hidden or restored, why, by whom and when (the audit trail has every one). */
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Reports not yet dealt with by an admin: the moderation queue lists reviews with any. */
    openReports: integer('open_reports').notNull().default(0),
    replyText: text('reply_text'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    replyBy: uuid('reply_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_purchase_idx').on(t.purchaseId),
    index('reviews_deal_idx').on(t.dealId, t.status, t.createdAt),
    index('reviews_merchant_idx').on(t.merchantId, t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    index('reviews_reported_idx')
      .on(t.updatedAt)
      .where(sql`${t.openReports} > 0`),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_body', sql`char_length(${t.body}) between 20 and 2000`),
    check('reviews_status', sql`${t.status} in ('published', 'hidden')`),
    check('reviews_reply', sql`(${t.replyText} is null) = (${t.replyAt} is null)`),
  ],
);

/** A report of a review by someone signed in, with a reason: one per person and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin hid or kept the review (which answers every open report of it). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('review_reports_once_idx').on(t.reviewId, t.reporterId)],
);

/** A customer follows a business (from its page): they hear of its new deals (docs/decisions/0065-notifications.md). */
export const businessFollows = pgTable(
  'business_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] }), index('business_follows_merchant_idx').on(t.merchantId)],
);

/**
 * Which non-transactional e-mails a customer wants (docs/decisions/0065-notifications.md). No row: every kind on.
 * Transactional mail (receipts, codes, refunds, gifts) is always sent and has no switch.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviewRequests: boolean('review_requests').notNull().default(true),
  expiryReminders: boolean('expiry_reminders').notNull().default(true),
  savedDealAlerts: boolean('saved_deal_alerts').notNull().default(true),
  followedBusinesses: boolean('followed_businesses').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every non-transactional e-mail sent, one row per customer, kind and subject (a voucher or a deal): the primary key
 * makes each one go out exactly once, however many instances or runs try (docs/decisions/0065-notifications.md); the
 * rows of the last 24 hours are the customer's daily cap.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    mailId: uuid('mail_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subjectId] }), index('notification_sends_user_idx').on(t.userId, t.sentAt)],
);
