import { LOCATIONS, type Location } from '../constants';

/** A 5-digit US ZIP code (the address form, the browse page's ZIP box and the API check it alike). */
export const ZIP_PATTERN = /^\d{5}$/;

const toRad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

const KM_PER_MILE = 1.609344;

/**
 * Beyond this, the nearest of the 12 cities is not "near" the reader: "Use my location" says how far
 * it is instead of silently showing deals "near" a city hundreds of miles away.
 */
export const NEAR_LOCATION_MAX_MILES = 100;

/** The nearest of the 12 cities to a coordinate (docs/product/design.md §3), and how far it is in whole miles. */
export function nearestLocationWithDistance(point: { lat: number; lng: number }): { location: Location; miles: number } {
  let best: Location = LOCATIONS[0];
  let bestKm = Infinity;
  for (const loc of LOCATIONS) {
    const km = distanceKm(point, loc);
    if (km < bestKm) {
      best = loc;
      bestKm = km;
    }
  }
  return { location: best, miles: Math.round(bestKm / KM_PER_MILE) };
}

/** The nearest of the 12 cities to a coordinate (docs/product/design.md §3). */
export function nearestLocation(point: { lat: number; lng: number }): Location {
  return nearestLocationWithDistance(point).location;
}

export const STATES = [...new Set(LOCATIONS.map((l) => l.state))];
export const citiesOf = (state: string) => LOCATIONS.filter((l) => l.state === state).map((l) => l.city);

export const METERS_PER_MILE = 1609.344;

/** "0.4 mi", "1.2 mi", "12 mi": one decimal under 10 miles, whole miles beyond. */
export function formatMiles(miles: number): string {
  if (miles < 0.1) return '0.1 mi';
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/**
 * Each state's time zone (its largest one where a state has two: the 12 cities' zones are exact).
 * A business's "open now" reads its hours in this zone.
 */
const STATE_TIME_ZONES: Record<string, string> = {
  CA: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  AZ: 'America/Phoenix',
  CO: 'America/Denver',
  UT: 'America/Denver',
  NM: 'America/Denver',
  MT: 'America/Denver',
  WY: 'America/Denver',
  ID: 'America/Boise',
  TX: 'America/Chicago',
  IL: 'America/Chicago',
  MN: 'America/Chicago',
  WI: 'America/Chicago',
  IA: 'America/Chicago',
  MO: 'America/Chicago',
  AR: 'America/Chicago',
  LA: 'America/Chicago',
  MS: 'America/Chicago',
  AL: 'America/Chicago',
  OK: 'America/Chicago',
  KS: 'America/Chicago',
  NE: 'America/Chicago',
  SD: 'America/Chicago',
  ND: 'America/Chicago',
  TN: 'America/Chicago',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
};
export const timeZoneOfState = (state: string): string => STATE_TIME_ZONES[state.trim().toUpperCase()] ?? 'America/New_York';

export interface DirectionsLink {
  name: string;
  href: string;
}

/**
 * "Get directions" by coordinates, in three map services, with no key and no script of theirs on our
 * pages: plain links that open the service (docs/decisions/0049-location.md).
 */
export function directionsLinks(point: { lat: number; lng: number }, label: string): DirectionsLink[] {
  const ll = `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
  const q = encodeURIComponent(label);
  return [
    {
      name: 'OpenStreetMap',
      href: `https://www.openstreetmap.org/directions?to=${ll}#map=17/${point.lat.toFixed(6)}/${point.lng.toFixed(6)}`,
    },
    { name: 'Google Maps', href: `https://www.google.com/maps/dir/?api=1&destination=${ll}` },
    { name: 'Apple Maps', href: `https://maps.apple.com/?daddr=${ll}&q=${q}` },
  ];
}

/** One line of a street address: "12 Main St, Suite 4, Brooklyn, NY 11201". */
export function addressLine(a: {
  addressLine1: string | null;
  addressLine2?: string | null;
  city: string;
  state: string;
  zip: string | null;
}): string {
  return [a.addressLine1, a.addressLine2, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
