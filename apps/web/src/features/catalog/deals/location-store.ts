import { ANY_LOCATION, isLocationChoice, type LocationChoice } from '@localperks/shared';
import { createLocalStore } from '../../../lib/local-store';

export { ANY_LOCATION, isLocationChoice, type LocationChoice };

/** The visitor's last location choice, remembered across visits. */
export const locationStore = createLocalStore<LocationChoice>('localperks.location', ANY_LOCATION, isLocationChoice);

export function useLocationChoice() {
  return [locationStore.use(), locationStore.set] as const;
}

export function locationLabel({ state, city }: LocationChoice): string {
  if (state && city) return `${city}, ${state}`;
  if (state) return `all cities in ${state}`;
  return 'all locations';
}

/** Where the visitor last measured distances from (a ZIP code's centre or their position): deal and business pages show how far. */
export interface NearPoint {
  lat: number;
  lng: number;
  label: string;
}
const isNearPoint = (v: unknown): v is NearPoint | null =>
  v === null ||
  (typeof v === 'object' &&
    typeof (v as NearPoint).lat === 'number' &&
    typeof (v as NearPoint).lng === 'number' &&
    typeof (v as NearPoint).label === 'string');
export const nearPointStore = createLocalStore<NearPoint | null>('localperks.near', null, isNearPoint);
