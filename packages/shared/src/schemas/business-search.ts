import { z } from 'zod';
import { BUSINESS_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH, US_STATE_NAMES } from '../constants';

/** A blank parameter (`?city=`) means the filter is not set. */
const optionalText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Query of the business search API (GET /api/businesses) and of the /businesses page. */
export const businessSearchQuerySchema = z.object({
  search: optionalText(z.string().trim().max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters.`)),
  state: optionalText(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => Object.hasOwn(US_STATE_NAMES, s), 'Choose a US state by its two-letter code.'),
  ),
  city: optionalText(z.string().trim().max(60, 'City must be at most 60 characters.')),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(BUSINESS_PAGE_SIZE),
});
export type BusinessSearchQuery = z.input<typeof businessSearchQuerySchema>;
