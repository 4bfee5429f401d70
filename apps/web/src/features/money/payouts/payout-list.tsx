import { useState } from 'react';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { formatCents, payoutReasonSchema, plural, PAYOUT_MESSAGES as M, type AdminPayout } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { TextDialog } from '../refunds/components/text-dialog';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { Badge } from '../../../components/ui/status-badge';
import { useMarkPayoutPaid } from './api';

/** A calendar day `YYYY-MM-DD` as "Nov 1, 2026", whatever the reader's time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const periodLabel = (p: { periodStart: string; periodEnd: string }) => `${formatDay(p.periodStart)} – ${formatDay(p.periodEnd)}`;

/** "Mark as paid outside the platform": an exception now that payouts are transferred, with the admin's reason (audited). */
function MarkPaidButton({ payout }: { payout: AdminPayout }) {
  const [open, setOpen] = useState(false);
  const mark = useMarkPayoutPaid();
  const name = payout.merchantName ?? M.unknownMerchant;
  const confirm = (reason: string) =>
    mark.mutateAsync({ id: payout.id, reason }).then(
      () => {
        setOpen(false);
        toast.success(M.processedTitle, { description: M.processedDescription });
      },
      () => {
        setOpen(false);
        toast.error('Error', { description: M.processFailed });
      },
    );
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Mark as paid outside the platform: ${name}, ${periodLabel(payout)}`}
      >
        Mark as paid outside the platform
      </Button>
      <TextDialog
        open={open}
        onOpenChange={setOpen}
        title="Mark this payout as paid outside the platform?"
        description={`${name}: ${formatCents(payout.netCents)} for sales from ${periodLabel(payout)}. Only for exceptions: payouts are transferred automatically. The merchant is e-mailed, and a paid payout cannot be marked unpaid again.`}
        label="Why was it paid outside the platform?"
        field="reason"
        schema={payoutReasonSchema}
        submitLabel="Mark as paid"
        pendingLabel="Processing..."
        isPending={mark.isPending}
        onSubmit={(reason) => void confirm(reason)}
      />
    </>
  );
}

export function PayoutItem({ payout }: { payout: AdminPayout }) {
  return (
    <li
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 py-4',
        // Overdue stands out by more than colour: a red bar, the Overdue badge with an icon, "Was due".
        payout.isOverdue && '-mx-2 border-l-4 border-red-700 bg-red-50 px-3 sm:-mx-3',
      )}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{payout.merchantName ?? M.unknownMerchant}</h3>
          {payout.isPaid ? (
            <Badge tone="green">Paid</Badge>
          ) : payout.isOverdue ? (
            <Badge tone="red">
              <AlertTriangle aria-hidden className="mr-1 h-3.5 w-3.5" /> Overdue
            </Badge>
          ) : (
            <Badge tone="amber">Pending</Badge>
          )}
        </div>
        <p className="text-sm text-slate-700">
          {periodLabel(payout)} · {plural(payout.totalPurchases, 'purchase')}
        </p>
        <p className="text-sm text-slate-700">
          Sales {formatCents(payout.grossCents)} · Commission {formatCents(payout.commissionCents)} ·{' '}
          <span className="font-semibold text-slate-900">Net {formatCents(payout.netCents)}</span>
        </p>
        {payout.isPaid && payout.paidAt ? (
          <p className="flex items-center gap-1 text-sm text-emerald-800">
            <CheckCircle2 aria-hidden className="h-4 w-4" /> Paid on {formatDate(payout.paidAt)}
          </p>
        ) : (
          <p className={cn('text-sm', payout.isOverdue ? 'font-semibold text-red-900' : 'text-slate-700')}>
            {payout.isOverdue ? 'Was due' : 'Due'} {formatDay(payout.payoutDate)}
          </p>
        )}
      </div>
      {!payout.isPaid && <MarkPaidButton payout={payout} />}
    </li>
  );
}
