import type { MerchantDeal } from '@localperks/shared';
import { cn } from '../../../../lib/cn';

const STYLES = {
  active: 'bg-emerald-100 text-emerald-900',
  voting: 'bg-amber-100 text-amber-900',
  draft: 'bg-slate-200 text-slate-800',
  scheduled: 'bg-indigo-100 text-indigo-900',
  paused: 'bg-sky-100 text-sky-900',
  expired: 'bg-slate-200 text-slate-700',
  removed: 'bg-red-100 text-red-900',
} as const;

/** What a merchant needs to know about a deal at a glance: its state and whether it is boosted. */
export function DealStatusBadge({ deal }: { deal: Pick<MerchantDeal, 'status' | 'type' | 'unlockedAt'> }) {
  const [label, style] =
    deal.status === 'pending'
      ? ['Voting', STYLES.voting]
      : deal.status === 'draft'
        ? ['Draft · awaiting payment', STYLES.draft]
        : deal.status === 'scheduled'
          ? ['Coming soon', STYLES.scheduled]
          : deal.status === 'active'
            ? [deal.unlockedAt ? 'Unlocked' : 'Active', STYLES.active]
            : deal.status === 'paused'
              ? ['Paused', STYLES.paused]
              : deal.status === 'expired'
                ? ['Expired', STYLES.expired]
                : ['Removed', STYLES.removed];
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', style)}>{label}</span>
      {deal.type === 'perkboost' && (
        <span className="rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900">PerkBoost</span>
      )}
    </span>
  );
}
