import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  BOOST_OPTIONS,
  MERCHANT_DEALS_PAGE_SIZE,
  MERCHANT_DEAL_MESSAGES as M,
  SANCTION_MESSAGES,
  dealDescriptionSchema,
  discountPercent,
  isCrowdVoteLocked,
  stripPhoneNumbers,
  type MerchantDeal,
  type MerchantDealsPage,
  type createMerchantDealSchema,
  type merchantDealsQuerySchema,
  type updateMerchantDealSchema,
  DAY_MS,
  dealOptionsOf,
} from '@localperks/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { deals, merchants, purchases } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { dealWithdrawn } from '../../catalog';
import { UPLOADS_PATH, type FileStorage, type ImageUrl } from '../../../lib/storage';
import { liveOptionsOf, ratingAverage, saveDealOptions } from '../../catalog';
import { removalFacts, toAppeal } from './deal-removal.service';

type Merchant = typeof merchants.$inferSelect;
type DealRow = typeof deals.$inferSelect;

/** What the merchant's deal screens need: the database, the clock and the image storage. */
export type MerchantDealsDeps = Pick<Deps, 'db' | 'clock' | 'storage'>;
/** What pausing needs besides: the deal's withdrawal is published as a domain event. */
export type DealPauseDeps = MerchantDealsDeps & Pick<Deps, 'domainEvents'>;

/** Why a merchant may not create deals now (null: they may). docs/product/design.md §7: approved, on deals_messaging. */
export function dealCreationBlocker(m: Pick<Merchant, 'approved' | 'subscriptionPlan' | 'suspendedAt'>): string | null {
  if (!m.approved) return M.approvalRequired;
  // Suspended (docs/decisions/0063-suspensions-and-bans.md): no new or changed deals until reinstated.
  if (m.suspendedAt) return SANCTION_MESSAGES.suspended;
  if (m.subscriptionPlan !== 'deals_messaging') return M.planRequired;
  return null;
}

export async function merchantForUser(db: Tx, userId: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('FORBIDDEN', 'No merchant profile found. Please complete your registration.');
  return m;
}

async function dealCreator(db: Tx, userId: string): Promise<Merchant> {
  const m = await merchantForUser(db, userId);
  const blocker = dealCreationBlocker(m);
  if (blocker) throw new AppError('FORBIDDEN', blocker);
  return m;
}

/**
 * The deletion rule (docs/product/customer-spec.md §5, docs/product/design.md §12): a PerkBoost deal that is live (voting or
 * unlocked) or was ever unlocked stays; drafts and boosts that expired without unlocking may go.
 */
export function canDeleteDeal(d: Pick<DealRow, 'type' | 'status' | 'unlockedAt'>): boolean {
  if (d.status === 'removed') return false;
  if (d.type !== 'perkboost') return true;
  return d.unlockedAt === null && (d.status === 'draft' || d.status === 'expired');
}

type MerchantOptions = MerchantDeal['options'];
type Removal = Awaited<ReturnType<typeof removalFacts>>;

function toMerchantDeal(
  d: DealRow,
  purchaseCount: number,
  imageUrl: ImageUrl,
  now: Date,
  options: MerchantOptions,
  removal?: Removal,
): MerchantDeal {
  const appeal = removal?.appeals.get(d.id);
  return {
    options,
    optionCount: options.length,
    saleStartsAt: d.saleStartsAt?.toISOString() ?? null,
    validUntil: (d.validUntil ?? d.expirationDate).toISOString(),
    perCustomerLimit: d.perCustomerLimit,
    restockOnRefund: d.restockOnRefund,
    id: d.id,
    title: d.title,
    description: d.description,
    highlights: d.highlights,
    finePrint: d.finePrint,
    imageUrl: d.imageUrl === null ? null : imageUrl(d.imageUrl),
    images: d.images.map(imageUrl),
    type: d.type,
    status: d.status,
    categoryId: d.categoryId,
    city: d.city,
    state: d.state,
    originalPriceCents: d.originalPriceCents,
    dealPriceCents: d.dealPriceCents,
    discountPercentage: d.discountPercentage,
    expirationDate: d.expirationDate.toISOString(),
    votesRequired: d.votesRequired,
    currentVotes: d.currentVotes,
    votingEndDate: d.votingEndDate?.toISOString() ?? null,
    boostDays: d.boostDays,
    // The boost's exact state, by the server's clock, comes from /api/merchant/boosts/deals/:id.
    boostedUntil: d.boostedUntil && d.boostedUntil > now ? d.boostedUntil.toISOString() : null,
    unlockedAt: d.unlockedAt?.toISOString() ?? null,
    moderationReason: d.moderationReason,
    appeal: appeal ? toAppeal(appeal) : null,
    boostRefundCents: removal?.refunds.get(d.id) ?? 0,
    createdAt: d.createdAt.toISOString(),
    purchaseCount,
    canDelete: canDeleteDeal(d),
    reviewCount: d.reviewCount,
    ratingAverage: ratingAverage(d.reviewCount, d.reviewStarsSum),
  };
}

async function purchaseCounts(db: Tx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ dealId: purchases.dealId, n: count() })
    .from(purchases)
    .where(inArray(purchases.dealId, ids))
    .groupBy(purchases.dealId);
  return new Map(rows.map((r) => [r.dealId, Number(r.n)]));
}

/** The merchant's own deals (never removed ones), newest first, a page at a time. */
export async function listMerchantDeals(
  deps: MerchantDealsDeps,
  userId: string,
  q: z.output<typeof merchantDealsQuerySchema>,
): Promise<MerchantDealsPage> {
  const { db } = deps;
  const now = deps.clock.now();
  const m = await merchantForUser(db, userId);
  // Deals the merchant deleted are gone; one an admin took down stays visible with the reason.
  const filters: SQL[] = [eq(deals.merchantId, m.id), or(ne(deals.status, 'removed'), isNotNull(deals.moderationReason))!];
  if (q.status !== 'all') filters.push(eq(deals.status, q.status));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(where)
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(MERCHANT_DEALS_PAGE_SIZE)
      .offset((q.page - 1) * MERCHANT_DEALS_PAGE_SIZE),
    db.select({ n: count() }).from(deals).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [counts, options] = await Promise.all([purchaseCounts(db, ids), liveOptionsOf(db, ids)]);
  const reason = dealCreationBlocker(m);
  const removal = await removalFacts(
    db,
    rows.filter((r) => r.status === 'removed').map((r) => r.id),
  );
  return {
    deals: rows.map((r) => toMerchantDeal(r, counts.get(r.id) ?? 0, deps.storage.publicUrl, now, options.get(r.id) ?? [], removal)),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: MERCHANT_DEALS_PAGE_SIZE,
    canCreateDeals: reason === null,
    reason,
  };
}

/** One of the merchant's own deals; another merchant's deal is "not found" (no existence leak). */
async function ownDeal(db: Tx, merchantId: string, dealId: string): Promise<DealRow> {
  const [d] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.merchantId, merchantId), ne(deals.status, 'removed')));
  if (!d) throw new AppError('NOT_FOUND', M.notFound);
  return d;
}

export async function getMerchantDeal(deps: MerchantDealsDeps, userId: string, dealId: string): Promise<MerchantDeal> {
  const { db } = deps;
  const m = await merchantForUser(db, userId);
  const d = await ownDeal(db, m.id, dealId);
  return withCounts(db, d, deps.storage.publicUrl, deps.clock.now());
}

/** The merchant's view of one deal: its purchases counted and its options read. */
async function withCounts(db: Tx, d: DealRow, imageUrl: ImageUrl, now: Date): Promise<MerchantDeal> {
  const [counts, options] = await Promise.all([purchaseCounts(db, [d.id]), liveOptionsOf(db, [d.id])]);
  return toMerchantDeal(d, counts.get(d.id) ?? 0, imageUrl, now, options.get(d.id) ?? []);
}

/** How a deal image is stored in the database, whatever URL the API handed out for it (lib/storage.ts). */
const STORED_DEAL_IMAGE = /^\/uploads\/deals\/[0-9a-f-]{36}\.webp$/;

/**
 * Uploaded images named in a deal must exist in our storage (URLs of our own upload endpoint, as
 * served: through this server or from S3_PUBLIC_URL). Returns them as stored.
 */
async function checkImages(storage: FileStorage, images: string[]): Promise<string[]> {
  const stored = images.map(storage.storedUrl);
  for (const url of stored) {
    if (!STORED_DEAL_IMAGE.test(url) || !(await storage.exists(url.slice(UPLOADS_PATH.length)))) {
      throw new AppError('VALIDATION', M.imageInvalid, { images: M.imageInvalid });
    }
  }
  return stored;
}

type DealInput = z.output<typeof updateMerchantDealSchema>;

function dealValues(input: DealInput) {
  const stripped = stripPhoneNumbers(input.description);
  // A sentence about calling goes with its number (shared stripPhoneNumbers): what is left must still describe the deal.
  if (stripped.removed && !dealDescriptionSchema.safeParse(stripped.text).success)
    throw new AppError('VALIDATION', M.descriptionMinWithoutPhone, { description: M.descriptionMinWithoutPhone });
  const images = [...new Set(input.images)];
  const options = dealOptionsOf(input);
  // The deal row's prices mean "from": the lowest option's, and the best discount (saveDealOptions writes them again).
  const lowest = options.reduce((a, b) => (b.dealPriceCents < a.dealPriceCents ? b : a), options[0]!);
  const best = Math.max(...options.map((o) => discountPercent(o.originalPriceCents, o.dealPriceCents)));
  const expirationDate = new Date(input.expirationDate);
  const validUntil = input.validUntil ? new Date(input.validUntil) : null;
  return {
    options,
    phoneNumbersRemoved: stripped.removed,
    values: {
      title: input.title,
      description: stripped.text,
      highlights: input.highlights,
      finePrint: input.finePrint,
      categoryId: input.categoryId,
      city: input.city,
      state: input.state,
      images,
      imageUrl: images[0] ?? null,
      originalPriceCents: lowest.originalPriceCents,
      dealPriceCents: lowest.dealPriceCents,
      discountPercentage: best,
      expirationDate,
      // "Valid until" equal to the sale end is stored as null: the one date means both (docs/decisions/0047).
      validUntil: validUntil && validUntil.getTime() > expirationDate.getTime() ? validUntil : null,
      saleStartsAt: input.saleStartsAt ? new Date(input.saleStartsAt) : null,
      perCustomerLimit: input.perCustomerLimit ?? null,
      restockOnRefund: input.restockOnRefund ?? false,
    },
  };
}

/**
 * A new deal. Standard deals are live at once (status active). A PerkBoost launch is saved as a
 * draft (never listed) until its payment is confirmed (`activateBoostedDeal`).
 */
export async function createMerchantDeal(deps: MerchantDealsDeps, userId: string, input: z.output<typeof createMerchantDealSchema>) {
  const { db, storage } = deps;
  const m = await dealCreator(db, userId);
  const images = await checkImages(storage, input.images);
  const { values, options, phoneNumbersRemoved } = dealValues({ ...input, images });
  if (!values.description) throw new AppError('VALIDATION', M.descriptionMin, { description: M.descriptionMin });
  const boost = input.boost;
  const now = deps.clock.now();
  // A sale start in the future makes it "Coming soon" (scheduled) until the deal-schedule job puts it live.
  const scheduled = !boost && values.saleStartsAt !== null && values.saleStartsAt > now;
  const d = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(deals)
      .values({
        ...values,
        merchantId: m.id,
        type: boost ? 'perkboost' : 'standard',
        status: boost ? 'draft' : scheduled ? 'scheduled' : 'active',
        votesRequired: boost?.votesRequired ?? null,
        boostDays: boost?.boostDays ?? null,
      })
      .returning();
    // The options in the same transaction: the deal is never seen without them.
    await saveDealOptions(tx, created!.id, options, now);
    return created!;
  });
  return { deal: await withCounts(db, d, storage.publicUrl, now), phoneNumbersRemoved, merchant: m };
}

/**
 * Edits every field of an own deal; a launched PerkBoost deal keeps its votes target and window.
 * The crowd-vote lock (docs/product/design.md §4): once the deal has a vote, its terms (prices, fine print, dates) stay as voted. The check
 * and the update run under the deal's row lock, the lock a vote takes too (castVote), so a vote
 * arriving at the same moment is either counted before the check or cast on the saved terms.
 */
export async function updateMerchantDeal(deps: MerchantDealsDeps, userId: string, dealId: string, input: DealInput) {
  const { db, storage } = deps;
  const m = await dealCreator(db, userId);
  const images = await checkImages(storage, input.images);
  const { values, options, phoneNumbersRemoved } = dealValues({ ...input, images });
  if (!values.description) throw new AppError('VALIDATION', M.descriptionMin, { description: M.descriptionMin });
  const now = deps.clock.now();
  const d = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.merchantId, m.id), ne(deals.status, 'removed')))
      .for('update');
    if (!existing) throw new AppError('NOT_FOUND', M.notFound);
    if (isCrowdVoteLocked(existing)) {
      // The terms customers voted for: prices, fine print and dates (votes required and voting end are never edited here).
      const isSame = {
        originalPriceCents: values.originalPriceCents === existing.originalPriceCents,
        dealPriceCents: values.dealPriceCents === existing.dealPriceCents,
        finePrint: values.finePrint === existing.finePrint,
        expirationDate: values.expirationDate.getTime() === existing.expirationDate.getTime(),
      };
      const changed = (Object.keys(isSame) as (keyof typeof isSame)[]).filter((f) => !isSame[f]);
      if (changed.length)
        throw new AppError('CONFLICT', M.crowdVoteLocked, Object.fromEntries(changed.map((f) => [f, M.crowdVoteLockedField])));
    }
    if (existing.type === 'perkboost' && existing.votingEndDate && values.expirationDate < existing.votingEndDate) {
      throw new AppError('VALIDATION', M.expirationAfterBoost, { expirationDate: M.expirationAfterBoost });
    }
    // An expired standard deal given a future date comes back; an expired PerkBoost does not re-open voting.
    const revived = existing.type === 'standard' && existing.status === 'expired' && values.expirationDate > now;
    // A scheduled deal follows its start: moved later it stays "Coming soon", cleared or past it goes live.
    const startsLater = values.saleStartsAt !== null && values.saleStartsAt > now;
    const status =
      existing.status === 'scheduled' && !startsLater
        ? ('active' as const)
        : existing.status === 'active' &&
            existing.type === 'standard' &&
            startsLater &&
            existing.saleStartsAt?.getTime() !== values.saleStartsAt?.getTime()
          ? ('scheduled' as const)
          : revived
            ? ('active' as const)
            : undefined;
    const [updated] = await tx
      .update(deals)
      .set({ ...values, ...(status ? { status } : {}), updatedAt: now })
      .where(eq(deals.id, existing.id))
      .returning();
    await saveDealOptions(tx, existing.id, options, now);
    const [fresh] = await tx.select().from(deals).where(eq(deals.id, updated!.id));
    return fresh!;
  });
  return { deal: await withCounts(db, d, storage.publicUrl, now), phoneNumbersRemoved };
}

/**
 * Pause (active → paused) or resume (paused → active, if not expired): one conditional update. A pause
 * withdraws the deal from sale (`dealWithdrawn`, in the same transaction).
 */
export async function setDealPaused(deps: DealPauseDeps, userId: string, dealId: string, paused: boolean): Promise<MerchantDeal> {
  const { db } = deps;
  // Pausing is always allowed; putting a deal back on sale needs what creating one needs (plan, approval).
  const m = paused ? await merchantForUser(db, userId) : await dealCreator(db, userId);
  const now = deps.clock.now();
  const d = await deps.domainEvents.transaction(async (tx, publish) => {
    const [row] = await tx
      .update(deals)
      .set({ status: paused ? 'paused' : 'active', updatedAt: now })
      .where(
        and(
          eq(deals.id, dealId),
          eq(deals.merchantId, m.id),
          eq(deals.status, paused ? 'active' : 'paused'),
          ...(paused ? [] : [sql`${deals.expirationDate} > ${now}`]),
        ),
      )
      .returning();
    if (row && paused) await publish(dealWithdrawn, { dealIds: [row.id] });
    return row;
  });
  if (!d) {
    const existing = await ownDeal(db, m.id, dealId);
    if (!paused && existing.status === 'paused') throw new AppError('CONFLICT', M.resumeExpired);
    throw new AppError('CONFLICT', paused ? M.notPausable : M.notResumable);
  }
  return withCounts(db, d, deps.storage.publicUrl, now);
}

/**
 * Soft delete (status removed): purchases keep their deal. The deletion rule is in the update's
 * condition, so a deal that unlocks at the same moment cannot slip through.
 */
export async function deleteMerchantDeal(deps: Pick<Deps, 'db' | 'clock' | 'domainEvents'>, userId: string, dealId: string): Promise<void> {
  const { db } = deps;
  const m = await merchantForUser(db, userId);
  const d = await deps.domainEvents.transaction(async (tx, publish) => {
    const [row] = await tx
      .update(deals)
      .set({ status: 'removed', updatedAt: deps.clock.now() })
      .where(
        and(
          eq(deals.id, dealId),
          eq(deals.merchantId, m.id),
          ne(deals.status, 'removed'),
          sql`(${deals.type} = 'standard' or (${deals.unlockedAt} is null and ${deals.status} in ('draft', 'expired')))`,
        ),
      )
      .returning({ id: deals.id });
    if (row) await publish(dealWithdrawn, { dealIds: [row.id] });
    return row;
  });
  if (d) return;
  await ownDeal(db, m.id, dealId);
  throw new AppError('CONFLICT', M.cannotDelete);
}

/** The price of a boost duration, from the constants (never from the client). */
export function boostPriceCents(days: number): number {
  const option = BOOST_OPTIONS.find((o) => o.days === days);
  if (!option) throw new AppError('VALIDATION', M.boostDaysRequired, { boostDays: M.boostDaysRequired });
  return option.priceCents;
}

/** A draft PerkBoost deal of this merchant, ready to be paid for. */
export async function boostDraft(db: Tx, userId: string, dealId: string) {
  const m = await dealCreator(db, userId);
  const d = await ownDeal(db, m.id, dealId);
  if (d.type !== 'perkboost' || d.status !== 'draft') throw new AppError('CONFLICT', M.notDraft);
  return { merchant: m, deal: d };
}

/** Sets the duration of a draft before paying (the price follows from it). */
export async function setDraftBoostDays(deps: Pick<Deps, 'db' | 'clock'>, dealId: string, boostDays: number) {
  await deps.db
    .update(deals)
    .set({ boostDays, updatedAt: deps.clock.now() })
    .where(and(eq(deals.id, dealId), eq(deals.status, 'draft')));
}

/**
 * Called by the billing webhook inside the payment's transaction (docs/product/design.md §4): the paid draft goes
 * live as a crowd-vote deal (status pending) whose voting window starts at the payment. Only a
 * draft moves, so a redelivered confirmation changes nothing; returns whether this call moved it.
 */
export async function activateBoostedDeal(tx: Tx, opts: { dealId: string; boostDays: number; paidAt: Date }): Promise<boolean> {
  const votingEndDate = new Date(opts.paidAt.getTime() + opts.boostDays * DAY_MS);
  const moved = await tx
    .update(deals)
    .set({
      status: 'pending',
      boostDays: opts.boostDays,
      votingEndDate,
      // The voting window must fit in the deal's validity.
      expirationDate: sql`greatest(${deals.expirationDate}, ${votingEndDate})`,
      updatedAt: opts.paidAt,
    })
    .where(and(eq(deals.id, opts.dealId), eq(deals.status, 'draft'), eq(deals.type, 'perkboost'), isNull(deals.unlockedAt)))
    .returning({ id: deals.id });
  return moved.length > 0;
}

/** How long an uploaded image may wait for a deal to use it before it is removed. */
export const UNUSED_UPLOAD_MAX_AGE_MS = DAY_MS;

/**
 * Removes uploaded deal images (both sizes) that no deal names and that are older than a day: the
 * ones uploaded for a deal that was never saved, or replaced in the form, by the clock's time. Returns
 * the keys removed.
 */
export async function removeUnusedUploads(deps: Pick<Deps, 'db' | 'storage' | 'clock'>): Promise<string[]> {
  const { db, storage } = deps;
  const cutoff = deps.clock.now().getTime() - UNUSED_UPLOAD_MAX_AGE_MS;
  const old = (await storage.list('deals')).filter((f) => f.modifiedAt.getTime() < cutoff);
  if (!old.length) return [];
  // The stored gallery URL a file belongs to: every size of an upload (`<id>-sm.webp`…) goes with `<id>.webp`.
  const urlOf = (key: string) => `${UPLOADS_PATH}${key.replace(/^(deals\/[0-9a-f-]{36}).*$/, '$1.webp')}`;
  const candidates = [...new Set(old.map((f) => urlOf(f.key)))];
  const used = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const result = await db.execute(
      sql`select distinct e.url from ${deals} d cross join lateral jsonb_array_elements_text(d.images) as e(url)
          where e.url in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`,
    );
    for (const r of (result as { rows: { url: string }[] }).rows) used.add(r.url);
  }
  const removed: string[] = [];
  for (const f of old) {
    if (used.has(urlOf(f.key))) continue;
    await storage.delete(f.key);
    removed.push(f.key);
  }
  return removed;
}
