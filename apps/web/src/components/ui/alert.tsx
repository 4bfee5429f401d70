import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Alert({
  variant = 'default',
  title,
  children,
  className,
}: {
  variant?: 'default' | 'destructive' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = variant === 'success' ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg border p-4 text-sm',
        variant === 'destructive' && 'border-red-300 bg-red-50 text-red-800',
        variant === 'success' && 'border-emerald-300 bg-emerald-50 text-emerald-900',
        variant === 'default' && 'border-slate-300 bg-white text-slate-800',
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
