import { createRequire } from 'node:module';

/*
 * Offline geocoding (docs/decisions/0049-location.md): a US ZIP code's centre from the `zipcodes`
 * package's dataset (42,000 US codes, BSD). No request leaves the server; the dataset is read on first
 * use (about 5 MB) and kept.
 */

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

let codes: Record<string, ZipRecord> | null = null;

function zipCodes(): Record<string, ZipRecord> {
  // The US codes only (its index also loads Canada's postal codes, which we do not serve).
  codes ??= (createRequire(import.meta.url)('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> }).codes;
  return codes;
}

export interface ZipPoint {
  zip: string;
  lat: number;
  lng: number;
  city: string;
  state: string;
}

/** The centre of a 5-digit US ZIP code, or null when the dataset does not know it. */
export function geocodeZip(zip: string): ZipPoint | null {
  const r = /^\d{5}$/.test(zip) ? zipCodes()[zip] : undefined;
  if (!r || r.country !== 'US') return null;
  return { zip: r.zip, lat: r.latitude, lng: r.longitude, city: r.city, state: r.state };
}
