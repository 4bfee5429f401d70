import { withMessagingFacts } from '../../money';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BUSINESS_PAGE_DEALS,
  BUSINESS_PROFILE_MESSAGES as M,
  hasEnhancedProfile,
  hasMessagingAccess,
  type BusinessPageResponse,
  type MerchantBusinessProfile,
  type updateBusinessProfileSchema,
} from '@localperks/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { deals, merchantSlugRedirects, merchants } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { UPLOADS_PATH, type FileStorage, type ImageUrl } from '../../../lib/storage';
import { businessIsPublic, ratingAverage, summaryColumns, toSummary, visibleNow } from '../deals/deals.service';
import { placeOf } from '../location/address.service';

/*
 * Business pages (docs/product/design.md §13): every approved merchant has a public page at /businesses/:slug.
 * Advertise Only shows the basic listing; the other plans add logo, cover, opening hours and
 * highlights. A merchant that is not approved (never, or no longer) has no page.
 */

type Merchant = typeof merchants.$inferSelect;

/** The public page of an approved business as it stands now, the slug it moved to (an old slug), or null. */
export async function getBusinessPage(
  deps: Pick<Deps, 'db' | 'clock'>,
  slug: string,
  imageUrl: ImageUrl,
): Promise<BusinessPageResponse | null> {
  const { db } = deps;
  const now = deps.clock.now();
  const wanted = slug.toLowerCase();
  const [m] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.slug, wanted), businessIsPublic));
  if (!m) {
    const [moved] = await db
      .select({ slug: merchants.slug })
      .from(merchantSlugRedirects)
      .innerJoin(merchants, eq(merchants.id, merchantSlugRedirects.merchantId))
      .where(and(eq(merchantSlugRedirects.slug, wanted), businessIsPublic));
    return moved ? { redirectTo: moved.slug } : null;
  }
  // The same page under another spelling (capitals): one address for it.
  if (m.slug !== slug) return { redirectTo: m.slug };

  const live = await db
    .select(summaryColumns)
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(eq(deals.merchantId, m.id), visibleNow(now)))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(BUSINESS_PAGE_DEALS);
  const facts = await withMessagingFacts(db, m);
  const isEnhanced = hasEnhancedProfile(facts, now);
  return {
    business: {
      slug: m.slug,
      name: m.businessName,
      description: m.description,
      city: m.city,
      state: m.state,
      phone: m.phone,
      website: m.website,
      plan: m.subscriptionPlan,
      enhancedProfile: isEnhanced,
      messaging: hasMessagingAccess(facts, now),
      // The basic listing never shows the enhanced fields, even ones kept from an earlier plan or saved before a payment.
      logoUrl: isEnhanced && m.logoUrl ? imageUrl(m.logoUrl) : null,
      coverUrl: isEnhanced && m.coverUrl ? imageUrl(m.coverUrl) : null,
      openingHours: isEnhanced ? m.openingHours : [],
      highlights: isEnhanced ? m.profileHighlights : [],
      deals: live.map((r) => toSummary(r, imageUrl, now)),
      place: placeOf(m),
      timeZone: m.timeZone,
      reviewCount: m.reviewCount,
      ratingAverage: ratingAverage(m.reviewCount, m.reviewStarsSum),
    },
  };
}

/** Public businesses (approved, not suspended) for the sitemap, oldest first. */
export async function listedBusinesses(deps: Pick<Deps, 'db'>, limit: number) {
  return deps.db
    .select({ slug: merchants.slug, updatedAt: merchants.updatedAt })
    .from(merchants)
    .where(businessIsPublic)
    .orderBy(merchants.createdAt, merchants.id)
    .limit(limit);
}

async function ownMerchant(db: Tx, userId: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('NOT_FOUND', 'No merchant profile found for your account.');
  return m;
}

/** The enhanced profile is in effect: the plan's paid features, from the provider's confirmed payments (hasEnhancedProfile). */
async function isEnhancedNow(db: Tx, m: Merchant, now: Date): Promise<boolean> {
  return hasEnhancedProfile(await withMessagingFacts(db, m), now);
}

function toProfile(m: Merchant, isEnhanced: boolean, imageUrl: ImageUrl): MerchantBusinessProfile {
  return {
    slug: m.slug,
    approved: m.approved,
    plan: m.subscriptionPlan,
    enhancedProfile: isEnhanced,
    logoUrl: m.logoUrl ? imageUrl(m.logoUrl) : null,
    coverUrl: m.coverUrl ? imageUrl(m.coverUrl) : null,
    openingHours: m.openingHours,
    highlights: m.profileHighlights,
  };
}

export async function getMerchantBusinessProfile(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: string,
): Promise<MerchantBusinessProfile> {
  const m = await ownMerchant(deps.db, userId);
  return toProfile(m, await isEnhancedNow(deps.db, m, deps.clock.now()), deps.storage.publicUrl);
}

/** The enhanced profile needs a plan that has one, paid for; uploads are refused the same way. */
export async function enhancedProfileOwner(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<Merchant> {
  const m = await ownMerchant(deps.db, userId);
  if (!(await isEnhancedNow(deps.db, m, deps.clock.now()))) throw new AppError('FORBIDDEN', needsEnhanced(m));
  return m;
}

/** Why the enhanced profile is closed: a plan without one, or Advertise + Messaging not paid yet. */
const needsEnhanced = (m: Merchant) => (m.subscriptionPlan === 'advertise_messaging' ? M.needsPayment : M.needsEnhancedPlan);

/** How an uploaded business image is stored in the database, whatever URL the API handed out for it. */
const STORED_BUSINESS_IMAGE = /^\/uploads\/businesses\/[0-9a-f-]{36}\.webp$/;

/**
 * An image the merchant names: the one the profile already has (kept as it is), or one of our own
 * business image uploads that exists in storage. Returns it as stored.
 */
async function checkImage(storage: FileStorage, url: string | null, current: string | null, field: string): Promise<string | null> {
  if (url === null) return null;
  const stored = storage.storedUrl(url);
  if (stored === current) return stored;
  if (!STORED_BUSINESS_IMAGE.test(stored) || !(await storage.exists(stored.slice(UPLOADS_PATH.length)))) {
    throw new AppError('VALIDATION', M.imageInvalid, { [field]: M.imageInvalid });
  }
  return stored;
}

/**
 * Saves the enhanced profile. Advertise Only may only clear it (its page never shows it): anything
 * else is refused with the plan's reason, so the dashboard can say what upgrading adds.
 */
export async function updateBusinessProfile(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: string,
  input: z.output<typeof updateBusinessProfileSchema>,
): Promise<MerchantBusinessProfile> {
  const { db, storage } = deps;
  const m = await ownMerchant(db, userId);
  const now = deps.clock.now();
  const isEnhanced = await isEnhancedNow(db, m, now);
  const hasExtras = Boolean(input.logoUrl || input.coverUrl || input.openingHours.length || input.highlights.length);
  if (hasExtras && !isEnhanced) throw new AppError('FORBIDDEN', needsEnhanced(m));
  const logoUrl = await checkImage(storage, input.logoUrl, m.logoUrl, 'logoUrl');
  const coverUrl = await checkImage(storage, input.coverUrl, m.coverUrl, 'coverUrl');
  const [saved] = await db
    .update(merchants)
    .set({ logoUrl, coverUrl, openingHours: input.openingHours, profileHighlights: input.highlights, updatedAt: now })
    .where(eq(merchants.id, m.id))
    .returning();
  return toProfile(saved!, isEnhanced, storage.publicUrl);
}

/** How long an uploaded business image may wait for a profile to use it before it is removed. */
const UNUSED_BUSINESS_IMAGE_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes uploaded business images (every size) that no merchant's logo or cover names, older than a
 * day: uploads never saved, or replaced since. Run by the same job as the deal image clean-up.
 */
export async function removeUnusedBusinessImages(deps: Pick<Deps, 'db' | 'storage' | 'clock'>): Promise<string[]> {
  const { db, storage } = deps;
  const cutoff = deps.clock.now().getTime() - UNUSED_BUSINESS_IMAGE_MAX_AGE_MS;
  const old = (await storage.list('businesses')).filter((f) => f.modifiedAt.getTime() < cutoff);
  if (!old.length) return [];
  const urlOf = (key: string) => `${UPLOADS_PATH}${key.replace(/^(businesses\/[0-9a-f-]{36}).*$/, '$1.webp')}`;
  const rows = await db
    .select({ logo: merchants.logoUrl, cover: merchants.coverUrl })
    .from(merchants)
    .where(sql`${merchants.logoUrl} like '/uploads/businesses/%' or ${merchants.coverUrl} like '/uploads/businesses/%'`);
  const used = new Set(rows.flatMap((r) => [r.logo, r.cover]).filter((u): u is string => Boolean(u)));
  const removed: string[] = [];
  for (const f of old) {
    if (used.has(urlOf(f.key))) continue;
    await storage.delete(f.key);
    removed.push(f.key);
  }
  return removed;
}
