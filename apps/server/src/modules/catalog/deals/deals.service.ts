import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  HOME_BOOSTED_DEALS,
  HOME_FEATURED_DEALS,
  HOME_SPONSORED_DEALS,
  HOUR_MS,
  type DealDetail,
  type DealSummary,
} from '@localperks/shared';
import type { Deps } from '../../../lib/deps';
import { deals, merchants } from '../../../db/schema';
import { placeOf } from '../location/address.service';
import type { ImageUrl } from '../../../lib/storage';
import { liveOptions } from './deal-options.service';
import { escapeLike } from '../../../lib/escape-like';

export const summaryColumns = {
  id: deals.id,
  title: deals.title,
  description: deals.description,
  imageUrl: deals.imageUrl,
  type: deals.type,
  status: deals.status,
  categoryId: deals.categoryId,
  city: deals.city,
  state: deals.state,
  originalPriceCents: deals.originalPriceCents,
  dealPriceCents: deals.dealPriceCents,
  discountPercentage: deals.discountPercentage,
  expirationDate: deals.expirationDate,
  createdAt: deals.createdAt,
  votesRequired: deals.votesRequired,
  currentVotes: deals.currentVotes,
  votingEndDate: deals.votingEndDate,
  merchantId: deals.merchantId,
  merchantName: merchants.businessName,
  boostedUntil: deals.boostedUntil,
  merchantSlug: merchants.slug,
  // The deal row keeps its lowest price and best discount ("from"); the count says whether to say "from".
  optionCount: sql<number>`(select count(*)::int from deal_options o where o.deal_id = ${deals.id} and o.removed_at is null)`,
  // Kept by the database from the published reviews (docs/decisions/0064-verified-reviews.md).
  reviewCount: deals.reviewCount,
  reviewStarsSum: deals.reviewStarsSum,
};

type SummaryRow = Omit<DealSummary, 'expirationDate' | 'createdAt' | 'votingEndDate' | 'boostedUntil' | 'ratingAverage'> & {
  expirationDate: Date;
  createdAt: Date;
  votingEndDate: Date | null;
  boostedUntil: Date | null;
  reviewStarsSum: number;
};

/** The average of `count` ratings summing to `sum`, to two decimals; null without any. */
export const ratingAverage = (count: number, sum: number): number | null => (count > 0 ? Math.round((sum / count) * 100) / 100 : null);

/**
 * `imageUrl` turns a stored image URL into the one browsers load (a CDN's with S3_PUBLIC_URL: lib/storage.ts).
 * A boost shows only while its window lasts by `now`, whether or not the expiry job has run yet.
 */
export function toSummary({ reviewStarsSum, ...r }: SummaryRow, imageUrl: ImageUrl, now: Date): DealSummary {
  return {
    ...r,
    ratingAverage: ratingAverage(r.reviewCount, reviewStarsSum),
    imageUrl: r.imageUrl === null ? null : imageUrl(r.imageUrl),
    expirationDate: r.expirationDate.toISOString(),
    createdAt: r.createdAt.toISOString(),
    votingEndDate: r.votingEndDate ? r.votingEndDate.toISOString() : null,
    boostedUntil: r.boostedUntil && r.boostedUntil > now ? r.boostedUntil.toISOString() : null,
  };
}

/** A paid boost of a live deal is running (docs/product/design.md §4a); compared with the clock, not left to the expiry job. */
export const boostedNow = (now: Date): SQL => gt(deals.boostedUntil, now);
export const notBoostedNow = (now: Date): SQL => or(isNull(deals.boostedUntil), lte(deals.boostedUntil, now))!;

/** A fair order for paid placements: a different shuffle every hour, the same within it (cacheable). */
export const hourlyRotation = (now: Date): SQL => sql`md5(${deals.id}::text || ${String(Math.floor(now.getTime() / HOUR_MS))})`;

/**
 * What customers may see: not expired, and either active or a crowd-vote deal still collecting
 * votes. Paused, removed and expired deals never show, nor any deal of a suspended business: the
 * database leaves `listed_until` empty for those (docs/decisions/0063-suspensions-and-bans.md), so this
 * stays one indexable comparison.
 */
export function visibleNow(now: Date): SQL {
  return gt(deals.listedUntil, now);
}

/** A business anyone may find and open: approved by an admin and not suspended (docs/decisions/0063). */
export const businessIsPublic: SQL = and(eq(merchants.approved, true), isNull(merchants.suspendedAt))!;

/** Counting stops here: beyond it the page says "1,000+" and the query stays fast on any catalogue. */
export const COUNT_CAP = 1000;

export { escapeLike };

/**
 * A search matches a deal's title and description or its business's name (docs/product/design.md §13),
 * case-insensitively: `search_text` holds all three, lower-cased by the database (migration 0020), so
 * this is one lookup in its trigram index. The pattern is lower-cased by the same database function.
 */
export function matchesSearch(search: string): SQL {
  return sql`${deals.searchText} like lower(${`%${escapeLike(search)}%`})`;
}

/** What the public deal reads need: the database, the clock (listed, boosted) and the image URLs (lib/storage.ts). */
export type DealReadDeps = Pick<Deps, 'db' | 'clock' | 'storage'>;

export async function getDeal(deps: DealReadDeps, id: string): Promise<DealDetail | null> {
  const now = deps.clock.now();
  const imageUrl = deps.storage.publicUrl;
  const [row] = await deps.db
    .select({
      ...summaryColumns,
      highlights: deals.highlights,
      finePrint: deals.finePrint,
      images: deals.images,
      unlockedAt: deals.unlockedAt,
      merchantCity: merchants.city,
      merchantState: merchants.state,
      merchantWebsite: merchants.website,
      addressLine1: merchants.addressLine1,
      addressLine2: merchants.addressLine2,
      zip: merchants.zip,
      lat: merchants.lat,
      lng: merchants.lng,
      perCustomerLimit: deals.perCustomerLimit,
      saleStartsAt: deals.saleStartsAt,
      validUntil: deals.validUntil,
    })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    // A suspended business's deals answer 404, as its page does (docs/decisions/0063-suspensions-and-bans.md).
    .where(and(eq(deals.id, id), inArray(deals.status, ['active', 'pending', 'expired']), isNull(merchants.suspendedAt)));
  if (!row) return null;
  const {
    highlights,
    finePrint,
    images,
    unlockedAt,
    merchantCity,
    merchantState,
    merchantWebsite,
    addressLine1,
    addressLine2,
    zip,
    lat,
    lng,
    perCustomerLimit,
    saleStartsAt,
    validUntil,
    ...summary
  } = row;
  return {
    ...toSummary(summary, imageUrl, now),
    options: await liveOptions(deps.db, id),
    perCustomerLimit,
    saleStartsAt: saleStartsAt?.toISOString() ?? null,
    validUntil: (validUntil ?? summary.expirationDate).toISOString(),
    highlights,
    finePrint,
    images: (images.length ? images : summary.imageUrl ? [summary.imageUrl] : []).map(imageUrl),
    unlockedAt: unlockedAt ? unlockedAt.toISOString() : null,
    merchantCity,
    merchantState,
    merchantWebsite,
    place: placeOf({ addressLine1, addressLine2, zip, lat, lng, city: merchantCity, state: merchantState }),
  };
}

/**
 * The home page's deal sections, no deal in two of them: Featured Deals (the best discounts among
 * active deals, paid boosts aside), Sponsored (live deals with a paid boost running, rotating every
 * hour; docs/decisions/0041) and PerkBoost Deals (crowd-vote deals still collecting votes, nearest
 * to their target first).
 */
export async function homeSections(deps: DealReadDeps) {
  const { db } = deps;
  const now = deps.clock.now();
  const imageUrl = deps.storage.publicUrl;
  const select = () => db.select(summaryColumns).from(deals).innerJoin(merchants, eq(merchants.id, deals.merchantId));
  const [featured, sponsored, crowdVote] = await Promise.all([
    select()
      .where(and(visibleNow(now), eq(deals.status, 'active'), notBoostedNow(now)))
      .orderBy(desc(deals.discountPercentage), desc(deals.createdAt))
      .limit(HOME_FEATURED_DEALS),
    select()
      .where(and(visibleNow(now), eq(deals.status, 'active'), boostedNow(now)))
      .orderBy(hourlyRotation(now))
      .limit(HOME_SPONSORED_DEALS),
    select()
      .where(and(visibleNow(now), eq(deals.status, 'pending'), eq(deals.type, 'perkboost'), notBoostedNow(now)))
      .orderBy(sql`${deals.currentVotes}::float / greatest(${deals.votesRequired}, 1) desc`, asc(deals.votingEndDate))
      .limit(HOME_BOOSTED_DEALS),
  ]);
  const out = (list: typeof featured) => list.map((r) => toSummary(r, imageUrl, now));
  return { featured: out(featured), sponsored: out(sponsored), crowdVote: out(crowdVote) };
}

export async function dealsByIds(deps: DealReadDeps, ids: string[]): Promise<DealSummary[]> {
  if (ids.length === 0) return [];
  const now = deps.clock.now();
  const rows = await deps.db
    .select(summaryColumns)
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(inArray(deals.id, ids));
  return rows.map((r) => toSummary(r, deps.storage.publicUrl, now));
}

/**
 * Scheduled deals whose sale start has come go live (the deal-schedule job, every minute): "Coming soon"
 * until then, seen only by their merchant (docs/decisions/0047). Returns the ids put live.
 */
export async function startScheduledDeals(deps: Pick<Deps, 'db' | 'clock'>): Promise<string[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .update(deals)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(deals.status, 'scheduled'), lte(deals.saleStartsAt, now)))
    .returning({ id: deals.id });
  return rows.map((r) => r.id);
}
