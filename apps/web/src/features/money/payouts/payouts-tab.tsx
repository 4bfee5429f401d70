import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { formatCents, PAYOUT_MESSAGES as M } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { payoutReconciliationQuery, payoutsKey, payoutSummaryQuery } from './api';
import { formatDay, PayoutActions, type ActionablePayout } from './payout-actions';
import { RefreshButton } from '../../../components/ui/admin-parts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast';

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      <p className="mt-1 text-xs text-slate-700">{note}</p>
    </div>
  );
}

/**
 * The platform's money reconciled (docs/decisions/0056-payout-accounts-and-transfers.md): sales − refunds − commission
 * − deductions − fees − transfers = the balance held for merchants, checked against what the payouts still owe.
 */
function Reconciliation() {
  const r = useQuery(payoutReconciliationQuery);
  const rows: [string, number][] = r.data
    ? [
        ['Sales', r.data.salesCents],
        ['− Merchants’ promo code discounts', r.data.promotionsCents],
        ['− Refunds', r.data.refundsCents],
        ['− Commission (net of reversals)', r.data.commissionCents],
        ['− Deductions', r.data.deductionsCents],
        ['− Dispute fees', r.data.disputeFeesCents],
        ['− Transferred to merchants', r.data.transferredCents],
        ['− Paid outside the platform', r.data.paidOutsideCents],
      ]
    : [];
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Reconciliation</CardTitle>
        <CardDescription>
          The ledger, all time: what merchants sold less what was given back, kept and paid is what the platform holds for them.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 text-sm sm:px-6">
        {r.isPending ? (
          <Spinner />
        ) : r.isError ? (
          <Alert variant="destructive" title="The reconciliation could not be loaded." />
        ) : (
          <div className="space-y-3">
            <table className="w-full max-w-xl text-left">
              <caption className="sr-only">The platform’s money from the ledger</caption>
              <tbody className="divide-y divide-slate-100">
                {rows.map(([label, cents]) => (
                  <tr key={label}>
                    <th scope="row" className="py-1.5 pr-3 font-normal text-slate-700">
                      {label}
                    </th>
                    <td className="py-1.5 text-right tabular-nums text-slate-900">{formatCents(cents)}</td>
                  </tr>
                ))}
                <tr className="border-t-2 border-slate-300">
                  <th scope="row" className="py-1.5 pr-3 font-semibold text-slate-900">
                    = Balance held for merchants
                  </th>
                  <td className="py-1.5 text-right font-semibold tabular-nums text-slate-900">{formatCents(r.data.balanceHeldCents)}</td>
                </tr>
              </tbody>
            </table>
            <p className="text-slate-700">
              The payouts owe the same: {formatCents(r.data.unpaidPayoutsCents)} in closed payouts not paid yet +{' '}
              {formatCents(r.data.notYetInPayoutCents)} not in a payout yet − {formatCents(r.data.carriedForwardCents)} carried forward ={' '}
              {formatCents(r.data.owedByPayoutsCents)}.
            </p>
            {r.data.balanced ? (
              <p className="flex items-center gap-2 font-medium text-emerald-800">
                <CheckCircle2 aria-hidden className="h-4 w-4" /> Balanced.
              </p>
            ) : (
              <p role="alert" className="flex items-center gap-2 font-medium text-red-800">
                <AlertTriangle aria-hidden className="h-4 w-4" /> The ledger and the payouts do not agree.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Payout Management (docs/product/merchant-admin-spec.md §2; docs/product/design.md §8): Refresh, the Current Period
 * Summary, All Payouts (the console's payouts table is the list, `table`, issue 32, each row holding its actions) and
 * the reconciliation. `tableKey` is the table's query: Refresh and every action refresh it with the summary.
 */
export default function PayoutsTab({
  table,
  tableKey,
}: {
  table: (actions: (payout: ActionablePayout) => ReactNode) => ReactNode;
  tableKey: readonly unknown[];
}) {
  const qc = useQueryClient();
  const summary = useQuery(payoutSummaryQuery);
  const [isRefreshing, setIsRefreshing] = useState(false);

  useLoadErrorToast(summary.isError, M.loadFailed);

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await Promise.all([qc.refetchQueries({ queryKey: payoutsKey }), qc.refetchQueries({ queryKey: tableKey })]);
    } finally {
      setIsRefreshing(false);
    }
  };
  const onDone = () => void qc.invalidateQueries({ queryKey: tableKey });

  const s = summary.data;
  return (
    <section aria-labelledby="payouts-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* The console's page heading already says Payout Management: this one names the section for assistive technology. */}
        <h2 id="payouts-heading" className="sr-only">
          Payout Management
        </h2>
        <RefreshButton spinning={isRefreshing} disabled={isRefreshing} onClick={() => void refresh()} />
      </div>

      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>Current Period Summary</CardTitle>
          {s && (
            <CardDescription>
              Sales from {formatDay(s.currentPeriod.start)} to {formatDay(s.currentPeriod.end)}, paid on{' '}
              {formatDay(s.currentPeriod.payoutDate)}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {summary.isPending ? (
            <p role="status" className="py-4 text-slate-700">
              Loading...
            </p>
          ) : summary.isError ? (
            <Alert variant="destructive" title={M.loadFailed} />
          ) : (
            <div className="grid gap-3 sm:grid-cols-3">
              <Stat
                label="Total Upcoming Payouts"
                value={formatCents(s!.upcomingNetCents)}
                note="Owed to merchants for this period so far"
              />
              <Stat label="Merchants This Period" value={String(s!.merchantsThisPeriod)} note="With sales in this period" />
              <Stat
                label="Pending Payouts"
                value={String(s!.pendingPayouts)}
                note={`${formatCents(s!.pendingNetCents)} from closed periods to pay`}
              />
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>All Payouts</CardTitle>
          <CardDescription>
            One payout per merchant for each closed period, transferred to the merchant’s payout account on its payout date. Newest first;
            an overdue one says so, and the state filter finds the failed and held ones.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 px-4 sm:px-6">
          {table((p) => (
            <PayoutActions payout={p} onDone={onDone} />
          ))}
        </CardContent>
      </Card>

      <Reconciliation />
    </section>
  );
}
