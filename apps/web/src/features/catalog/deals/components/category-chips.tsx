import { ConciergeBell, Dumbbell, Film, LayoutGrid, Plane, ShoppingBag, Sparkles, Tag, Utensils, type LucideIcon } from 'lucide-react';
import { CATEGORIES, type Category, type DealFacets } from '@localperks/shared';
import { cn } from '../../../../lib/cn';
import { facetCountText } from './facet-chips';

/** The lucide icon of each category's `icon` name (docs/product/design.md §2). */
export const CATEGORY_ICONS: Record<Category['icon'], LucideIcon> = {
  utensils: Utensils,
  'shopping-bag': ShoppingBag,
  film: Film,
  dumbbell: Dumbbell,
  sparkles: Sparkles,
  plane: Plane,
  'concierge-bell': ConciergeBell,
  tag: Tag,
};

export const categoryName = (id: number | null | undefined) => CATEGORIES.find((c) => c.id === id)?.name;

const chipClass = (isPressed: boolean) =>
  cn(
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
    isPressed
      ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  );

/**
 * "All" plus the 8 categories as toggle buttons: one line that scrolls sideways on phones (it
 * bleeds into the page's 1rem side padding), wrapped from 640 px, or always wrapped with `wrap`.
 */
export function CategoryChips({
  value,
  onChange,
  wrap = false,
  labelledBy,
  className,
  facets,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  wrap?: boolean;
  /** Counts for the current query: each chip shows its own, "(12)". */
  facets?: DealFacets;
  /** Id of a visible label; otherwise the group is named "Categories". */
  labelledBy?: string;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={labelledBy ? undefined : 'Categories'}
      aria-labelledby={labelledBy}
      className={cn(
        'flex gap-2',
        wrap ? 'flex-wrap' : '-mx-4 overflow-x-auto px-4 pt-1.5 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0',
        className,
      )}
    >
      <button type="button" aria-pressed={value === null} onClick={() => onChange(null)} className={chipClass(value === null)}>
        <LayoutGrid aria-hidden className="h-4 w-4" /> All
      </button>
      {CATEGORIES.map((c) => {
        const Icon = CATEGORY_ICONS[c.icon];
        const isPressed = value === c.id;
        return (
          <button
            key={c.id}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onChange(isPressed ? null : c.id)}
            className={chipClass(isPressed)}
          >
            <Icon aria-hidden className="h-4 w-4" /> {c.name}
            {facetCountText(facets?.categories.find((f) => f.id === c.id))}
          </button>
        );
      })}
    </div>
  );
}
