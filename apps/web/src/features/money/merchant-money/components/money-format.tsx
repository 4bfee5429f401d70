import type { ReactNode } from 'react';
import { MERCHANT_PAYOUT_STATE_LABELS, PAYOUT_STATUS_LABELS, type PayoutState, type PayoutStatus } from '@localperks/shared';
import { cn } from '../../../../lib/cn';

/** A calendar day (`YYYY-MM-DD`, UTC) as "Mar 15, 2025". */
export const calendarDay = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Mar 1 – Mar 14, 2025". */
export const periodText = (start: string, end: string) =>
  `${new Date(`${start}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })} – ${calendarDay(end)}`;

const STATUS_STYLE: Record<PayoutStatus | 'pending', string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  overdue: 'bg-red-100 text-red-900',
  held: 'bg-slate-200 text-slate-900',
  pending: 'bg-amber-100 text-amber-900',
};

export function StatusBadge({ status, children }: { status: PayoutStatus | 'pending'; children?: ReactNode }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[status])}>
      {children ?? (status === 'pending' ? 'Pending' : PAYOUT_STATUS_LABELS[status])}
    </span>
  );
}

const STATE_STYLE: Record<PayoutState, string> = {
  paid: STATUS_STYLE.paid,
  scheduled: STATUS_STYLE.scheduled,
  transferring: 'bg-indigo-100 text-indigo-900',
  waiting_for_account: STATUS_STYLE.pending,
  failed: STATUS_STYLE.overdue,
  held: 'bg-slate-200 text-slate-900',
};

/** Where a payout's money is (docs/decisions/0056-payout-accounts-and-transfers.md), in the merchant's words. */
export function PayoutStateBadge({ state }: { state: PayoutState }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', STATE_STYLE[state])}>
      {MERCHANT_PAYOUT_STATE_LABELS[state]}
    </span>
  );
}
