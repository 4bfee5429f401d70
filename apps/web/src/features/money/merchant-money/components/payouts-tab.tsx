import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Wallet } from 'lucide-react';
import { MERCHANT_MONEY_MESSAGES as MM, formatCents, paths, type MerchantPayout } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { merchantPayoutsQuery } from '../api';
import { PayoutStateBadge, calendarDay, periodText } from './money-format';
import { PayoutAccountCard } from './payout-account-card';

/** Where the money of a payout went: its transfer id, or why there is none. */
function TransferCell({ payout: p }: { payout: MerchantPayout }) {
  if (p.transferId && p.state === 'paid') return <code className="break-all font-mono text-slate-900">{p.transferId}</code>;
  if (p.paidVia === 'outside') return <span className="text-slate-700">Paid outside LocalPerks</span>;
  if (p.state === 'paid') return <span className="text-slate-700">Nothing to transfer</span>;
  if (p.state === 'failed') return <span className="text-red-900">{p.failureReason ?? 'The transfer failed; it is tried again.'}</span>;
  if (p.state === 'waiting_for_account') return <span className="text-slate-700">Sent once your payout account is active</span>;
  return <span className="text-slate-700">—</span>;
}

/** The Payouts tab: the payout account, the open period so far, and every payout with its state and statement. */
export default function PayoutsTab() {
  const [page, setPage] = useState(1);
  const payouts = useQuery(merchantPayoutsQuery(page));
  if (payouts.isLoading) return <Spinner label="Loading payouts..." />;
  if (payouts.isError || !payouts.data)
    return (
      <Alert variant="destructive" title={MM.payoutsLoadFailed}>
        {errorMessage(payouts.error, 'Please try again.')}
      </Alert>
    );
  const { items, total, pageSize, currentPeriod: cp, outstanding } = payouts.data;
  return (
    <section aria-labelledby="payouts-heading" className="space-y-6">
      <div>
        <h2 id="payouts-heading" className="text-xl font-semibold text-slate-900">
          Payouts
        </h2>
        <p className="text-sm text-slate-600">
          Semi-monthly: sales on days 1-14 are paid on the 15th; sales from the 15th to the month’s end on the 1st of the next month. Each
          payout is transferred to your payout account on its payout date.
        </p>
      </div>
      <PayoutAccountCard />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <CalendarClock aria-hidden className="h-5 w-5 text-brand-700" /> Current period
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm text-slate-700">
            <p>
              {periodText(cp.period.start, cp.period.end)}, paid on {calendarDay(cp.period.payoutDate)}
            </p>
            <p className="text-2xl font-bold tabular-nums text-slate-900">{formatCents(cp.netCents)}</p>
            <p>
              Net so far from {cp.totalPurchases} {cp.totalPurchases === 1 ? 'sale' : 'sales'}: {formatCents(cp.grossCents)} gross less{' '}
              {formatCents(cp.commissionCents)} commission.
            </p>
            {(cp.promotionsCents > 0 ||
              cp.refundsCents > 0 ||
              cp.deductionsCents > 0 ||
              cp.disputeFeesCents > 0 ||
              cp.carriedInCents > 0) && (
              <p>
                {[
                  cp.promotionsCents > 0 && `Promotions of your codes ${formatCents(cp.promotionsCents)} (taken out of gross)`,
                  cp.refundsCents > 0 &&
                    `Refunds ${formatCents(cp.refundsCents)} (${formatCents(cp.commissionReversedCents)} commission reversed)`,
                  cp.deductionsCents > 0 && `deductions ${formatCents(cp.deductionsCents)}`,
                  cp.disputeFeesCents > 0 && `dispute fees ${formatCents(cp.disputeFeesCents)}`,
                  cp.carriedInCents > 0 && `carried in ${formatCents(cp.carriedInCents)}`,
                ]
                  .filter(Boolean)
                  .join(', ')}
                .
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <Wallet aria-hidden className="h-5 w-5 text-brand-700" /> Still to be paid
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm text-slate-700">
            <p className="text-2xl font-bold tabular-nums text-slate-900">{formatCents(outstanding.netCents)}</p>
            <p>
              {outstanding.payouts} closed {outstanding.payouts === 1 ? 'payout' : 'payouts'} not paid yet.
            </p>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Payout history</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {items.length === 0 ? (
            <p className="text-sm text-slate-700">{MM.noPayouts}</p>
          ) : (
            <div
              className="relative overflow-x-auto"
              role="region"
              aria-label="Payout history"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
              tabIndex={0}
            >
              <table className="w-full min-w-[64rem] text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Period
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Sales
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Gross
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Commission
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Refunds
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Deductions
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Net
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Paid
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Transfer
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Statement</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {items.map((p) => (
                    <tr key={p.id}>
                      <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                        {periodText(p.periodStart, p.periodEnd)}
                        <span className="block text-xs font-normal text-slate-600">Payout day {calendarDay(p.payoutDate)}</span>
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{p.totalPurchases}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatCents(p.grossCents)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatCents(p.commissionCents)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {formatCents(p.refundsCents)}
                        {p.commissionReversedCents > 0 && (
                          <span className="block text-xs text-slate-600">{formatCents(p.commissionReversedCents)} commission back</span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {formatCents(p.deductionsCents + p.disputeFeesCents)}
                        {p.disputeFeesCents > 0 && (
                          <span className="block text-xs text-slate-600">incl. {formatCents(p.disputeFeesCents)} dispute fees</span>
                        )}
                        {p.carriedInCents > 0 && (
                          <span className="block text-xs text-slate-600">{formatCents(p.carriedInCents)} carried in</span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right font-semibold tabular-nums text-slate-900">
                        {formatCents(p.netCents)}
                        {p.carriedForwardCents > 0 && (
                          <span className="block text-xs font-normal text-slate-600">
                            {formatCents(p.carriedForwardCents)} carried forward
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3">
                        <PayoutStateBadge state={p.state} />
                      </td>
                      <td className="py-2 pr-3">{p.paidAt ? formatDate(p.paidAt) : '—'}</td>
                      <td className="max-w-56 py-2 pr-3 text-xs">
                        <TransferCell payout={p} />
                      </td>
                      <td className="py-2">
                        <Link
                          to={paths.merchantPayoutStatement(p.id)}
                          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2"
                        >
                          Statement<span className="sr-only"> for {periodText(p.periodStart, p.periodEnd)}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} total={total} pageSize={pageSize} onPage={setPage} label="Payout pages" size="sm" />
        </CardContent>
      </Card>
    </section>
  );
}
