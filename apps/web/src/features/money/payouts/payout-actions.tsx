import { useState } from 'react';
import { formatCents, payoutReasonSchema, PAYOUT_MESSAGES as M, type AdminPayout, type PayoutState } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { TextDialog } from '../../../components/ui/text-dialog';
import { useHoldPayout, useMarkPayoutPaid, useReleasePayout, useRetryTransfer } from './api';

/** A calendar day `YYYY-MM-DD` as "Nov 1, 2026", whatever the reader's time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const periodLabel = (p: { periodStart: string; periodEnd: string }) => `${formatDay(p.periodStart)} – ${formatDay(p.periodEnd)}`;

/** A payout as its row in the console's payouts table gives it: enough for its actions. */
export interface ActionablePayout {
  id: string;
  merchantName: string | null;
  netCents: number;
  periodStart: string;
  periodEnd: string;
  status: PayoutState;
  /** Held by its business's suspension. */
  isHeld: boolean;
}

/** One of the exceptions that need the admin's reason: "Mark as paid outside the platform", or a hold. */
function ReasonAction({ payout, kind, onDone }: { payout: ActionablePayout; kind: 'outside' | 'hold'; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const mark = useMarkPayoutPaid();
  const hold = useHoldPayout();
  const action = kind === 'outside' ? mark : hold;
  const name = payout.merchantName ?? M.unknownMerchant;
  const confirm = (reason: string) =>
    action.mutateAsync({ id: payout.id, reason }).then(
      () => {
        setOpen(false);
        onDone();
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
  payout: ActionablePayout;
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

function RetryButton({ payout, onDone }: { payout: ActionablePayout; onDone: () => void }) {
  const name = payout.merchantName ?? M.unknownMerchant;
  return (
    <QuickAction
      payout={payout}
      label="Retry transfer"
      pendingLabel="Retrying..."
      mutation={useRetryTransfer()}
      failed="The transfer could not be retried."
      done={(p) => {
        onDone();
        if (p.state === 'paid')
          toast.success('Transfer sent', { description: `${name}: ${formatCents(p.netCents)} paid, transfer ${p.transferId}.` });
        else
          toast.error('The transfer failed again', {
            description: p.failureReason ?? 'The provider did not answer; the job tries again.',
          });
      }}
    />
  );
}

function ReleaseButton({ payout, onDone }: { payout: ActionablePayout; onDone: () => void }) {
  const name = payout.merchantName ?? M.unknownMerchant;
  return (
    <QuickAction
      payout={payout}
      label="Release"
      pendingLabel="Releasing..."
      mutation={useReleasePayout()}
      failed="The payout could not be released."
      done={() => {
        onDone();
        toast.success('Payout released', { description: `${name}: it is transferred as any other.` });
      }}
    />
  );
}

/**
 * A payout's actions in its row of the console's payouts table (docs/decisions/0056-payout-accounts-and-transfers.md):
 * none once paid or while transferring, none while its business is suspended (its payouts wait for the
 * reinstatement, docs/decisions/0063-suspensions-and-bans.md); otherwise retry a failed transfer, hold or release,
 * and mark as paid outside the platform. `onDone` refreshes the table after any.
 */
export function PayoutActions({ payout, onDone }: { payout: ActionablePayout; onDone: () => void }) {
  const s = payout.status;
  if (s === 'paid' || payout.isHeld || s === 'transferring') return null;
  return (
    <>
      {s === 'failed' && <RetryButton payout={payout} onDone={onDone} />}
      {s === 'held' ? <ReleaseButton payout={payout} onDone={onDone} /> : <ReasonAction payout={payout} kind="hold" onDone={onDone} />}
      <ReasonAction payout={payout} kind="outside" onDone={onDone} />
    </>
  );
}
