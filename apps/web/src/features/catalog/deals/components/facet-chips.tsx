import { DISCOUNT_BANDS, PRICE_BANDS, formatCount, type DealFacets } from '@localperks/shared';
import { cn } from '../../../../lib/cn';

/** " (12)", " (1,000+)", or nothing while the counts load. */
export function facetCountText(f: { count: number; capped: boolean } | undefined): string {
  if (!f) return '';
  return ` (${formatCount(f.count)}${f.capped ? '+' : ''})`;
}

const chipClass = (isPressed: boolean) =>
  cn(
    'inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap',
    isPressed
      ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  );

/** Price ranges or discounts as toggle chips with their counts for the current query; one at most is chosen. */
export function BandChips({
  kind,
  value,
  onChange,
  facets,
  labelledBy,
}: {
  kind: 'price' | 'discount';
  value: string | null;
  onChange: (id: string | null) => void;
  facets: DealFacets | undefined;
  labelledBy: string;
}) {
  const bands = kind === 'price' ? PRICE_BANDS : DISCOUNT_BANDS;
  const counts = kind === 'price' ? facets?.prices : facets?.discounts;
  return (
    <div role="group" aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {bands.map((b) => {
        const isPressed = value === b.id;
        return (
          <button
            key={b.id}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onChange(isPressed ? null : b.id)}
            className={chipClass(isPressed)}
          >
            {b.label}
            {facetCountText(counts?.find((c) => c.id === b.id))}
          </button>
        );
      })}
    </div>
  );
}
