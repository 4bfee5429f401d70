import { CalendarClock, DollarSign, RefreshCw, ShoppingBag, Ticket, Undo2, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  ANALYTICS_MESSAGES,
  CHART_RANGE_LABELS,
  formatCents,
  type ChartRangeQuery,
  type MerchantAnalytics,
  type MerchantRangeFigures,
} from '@localperks/shared';
import { ChartRangeControl, changeText, longDay, rangeSummary, shortDay, useChartRange } from '../../../../components/charts/chart-range';
import { DailyChart } from '../../../../components/charts/daily-chart';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { useMerchantAnalytics } from '../api';

/** Revenue & Analytics on the merchant dashboard, computed by the server from the merchant's ledger entries (sales, refunds, commission, fees). */
export default function AnalyticsTab() {
  const [range, setRange, addressProblem] = useChartRange();
  const analytics = useMerchantAnalytics(range);
  if (analytics.isLoading) return <Spinner label="Loading analytics..." />;
  // A range the server refused keeps the last figures shown, with its message at the range control.
  if (!analytics.data) {
    return (
      <Alert variant="destructive" title={ANALYTICS_MESSAGES.loadFailed}>
        {errorMessage(analytics.error, 'Please try again.')}{' '}
        <Button variant="link" onClick={() => void analytics.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const a = analytics.data;
  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="analytics-heading" className="text-xl font-semibold text-slate-900">
            Revenue &amp; Analytics
          </h2>
          <p className="text-sm text-slate-600">
            From every voucher sold, less refunds. Payouts are semi-monthly: sales on days 1-14 are paid on the 15th, the rest on the 1st.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void analytics.refetch()} disabled={analytics.isFetching}>
          <RefreshCw aria-hidden className={analytics.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} /> Refresh
        </Button>
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Revenue summary">
        <Stat
          icon={<DollarSign aria-hidden className="h-5 w-5" />}
          label="Total Revenue"
          value={formatCents(a.totalRevenueCents)}
          note="All time, after refunds, before commission"
        />
        <Stat
          icon={<Undo2 aria-hidden className="h-5 w-5" />}
          label="Refunds"
          value={formatCents(a.totalRefundsCents)}
          note={
            a.refundedPurchases
              ? `${a.refundedPurchases.toLocaleString('en-US')} ${a.refundedPurchases === 1 ? 'voucher' : 'vouchers'} refunded or charged back`
              : 'No vouchers refunded'
          }
        />
        <Stat
          icon={<ShoppingBag aria-hidden className="h-5 w-5" />}
          label="Total Purchases"
          value={a.totalPurchases.toLocaleString('en-US')}
          note="Vouchers sold"
        />
        <Stat
          icon={<Wallet aria-hidden className="h-5 w-5" />}
          label="Total Earnings"
          value={formatCents(a.totalEarningsCents)}
          note={`After ${formatCents(a.totalCommissionCents)} commission (${a.commissionRate}% now)${a.totalDisputeFeesCents ? ` and ${formatCents(a.totalDisputeFeesCents)} dispute fees` : ''}`}
        />
        <Stat
          icon={<CalendarClock aria-hidden className="h-5 w-5" />}
          label="Current Period Earnings"
          value={formatCents(a.currentPeriodEarningsCents)}
          note={`${longDay(a.currentPeriod.start)} – ${longDay(a.currentPeriod.end)}`}
        />
        <Stat
          icon={<CalendarClock aria-hidden className="h-5 w-5" />}
          label="Next Payout"
          value={longDay(a.nextPayoutDate)}
          note="For sales in the current period"
        />
        <Stat
          icon={<Ticket aria-hidden className="h-5 w-5" />}
          label="Redemptions"
          value={a.redemptions.toLocaleString('en-US')}
          note={a.totalPurchases ? `${Math.round((a.redemptions / a.totalPurchases) * 100)}% of vouchers redeemed` : 'Vouchers redeemed'}
        />
      </ul>

      {a.totalPurchases === 0 ? (
        <Card className="p-8 text-center">
          {addressProblem && <p className="mb-3 text-sm text-amber-950">{addressProblem}</p>}
          <p className="font-medium text-slate-900">No sales yet.</p>
          <p className="mt-1 text-sm text-slate-600">When customers buy your deals, revenue, earnings and payouts show here.</p>
        </Card>
      ) : (
        <>
          <RangeSection
            range={range}
            onRange={setRange}
            inRange={a.inRange}
            fetching={analytics.isFetching}
            error={analytics.isError ? errorMessage(analytics.error, 'Please try again.') : null}
            addressProblem={addressProblem}
          />
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <SalesByDeal byDeal={a.byDeal} />
            <RecentPurchases recent={a.recentPurchases} />
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ icon, label, value, note }: { icon: ReactNode; label: string; value: string; note: string }) {
  return (
    <li>
      <Card className="h-full p-4">
        <div className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <span className="text-brand-700">{icon}</span>
          {label}
        </div>
        <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
        <p className="mt-1 text-xs text-slate-600">{note}</p>
      </Card>
    </li>
  );
}

/** The figures of the chosen date range, each against the period of equal length before it, and its days in a chart. */
function RangeSection({
  range,
  onRange,
  inRange,
  error,
  fetching,
  addressProblem,
}: {
  range: ChartRangeQuery;
  onRange: (next: ChartRangeQuery) => void;
  inRange: MerchantAnalytics['inRange'];
  error: string | null;
  fetching: boolean;
  addressProblem: string | null;
}) {
  const { current, previous } = inRange;
  const rows: [string, (f: MerchantRangeFigures) => number, (n: number) => string][] = [
    ['Revenue', (f) => f.revenueCents, formatCents],
    ['Refunds', (f) => f.refundsCents, formatCents],
    ['Vouchers sold', (f) => f.purchases, (n) => n.toLocaleString('en-US')],
    ['Earnings', (f) => f.earningsCents, formatCents],
    ['Redemptions', (f) => f.redemptions, (n) => n.toLocaleString('en-US')],
  ];
  const label =
    inRange.range.range === 'custom'
      ? `${shortDay(inRange.range.from)} – ${shortDay(inRange.range.to)}`
      : CHART_RANGE_LABELS[inRange.range.range].toLowerCase();
  const days = `(${inRange.range.timeZone.split('/').at(-1)!.replaceAll('_', ' ')} days)`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Revenue over time</CardTitle>
        <CardDescription>
          {formatCents(current.revenueCents)} {inRange.range.range === 'custom' ? `from ${label}` : `in the ${label}`} {days}
          {current.refundsCents ? `, after ${formatCents(current.refundsCents)} refunds` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ChartRangeControl
          key={`${range.range}-${range.from}-${range.to}`}
          value={range}
          onChange={onRange}
          resolved={inRange.range}
          serverError={error}
          addressProblem={addressProblem}
        />
        <ul aria-label="Figures for the range" aria-busy={fetching} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {rows.map(([name, value, show]) => (
            <li key={name} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm font-medium text-slate-700">{name}</p>
              <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
                <span className="text-xl font-bold text-slate-900">{show(value(current))}</span>
                <span className="text-xs font-medium text-slate-700">{changeText(value(current), value(previous))}</span>
              </p>
              <p className="mt-1 text-xs text-slate-600">Previous period: {show(value(previous))}</p>
            </li>
          ))}
        </ul>
        <DailyChart
          caption={`Revenue and refunds per day, ${rangeSummary(inRange.range)}`}
          data={inRange.daily}
          series={[
            { key: 'revenueCents', name: 'Revenue', color: '#2563eb' },
            { key: 'refundsCents', name: 'Refunds', color: '#e11d48' },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function SalesByDeal({ byDeal }: { byDeal: MerchantAnalytics['byDeal'] }) {
  const max = Math.max(1, ...byDeal.map((d) => d.revenueCents));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Sales by Deal</CardTitle>
        <CardDescription>Your best-selling deals, all time</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {byDeal.map((d) => (
            <li key={d.dealId}>
              {/* The figures go under the title when both do not fit on one line (a refund makes them longer). */}
              <div className="flex flex-wrap justify-between gap-x-3 text-sm">
                <span className="min-w-[8rem] flex-1 break-words font-medium text-slate-900">{d.title}</span>
                <span className="text-slate-700">
                  {formatCents(d.revenueCents)} · {d.purchases} sold
                  {d.refundsCents ? ` · ${formatCents(d.refundsCents)} refunded` : ''}
                </span>
              </div>
              <div aria-hidden className="mt-1 h-2 rounded-full bg-slate-200">
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(Math.max(0, d.revenueCents) / max) * 100}%` }} />
              </div>
              {/* A deal sold with several options shows each one's sales (a one-option deal has nothing more to say). */}
              {d.options.some((o) => o.title) && (
                <ul aria-label={`Options of ${d.title}`} className="mt-1.5 space-y-0.5 pl-3 text-xs text-slate-700">
                  {d.options.map((o) => (
                    <li key={o.title} className="flex flex-wrap justify-between gap-x-3">
                      <span className="min-w-[6rem] flex-1 break-words">{o.title || d.title}</span>
                      <span>
                        {formatCents(o.revenueCents)} · {o.purchases} sold
                        {o.refundsCents ? ` · ${formatCents(o.refundsCents)} refunded` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function RecentPurchases({ recent }: { recent: MerchantAnalytics['recentPurchases'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Recent Purchases</CardTitle>
        <CardDescription>The latest {recent.length} vouchers sold</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {recent.map((p) => (
            <li key={p.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-slate-900">{p.dealTitle}</p>
                <p className="text-slate-600">
                  <time dateTime={p.purchasedAt}>{formatDateTime(p.purchasedAt)}</time>
                  {p.isRedeemed ? ' · Redeemed' : ''}
                  {p.isRefunded ? ' · Refunded' : ''}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-semibold text-slate-900">{formatCents(p.priceCents)}</p>
                <p className="text-xs text-slate-600">you earn {formatCents(p.earningsCents)}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
