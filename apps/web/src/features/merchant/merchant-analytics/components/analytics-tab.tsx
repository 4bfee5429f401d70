import { CalendarClock, DollarSign, RefreshCw, ShoppingBag, Ticket, Undo2, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { ANALYTICS_DAYS, ANALYTICS_MESSAGES, formatCents, type MerchantAnalytics } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { useMerchantAnalytics } from '../api';

/** A calendar day (`YYYY-MM-DD`, UTC) as "Nov 23". */
const shortDay = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Revenue & Analytics on the merchant dashboard, computed by the server from the merchant's ledger entries (sales, refunds, commission, fees). */
export default function AnalyticsTab() {
  const analytics = useMerchantAnalytics();
  if (analytics.isLoading) return <Spinner label="Loading analytics..." />;
  if (analytics.isError || !analytics.data) {
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
          <p className="font-medium text-slate-900">No sales yet.</p>
          <p className="mt-1 text-sm text-slate-600">When customers buy your deals, revenue, earnings and payouts show here.</p>
        </Card>
      ) : (
        <>
          <RevenueChart daily={a.daily} />
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

/**
 * A bar per day: the day's sales above the line, the money refunded that day below it (only drawn when
 * there is any). The same numbers are in a table for screen readers.
 */
function RevenueChart({ daily }: { daily: MerchantAnalytics['daily'] }) {
  const sales = (d: MerchantAnalytics['daily'][number]) => d.revenueCents + d.refundsCents;
  const maxUp = Math.max(1, ...daily.map(sales));
  const maxDown = Math.max(0, ...daily.map((d) => d.refundsCents));
  const total = daily.reduce((s, d) => s + d.revenueCents, 0);
  const refunds = daily.reduce((s, d) => s + d.refundsCents, 0);
  // The share of the chart's height above the line: proportional, so a bar's height means the same both ways.
  const upShare = maxDown ? (maxUp / (maxUp + maxDown)) * 100 : 100;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Revenue, last {ANALYTICS_DAYS} days</CardTitle>
        <CardDescription>
          {formatCents(total)} in the last {ANALYTICS_DAYS} days (UTC days){refunds ? `, after ${formatCents(refunds)} refunds` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div aria-hidden className="relative flex h-48 gap-[2px] border-l border-slate-300 pl-1 sm:gap-1">
          {/* The zero line: under the bars, or between sales and refunds. */}
          <div className="absolute inset-x-0 border-t border-slate-300" style={{ top: `${upShare}%` }} />
          {daily.map((d) => (
            <div
              key={d.date}
              className="group flex h-full flex-1 flex-col"
              title={`${shortDay(d.date)}: ${formatCents(sales(d))} sold (${d.purchases})${d.refundsCents ? `, ${formatCents(d.refundsCents)} refunded` : ''}`}
            >
              <div className="flex items-end" style={{ height: `${upShare}%` }}>
                <div
                  className="w-full rounded-t bg-brand-600 group-hover:bg-brand-800"
                  style={{ height: `${sales(d) ? Math.max(2, (sales(d) / maxUp) * 100) : 0}%` }}
                />
              </div>
              {maxDown > 0 && (
                <div className="flex flex-1 items-start">
                  <div
                    className="w-full rounded-b bg-rose-500 group-hover:bg-rose-700"
                    style={{ height: `${d.refundsCents ? Math.max(2, (d.refundsCents / maxDown) * 100) : 0}%` }}
                  />
                </div>
              )}
            </div>
          ))}
        </div>
        <div aria-hidden className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{shortDay(daily[0]!.date)}</span>
          <span>{shortDay(daily[Math.floor(daily.length / 2)]!.date)}</span>
          <span>{shortDay(daily.at(-1)!.date)}</span>
        </div>
        {maxDown > 0 && (
          <p aria-hidden className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
            <span className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-600" /> Sales
            </span>
            <span className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm bg-rose-500" /> Refunds
            </span>
          </p>
        )}
        {/* sr-only on the table itself does not clip it (a table is as wide as its cells): the page scrolled sideways at 375 px. */}
        <div className="sr-only">
          <table>
            <caption>Revenue per day, last {ANALYTICS_DAYS} days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Revenue</th>
                <th scope="col">Refunds</th>
                <th scope="col">Purchases</th>
              </tr>
            </thead>
            <tbody>
              {daily
                .filter((d) => d.purchases > 0 || d.refundsCents > 0)
                .map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{longDay(d.date)}</th>
                    <td>{formatCents(d.revenueCents)}</td>
                    <td>{formatCents(d.refundsCents)}</td>
                    <td>{d.purchases}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
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
