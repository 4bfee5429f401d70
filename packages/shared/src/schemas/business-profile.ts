import { z } from 'zod';

/*
 * The business page's enhanced profile (docs/product/design.md §13): logo, cover image, opening hours and short
 * highlights, on Advertise + Messaging and Deals + Messaging. Advertise Only shows the basic listing.
 */

/** At most this many highlights on a business page, each at most this long. */
export const BUSINESS_HIGHLIGHTS_MAX = 6;
export const BUSINESS_HIGHLIGHT_MAX_LENGTH = 80;
/** Live deals shown on a business page (newest first). */
export const BUSINESS_PAGE_DEALS = 24;

/** Day numbers as JavaScript counts them (0 = Sunday); the page lists Monday first. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const BUSINESS_PROFILE_MESSAGES = {
  notFound: 'This business does not exist or is no longer listed.',
  noMessaging: 'This business does not take messages on LocalPerks.',
  needsEnhancedPlan:
    'Logo, cover image, opening hours and highlights come with Advertise + Messaging or Deals + Messaging. Switch plans to add them.',
  needsPayment: 'Logo, cover image, opening hours and highlights start once your Advertise + Messaging payment is confirmed.',
  timeInvalid: 'Enter a time as HH:MM (24-hour)',
  closesAtOpening: 'Closing time must differ from opening time',
  dayTwice: 'Each day can be listed only once',
  highlightMax: `Highlights must be at most ${BUSINESS_HIGHLIGHT_MAX_LENGTH} characters`,
  highlightsMax: `Add at most ${BUSINESS_HIGHLIGHTS_MAX} highlights`,
  imageInvalid: 'Upload the image again: it was not found.',
  savedTitle: 'Business page updated',
  saveFailed: 'Failed to save your business page',
} as const;
const M = BUSINESS_PROFILE_MESSAGES;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);

/** A closing time before the opening time is past midnight, the next day (18:00–02:00): overnight hours. */
export const isOvernight = (h: { opens: string; closes: string }) => h.closes < h.opens;

export const openingHoursEntrySchema = z
  .object({ day: z.number().int().min(0).max(6), opens: time, closes: time })
  .refine((h) => h.closes !== h.opens, { message: M.closesAtOpening, path: ['closes'] });
export type OpeningHoursEntry = z.infer<typeof openingHoursEntrySchema>;

/** What the merchant saves: blank highlights are dropped; images are URLs from the business image upload. */
export const updateBusinessProfileSchema = z.object({
  logoUrl: z.string().max(500).nullable(),
  coverUrl: z.string().max(500).nullable(),
  openingHours: z
    .array(openingHoursEntrySchema)
    .max(7)
    .refine((hours) => new Set(hours.map((h) => h.day)).size === hours.length, { message: M.dayTwice })
    .transform((hours) => [...hours].sort((a, b) => WEEK_ORDER.indexOf(a.day as 0) - WEEK_ORDER.indexOf(b.day as 0))),
  highlights: z
    .array(z.string().trim().max(BUSINESS_HIGHLIGHT_MAX_LENGTH, M.highlightMax))
    .transform((list) => list.filter(Boolean))
    .pipe(z.array(z.string()).max(BUSINESS_HIGHLIGHTS_MAX, M.highlightsMax)),
});
export type UpdateBusinessProfile = z.input<typeof updateBusinessProfileSchema>;
