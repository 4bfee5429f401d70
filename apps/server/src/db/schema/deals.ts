import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A point on the earth as a 3-D `cube` (metres from the centre, migration 0044 `geo_point`): distance
 * sort and radius use its GiST index (docs/decisions/0049-location.md).
 */
const earthPoint = customType<{ data: string; driverData: string }>({ dataType: () => 'cube' });
/** Full-text search document (weighted lexemes; docs/decisions/0050-search.md). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });
/** Opening hours as minutes of the week, local time (0 = Sunday 00:00); written by the database. */
const int4multirange = customType<{ data: string; driverData: string }>({ dataType: () => 'int4multirange' });

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    description: text('description').notNull().default(''),
    website: text('website'),
    phone: text('phone').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    subscriptionPlan: text('subscription_plan', { enum: ['advertise_only', 'advertise_messaging', 'deals_messaging'] })
      .notNull()
      .default('advertise_only'),
    approved: boolean('approved').notNull().default(false),
    hasSubscription: boolean('has_subscription').notNull().default(false),
    commissionRate: integer('commission_rate').notNull().default(15),
    /**
     * The business page's address, `/businesses/:slug`. Set by the database from the business name
     * (trigger `merchants_slug`, migration 0012) on insert (an empty slug means "derive it") and whenever the name changes; the old slug
     * is kept in `merchant_slug_redirects` so that old links redirect.
     */
    slug: text('slug')
      .notNull()
      .$defaultFn(() => ''),
    /** Enhanced profile (Advertise + Messaging and Deals + Messaging): images, opening hours, highlights. */
    logoUrl: text('logo_url'),
    coverUrl: text('cover_url'),
    openingHours: jsonb('opening_hours')
      .$type<{ day: number; opens: string; closes: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    profileHighlights: jsonb('profile_highlights')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The street address (docs/decisions/0049-location.md). Geocoded offline: `lat`/`lng` start at the
     * ZIP code's centroid and the merchant may refine them; null until an address is given.
     */
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    zip: text('zip'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The business's own IANA time zone (from its state): "open now" reads its hours in it. */
    timeZone: text('time_zone'),
    /**
     * The opening hours as local minutes of the week, hours past midnight included, derived by the
     * database from `opening_hours` (function `opening_week_minutes`, migration 0044). Empty: no hours known.
     */
    openWeekMinutes: int4multirange('open_week_minutes').generatedAlwaysAs(sql`opening_week_minutes(opening_hours)`),
    /** A paid listing boost: listed first among businesses and eligible for "Featured businesses" until then. */
    listingBoostedUntil: timestamp('listing_boosted_until', { withTimezone: true }),
    /**
     * Suspended by an admin, and why (docs/decisions/0063-suspensions-and-bans.md): its page and deals are gone from
     * every public place and cannot be bought, its payouts are held; its vouchers stay valid. Null: not suspended.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * Its published reviews, counted and summed by the database (trigger `reviews_count_ratings`, migration 0047;
     * docs/decisions/0064-verified-reviews.md): the average a card or page shows is the sum over the count.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarsSum: integer('review_stars_sum').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchants_slug_key').on(t.slug),
    // The console's merchants table, newest first (docs/decisions/0074-console-tables-at-scale.md).
    index('merchants_created_idx').on(t.createdAt, t.id),
    index('merchants_place_idx').on(t.state, t.city),
    // The businesses within a radius, by a box of latitudes and longitudes around it: browse counts a radius's deals
    // through them (decision 0050, seventh round).
    index('merchants_lat_lng_idx').on(t.lat, t.lng),
    index('merchants_name_trgm_idx').using('gin', sql`lower(${t.businessName}) gin_trgm_ops`),
    // Business search matches descriptions too; home's "Featured businesses" reads the running boosts.
    index('merchants_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
    index('merchants_listing_boost_idx').on(t.listingBoostedUntil),
    // The few suspended businesses, read by every public listing's visibility rule (deals.service visibleNow).
    index('merchants_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
  ],
);

/** Slugs a business page had before its name changed: `/businesses/<old>` redirects to the current one. */
export const merchantSlugRedirects = pgTable('merchant_slug_redirects', {
  slug: text('slug').primaryKey(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const merchantRegistrationRequests = pgTable(
  'merchant_registration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    website: text('website'),
    description: text('description').notNull(),
    plan: text('plan', { enum: ['advertise_only', 'advertise_messaging', 'deals_messaging'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requiresMerchantResponse: boolean('requires_merchant_response').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_registration_requests_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every field of the spec's Deal entity, plus fine print, highlights and a gallery.
 * Money is integer cents; `discount_percentage` is computed by the server from the two prices.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    highlights: jsonb('highlights')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    finePrint: text('fine_print').notNull().default(''),
    imageUrl: text('image_url'),
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    type: text('type', { enum: ['standard', 'perkboost'] })
      .notNull()
      .default('standard'),
    /**
     * draft: a PerkBoost launch waiting for its payment (never listed); removed: deleted by the
     * merchant or deactivated by an admin (`moderation_reason` says why when an admin did it).
     */
    status: text('status', { enum: ['draft', 'scheduled', 'active', 'pending', 'expired', 'paused', 'removed'] })
      .notNull()
      .default('active'),
    categoryId: integer('category_id').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    dealPriceCents: integer('deal_price_cents').notNull(),
    discountPercentage: integer('discount_percentage').notNull(),
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    votesRequired: integer('votes_required'),
    currentVotes: integer('current_votes').notNull().default(0),
    votingEndDate: timestamp('voting_end_date', { withTimezone: true }),
    boostDays: integer('boost_days'),
    /** A paid boost of a live deal: listed first, home-page eligible and badged until then. */
    boostedUntil: timestamp('boosted_until', { withTimezone: true }),
    /** When the current boost window began (an extension keeps it): boost stats compare from here. */
    boostStartedAt: timestamp('boost_started_at', { withTimezone: true }),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    moderationReason: text('moderation_reason'),
    /**
     * When a scheduled deal goes on sale (status `scheduled` until then: "Coming soon", seen only by its
     * merchant; the deal-schedule job makes it active). Null: on sale from creation.
     */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    /**
     * Until when its vouchers carry the promotional value (at least the sale end, `expiration_date`).
     * Null: the same as the sale end, as every deal before migration 0029 (docs/decisions/0047).
     */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** At most this many vouchers per customer across the deal's options (paid and held by open checkouts). */
    perCustomerLimit: integer('per_customer_limit'),
    /** A refunded voucher's unit goes back to its option's stock (the merchant's choice). */
    restockOnRefund: boolean('restock_on_refund').notNull().default(false),
    /**
     * What deal search matches, lower-case: title, description and the business's name. Set by the
     * database (triggers `deals_search_text` and `merchants_deal_search_text`, migration 0020) on every
     * write of the deal and when its business is renamed; whatever the application writes is replaced.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * Where the deal is redeemed: its business's point (`geo_point(lat, lng)`), written by the
     * database (trigger `deals_place`, migration 0044) on every write of the deal and when the business
     * moves. Null while the business has no address.
     */
    earth: earthPoint('earth'),
    /**
     * Weighted full-text document: title (A), business name (B), category (C), description (D); written
     * by the same trigger as `search_text`.
     */
    searchVector: tsvector('search_vector'),
    /**
     * Until when customers may see the deal (null: never). Derived by the database so that the
     * browse filter is one indexable comparison (facet counts walk indexes of it alone): active deals
     * until expiry, crowd-vote deals still voting until the earlier of voting end and expiry, and never a
     * deal of a suspended business (docs/decisions/0063-suspensions-and-bans.md). Generated until
     * migration 0046; since then written by the trigger `deals_listed_until` on every write of the deal
     * and, when its business is suspended or reinstated, by `merchants_suspension_lists_deals`: whatever
     * the application writes is replaced.
     */
    listedUntil: timestamp('listed_until', { withTimezone: true }),
    /** Its published reviews, counted and summed by the database as the business's are (trigger `reviews_count_ratings`). */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarsSum: integer('review_stars_sum').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A business's deals, and its live ones without reading the table (a radius's count goes business by business).
    index('deals_merchant_listed_idx').on(t.merchantId, t.listedUntil),
    index('deals_browse_idx').on(t.status, t.expirationDate),
    index('deals_newest_idx').on(sql`(${t.type} = 'perkboost')`, t.createdAt, t.id),
    index('deals_listed_idx').on(t.listedUntil),
    // A place and a category in date order: browse by city and category reads its newest deals from the index's first
    // entries, where a category index walked every deal of the category to find a city with none (decision 0050).
    index('deals_place_category_created_idx').on(t.state, t.city, t.categoryId, t.createdAt, t.id),
    // Newest first with the id breaking ties (the browse order and its keyset cursor): an index without the id made the
    // planner read and sort every deal sharing the newest timestamps before the first card (decision 0050, sixth round).
    // With the end of its listing beside it (INCLUDE (listed_until), written in migration 0053: drizzle-kit declares no
    // INCLUDE), so a numbered page's skipped deals are counted from the index alone (decision 0050, seventh round).
    index('deals_created_live_idx').on(t.createdAt, t.id),
    index('deals_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('deals_category_created_idx').on(t.categoryId, t.createdAt, t.id),
    index('deals_price_idx').on(t.dealPriceCents, t.id),
    index('deals_discount_idx').on(t.discountPercentage, t.id),
    index('deals_earth_idx').using('gist', t.earth),
    // The deals at one point in id order: nearest first, the deals tied at the page's edge (decision 0050, seventh round).
    index('deals_earth_id_idx').on(t.earth, t.id),
    index('deals_search_vector_idx').using('gin', t.searchVector),
    // The console's deals table searches titles and cities (docs/decisions/0074-console-tables-at-scale.md).
    index('deals_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('deals_city_trgm_idx').using('gin', t.city.op('gin_trgm_ops')),
    // Facet counts (capped) walk these without reading the table.
    index('deals_category_listed_idx').on(t.categoryId, t.listedUntil),
    index('deals_place_listed_idx').on(t.state, t.city, t.listedUntil),
    index('deals_price_listed_idx').on(t.dealPriceCents, t.listedUntil),
    index('deals_discount_listed_idx').on(t.discountPercentage, t.listedUntil),
    index('deals_boosted_idx')
      .on(t.boostedUntil)
      .where(sql`boosted_until is not null`),
    check('deals_current_votes_nonneg', sql`${t.currentVotes} >= 0`),
    check('deals_prices_positive', sql`${t.originalPriceCents} > 0 and ${t.dealPriceCents} > 0`),
    check('deals_category_range', sql`${t.categoryId} between 1 and 8`),
    check('deals_per_customer_limit', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} between 1 and 100`),
    index('deals_scheduled_idx')
      .on(t.saleStartsAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * What a deal sells (docs/decisions/0047-deal-options-stock-dates.md): 1 to 10 options, each with its
 * price and, optionally, a stock. `stock_left` is what can still be reserved: a checkout takes units by a
 * conditional update (`stock_left >= n`) and gives them back when it expires. The deal row keeps the
 * lowest price and best discount of its live options ("from $X"), written in the same transaction.
 * A deal is born with one untitled option mirroring its price (trigger `deals_default_option`, 0029).
 */
export const dealOptions = pgTable(
  'deal_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Empty for a deal's only option (the page shows no picker). */
    title: text('title').notNull().default(''),
    originalPriceCents: integer('original_price_cents').notNull(),
    dealPriceCents: integer('deal_price_cents').notNull(),
    discountPercentage: integer('discount_percentage').notNull(),
    /** Units offered in all (null: no limit) and units still free to reserve. */
    stockTotal: integer('stock_total'),
    stockLeft: integer('stock_left'),
    /** An option taken off the deal; kept because orders and vouchers name it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_options_deal_idx').on(t.dealId, t.position),
    check('deal_options_prices_positive', sql`${t.originalPriceCents} > 0 and ${t.dealPriceCents} > 0`),
    check(
      'deal_options_stock',
      sql`(${t.stockTotal} is null) = (${t.stockLeft} is null) and ${t.stockLeft} >= 0 and ${t.stockLeft} <= ${t.stockTotal}`,
    ),
  ],
);

/**
 * The words of deal titles and business names (and nothing else), lower-case: the vocabulary that a
 * misspelt search word is corrected against by trigram similarity (docs/decisions/0050-search.md).
 * Written by the database (triggers of migration 0044); a word is never removed, so a correction may
 * name a word no live deal has any more, which then simply finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);

/**
 * Deal page views and listing click-throughs, one row per deal per hour (boost stats, docs/product/design.md §4a).
 * Counted by atomic upserts; purchases come from the purchases table.
 */
export const dealStatsHourly = pgTable(
  'deal_stats_hourly',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.hour] })],
);
