import { eq } from 'drizzle-orm';
import {
  ADDRESS_MESSAGES as M,
  METERS_PER_MILE,
  distanceKm,
  timeZoneOfState,
  type MerchantAddressInput,
  type Place,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { merchants } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { geocodeZip } from './geocode';

/** A refined point further than this from its ZIP code's centre is taken for a typing mistake. */
const MAX_REFINEMENT_MILES = 30;

type AddressInput = Pick<MerchantAddressInput, 'addressLine1' | 'addressLine2' | 'zip' | 'city' | 'state'> &
  Partial<Pick<MerchantAddressInput, 'lat' | 'lng'>>;

/**
 * The merchant columns of an address: geocoded offline to its ZIP code's centre, or the point the
 * merchant gave (refined: a pin or typed coordinates) when it lies near that ZIP code. The time zone
 * follows the state. An unknown ZIP code is a 400 on the `zip` field.
 */
export function addressColumns(input: AddressInput) {
  const centre = geocodeZip(input.zip);
  if (!centre) throw new AppError('VALIDATION', M.zipUnknown, { zip: M.zipUnknown });
  let point = { lat: centre.lat, lng: centre.lng };
  if (input.lat != null && input.lng != null) {
    const refined = { lat: input.lat, lng: input.lng };
    if ((distanceKm(centre, refined) * 1000) / METERS_PER_MILE > MAX_REFINEMENT_MILES) {
      throw new AppError('VALIDATION', M.pointTooFar, { lat: M.pointTooFar });
    }
    point = refined;
  }
  return {
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    zip: centre.zip,
    city: input.city,
    state: input.state,
    lat: point.lat,
    lng: point.lng,
    timeZone: timeZoneOfState(input.state),
  };
}

type PlaceColumns = Pick<typeof merchants.$inferSelect, 'addressLine1' | 'addressLine2' | 'zip' | 'city' | 'state' | 'lat' | 'lng'>;

/** The street address and point a page shows, or null for a business without an address yet. */
export function placeOf(m: PlaceColumns): Place | null {
  if (!m.addressLine1 || !m.zip || m.lat === null || m.lng === null) return null;
  return { addressLine1: m.addressLine1, addressLine2: m.addressLine2, city: m.city, state: m.state, zip: m.zip, lat: m.lat, lng: m.lng };
}

/**
 * PUT /api/merchant/address: the signed-in merchant's address (and the city and state it names). The
 * database moves its deals to the new point (trigger `merchants_deal_search_text`, migration 0044).
 */
export async function saveMerchantAddress(deps: Pick<Deps, 'db' | 'clock'>, userId: string, input: MerchantAddressInput, db: Tx = deps.db) {
  const values = addressColumns(input);
  const [saved] = await db
    .update(merchants)
    .set({ ...values, updatedAt: deps.clock.now() })
    .where(eq(merchants.userId, userId))
    .returning();
  if (!saved) throw new AppError('NOT_FOUND', 'No merchant profile found for your account.');
  return placeOf(saved)!;
}
