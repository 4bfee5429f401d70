import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Wallet } from 'lucide-react';
import { MERCHANT_MONEY_MESSAGES as MM, formatCents } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { merchantPayoutsQuery } from '../api';
import { calendarDay, periodText } from './money-format';
import { PayoutAccountCard } from './payout-account-card';

/**
 * The Payouts tab: the payout account, the open period so far and what is still to be paid; every payout, with its
 * state and statement, is the console's table (`list`, issue 32).
 */
export default function PayoutsTab({ list }: { list: ReactNode }) {
  const payouts = useQuery(merchantPayoutsQuery(1));
  if (payouts.isLoading) return <Spinner label="Loading payouts..." />;
  if (payouts.isError || !payouts.data)
    return (
      <Alert variant="destructive" title={MM.payoutsLoadFailed}>
        {errorMessage(payouts.error, 'Please try again.')}
      </Alert>
    );
  const { currentPeriod: cp, outstanding } = payouts.data;
  return (
    <section aria-labelledby="payouts-heading" className="space-y-6">
      <div>
        {/* The section's name for its region; the console page's h1 already shows it. */}
        <h2 id="payouts-heading" className="sr-only">
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
      {/* The table's own region is named "Payout history" (its caption): this part is not a second one. */}
      <div className="space-y-3">
        <h3 className="text-lg font-semibold text-slate-900">Payout history</h3>
        {list}
      </div>
    </section>
  );
}
