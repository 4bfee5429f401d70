import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, DollarSign, Store, Tag, Wallet } from 'lucide-react';
import {
  DAY_MS,
  LOST_DISPUTES_FLAG_COUNT,
  LOST_DISPUTES_FLAG_WINDOW_MS,
  formatCents,
  paths,
  plural,
  type AdminOverview,
} from '@localperks/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAdminOverview } from './api';
import { Badge, ErrorState, RefreshButton } from '../../../components/ui/admin-parts';
import { MerchantsWithDeals } from './merchants-with-deals';
import { RangeFigures } from './range-figures';
import { useAdminRole } from '../../../lib/session';

import { showLoadError, useLoadErrorToast } from '../../../lib/use-load-error-toast';

/** `2026-12-01` (a calendar day) as "Dec 1, 2026", without a time-zone shift. */
const formatDay = (ymd: string) => formatDate(`${ymd}T12:00:00`);

function StatCard({ title, value, note, icon: Icon }: { title: string; value: string; note: string; icon: typeof Store }) {
  return (
    <Card>
      <div className="flex items-start justify-between gap-2 p-5">
        <div>
          <h3 className="text-sm font-medium text-slate-700">{title}</h3>
          <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
          <p className="mt-1 text-xs text-slate-600">{note}</p>
        </div>
        <Icon aria-hidden className="h-5 w-5 shrink-0 text-slate-500" />
      </div>
    </Card>
  );
}

function Stats({ s, revenue }: { s: AdminOverview['stats']; revenue: AdminOverview['revenue'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard title="Total Merchants" value={String(s.totalMerchants)} note={`${s.approvedMerchants} approved`} icon={Store} />
      <StatCard title="Total Deals" value={String(s.totalDeals)} note={`${s.activeDeals} active`} icon={Tag} />
      <StatCard
        title="Total Revenue"
        value={formatCents(revenue.allTime.totalCents)}
        note="Platform income, all time: commission, subscriptions and PerkBoost"
        icon={DollarSign}
      />
      <StatCard
        title="Current Period Payout"
        value={formatCents(s.currentPeriodPayoutCents)}
        note={`Next payout: ${formatDay(s.nextPayoutDate)}`}
        icon={Wallet}
      />
    </div>
  );
}

/**
 * The platform's income by source for today's payout period and all time. Gross voucher sales are
 * shown apart and labelled: they are what customers paid, mostly owed to the merchants.
 */
function RevenueBySource({ revenue, purchases }: { revenue: AdminOverview['revenue']; purchases: number }) {
  const rows = [
    ['Commission on voucher sales (net of reversals)', 'commissionCents'],
    ['Subscriptions', 'subscriptionCents'],
    ['PerkBoost', 'perkboostCents'],
  ] as const;
  const cell = 'px-3 py-2 text-right tabular-nums';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Revenue by Source</CardTitle>
        <CardDescription>
          Current period: {formatDay(revenue.period.start)} – {formatDay(revenue.period.end)} (paid out{' '}
          {formatDay(revenue.period.payoutDate)})
        </CardDescription>
      </CardHeader>
      <CardContent
        className="relative overflow-x-auto"
        role="region"
        aria-label="Revenue by source"
        // A scrollable region at narrow widths: focusable so keyboard users can scroll it (axe scrollable-region-focusable).
        tabIndex={0}
      >
        <table className="w-full min-w-[18rem] text-sm text-slate-800">
          <caption className="sr-only">Platform income by source, this period and all time</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Source
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                This period
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                All time
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, key]) => (
              <tr key={key} className="border-b border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {label}
                </th>
                <td className={cell}>{formatCents(revenue.currentPeriod[key])}</td>
                <td className={cell}>{formatCents(revenue.allTime[key])}</td>
              </tr>
            ))}
            <tr className="border-b border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                Promotions paid by LocalPerks <span className="block text-xs">Platform promo codes: an expense, taken off income</span>
              </th>
              <td className={cell}>−{formatCents(revenue.currentPeriod.platformPromotionsCents)}</td>
              <td className={cell}>−{formatCents(revenue.allTime.platformPromotionsCents)}</td>
            </tr>
            <tr className="border-b border-slate-300 font-semibold text-slate-900">
              <th scope="row" className="px-3 py-2 text-left">
                Platform income
              </th>
              <td className={cell}>{formatCents(revenue.currentPeriod.totalCents)}</td>
              <td className={cell}>{formatCents(revenue.allTime.totalCents)}</td>
            </tr>
            <tr className="text-slate-700">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                Gross voucher sales <span className="block text-xs">What customers paid; not platform income</span>
              </th>
              <td className={cell}>{formatCents(revenue.currentPeriod.grossSalesCents)}</td>
              <td className={cell}>{formatCents(revenue.allTime.grossSalesCents)}</td>
            </tr>
            <tr className="text-slate-700">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                Promotions paid by merchants{' '}
                <span className="block text-xs">Merchants’ promo codes: lower their sales, not platform income</span>
              </th>
              <td className={cell}>{formatCents(revenue.currentPeriod.merchantPromotionsCents)}</td>
              <td className={cell}>{formatCents(revenue.allTime.merchantPromotionsCents)}</td>
            </tr>
            <tr className="text-slate-700">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                Refunds given back{' '}
                <span className="block text-xs">Vouchers refunded or deducted; commission reversed is taken out of commission above</span>
              </th>
              <td className={cell}>{formatCents(revenue.currentPeriod.refundsCents)}</td>
              <td className={cell}>{formatCents(revenue.allTime.refundsCents)}</td>
            </tr>
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-700">
          {plural(revenue.currentPeriod.purchases, 'voucher')} sold this period, {plural(purchases, 'voucher')} all time.
        </p>
      </CardContent>
    </Card>
  );
}

/** Closed payouts past their payout date and still unpaid, with the way to them. */
function OverduePayouts({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="h-5 w-5 shrink-0" />
        {count === 1 ? '1 payout is overdue' : `${count} payouts are overdue`}
      </p>
      <Link
        to={paths.adminDashboardAt({ tab: 'payouts', sort: 'isOverdue' })}
        className="inline-flex min-h-10 items-center rounded-md px-2 text-sm font-semibold underline underline-offset-2 hover:bg-red-100"
      >
        Review overdue payouts
      </Link>
    </div>
  );
}

/**
 * Scheduled work that failed in the last 24 hours, so a job that keeps failing is seen here, not only in a log;
 * and the mail waiting for the SMTP server, so an SMTP outage is seen while the outbox retries with backoff.
 */
function BackgroundJobs({ jobs, mailOutbox }: { jobs: AdminOverview['backgroundJobs']; mailOutbox: AdminOverview['mailOutbox'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Background jobs</CardTitle>
        <CardDescription>
          {mailOutbox ? 'Mail waiting for the SMTP server, and scheduled' : 'Scheduled'} work that failed in the last 24 hours, after its
          retries.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {mailOutbox && <MailOutbox backlog={mailOutbox} />}
        {jobs.length === 0 ? (
          <p className="py-2 text-sm text-slate-600">No failures: every background job ran as scheduled.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {jobs.map((j) => (
              <li key={j.name} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">{j.label}</p>
                  <Badge tone="red">
                    Failed {j.failedCount} {j.failedCount === 1 ? 'time' : 'times'}
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">Last failure: {formatDateTime(j.lastFailedAt)}</p>
                {j.lastError && <p className="mt-1 break-words font-mono text-xs text-red-800">{j.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** E-mails not sent yet: how many, since when, and the SMTP server's last answer. */
function MailOutbox({ backlog }: { backlog: NonNullable<AdminOverview['mailOutbox']> }) {
  const { waiting, gaveUp, oldestUnsentAt, lastError, lastAttemptAt } = backlog;
  if (waiting === 0 && gaveUp === 0)
    return <p className="border-b border-slate-200 pb-3 text-sm text-slate-600">Mail outbox: every e-mail has been sent.</p>;
  return (
    <div className="border-b border-slate-200 pb-3" role="status">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">Mail delivery</p>
        <Badge tone={gaveUp > 0 ? 'red' : 'amber'}>{plural(waiting, 'e-mail', 'e-mails')} waiting</Badge>
      </div>
      {oldestUnsentAt && (
        <p className="mt-1 text-sm text-slate-600">
          Oldest waiting since {formatDateTime(oldestUnsentAt)}; retried with growing pauses (at most an hour).
        </p>
      )}
      {gaveUp > 0 && (
        <p className="mt-1 text-sm text-red-800">{plural(gaveUp, 'e-mail was', 'e-mails were')} not delivered after a day of retries.</p>
      )}
      {lastError && (
        <p className="mt-1 break-words font-mono text-xs text-red-800">
          {lastAttemptAt ? `${formatDateTime(lastAttemptAt)}: ` : ''}
          {lastError}
        </p>
      )}
    </div>
  );
}

/**
 * Merchants with repeated lost chargebacks (Merchant Refund Policy: repeated ones may suspend the
 * account), flagged for an admin's review; shown only when there is one.
 */
function DisputeFlags({ flags }: { flags: AdminOverview['disputeFlags'] }) {
  if (flags.length === 0) return null;
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-lg">Merchants to review</CardTitle>
        <CardDescription>
          {LOST_DISPUTES_FLAG_COUNT} or more chargebacks lost in the last {Math.round(LOST_DISPUTES_FLAG_WINDOW_MS / DAY_MS)} days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {flags.map((f) => (
            <li key={f.merchantId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <p className="font-medium text-slate-900">{f.businessName}</p>
              <Badge tone="red">{f.lostDisputes} lost disputes</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Overview tab: the platform's figures, recent merchants and each merchant's deals. */
export default function OverviewTab() {
  const q = useAdminOverview();
  const isOwner = useAdminRole() === 'owner';
  // The merchant whose deals are open lives in the address (`?merchant=…`): a notification links to it.
  const [params, setParams] = useSearchParams();
  const merchantId = params.get('merchant');
  const setMerchantId = (id: string | null) =>
    setParams(
      (cur) => {
        const u = new URLSearchParams(cur);
        if (id) u.set('merchant', id);
        else u.delete('merchant');
        return u;
      },
      { replace: true },
    );
  useLoadErrorToast(q.isError, 'Failed to load dashboard data');
  const refresh = () =>
    void q.refetch().then((r) => {
      if (r.isError) showLoadError('Failed to load dashboard data');
    });
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <RefreshButton label="Refresh Data" spinning={q.isFetching} disabled={q.isFetching} onClick={refresh} />
      </div>
      {q.isPending ? (
        <Spinner label="Loading dashboard..." />
      ) : q.isError ? (
        <ErrorState message="Failed to load dashboard data" onRetry={refresh} />
      ) : (
        <>
          <OverduePayouts count={q.data.overduePayouts} />
          <Stats s={q.data.stats} revenue={q.data.revenue} />
          <RangeFigures />
          <RevenueBySource revenue={q.data.revenue} purchases={q.data.stats.totalPurchases} />
          {/* grid-cols-1 (minmax(0, 1fr)): a long business name is truncated instead of widening the page on a phone. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Recent Merchants</CardTitle>
                <CardDescription>The newest sign-ups.</CardDescription>
              </CardHeader>
              <CardContent>
                {q.data.recentMerchants.length === 0 ? (
                  <p className="py-4 text-sm text-slate-600">No merchants yet.</p>
                ) : (
                  <ul className="divide-y divide-slate-200">
                    {q.data.recentMerchants.map((m) => (
                      <li key={m.id} className="flex items-center justify-between gap-2 py-3">
                        <div className="min-w-0">
                          <p className="truncate font-medium text-slate-900">{m.businessName}</p>
                          <p className="text-sm text-slate-600">
                            {m.city}, {m.state} · {formatDate(m.createdAt)}
                          </p>
                        </div>
                        <Badge tone={m.approved ? 'green' : 'amber'}>{m.approved ? 'Approved' : 'Pending'}</Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
            {/* Deal moderation is the owners' (docs/decisions/0062-roles-and-staff.md). */}
            {isOwner && <MerchantsWithDeals merchantId={merchantId} onMerchant={setMerchantId} />}
          </div>
          <DisputeFlags flags={q.data.disputeFlags} />
          <BackgroundJobs jobs={q.data.backgroundJobs} mailOutbox={q.data.mailOutbox} />
        </>
      )}
    </div>
  );
}
