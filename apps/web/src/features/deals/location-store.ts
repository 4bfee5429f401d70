import { LOCATIONS } from '@localperks/shared';
import { createLocalStore } from '../../lib/local-store';

/** A state alone means every city in that state; both null means every location. */
export interface LocationChoice {
  state: string | null;
  city: string | null;
}

export const ANY_LOCATION: LocationChoice = { state: null, city: null };

/** Only one of the 12 fixed locations (or a state of theirs) counts; anything else is discarded. */
export function isLocationChoice(v: unknown): v is LocationChoice {
  if (!v || typeof v !== 'object') return false;
  const { state, city } = v as Record<string, unknown>;
  if (state === null) return city === null;
  if (typeof state !== 'string' || !LOCATIONS.some((l) => l.state === state)) return false;
  return city === null || (typeof city === 'string' && LOCATIONS.some((l) => l.state === state && l.city === city));
}

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
