import { z } from 'zod';
import { count, pageFields } from './common';

/** A business as search results, the /businesses directory and home's "Featured businesses" show it. */
export const businessListingSchema = z.object({
  name: z.string(),
  /** Its page is `/businesses/<slug>`. */
  slug: z.string(),
  city: z.string(),
  state: z.string(),
  /** The start of the business description, cut at a word. */
  descriptionExcerpt: z.string(),
  /** On a plan with the enhanced profile (domain/business-listing.ts). */
  isEnhanced: z.boolean(),
  /** Only for an enhanced profile. */
  logoUrl: z.string().nullable(),
  /** A paid listing boost is running: listed first and marked "Boosted". */
  isBoosted: z.boolean(),
  /** Deals a customer can open now. */
  liveDealCount: count(),
});
export type BusinessListing = z.infer<typeof businessListingSchema>;

export const businessSearchResultSchema = z.object({ businesses: z.array(businessListingSchema), ...pageFields });
export type BusinessSearchResult = z.infer<typeof businessSearchResultSchema>;
