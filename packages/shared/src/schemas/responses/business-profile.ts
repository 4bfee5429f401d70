import { z } from 'zod';
import { PLAN_IDS } from '../../constants';
import { count } from './common';
import { dealSummarySchema, placeSchema } from './deals';

const openingHours = z.array(z.object({ day: z.number().int(), opens: z.string(), closes: z.string() }));

/** A business page (GET /api/businesses/:slug): the basic listing, the enhanced profile when the plan has one, and its live deals. */
export const businessPageSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  /** Logo, cover, hours and highlights are shown (Advertise + Messaging, Deals + Messaging). */
  enhancedProfile: z.boolean(),
  /** Customers can write to it from the page (shared hasMessagingAccess). */
  messaging: z.boolean(),
  /** The enhanced fields: null and empty on the basic listing. */
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  openingHours,
  highlights: z.array(z.string()),
  deals: z.array(dealSummarySchema),
  /** Street address and point (null until the business gives one); the map and directions use it. */
  place: placeSchema.nullable(),
  /** The business's time zone: "open now" reads the hours in it. */
  timeZone: z.string().nullable(),
  /** Its published reviews (docs/decisions/0064-verified-reviews.md): how many, and their average (null without any). */
  reviewCount: count(),
  ratingAverage: z.number().nullable(),
});
export type BusinessPage = z.infer<typeof businessPageSchema>;

/** The business, or (for a slug it had before a name change) the slug it has now. */
export const businessPageResponseSchema = z.union([z.object({ business: businessPageSchema }), z.object({ redirectTo: z.string() })]);
export type BusinessPageResponse = z.infer<typeof businessPageResponseSchema>;

/** The signed-in merchant's business page settings. */
export const merchantBusinessProfileSchema = z.object({
  slug: z.string(),
  approved: z.boolean(),
  plan: z.enum(PLAN_IDS),
  enhancedProfile: z.boolean(),
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  openingHours,
  highlights: z.array(z.string()),
});
export type MerchantBusinessProfile = z.infer<typeof merchantBusinessProfileSchema>;
