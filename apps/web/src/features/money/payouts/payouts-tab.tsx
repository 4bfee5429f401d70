import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCents, PAYOUT_MESSAGES as M } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Pager } from '../../../components/ui/pager';
import { payoutsKey, payoutsQuery, payoutSummaryQuery } from './api';
import { formatDay, PayoutItem } from './payout-list';
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

/** Payout Management tab of the admin dashboard (docs/product/merchant-admin-spec.md §2; docs/product/design.md §8). */
export default function PayoutsTab() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const summary = useQuery(payoutSummaryQuery);
  const list = useQuery({ ...payoutsQuery(page), placeholderData: keepPreviousData });
  const [isRefreshing, setIsRefreshing] = useState(false);
  const isError = summary.isError || list.isError;

  useLoadErrorToast(isError, M.loadFailed);

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await qc.refetchQueries({ queryKey: payoutsKey });
    } finally {
      setIsRefreshing(false);
    }
  };

  const s = summary.data;
  return (
    <section aria-labelledby="payouts-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payouts-heading" className="text-xl font-semibold text-slate-900">
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
          <CardDescription>One payout per merchant for each closed period, overdue ones first, then newest first.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {list.isPending ? (
            <p role="status" className="py-4 text-slate-700">
              Loading...
            </p>
          ) : list.isError ? (
            <Alert variant="destructive" title={M.loadFailed} />
          ) : list.data.items.length === 0 && page === 1 ? (
            <p className="py-6 text-center text-slate-700">{M.empty}</p>
          ) : (
            <>
              <ul aria-label="All payouts" className="divide-y divide-slate-200">
                {list.data.items.map((p) => (
                  <PayoutItem key={p.id} payout={p} />
                ))}
              </ul>
              <Pager
                page={page}
                total={list.data.total}
                pageSize={list.data.pageSize}
                onPage={setPage}
                label="Payout pages"
                size="sm"
                className="mt-4"
              />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
