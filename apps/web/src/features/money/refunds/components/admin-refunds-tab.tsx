import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, CheckCircle2, Search } from 'lucide-react';
import {
  ADMIN_REFUNDS_PAGE_SIZE,
  REFUND_MESSAGES_UI as M,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  adminDirectRefundSchema,
  adminPurchaseLookupQuerySchema,
  adminRefundDecisionSchema,
  formatBusinessDeadline,
  formatBusinessTime,
  formatCents,
  type AdminPurchase,
  type AdminRefundFilter,
  type AdminRefundRequest,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FilterChips } from '../../../../components/ui/filter-chips';
import { Input } from '../../../../components/ui/input';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAdminPurchaseLookup, useAdminRefundRequests, useDecideRefund, useRefundPurchase, useRefundReconciliation } from '../api';
import { StatusPill } from './status-pill';
import { TextDialog } from '../../../../components/ui/text-dialog';

const FILTERS: readonly (readonly [AdminRefundFilter, string])[] = [
  ['open', 'Open'],
  ['due_for_decision', 'Due for decision'],
  ['merchant_responded', 'Merchant responded'],
  ['requested', 'Requested'],
  ['refunded', 'Refunded'],
  ['declined', 'Declined'],
  ['all', 'All'],
];

const isDecidable = (r: AdminRefundRequest) =>
  r.status === 'requested' || r.status === 'merchant_responded' || r.status === 'due_for_decision';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-2 py-1 sm:grid-cols-[7.5rem_minmax(0,1fr)]">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function RequestItem({ r }: { r: AdminRefundRequest }) {
  const [decision, setDecision] = useState<'refund' | 'decline' | null>(null);
  const decide = useDecideRefund();
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold text-slate-900">
          {r.dealTitle} · {formatCents(r.amountCents)}
        </h3>
        <StatusPill status={r.status} label={REFUND_STATUS_LABELS[r.status]} />
      </div>
      <dl className="mt-2 text-sm">
        <Row term="Voucher">
          <span className="font-mono">{r.redemptionCode}</span>
        </Row>
        <Row term="Customer">
          {r.customerName} ({r.customerEmail})
        </Row>
        <Row term="Merchant">{r.merchantName}</Row>
        <Row term="Reason">{REFUND_REASON_LABELS[r.reason]}</Row>
        {r.note && <Row term="Customer note">{r.note}</Row>}
        <Row term="Merchant answer">{r.merchantResponse ?? 'No answer yet'}</Row>
        <Row term="Requested">
          <time dateTime={r.createdAt}>{formatBusinessTime(r.createdAt)}</time>
        </Row>
        <Row term="Deadline">{formatBusinessDeadline(r.deadlineAt)}</Row>
        {r.dispute && (
          <Row term="Chargeback">
            <span className="font-medium text-red-800">{r.dispute === 'lost' ? M.disputeLost : M.disputeOpen}</span>
          </Row>
        )}
        {r.decisionText && (
          <Row term="Decision">
            {r.decisionText}
            {r.decidedByName ? ` (${r.decidedByName}${r.decidedAt ? `, ${formatDate(r.decidedAt)}` : ''})` : ''}
          </Row>
        )}
      </dl>
      {isDecidable(r) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!r.dispute && (
            <Button size="sm" onClick={() => setDecision('refund')} aria-label={`Refund ${r.dealTitle} for ${r.customerName}`}>
              Refund
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => setDecision('decline')} aria-label={`Decline the refund of ${r.dealTitle}`}>
            Decline
          </Button>
        </div>
      )}
      <TextDialog
        open={decision !== null}
        onOpenChange={(o) => !o && setDecision(null)}
        title={decision === 'refund' ? `Refund ${formatCents(r.amountCents)}?` : 'Decline the refund?'}
        description={
          decision === 'refund'
            ? `${formatCents(r.amountCents)} goes back to ${r.customerName}'s card and the voucher stops working. The customer and ${r.merchantName} read your decision.`
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
            },
            (err: unknown) =>
              toast.error('Error', { description: errorMessage(err, 'The decision could not be saved. Please try again.') }),
          )
        }
      />
    </li>
  );
}

function Queue() {
  const [filter, setFilter] = useState<AdminRefundFilter>('open');
  const [page, setPage] = useState(1);
  const list = useAdminRefundRequests(filter, page);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refund requests</CardTitle>
        <CardDescription>Requests the merchant answered or left unanswered for 5 business days wait for your decision.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FilterChips
          label="Show refund requests"
          options={FILTERS}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-800">
            The refund requests could not be loaded.
          </p>
        ) : list.data.requests.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
            No refund requests here.
          </p>
        ) : (
          <ul className="space-y-3">
            {list.data.requests.map((r) => (
              <RequestItem key={r.id} r={r} />
            ))}
          </ul>
        )}
        {list.data && (
          <Pager page={page} total={list.data.total} pageSize={ADMIN_REFUNDS_PAGE_SIZE} onPage={setPage} label="Refund request pages" />
        )}
      </CardContent>
    </Card>
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

function Lookup() {
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
                <PurchaseItem key={p.id} p={p} />
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

/** The admin dashboard's Refunds tab: the queue by state, decisions with their text, direct refunds, and the reconciliation. */
export default function AdminRefundsTab() {
  return (
    <div className="mt-4 space-y-6">
      <Queue />
      <Lookup />
      <Reconciliation />
    </div>
  );
}
