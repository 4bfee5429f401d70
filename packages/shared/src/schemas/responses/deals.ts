import { z } from 'zod';
import { DEAL_STATUSES, DEAL_TYPES, SORT_OPTIONS } from '../../constants';
import { businessListingSchema } from './business-search';
import { cents, count, isoDate } from './common';

/** A business's street address and its point (docs/decisions/0049-location.md). */
export const placeSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof placeSchema>;
/** PUT /api/merchant/address: the point the address was placed at. */
export const placeSavedSchema = z.object({ place: placeSchema });

/** A deal as cards and the deal page show it (money in integer cents, dates as ISO strings). */
export const dealSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  type: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  categoryId: z.number().int(),
  city: z.string(),
  state: z.string(),
  originalPriceCents: cents(),
  dealPriceCents: cents(),
  discountPercentage: z.number(),
  expirationDate: isoDate(),
  createdAt: isoDate(),
  votesRequired: count().nullable(),
  currentVotes: count(),
  votingEndDate: isoDate().nullable(),
  merchantId: z.string(),
  merchantName: z.string(),
  /** Until when a paid boost lists it first and badges it (docs/product/design.md §4a); null when not boosted now. */
  boostedUntil: isoDate().nullable(),
  /** The merchant's business page, /businesses/:slug. */
  merchantSlug: z.string(),
  /** Miles from the customer's location when the listing was asked with one and the business has an address. */
  distanceMiles: z.number().nullable().optional(),
  /** How many options it sells: more than one shows "from" the lowest price (`dealPriceCents`) and the best discount. */
  optionCount: count(),
  /** Its published reviews (docs/decisions/0064-verified-reviews.md): how many, and their average (null without any). */
  reviewCount: count(),
  ratingAverage: z.number().nullable(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

/** One option of a deal (docs/decisions/0047). `stockLeft` null: no stock limit. */
export const dealOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  originalPriceCents: cents(),
  dealPriceCents: cents(),
  discountPercentage: z.number(),
  stockLeft: count().nullable(),
});
export type DealOption = z.infer<typeof dealOptionSchema>;

export const dealDetailSchema = dealSummarySchema.extend({
  options: z.array(dealOptionSchema),
  /** At most this many vouchers per customer across the options; null: no limit. */
  perCustomerLimit: count().nullable(),
  /** When it goes on sale (a scheduled deal, "Coming soon"); null: on sale. */
  saleStartsAt: isoDate().nullable(),
  /** Until when its vouchers carry their promotional value (at least `expirationDate`, the sale end). */
  validUntil: isoDate(),
  highlights: z.array(z.string()),
  finePrint: z.string(),
  images: z.array(z.string()),
  merchantCity: z.string(),
  merchantState: z.string(),
  merchantWebsite: z.string().nullable(),
  unlockedAt: isoDate().nullable(),
  /** Where to redeem it: the business's street address and point (null until it has one). */
  place: placeSchema.nullable(),
});
export type DealDetail = z.infer<typeof dealDetailSchema>;
export const dealResponseSchema = z.object({ deal: dealDetailSchema });
export type DealResponse = z.infer<typeof dealResponseSchema>;

export const browseResultSchema = z.object({
  /** The matching deals in the chosen order (newest means newest), paid boosts in their own place. */
  deals: z.array(dealSummarySchema),
  /** Matching deals with a paid boost running, shown above page 1 as a row labelled Sponsored; empty on later pages. */
  sponsored: z.array(dealSummarySchema),
  /** Matching deals, counted up to a cap (then `totalIsCapped`, shown as "1,000+"); only on page 1, null after. */
  total: count().nullable(),
  totalIsCapped: z.boolean(),
  page: count(),
  pageSize: count(),
  hasMore: z.boolean(),
  /** Ask for the next page with `after=<this>` (keyset: no page repeats or skips a deal while deals are added). */
  nextCursor: z.string().nullable(),
  /** The order used: the one asked for, or the default (relevance for a search, newest otherwise). */
  sort: z.enum(SORT_OPTIONS),
  /** The location distances are measured from, when one was given. */
  origin: z.object({ lat: z.number(), lng: z.number(), label: z.string() }).nullable(),
  /** With no result on page 1: the search as corrected, when a spelling correction finds deals. */
  didYouMean: z.string().nullable(),
  /** With no result on page 1 in a city: the nearest other cities that have matching deals. */
  nearbyCities: z.array(z.object({ city: z.string(), state: z.string(), miles: z.number() })),
});
export type BrowseResult = z.infer<typeof browseResultSchema>;

export const homeDataSchema = z.object({
  /** Active deals with the best discounts, paid boosts aside. */
  featured: z.array(dealSummarySchema),
  /** Live deals with a paid boost running: the row labelled Sponsored. */
  sponsored: z.array(dealSummarySchema),
  /** Crowd-vote deals still collecting votes: the PerkBoost Deals section. */
  crowdVote: z.array(dealSummarySchema),
  /** Businesses with a listing boost running now (none: the row is hidden). */
  featuredBusinesses: z.array(businessListingSchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;

/** Crowd-vote ids and favourite ids of the signed-in customer. */
export const dealIdsSchema = z.object({ dealIds: z.array(z.string()) });
export type DealIds = z.infer<typeof dealIdsSchema>;

/** What a vote (or its cancellation) answers: the deal's new count and status. */
export const voteResultSchema = z.object({
  currentVotes: count(),
  votesRequired: count().nullable(),
  status: z.enum(['pending', 'active']),
  unlocked: z.boolean(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** A facet value and how many deals of the current query have it: exact up to FACET_COUNT_CAP, then `capped` ("1,000+"). */
const facetCount = { count: count(), capped: z.boolean() };
/** GET /api/deals/facets: counts per category, city, price range and discount for the current query. */
export const dealFacetsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), ...facetCount })),
  cities: z.array(z.object({ city: z.string(), state: z.string(), ...facetCount })),
  prices: z.array(z.object({ id: z.string(), ...facetCount })),
  discounts: z.array(z.object({ id: z.string(), ...facetCount })),
});
export type DealFacets = z.infer<typeof dealFacetsSchema>;

/** GET /api/search/suggest: what the header search offers as you type; every entry is a link. */
export const searchSuggestionsSchema = z.object({
  deals: z.array(z.object({ id: z.string(), title: z.string(), merchantName: z.string(), city: z.string(), state: z.string() })),
  businesses: z.array(z.object({ slug: z.string(), name: z.string(), city: z.string(), state: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
