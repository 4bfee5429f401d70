import type { RefundRequestStatus } from '@localperks/shared';
import { cn } from '../../../../lib/cn';

const tones: Record<RefundRequestStatus, string> = {
  requested: 'bg-amber-100 text-amber-950',
  merchant_responded: 'bg-sky-100 text-sky-900',
  due_for_decision: 'bg-red-100 text-red-900',
  refunded: 'bg-violet-100 text-violet-900',
  declined: 'bg-slate-200 text-slate-800',
};

export function StatusPill({ status, label }: { status: RefundRequestStatus; label: string }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[status])}>{label}</span>;
}
