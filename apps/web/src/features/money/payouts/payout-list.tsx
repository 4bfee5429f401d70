import { useState } from 'react';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import {
  PAYOUT_STATE_LABELS,
  formatCents,
  payoutReasonSchema,
  plural,
  PAYOUT_MESSAGES as M,
  type AdminPayout,
  type PayoutState,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { Badge } from '../../../components/ui/status-badge';
import { TextDialog } from '../../../components/ui/text-dialog';
import { useHoldPayout, useMarkPayoutPaid, useReleasePayout, useRetryTransfer } from './api';

/** A calendar day `YYYY-MM-DD` as "Nov 1, 2026", whatever the reader's time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const periodLabel = (p: { periodStart: string; periodEnd: string }) => `${formatDay(p.periodStart)} – ${formatDay(p.periodEnd)}`;

const STATE_TONE: Record<PayoutState, 'green' | 'amber' | 'red' | 'slate' | 'orange'> = {
  paid: 'green',
  scheduled: 'amber',
  transferring: 'amber',
  waiting_for_account: 'slate',
  failed: 'red',
  held: 'orange',
};

/** One of the exceptions that need the admin's reason: "Mark as paid outside the platform", or a hold. */
function ReasonAction({ payout, kind }: { payout: AdminPayout; kind: 'outside' | 'hold' }) {
  const [open, setOpen] = useState(false);
  const mark = useMarkPayoutPaid();
  const hold = useHoldPayout();
  const action = kind === 'outside' ? mark : hold;
  const name = payout.merchantName ?? M.unknownMerchant;
  const confirm = (reason: string) =>
    action.mutateAsync({ id: payout.id, reason }).then(
      () => {
        setOpen(false);
        if (kind === 'outside') toast.success(M.processedTitle, { description: M.processedDescription });
        else toast.success('Payout held', { description: `${name}: it is not transferred until you release it.` });
      },
      (err: unknown) => {
        setOpen(false);
        toast.error('Error', { description: kind === 'outside' ? M.processFailed : errorMessage(err, 'The payout could not be held.') });
      },
    );
  const what = `${name}: ${formatCents(payout.netCents)} for sales from ${periodLabel(payout)}.`;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`${kind === 'outside' ? 'Mark as paid outside the platform' : 'Hold'}: ${name}, ${periodLabel(payout)}`}
      >
        {kind === 'outside' ? 'Mark as paid outside the platform' : 'Hold'}
      </Button>
      <TextDialog
        open={open}
        onOpenChange={setOpen}
        title={kind === 'outside' ? 'Mark this payout as paid outside the platform?' : 'Hold this payout?'}
        description={
          kind === 'outside'
            ? `${what} Only for exceptions: payouts are transferred automatically. The merchant is e-mailed, and a paid payout cannot be marked unpaid again.`
            : `${what} It is not transferred until you release it.`
        }
        label={kind === 'outside' ? 'Why was it paid outside the platform?' : 'Why is it held?'}
        field="reason"
        schema={payoutReasonSchema}
        submitLabel={kind === 'outside' ? 'Mark as paid' : 'Hold payout'}
        pendingLabel="Processing..."
        isPending={action.isPending}
        onSubmit={(reason) => void confirm(reason)}
      />
    </>
  );
}

/** A one-press action on a payout ("Retry transfer", "Release"), with its outcome in a toast. */
function QuickAction({
  payout,
  label,
  pendingLabel,
  mutation,
  done,
  failed,
}: {
  payout: AdminPayout;
  label: string;
  pendingLabel: string;
  mutation: ReturnType<typeof useRetryTransfer>;
  done: (p: AdminPayout) => void;
  failed: string;
}) {
  const name = payout.merchantName ?? M.unknownMerchant;
  return (
    <Button
      size="sm"
      disabled={mutation.isPending}
      aria-label={`${label}: ${name}, ${periodLabel(payout)}`}
      onClick={() =>
        mutation.mutate(payout.id, {
          onSuccess: done,
          onError: (err) => toast.error(`${label}: not done`, { description: errorMessage(err, failed) }),
        })
      }
    >
      {mutation.isPending ? pendingLabel : label}
    </Button>
  );
}

function RetryButton({ payout }: { payout: AdminPayout }) {
  const name = payout.merchantName ?? M.unknownMerchant;
  return (
    <QuickAction
      payout={payout}
      label="Retry transfer"
      pendingLabel="Retrying..."
      mutation={useRetryTransfer()}
      failed="The transfer could not be retried."
      done={(p) =>
        p.state === 'paid'
          ? toast.success('Transfer sent', { description: `${name}: ${formatCents(p.netCents)} paid, transfer ${p.transferId}.` })
          : toast.error('The transfer failed again', {
              description: p.failureReason ?? 'The provider did not answer; the job tries again.',
            })
      }
    />
  );
}

function ReleaseButton({ payout }: { payout: AdminPayout }) {
  const name = payout.merchantName ?? M.unknownMerchant;
  return (
    <QuickAction
      payout={payout}
      label="Release"
      pendingLabel="Releasing..."
      mutation={useReleasePayout()}
      failed="The payout could not be released."
      done={() => toast.success('Payout released', { description: `${name}: it is transferred as any other.` })}
    />
  );
}

/** Where the money is: the transfer, the reason it failed or is held, or when it is due. */
function Whereabouts({ payout }: { payout: AdminPayout }) {
  if (payout.isPaid && payout.paidAt)
    return (
      <p className="flex flex-wrap items-center gap-1 text-sm text-emerald-800">
        <CheckCircle2 aria-hidden className="h-4 w-4" /> Paid on {formatDate(payout.paidAt)}
        {payout.paidVia === 'transfer' && payout.transferId && (
          <>
            {' '}
            · transfer <code className="break-all font-mono text-slate-900">{payout.transferId}</code>
          </>
        )}
        {payout.paidVia === 'outside' && ' · outside the platform'}
      </p>
    );
  return (
    <>
      {payout.state === 'failed' && payout.failureReason && (
        <p className="text-sm text-red-900">
          {payout.failureReason}
          {payout.nextAttemptAt &&
            ` Tried again automatically from ${formatDate(payout.nextAttemptAt)}, once the merchant’s payout account is active.`}
        </p>
      )}
      {payout.state === 'held' && payout.heldReason && <p className="text-sm text-slate-800">Held: {payout.heldReason}</p>}
      {payout.state === 'waiting_for_account' && (
        <p className="text-sm text-slate-700">The merchant has not finished setting up payouts.</p>
      )}
      <p className={cn('text-sm', payout.isOverdue ? 'font-semibold text-red-900' : 'text-slate-700')}>
        {payout.isOverdue ? 'Was due' : 'Due'} {formatDay(payout.payoutDate)}
      </p>
    </>
  );
}

export function PayoutItem({ payout }: { payout: AdminPayout }) {
  const s = payout.state;
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
          <Badge tone={STATE_TONE[s]}>{PAYOUT_STATE_LABELS[s]}</Badge>
          {payout.isOverdue && (
            <Badge tone="red">
              <AlertTriangle aria-hidden className="mr-1 h-3.5 w-3.5" /> Overdue
            </Badge>
          )}
          {payout.isHeld && <Badge tone="orange">Held: business suspended</Badge>}
        </div>
        <p className="text-sm text-slate-700">
          {periodLabel(payout)} · {plural(payout.totalPurchases, 'purchase')}
        </p>
        <p className="text-sm text-slate-700">
          Sales {formatCents(payout.grossCents)} · Commission {formatCents(payout.commissionCents)} ·{' '}
          <span className="font-semibold text-slate-900">Net {formatCents(payout.netCents)}</span>
        </p>
        <Whereabouts payout={payout} />
      </div>
      {/* A suspended business's payouts wait for its reinstatement (docs/decisions/0063-suspensions-and-bans.md). */}
      {!payout.isPaid && !payout.isHeld && s !== 'transferring' && (
        <div className="flex flex-wrap gap-2">
          {s === 'failed' && <RetryButton payout={payout} />}
          {s === 'held' ? <ReleaseButton payout={payout} /> : <ReasonAction payout={payout} kind="hold" />}
          <ReasonAction payout={payout} kind="outside" />
        </div>
      )}
    </li>
  );
}
