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
