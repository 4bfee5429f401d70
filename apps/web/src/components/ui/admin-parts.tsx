import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import { cn } from '../../lib/cn';

const badgeTones = {
  green: 'bg-emerald-100 text-emerald-900',
  amber: 'bg-amber-100 text-amber-900',
  slate: 'bg-slate-200 text-slate-800',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-sky-100 text-sky-900',
} as const;

export function Badge({
  tone = 'slate',
  children,
  className,
}: {
  tone?: keyof typeof badgeTones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', badgeTones[tone], className)}>
      {children}
    </span>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The Refresh button at the top of an admin tab; the icon spins while `spinning`. */
export function RefreshButton({
  label = 'Refresh',
  spinning,
  disabled,
  onClick,
}: {
  label?: string;
  spinning: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" onClick={onClick} disabled={disabled}>
      <RefreshCw aria-hidden className={cn('h-4 w-4', spinning && 'animate-spin')} /> {label}
    </Button>
  );
}
