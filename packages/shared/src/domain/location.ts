import { LOCATIONS, type Location } from '../constants';

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
