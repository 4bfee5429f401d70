import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, CheckCircle2, Search } from 'lucide-react';
import {
  REFUND_MESSAGES_UI as M,
  adminDirectRefundSchema,
  adminPurchaseLookupQuerySchema,
  adminRefundDecisionSchema,
  formatCents,
  type AdminPurchase,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAdminPurchaseLookup, useDecideRefund, useRefundPurchase, useRefundReconciliation } from '../api';
import { TextDialog } from '../../../../components/ui/text-dialog';

/** A refund request as its row in the console's Refunds table gives it: enough to decide it. */
export interface DecidableRequest {
  id: string;
  kind: 'refund' | 'request';
  status: string;
  dealTitle: string;
  customerName: string;
  merchantName: string;
  amountCents: number;
  dispute: 'open' | 'lost' | null;
}

const isDecidable = (r: DecidableRequest) =>
  r.kind === 'request' && (r.status === 'requested' || r.status === 'merchant_responded' || r.status === 'due_for_decision');

/**
 * A request's decision from its row (docs/decisions/0019-refund-flow.md): Refund (not while a chargeback stops it) or
 * Decline, each with the decision's text the customer and the merchant read. `onDone` refreshes the table.
 */
function RefundDecision({ r, onDone }: { r: DecidableRequest; onDone: () => void }) {
  const [decision, setDecision] = useState<'refund' | 'decline' | null>(null);
  const decide = useDecideRefund();
  const customerName = r.customerName || 'Customer';
  return (
    <>
      {!r.dispute && (
        <Button size="sm" onClick={() => setDecision('refund')} aria-label={`Refund ${r.dealTitle} for ${customerName}`}>
          Refund
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={() => setDecision('decline')} aria-label={`Decline the refund of ${r.dealTitle}`}>
        Decline
      </Button>
      <TextDialog
        open={decision !== null}
        onOpenChange={(o) => !o && setDecision(null)}
        title={decision === 'refund' ? `Refund ${formatCents(r.amountCents)}?` : 'Decline the refund?'}
        description={
          decision === 'refund'
            ? `${formatCents(r.amountCents)} goes back to ${customerName}'s card and the voucher stops working. The customer and ${r.merchantName} read your decision.`
            : `The voucher stays valid. The customer and ${r.merchantName} read your decision; it is final.`
        }
        label="Decision text (required)"
        field="decisionText"
        schema={adminRefundDecisionSchema}
        extra={{ decision: decision ?? 'refund' }}
        submitLabel={decision === 'refund' ? 'Refund' : 'Decline'}
        pendingLabel="Saving..."
        submitVariant={decision === 'refund' ? 'primary' : 'destructive'}
        isPending={decide.isPending}
        onSubmit={(decisionText) =>
          decide.mutateAsync({ id: r.id, decision: decision ?? 'refund', decisionText }).then(
            (res) => {
              toast.success(res.refunded ? M.refundedTitle : M.declinedTitle, {
                description: 'The customer and the merchant are told by e-mail.',
              });
              setDecision(null);
              onDone();
            },
            (err: unknown) =>
              toast.error('Error', { description: errorMessage(err, 'The decision could not be saved. Please try again.') }),
          )
        }
      />
    </>
  );
}

const stateLabel: Record<AdminPurchase['state'], string> = {
  active: 'Active',
  redeemed: 'Redeemed',
  expired: 'Expired',
  refunded: 'Refunded',
};

/**
 * A purchase with its direct refund (behind a confirmation with the decision's text): the lookup's results and the
 * order page's vouchers (docs/decisions/0072-record-pages-and-search.md). `mayRefund` is false for the roles that
 * may not refund (the server refuses them anyway); `onRefunded` refreshes what the page shows besides refunds.
 */
export function PurchaseItem({ p, mayRefund = true, onRefunded }: { p: AdminPurchase; mayRefund?: boolean; onRefunded?: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const refund = useRefundPurchase();
  const canRefund = mayRefund && (p.state === 'active' || p.state === 'expired') && !p.dispute;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {p.dealTitle} · {p.merchantName}
        </p>
        <p className="text-slate-700">
          <span className="font-mono">{p.redemptionCode}</span> · {p.customerName} ({p.customerEmail}) · bought {formatDate(p.purchaseDate)}{' '}
          · {formatCents(p.priceCents)} · <strong>{stateLabel[p.state]}</strong>
          {p.openRequestId ? ' · refund requested' : ''}
        </p>
        {p.dispute && <p className="font-medium text-red-800">{p.dispute === 'lost' ? M.disputeLostShort : M.disputeOpenShort}</p>}
      </div>
      {canRefund && (
        <Button
          size="sm"
          variant="destructive"
          onClick={() => setIsOpen(true)}
          aria-label={`Refund ${formatCents(p.refundCents)}, ${p.dealTitle} voucher ${p.redemptionCode}`}
        >
          Refund {formatCents(p.refundCents)}
        </Button>
      )}
      <TextDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Refund ${formatCents(p.refundCents)} directly?`}
        description={`Voucher ${p.redemptionCode} of ${p.customerName}: its price plus its tax share goes back to the card, and the voucher stops working. This cannot be undone.`}
        label="Decision text (required)"
        field="decisionText"
        schema={adminDirectRefundSchema}
        submitLabel="Refund"
        pendingLabel="Refunding..."
        submitVariant="destructive"
        isPending={refund.isPending}
        onSubmit={(decisionText) =>
          refund.mutateAsync({ id: p.id, decisionText }).then(
            () => {
              toast.success(M.refundedTitle, { description: `${formatCents(p.refundCents)} is being refunded to ${p.customerName}.` });
              setIsOpen(false);
              onRefunded?.();
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The refund failed. Please try again.') }),
          )
        }
      />
    </li>
  );
}

function Lookup({ onRefunded }: { onRefunded: () => void }) {
  const form = useForm({ resolver: zodResolver(adminPurchaseLookupQuerySchema), defaultValues: { q: '' } });
  const [q, setQ] = useState('');
  const found = useAdminPurchaseLookup(q);
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refund a purchase</CardTitle>
        <CardDescription>Find a customer’s purchases by e-mail, or one voucher by its code, and refund it directly.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          role="search"
          className="flex flex-wrap gap-2"
          onSubmit={form.handleSubmit(
            (values) => setQ(values.q),
            (errors) => toast.error('Error', { description: errors.q?.message ?? M.lookupRequired }),
          )}
        >
          <label htmlFor={id} className="sr-only">
            Customer e-mail or voucher code
          </label>
          <Input id={id} className="min-w-0 flex-[1_1_16rem]" placeholder="Customer e-mail or voucher code" {...form.register('q')} />
          <Button type="submit" variant="secondary">
            <Search aria-hidden className="h-4 w-4" /> Find
          </Button>
        </form>
        {q !== '' &&
          (found.isPending ? (
            <Spinner />
          ) : found.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {errorMessage(found.error, 'The lookup failed.')}
            </p>
          ) : found.data.purchases.length === 0 ? (
            <p className="text-sm text-slate-700">No purchase found for “{q}”.</p>
          ) : (
            <ul className="space-y-2" aria-label="Purchases found">
              {found.data.purchases.map((p) => (
                <PurchaseItem key={p.id} p={p} onRefunded={onRefunded} />
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}

/** Refunds against the ledger: every voucher given back once, or the ones that were not. */
function Reconciliation() {
  const check = useRefundReconciliation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds and the ledger</CardTitle>
        <CardDescription>Every voucher refunded by us or charged back by a bank is given back once in the ledger.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {check.isPending ? (
          <Spinner />
        ) : check.isError ? (
          <p role="alert" className="text-red-800">
            The reconciliation could not be loaded.
          </p>
        ) : (
          <>
            <p className="text-slate-800">
              Vouchers refunded: {check.data.refundedVouchers} · charged back: {check.data.chargedBackVouchers} · given back in the ledger:{' '}
              {check.data.ledgerGiveBacks}
            </p>
            {check.data.isBalanced ? (
              <p className="flex items-center gap-2 font-medium text-emerald-800">
                <CheckCircle2 aria-hidden className="h-4 w-4" /> They match.
              </p>
            ) : (
              <div role="alert" className="space-y-2">
                <p className="flex items-center gap-2 font-medium text-red-800">
                  <AlertTriangle aria-hidden className="h-4 w-4" /> {check.data.mismatchCount} voucher
                  {check.data.mismatchCount === 1 ? '' : 's'} given back another number of times than the ledger shows:
                </p>
                <ul className="space-y-1">
                  {check.data.mismatches.map((m) => (
                    <li key={m.purchaseId} className="text-slate-800">
                      <span className="font-mono">{m.redemptionCode}</span> · {m.dealTitle} · {m.merchantName} ·{' '}
                      {[m.isRefunded && 'refunded', m.isChargedBack && 'charged back'].filter(Boolean).join(' and ') || 'not given back'},{' '}
                      {m.ledgerGiveBacks} in the ledger
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The Refunds section: the console's Refunds table is the list (`table`, issue 32: every refund and every request not
 * refunded, filtered by state on the server; a request waiting for a decision holds its Refund and Decline), then the
 * direct refund of a purchase found by e-mail or code, and the reconciliation. `onChanged` refreshes the table after
 * a decision or a direct refund.
 */
export default function AdminRefundsTab({
  table,
  onChanged,
}: {
  table: (actions: (request: DecidableRequest) => ReactNode) => ReactNode;
  onChanged: () => void;
}) {
  return (
    <div className="mt-4 space-y-6">
      <p className="text-sm text-slate-700">
        Requests the merchant answered or left unanswered for 5 business days wait for your decision: filter by Due for decision.
      </p>
      {table((r) => (isDecidable(r) ? <RefundDecision r={r} onDone={onChanged} /> : null))}
      <Lookup onRefunded={onChanged} />
      <Reconciliation />
    </div>
  );
}
