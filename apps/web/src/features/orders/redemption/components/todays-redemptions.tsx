import { CheckCircle2 } from 'lucide-react';
import { lineTitle } from '@localperks/shared';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { ErrorState } from '../../../../components/ui/admin-parts';
import { useTodaysRedemptions } from '../api';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The counter's day so far: each voucher redeemed today, when, for whom, and by whom (owner or staff). */
export function TodaysRedemptions() {
  const q = useTodaysRedemptions();
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle className="text-lg">Today’s redemptions{q.data ? ` (${q.data.redemptions.length})` : ''}</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner label="Loading today’s redemptions..." />
        ) : q.isError ? (
          <ErrorState message="Today’s redemptions could not be loaded." onRetry={() => void q.refetch()} />
        ) : q.data.redemptions.length === 0 ? (
          <p className="text-sm text-slate-600">No vouchers redeemed yet today.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Today’s redemptions">
            {q.data.redemptions.map((r) => (
              <li key={r.purchaseId} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 break-words font-medium text-slate-900">
                    <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0 text-emerald-700" />
                    {lineTitle(r.dealTitle, r.optionTitle)}
                  </p>
                  <p className="text-slate-700">
                    {r.customerName} · <span className="font-mono">{r.redemptionCode}</span>
                  </p>
                </div>
                <p className="text-slate-700">
                  {time(r.redeemedAt)} · by {r.redeemedBy ?? 'a former account'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
