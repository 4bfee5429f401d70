import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  amber: 'bg-amber-100 text-amber-900 ring-amber-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-300',
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
  brand: 'bg-brand-700 text-white ring-brand-700',
} as const;

/** A small status label (Pending, Paid, New…), dark text on a light tint for AA contrast. */
export function Badge({ tone = 'slate', children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tones[tone], className)}
    >
      {children}
    </span>
  );
}

/** "pending" → "Pending". */
export const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
