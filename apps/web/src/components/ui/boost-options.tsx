import { BOOST_OPTIONS, formatCents, plural } from '@localperks/shared';
import { cn } from '../../lib/cn';

/**
 * The four PerkBoost durations with their prices (docs/product/merchant-admin-spec.md §9), as one radio group: for a
 * crowd-vote launch (the voting window), a live deal's boost, or a listing boost.
 */
export function BoostOptions({
  value,
  onChange,
  name,
  error,
  disabled,
  legend = 'Boost duration (the voting window)',
}: {
  value: string;
  onChange: (days: string) => void;
  name: string;
  error?: string;
  disabled?: boolean;
  legend?: string;
}) {
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${name}-error` : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {BOOST_OPTIONS.map((o) => {
          const checked = value === String(o.days);
          return (
            <label
              key={o.days}
              className={cn(
                'relative flex min-h-20 cursor-pointer flex-col items-center justify-center rounded-lg border-2 p-3 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700',
                checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={o.days}
                checked={checked}
                onChange={() => onChange(String(o.days))}
                className="sr-only"
              />
              {o.tag && (
                <span className="absolute -top-2.5 rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white">{o.tag}</span>
              )}
              <span className="font-semibold text-slate-900">{plural(o.days, 'day')}</span>
              <span className="text-sm text-slate-700">{formatCents(o.priceCents)}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
