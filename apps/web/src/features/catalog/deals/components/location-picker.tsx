import { useEffect, useId, useState } from 'react';
import { LocateFixed, MapPin } from 'lucide-react';
import { citiesOf, formatCount, NEAR_LOCATION_MAX_MILES, nearestLocationWithDistance, STATES, type DealFacets } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { toast } from '../../../../lib/toast';
import { ANY_LOCATION, locationLabel, locationStore, type LocationChoice } from '../location-store';
import { facetCountText } from './facet-chips';
import { useBrowserPosition } from '../use-browser-position';

export { useLocationChoice } from '../location-store';

const selectClass =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-600';

const stateNames: Record<string, string> = {
  NY: 'New York',
  CA: 'California',
  IL: 'Illinois',
  TX: 'Texas',
  FL: 'Florida',
  MA: 'Massachusetts',
};

/**
 * State, then city, of the 12 fixed locations (docs/product/customer-spec.md §2 Location picker). Nothing changes until
 * Apply, "Use my location" or Clear; every applied choice is remembered for the next visit and passed
 * to `onChange` (the browse page mirrors it in the URL).
 */
export function LocationPicker({
  value,
  onChange,
  className,
  subject = 'deals',
  facets,
}: {
  value: LocationChoice;
  onChange: (next: LocationChoice) => void;
  className?: string;
  /** What the toasts say is shown there ("Showing deals near ..."). */
  subject?: string;
  /** Deals per city for the current query, shown beside each city. */
  facets?: DealFacets;
}) {
  const id = useId();
  const [state, setState] = useState(value.state ?? '');
  const [city, setCity] = useState(value.city ?? '');
  const { isLocating, locate } = useBrowserPosition();
  /** Set when "Use my location" found only a far city: said on the page until the location changes. */
  const [farNote, setFarNote] = useState<string | null>(null);

  // A choice applied elsewhere (URL, another picker, another tab) replaces the draft.
  useEffect(() => {
    setState(value.state ?? '');
    setCity(value.city ?? '');
  }, [value.state, value.city]);

  const apply = (next: LocationChoice, note: string | null = null) => {
    setFarNote(note);
    locationStore.set(next);
    onChange(next);
  };

  const applyDraft = () => {
    const next = state ? { state, city: city || null } : ANY_LOCATION;
    apply(next);
    toast.success('Location Applied', {
      description: next.city ? `Showing ${subject} near ${locationLabel(next)}` : `Showing ${subject} in ${locationLabel(next)}`,
    });
  };

  const useMyLocation = () =>
    locate((point) => {
      // The nearest of the 12 cities to the browser's coordinates (docs/product/design.md §3); a far one is said to be far.
      const { location: near, miles } = nearestLocationWithDistance(point);
      const place = `${near.city}, ${near.state}`;
      const far =
        miles > NEAR_LOCATION_MAX_MILES
          ? `LocalPerks is not in your area yet. The nearest city we cover is ${place}, about ${formatCount(miles)} miles away.`
          : null;
      apply({ state: near.state, city: near.city }, far);
      toast.success('Location Updated', {
        description: far ? `${far} Showing ${subject} in ${place}.` : `Showing ${subject} near ${place}`,
      });
    });

  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <MapPin aria-hidden className="h-4 w-4 text-brand-700" /> Location
      </legend>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div className="min-w-36 flex-1 md:max-w-xs">
          <label htmlFor={`${id}-state`} className="mb-1 block text-sm font-medium text-slate-800">
            State
          </label>
          <select
            id={`${id}-state`}
            className={selectClass}
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setCity(''); // choosing a state resets the city
            }}
          >
            <option value="">All states</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {stateNames[s] ?? s} ({s})
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-36 flex-1 md:max-w-xs">
          <label htmlFor={`${id}-city`} className="mb-1 block text-sm font-medium text-slate-800">
            City
          </label>
          <select id={`${id}-city`} className={selectClass} value={city} onChange={(e) => setCity(e.target.value)} disabled={!state}>
            <option value="">{state ? `All cities in ${state}` : 'All cities'}</option>
            {state &&
              citiesOf(state).map((c) => (
                <option key={c} value={c}>
                  {c}
                  {facetCountText(facets?.cities.find((f) => f.state === state && f.city === c))}
                </option>
              ))}
          </select>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={applyDraft}>Apply</Button>
          <Button variant="secondary" onClick={useMyLocation} disabled={isLocating}>
            <LocateFixed aria-hidden className="h-4 w-4" />
            {isLocating ? 'Locating...' : 'Use my location'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setState('');
              setCity('');
              apply(ANY_LOCATION);
            }}
          >
            Clear
          </Button>
        </div>
      </div>
      <p role="status" className={cn('text-sm text-slate-800', farNote && 'mt-3')}>
        {farNote}
      </p>
    </fieldset>
  );
}
