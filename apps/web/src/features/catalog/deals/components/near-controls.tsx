import { useEffect, useId, useState, type FormEvent } from 'react';
import { Clock, LocateFixed, Navigation } from 'lucide-react';
import { BROWSE_MESSAGES, RADIUS_MILES, ZIP_PATTERN } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { useBrowserPosition } from '../use-browser-position';

export interface NearValue {
  zip: string | null;
  near: string | null;
  radius: number | null;
  open: boolean;
}

/**
 * Where the customer is, for distance (docs/decisions/0049-location.md): a typed ZIP code or the
 * browser's position (rounded to about 100 m), then a radius and "open now". The page keeps them in
 * its address; nothing is stored.
 */
export function NearControls({
  value,
  onChange,
  originLabel,
}: {
  value: NearValue;
  onChange: (next: Partial<NearValue>) => void;
  originLabel?: string;
}) {
  const id = useId();
  const [zip, setZip] = useState(value.zip ?? '');
  const { isLocating, locate } = useBrowserPosition();
  const [zipError, setZipError] = useState<string | null>(null);
  useEffect(() => setZip(value.zip ?? ''), [value.zip]);
  const hasPoint = Boolean(value.zip || value.near);

  const submitZip = (e: FormEvent) => {
    e.preventDefault();
    const typed = zip.trim();
    // The rule and message the server checks `zip` with (browseQuerySchema).
    if (!ZIP_PATTERN.test(typed)) return setZipError(BROWSE_MESSAGES.zipInvalid);
    setZipError(null);
    onChange({ zip: typed, near: null });
  };
  const usePosition = () => locate((p) => onChange({ near: `${p.lat.toFixed(3)},${p.lng.toFixed(3)}`, zip: null }));

  return (
    <fieldset className="min-w-0">
      <legend className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Navigation aria-hidden className="h-4 w-4 text-brand-700" /> Near
      </legend>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <form onSubmit={submitZip} className="flex items-end gap-2" aria-label="Deals near a ZIP code">
          <div>
            <label htmlFor={`${id}-zip`} className="mb-1 block text-sm font-medium text-slate-800">
              ZIP code
            </label>
            <input
              id={`${id}-zip`}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={zip}
              onChange={(e) => setZip(e.target.value.replace(/\D/g, ''))}
              aria-invalid={zipError ? true : undefined}
              aria-describedby={zipError ? `${id}-zip-error` : undefined}
              className="block min-h-11 w-28 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
            />
          </div>
          <Button type="submit" variant="secondary">
            Go
          </Button>
        </form>
        <Button variant="secondary" onClick={usePosition} disabled={isLocating}>
          <LocateFixed aria-hidden className="h-4 w-4" />
          {isLocating ? 'Locating...' : 'Use my position'}
        </Button>
        {hasPoint && (
          <>
            <div>
              <label htmlFor={`${id}-radius`} className="mb-1 block text-sm font-medium text-slate-800">
                Within
              </label>
              <select
                id={`${id}-radius`}
                value={value.radius ?? ''}
                onChange={(e) => onChange({ radius: e.target.value ? Number(e.target.value) : null })}
                className="block min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
              >
                <option value="">Any distance</option>
                {RADIUS_MILES.map((r) => (
                  <option key={r} value={r}>
                    {r} {r === 1 ? 'mile' : 'miles'}
                  </option>
                ))}
              </select>
            </div>
            <Button variant="ghost" onClick={() => onChange({ zip: null, near: null, radius: null })}>
              Clear
            </Button>
          </>
        )}
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={value.open}
            onChange={(e) => onChange({ open: e.target.checked })}
            className="h-5 w-5 accent-brand-700"
          />
          <Clock aria-hidden className="h-4 w-4 text-slate-600" /> Open now
        </label>
      </div>
      {zipError && (
        <p id={`${id}-zip-error`} className="mt-1 text-sm text-red-700">
          {zipError}
        </p>
      )}
      {hasPoint && originLabel && <p className="mt-2 text-sm text-slate-700">Distances from {originLabel}.</p>}
    </fieldset>
  );
}
