import type { ReactNode } from 'react';

/**
 * A row of toggle buttons (aria-pressed) that filters a list; exactly one is on. `label` names the
 * group for screen readers (e.g. "Show deals").
 */
export function FilterChips<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, ReactNode])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={
            value === v
              ? 'min-h-10 rounded-full bg-slate-900 px-4 text-sm font-medium text-white'
              : 'min-h-10 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100'
          }
        >
          {text}
        </button>
      ))}
    </div>
  );
}
