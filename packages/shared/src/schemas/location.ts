import { z } from 'zod';
import { ZIP_PATTERN } from '../domain/location';

/*
 * Where a business is (docs/decisions/0049-location.md): a street address, geocoded offline to its ZIP
 * code's centre, which the merchant may refine with coordinates.
 */

export const ADDRESS_MESSAGES = {
  line1Required: 'Enter the street address (number and street).',
  cityRequired: 'City must be at least 2 characters.',
  stateRequired: 'State must be at least 2 characters.',
  zipInvalid: 'Enter a 5-digit ZIP code.',
  zipUnknown: 'We could not find this ZIP code. Check it and try again.',
  latInvalid: 'Latitude must be a number between -90 and 90.',
  lngInvalid: 'Longitude must be a number between -180 and 180.',
  pointBoth: 'Enter both latitude and longitude, or neither.',
  pointTooFar: 'This point is more than 30 miles from the ZIP code. Check the coordinates.',
  savedTitle: 'Address saved',
  saveFailed: 'Failed to save your address',
  missingTitle: 'Add your street address',
  missingText: 'Customers see how far your business is and get directions only once it has an address.',
} as const;
const M = ADDRESS_MESSAGES;

/** The address fields of registration and of the address form: one definition for both. */
export const addressFields = {
  addressLine1: z
    .string({ error: M.line1Required })
    .trim()
    .min(3, M.line1Required)
    .max(120, 'Street address must be at most 120 characters.'),
  addressLine2: z
    .string()
    .trim()
    .max(120, 'Address line 2 must be at most 120 characters.')
    .optional()
    .transform((v) => v || null),
  zip: z
    .string({ error: M.zipInvalid })
    .trim()
    .transform((v) => v.slice(0, 5))
    .pipe(z.string().regex(ZIP_PATTERN, M.zipInvalid)),
};

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

/** PUT /api/merchant/address: the address, and optionally a refined point (both coordinates or neither). */
export const merchantAddressSchema = z
  .object({
    ...addressFields,
    city: z.string({ error: M.cityRequired }).trim().min(2, M.cityRequired).max(60),
    state: z.string({ error: M.stateRequired }).trim().min(2, M.stateRequired).max(40),
    lat: coordinate(-90, 90, M.latInvalid)
      .optional()
      .transform((v) => v ?? null),
    lng: coordinate(-180, 180, M.lngInvalid)
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((v) => (v.lat === null) === (v.lng === null), { path: ['lng'], message: M.pointBoth });
export type MerchantAddressForm = z.input<typeof merchantAddressSchema>;
export type MerchantAddressInput = z.output<typeof merchantAddressSchema>;
