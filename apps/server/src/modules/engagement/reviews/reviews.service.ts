import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_CREATE_LIMIT,
  REVIEW_MESSAGES as M,
  REVIEW_REPLY_LIMIT,
  REVIEW_REPORT_LIMIT,
  REVIEW_REQUEST_DELAY_MS,
  REVIEW_WINDOW_MS,
  REVIEWS_PAGE_SIZE,
  DAY_MS,
  displayName,
  paths,
  reviewerName,
  type AdminReviewsPage,
  type NewReview,
  type MerchantReviewsPage,
  type RatingSummary,
  type Review,
  type ReviewEligibility,
  type ReviewSort,
  type ReviewsPage,
  type ReviewReport,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { deals, merchants, purchases, reviewReports, reviews, users } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit, releaseHits } from '../../../lib/rate-limit';
import { UPLOADS_PATH } from '../../../lib/storage';
import { businessIsPublic } from '../../catalog';
import { recordAudit } from '../../platform';
import { sendNotification, type NotificationDeps } from '../notifications/notifications.service';
import { reviewReplyEmail, reviewRequestEmail } from './reviews.emails';

/*
 * Verified reviews (docs/decisions/0064-verified-reviews.md). Who may write one is decided here, on the voucher row:
 * its holder, once it is redeemed, within 90 days, once (the unique index on `purchase_id` settles two at once). The
 * deal's and the business's count and star sum follow the published reviews by a trigger (migration 0047).
 */

export type ReviewReadDeps = Pick<Deps, 'db' | 'storage'>;
export type ReviewWriteDeps = Pick<Deps, 'db' | 'clock' | 'storage' | 'mailer' | 'log' | 'config'>;

const orderFor: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  photos: reviews.photos,
  status: reviews.status,
  createdAt: reviews.createdAt,
  dealId: reviews.dealId,
  dealTitle: purchases.dealTitle,
  optionTitle: purchases.optionTitle,
  authorName: users.name,
  replyText: reviews.replyText,
  replyAt: reviews.replyAt,
  businessName: merchants.businessName,
};
type ReviewRow = {
  [K in keyof typeof reviewColumns]: (typeof reviewColumns)[K]['_']['notNull'] extends true
    ? (typeof reviewColumns)[K]['_']['data']
    : (typeof reviewColumns)[K]['_']['data'] | null;
};

const selectReviews = (db: Tx) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(purchases, eq(purchases.id, reviews.purchaseId))
    .innerJoin(merchants, eq(merchants.id, reviews.merchantId));

function toReview(r: ReviewRow, imageUrl: (url: string) => string): Review {
  return {
    id: r.id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: r.photos.map(imageUrl),
    authorName: reviewerName(r.authorName),
    verifiedPurchase: true,
    createdAt: r.createdAt.toISOString(),
    dealId: r.dealId,
    dealTitle: r.dealTitle,
    optionTitle: r.optionTitle,
    reply: r.replyText && r.replyAt ? { text: r.replyText, createdAt: r.replyAt.toISOString(), businessName: r.businessName } : null,
  };
}

/** The average, the count and the bar of each star count of the published reviews matching `where`. */
async function ratingSummary(db: Tx, where: SQL): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(where, eq(reviews.status, 'published')))
    .groupBy(reviews.rating);
  const byStars = new Map(rows.map((r) => [r.rating, Number(r.n)]));
  const count = rows.reduce((n, r) => n + Number(r.n), 0);
  const sum = rows.reduce((s, r) => s + r.rating * Number(r.n), 0);
  return {
    average: count ? Math.round((sum / count) * 100) / 100 : null,
    count,
    stars: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 })),
  };
}

async function publishedPage(deps: ReviewReadDeps, where: SQL, q: { sort: ReviewSort; page: number }): Promise<ReviewsPage> {
  const filter = and(where, eq(reviews.status, 'published'))!;
  const [summary, rows] = await Promise.all([
    ratingSummary(deps.db, where),
    selectReviews(deps.db)
      .where(filter)
      .orderBy(...orderFor[q.sort])
      .limit(REVIEWS_PAGE_SIZE)
      .offset((q.page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  return {
    summary,
    reviews: rows.map((r) => toReview(r, deps.storage.publicUrl)),
    total: summary.count,
    page: q.page,
    pageSize: REVIEWS_PAGE_SIZE,
  };
}

/** A deal page's reviews (a deal customers can open: not removed, its business not suspended), or null. */
export async function listDealReviews(deps: ReviewReadDeps, dealId: string, q: { sort: ReviewSort; page: number }) {
  const [deal] = await deps.db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(eq(deals.id, dealId), inArray(deals.status, ['active', 'pending', 'expired']), isNull(merchants.suspendedAt)));
  if (!deal) throw new AppError('NOT_FOUND', 'This deal does not exist or is no longer available.');
  return publishedPage(deps, eq(reviews.dealId, dealId), q);
}

/** A business page's reviews, of all its deals (a public business only). */
export async function listBusinessReviews(deps: ReviewReadDeps, slug: string, q: { sort: ReviewSort; page: number }) {
  const [m] = await deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.slug, slug.toLowerCase()), businessIsPublic));
  if (!m) throw new AppError('NOT_FOUND', 'This business does not exist.');
  return publishedPage(deps, eq(reviews.merchantId, m.id), q);
}

/** The newest published reviews of a deal, for its page's structured data (JSON-LD `Review`). */
export async function latestDealReviews(deps: ReviewReadDeps, dealId: string, limit = 5): Promise<Review[]> {
  const rows = await selectReviews(deps.db)
    .where(and(eq(reviews.dealId, dealId), eq(reviews.status, 'published')))
    .orderBy(...orderFor.newest)
    .limit(limit);
  return rows.map((r) => toReview(r, deps.storage.publicUrl));
}

type VoucherFacts = {
  id: string;
  userId: string;
  dealId: string;
  merchantId: string;
  dealTitle: string;
  optionTitle: string;
  merchantName: string;
  redeemedAt: Date | null;
  refundedAt: Date | null;
};

async function voucherOf(db: Tx, purchaseId: string, userId: string): Promise<VoucherFacts> {
  const [p] = await db
    .select({
      id: purchases.id,
      userId: purchases.userId,
      dealId: purchases.dealId,
      merchantId: purchases.merchantId,
      dealTitle: purchases.dealTitle,
      optionTitle: purchases.optionTitle,
      merchantName: merchants.businessName,
      redeemedAt: purchases.redeemedAt,
      refundedAt: purchases.refundedAt,
    })
    .from(purchases)
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .where(eq(purchases.id, purchaseId));
  // Only the voucher's holder (a gift's recipient once claimed) reviews it; anyone else's is a 404.
  if (!p || p.userId !== userId) throw new AppError('NOT_FOUND', M.purchaseNotFound);
  return p;
}

/** Why this voucher cannot be reviewed now, or null (a review already written is the caller's check). */
function reviewBlocker(p: VoucherFacts, now: Date): string | null {
  if (p.refundedAt) return M.refunded;
  if (!p.redeemedAt) return M.notRedeemed;
  if (now.getTime() > p.redeemedAt.getTime() + REVIEW_WINDOW_MS) return M.windowClosed;
  return null;
}

/** The review form's facts about one of the customer's vouchers: whether it can be reviewed, and its review once written. */
export async function reviewEligibility(
  deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
  userId: string,
  purchaseId: string,
): Promise<ReviewEligibility> {
  const p = await voucherOf(deps.db, purchaseId, userId);
  const [own] = await selectReviews(deps.db).where(eq(reviews.purchaseId, purchaseId));
  const blocker = own ? M.alreadyReviewed : reviewBlocker(p, deps.clock.now());
  return {
    purchaseId: p.id,
    dealId: p.dealId,
    dealTitle: p.dealTitle,
    optionTitle: p.optionTitle,
    merchantName: p.merchantName,
    redeemedAt: p.redeemedAt?.toISOString() ?? null,
    reviewBy: p.redeemedAt ? new Date(p.redeemedAt.getTime() + REVIEW_WINDOW_MS).toISOString() : null,
    canReview: blocker === null,
    blocker,
    review: own ? { ...toReview(own, deps.storage.publicUrl), status: own.status } : null,
  };
}

/** A photo URL the review upload answered (`/uploads/reviews/<uuid>.webp`, or the same behind S3_PUBLIC_URL), as stored. */
function storedPhoto(deps: Pick<Deps, 'storage'>, url: string): string {
  const stored = deps.storage.storedUrl(url);
  if (!new RegExp(`^${UPLOADS_PATH}reviews/[0-9a-f-]{36}\\.webp$`).test(stored))
    throw new AppError('VALIDATION', M.photoInvalid, { photos: M.photoInvalid });
  return stored;
}

/**
 * Writes the customer's review of one redeemed voucher. The hourly limit is counted first, atomically; the voucher
 * row is locked so a refund decided meanwhile is seen; the unique index makes a second review of it a 409 however
 * many arrive at once. A refused attempt gives its hit back.
 */
export async function createReview(deps: ReviewWriteDeps, userId: string, purchaseId: string, input: NewReview) {
  const now = deps.clock.now();
  const photos = input.photos.map((url) => storedPhoto(deps, url));
  const hits = await consumeRateLimit(deps.db, `review:${userId}`, REVIEW_CREATE_LIMIT, M.tooManyReviews, now);
  try {
    const id = await deps.db.transaction(async (tx) => {
      await tx.select({ id: purchases.id }).from(purchases).where(eq(purchases.id, purchaseId)).for('update');
      const p = await voucherOf(tx, purchaseId, userId);
      const blocker = reviewBlocker(p, now);
      if (blocker) throw new AppError('CONFLICT', blocker);
      const [created] = await tx
        .insert(reviews)
        .values({
          purchaseId,
          userId,
          dealId: p.dealId,
          merchantId: p.merchantId,
          rating: input.rating,
          title: input.title?.trim() || null,
          body: input.body.trim(),
          photos,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!created) throw new AppError('CONFLICT', M.alreadyReviewed);
      return created.id;
    });
    return reviewById(deps, id);
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await releaseHits(deps.db, hits);
    throw err;
  }
}

async function reviewById(deps: ReviewReadDeps, id: string) {
  const [row] = await selectReviews(deps.db).where(eq(reviews.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return { ...toReview(row, deps.storage.publicUrl), status: row.status };
}

/**
 * Anyone signed in reports a review, with a reason: once per person and review (the unique index), never their own.
 * The review's count of open reports puts it in the admins' queue.
 */
export async function reportReview(deps: Pick<Deps, 'db' | 'clock'>, userId: string, reviewId: string, input: ReviewReport) {
  const now = deps.clock.now();
  const hits = await consumeRateLimit(deps.db, `review-report:${userId}`, REVIEW_REPORT_LIMIT, M.tooManyReports, now);
  try {
    await deps.db.transaction(async (tx) => {
      const [r] = await tx.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, reviewId)).for('update');
      if (!r) throw new AppError('NOT_FOUND', M.notFound);
      if (r.userId === userId) throw new AppError('CONFLICT', M.ownReview);
      const [report] = await tx
        .insert(reviewReports)
        .values({ reviewId, reporterId: userId, reason: input.reason, note: input.note?.trim() || null, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: reviewReports.id });
      if (!report) throw new AppError('CONFLICT', M.alreadyReported);
      await tx
        .update(reviews)
        .set({ openReports: sql`${reviews.openReports} + 1`, updatedAt: now })
        .where(eq(reviews.id, reviewId));
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await releaseHits(deps.db, hits);
    throw err;
  }
  return { reported: true as const };
}

async function merchantIdOf(db: Tx, ownerUserId: string): Promise<string> {
  const [m] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, ownerUserId));
  if (!m) throw new AppError('NOT_FOUND', 'No merchant profile found for your account.');
  return m.id;
}

/**
 * The business's one public reply to a review of its own (named as the business). Set by a conditional update from
 * "no reply", so two replies at once make one; the customer is e-mailed in the same transaction.
 */
export async function replyToReview(deps: ReviewWriteDeps, ownerUserId: string, actorId: string, reviewId: string, text: string) {
  const now = deps.clock.now();
  const merchantId = await merchantIdOf(deps.db, ownerUserId);
  const hits = await consumeRateLimit(deps.db, `review-reply:${merchantId}`, REVIEW_REPLY_LIMIT, M.tooManyReplies, now);
  try {
    const mailId = await deps.db.transaction(async (tx) => {
      const [r] = await tx
        .select({ status: reviews.status, replyAt: reviews.replyAt, userId: reviews.userId, purchaseId: reviews.purchaseId })
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), eq(reviews.merchantId, merchantId)))
        .for('update');
      if (!r) throw new AppError('NOT_FOUND', M.notFound);
      if (r.status !== 'published') throw new AppError('CONFLICT', M.hiddenNoReply);
      const [done] = await tx
        .update(reviews)
        .set({ replyText: text.trim(), replyAt: now, replyBy: actorId, updatedAt: now })
        .where(and(eq(reviews.id, reviewId), isNull(reviews.replyText)))
        .returning({ dealId: reviews.dealId });
      if (!done) throw new AppError('CONFLICT', M.alreadyReplied);
      const [facts] = await tx
        .select({ email: users.email, name: users.name, dealTitle: purchases.dealTitle, merchantName: merchants.businessName })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(purchases, eq(purchases.id, reviews.purchaseId))
        .innerJoin(merchants, eq(merchants.id, reviews.merchantId))
        .where(eq(reviews.id, reviewId));
      if (!facts) return null;
      return deps.mailer.queue(
        tx,
        reviewReplyEmail(facts.email, {
          name: displayName(facts.name, facts.email),
          merchantName: facts.merchantName,
          dealTitle: facts.dealTitle,
          reply: text.trim(),
          url: `${deps.config.appUrl}${paths.dealReviews(done.dealId)}`,
        }),
      );
    });
    if (mailId) await deliverQueuedMail(deps, mailId, 'review reply');
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await releaseHits(deps.db, hits);
    throw err;
  }
  return reviewById(deps, reviewId);
}

/** The business's reviews for its dashboard (hidden ones too, marked), newest first; `unreplied` counts those awaiting a reply. */
export async function listMerchantReviews(
  deps: ReviewReadDeps,
  ownerUserId: string,
  q: { filter: 'all' | 'unreplied'; page: number },
): Promise<MerchantReviewsPage> {
  const merchantId = await merchantIdOf(deps.db, ownerUserId);
  const mine = eq(reviews.merchantId, merchantId);
  const unrepliedWhere = and(mine, eq(reviews.status, 'published'), isNull(reviews.replyText))!;
  const where = q.filter === 'unreplied' ? unrepliedWhere : mine;
  const [summary, [counts], rows] = await Promise.all([
    ratingSummary(deps.db, mine),
    deps.db
      .select({
        total: sql<number>`count(*)::int`,
        unreplied: sql<number>`count(*) filter (where ${reviews.status} = 'published' and ${reviews.replyText} is null)::int`,
      })
      .from(reviews)
      .where(mine),
    selectReviews(deps.db)
      .where(where)
      .orderBy(...orderFor.newest)
      .limit(REVIEWS_PAGE_SIZE)
      .offset((q.page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  const unreplied = Number(counts?.unreplied ?? 0);
  return {
    summary,
    reviews: rows.map((r) => ({ ...toReview(r, deps.storage.publicUrl), status: r.status })),
    unreplied,
    total: q.filter === 'unreplied' ? unreplied : Number(counts?.total ?? 0),
    page: q.page,
    pageSize: REVIEWS_PAGE_SIZE,
  };
}

/** The admins' queue: reviews with open reports (most reported first), or the hidden ones (last hidden first). */
export async function listAdminReviews(
  deps: ReviewReadDeps,
  q: { filter: 'reported' | 'hidden'; page: number },
): Promise<AdminReviewsPage> {
  const where = q.filter === 'reported' ? gt(reviews.openReports, 0) : eq(reviews.status, 'hidden');
  const order = q.filter === 'reported' ? [desc(reviews.openReports), desc(reviews.updatedAt)] : [desc(reviews.moderatedAt)];
  const [[total], rows] = await Promise.all([
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(where),
    deps.db
      .select({
        ...reviewColumns,
        authorEmail: users.email,
        openReports: reviews.openReports,
        moderationReason: reviews.moderationReason,
        moderatedAt: reviews.moderatedAt,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(purchases, eq(purchases.id, reviews.purchaseId))
      .innerJoin(merchants, eq(merchants.id, reviews.merchantId))
      .where(where)
      .orderBy(...order, desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((q.page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  const reports = rows.length
    ? await deps.db
        .select({
          reviewId: reviewReports.reviewId,
          reason: reviewReports.reason,
          note: reviewReports.note,
          createdAt: reviewReports.createdAt,
          resolvedAt: reviewReports.resolvedAt,
        })
        .from(reviewReports)
        .where(
          inArray(
            reviewReports.reviewId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(reviewReports.createdAt))
    : [];
  return {
    reviews: rows.map((r) => ({
      ...toReview(r, deps.storage.publicUrl),
      status: r.status,
      merchantName: r.businessName,
      authorEmail: r.authorEmail,
      openReports: r.openReports,
      reports: reports
        .filter((x) => x.reviewId === r.id)
        .map((x) => ({
          reason: x.reason as AdminReviewsPage['reviews'][number]['reports'][number]['reason'],
          note: x.note,
          createdAt: x.createdAt.toISOString(),
          resolved: x.resolvedAt !== null,
        })),
      moderationReason: r.moderationReason,
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: REVIEWS_PAGE_SIZE,
  };
}

/**
 * An admin hides a review (it leaves the pages and the average: the trigger) or shows it again, with a reason kept in
 * the audit trail. Either answers the review's open reports. Restoring a shown review that has open reports keeps it
 * and closes them. Each moves by a conditional update, so two admins at once make one decision.
 */
export async function moderateReview(
  deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
  adminId: string,
  reviewId: string,
  to: 'hidden' | 'published',
  reason: string,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select({ status: reviews.status, openReports: reviews.openReports })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!r) throw new AppError('NOT_FOUND', M.notFound);
    if (r.status === to && (to === 'hidden' || r.openReports === 0))
      throw new AppError('CONFLICT', to === 'hidden' ? M.alreadyHidden : M.alreadyPublished);
    await tx
      .update(reviews)
      .set({ status: to, moderationReason: reason.trim(), moderatedAt: now, moderatedBy: adminId, openReports: 0, updatedAt: now })
      .where(eq(reviews.id, reviewId));
    await tx
      .update(reviewReports)
      .set({ resolvedAt: now })
      .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)));
    await recordAudit(tx, {
      adminId,
      action: to === 'hidden' ? 'review.hidden' : 'review.restored',
      entityType: 'review',
      entityId: reviewId,
      details: { reason: reason.trim(), reports: r.openReports },
    });
  });
  return reviewById(deps, reviewId);
}

/** How many review requests one run sends at most (the next run takes the rest). */
const REVIEW_REQUESTS_PER_RUN = 500;
/** A request later than this after the redemption is no longer sent (the job was down): a day late at most. */
const REVIEW_REQUEST_LATEST_MS = REVIEW_REQUEST_DELAY_MS + DAY_MS;

/**
 * The job: a day after a voucher was redeemed, its holder gets one e-mail asking for a review, with a link to the
 * form; not when it is already reviewed or refunded. Exactly once per voucher (notifications.service).
 */
export async function sendReviewRequests(deps: NotificationDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({
      purchaseId: purchases.id,
      userId: purchases.userId,
      dealTitle: purchases.dealTitle,
      merchantName: merchants.businessName,
      email: users.email,
      name: users.name,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .where(
      and(
        lte(purchases.redeemedAt, new Date(now.getTime() - REVIEW_REQUEST_DELAY_MS)),
        gt(purchases.redeemedAt, new Date(now.getTime() - REVIEW_REQUEST_LATEST_MS)),
        isNull(purchases.refundedAt),
        isNull(users.deletedAt),
        sql`not exists (select 1 from ${reviews} where ${reviews.purchaseId} = ${purchases.id})`,
        sql`not exists (select 1 from notification_sends s where s.user_id = ${purchases.userId} and s.kind = 'review_request' and s.subject_id = ${purchases.id})`,
      ),
    )
    .orderBy(asc(purchases.redeemedAt))
    .limit(REVIEW_REQUESTS_PER_RUN);
  let sent = 0;
  for (const v of due) {
    const outcome = await sendNotification(deps, {
      userId: v.userId,
      kind: 'review_request',
      subjectId: v.purchaseId,
      mail: (unsubscribe) =>
        reviewRequestEmail(
          v.email,
          {
            name: displayName(v.name, v.email),
            dealTitle: v.dealTitle,
            merchantName: v.merchantName,
            url: `${deps.config.appUrl}${paths.reviewPurchase(v.purchaseId)}`,
          },
          unsubscribe,
        ),
    });
    if (outcome === 'sent') sent++;
  }
  return { sent };
}

/** Review photos uploaded a day ago or more that no review names are removed (hourly, with the deal images). */
export async function removeUnusedReviewPhotos(deps: Pick<Deps, 'db' | 'storage' | 'clock'>): Promise<string[]> {
  const cutoff = deps.clock.now().getTime() - DAY_MS;
  const old = (await deps.storage.list('reviews')).filter((f) => f.modifiedAt.getTime() < cutoff);
  if (!old.length) return [];
  const urlOf = (key: string) => `${UPLOADS_PATH}${key.replace(/^(reviews\/[0-9a-f-]{36}).*$/, '$1.webp')}`;
  const candidates = [...new Set(old.map((f) => urlOf(f.key)))];
  const used = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const result = await deps.db.execute(
      sql`select distinct e.url from ${reviews} r cross join lateral jsonb_array_elements_text(r.photos) as e(url)
          where e.url in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`,
    );
    for (const r of (result as { rows: { url: string }[] }).rows) used.add(r.url);
  }
  const removed: string[] = [];
  for (const f of old) {
    if (used.has(urlOf(f.key))) continue;
    await deps.storage.delete(f.key);
    removed.push(f.key);
  }
  return removed;
}
