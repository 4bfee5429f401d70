import { and, asc, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  HOME_FEATURED_BUSINESSES,
  businessSearchQuerySchema,
  excerpt,
  hasEnhancedProfile,
  type BusinessListing,
  type BusinessSearchResult,
} from '@localperks/shared';
import type { z } from 'zod';
import { deals, merchantCharges, merchants } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { businessIsPublic, escapeLike, visibleNow } from '../deals/deals.service';

type SearchDeps = Pick<Deps, 'db' | 'clock' | 'storage'>;

/** Characters of the description a card shows. */
const EXCERPT_LENGTH = 160;

/**
 * Businesses anyone may find: approved by an admin. A merchant waiting for approval, rejected, no
 * longer approved, or suspended (docs/decisions/0063-suspensions-and-bans.md) is not listed.
 */
const isListed = businessIsPublic;

/** The listing boost is running at `now` (a boost never set, or over, is not). */
const boostedAt = (now: Date) => sql<boolean>`coalesce(${gt(merchants.listingBoostedUntil, now)}, false)`;

function listingColumns(now: Date) {
  return {
    name: merchants.businessName,
    slug: merchants.slug,
    city: merchants.city,
    state: merchants.state,
    // Only the start travels: the card shows an excerpt.
    description: sql<string>`left(${merchants.description}, ${EXCERPT_LENGTH * 2})`,
    subscriptionPlan: merchants.subscriptionPlan,
    hasSubscription: merchants.hasSubscription,
    // The end of the messaging period paid for (billing messagingPaidUntil), by the merchant index of the charges.
    messagingPaidUntil: sql<
      Date | string | null
    >`(select max(${merchantCharges.currentPeriodEnd}) from ${merchantCharges} where ${merchantCharges.merchantId} = ${sql.identifier('merchants')}.${sql.identifier('id')} and ${merchantCharges.kind} = 'subscription' and ${merchantCharges.status} = 'paid')`,
    logoUrl: merchants.logoUrl,
    isBoosted: boostedAt(now),
    // One index lookup per listed business (deals_merchant_listed_idx), never a scan of all deals. The outer
    // row is named in full: in the select list of a one-table query Drizzle writes bare column names.
    liveDealCount: sql<number>`(select count(*)::int from ${deals} where ${deals.merchantId} = ${sql.identifier('merchants')}.${sql.identifier('id')} and ${visibleNow(now)})`,
  };
}

type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];
const selectListings = (deps: SearchDeps, now: Date) => deps.db.select(listingColumns(now)).from(merchants);

function toListing(r: ListingRow, deps: SearchDeps, now: Date): BusinessListing {
  const isEnhanced = hasEnhancedProfile({ ...r, messagingPaidUntil: r.messagingPaidUntil ? new Date(r.messagingPaidUntil) : null }, now);
  return {
    name: r.name,
    slug: r.slug,
    city: r.city,
    state: r.state,
    descriptionExcerpt: excerpt(r.description, EXCERPT_LENGTH),
    isEnhanced,
    logoUrl: isEnhanced && r.logoUrl ? deps.storage.publicUrl(r.logoUrl) : null,
    isBoosted: Boolean(r.isBoosted),
    liveDealCount: Number(r.liveDealCount),
  };
}

/**
 * GET /api/businesses: approved businesses whose name or description contains the search
 * (case-insensitively), in a state and city. Boosted listings come first while their boost runs (a
 * paid placement, docs/product/design.md §4), then the best name matches: the name itself, a name that
 * starts with the search, a word of the name that does, anywhere in the name, the description only.
 */
export async function searchBusinesses(deps: SearchDeps, query: z.output<typeof businessSearchQuerySchema>): Promise<BusinessSearchResult> {
  const now = deps.clock.now();
  const name = sql`lower(${merchants.businessName})`;
  const filters: SQL[] = [isListed];
  const order: SQL[] = [desc(boostedAt(now))];
  if (query.search) {
    // Lower-cased by the database, as the indexed lower(...) columns are.
    const q = escapeLike(query.search);
    const within = sql`lower(${`%${q}%`})`;
    // Both halves are trigram-index lookups (merchants_name_trgm_idx, merchants_description_trgm_idx).
    filters.push(or(sql`${name} like ${within}`, sql`lower(${merchants.description}) like ${within}`)!);
    order.push(
      sql`case when ${name} = lower(${query.search}) then 0 when ${name} like lower(${`${q}%`}) then 1 when ${name} like lower(${`% ${q}%`}) then 2 when ${name} like ${within} then 3 else 4 end`,
    );
  }
  if (query.state) filters.push(eq(merchants.state, query.state));
  if (query.city) filters.push(sql`lower(${merchants.city}) = ${query.city.toLowerCase()}`);
  order.push(asc(name), asc(merchants.id));
  const where = and(...filters);

  const [rows, [counted]] = await Promise.all([
    selectListings(deps, now)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(merchants)
      .where(where),
  ]);
  return {
    businesses: rows.map((r) => toListing(r, deps, now)),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Home's "Featured businesses": approved businesses whose listing boost is running, in a random
 * order so that every paid boost gets its turn in the row.
 */
export async function featuredBusinesses(deps: SearchDeps): Promise<BusinessListing[]> {
  const now = deps.clock.now();
  const rows = await selectListings(deps, now)
    .where(and(isListed, gt(merchants.listingBoostedUntil, now)))
    .orderBy(sql`random()`)
    .limit(HOME_FEATURED_BUSINESSES);
  return rows.map((r) => toListing(r, deps, now));
}
