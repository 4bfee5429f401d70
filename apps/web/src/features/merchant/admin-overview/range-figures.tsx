import { formatCents, plural, type AdminRange, type AdminRangeFigures } from '@localperks/shared';
import { ChartRangeControl, changeText, percent, rangeSummary, useChartRange } from '../../../components/charts/chart-range';
import { DailyChart } from '../../../components/charts/daily-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { useAdminRange } from './api';

type Row = {
  label: string;
  value: (f: AdminRangeFigures) => number;
  show: (f: AdminRangeFigures) => string;
  note?: (f: AdminRangeFigures) => string;
};

/** The figures of the range, each with the previous period's (docs/decisions/0073-charts.md says how each is counted). */
const FIGURES: Row[] = [
  { label: 'GMV', value: (f) => f.gmvCents, show: (f) => formatCents(f.gmvCents), note: () => 'Gross voucher sales' },
  {
    label: 'Platform income',
    value: (f) => f.revenue.totalCents,
    show: (f) => formatCents(f.revenue.totalCents),
    note: () => 'Commission, subscriptions and PerkBoost, less platform promotions',
  },
  { label: 'Take rate', value: (f) => f.takeRate ?? 0, show: (f) => percent(f.takeRate), note: () => 'Platform income ÷ GMV' },
  {
    label: 'Refunds',
    value: (f) => f.refunds.count,
    show: (f) => f.refunds.count.toLocaleString('en-US'),
    note: (f) => `${percent(f.refunds.rate)} of vouchers sold · ${formatCents(f.refunds.cents)} given back`,
  },
  {
    label: 'Disputes',
    value: (f) => f.disputes.count,
    show: (f) => f.disputes.count.toLocaleString('en-US'),
    note: (f) => `${percent(f.disputes.rate)} of vouchers sold`,
  },
  { label: 'New customers', value: (f) => f.newCustomers, show: (f) => f.newCustomers.toLocaleString('en-US') },
  { label: 'New merchants', value: (f) => f.newMerchants, show: (f) => f.newMerchants.toLocaleString('en-US') },
  { label: 'Vouchers sold', value: (f) => f.vouchersSold, show: (f) => f.vouchersSold.toLocaleString('en-US') },
  { label: 'Vouchers redeemed', value: (f) => f.vouchersRedeemed, show: (f) => f.vouchersRedeemed.toLocaleString('en-US') },
];

const SOURCES = [
  ['Commission on voucher sales (net of reversals)', (f: AdminRangeFigures) => f.revenue.commissionCents],
  ['Subscriptions', (f: AdminRangeFigures) => f.revenue.subscriptionCents],
  ['PerkBoost', (f: AdminRangeFigures) => f.revenue.perkboostCents],
  ['Promotions paid by LocalPerks', (f: AdminRangeFigures) => -f.revenue.platformPromotionsCents],
  ['Platform income', (f: AdminRangeFigures) => f.revenue.totalCents],
] as const;

/**
 * The overview's figures for a date range (issue 32): the range control, each figure against the period of equal
 * length before it, GMV and platform income per day, and income by source for both periods.
 */
export function RangeFigures() {
  const [range, setRange, addressProblem] = useChartRange();
  const q = useAdminRange(range);
  const data = q.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg" id="range-figures-heading">
          Performance
        </CardTitle>
        <CardDescription>Each figure for the chosen days, with the period of equal length before them.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ChartRangeControl
          key={`${range.range}-${range.from}-${range.to}`}
          value={range}
          onChange={setRange}
          resolved={data?.range}
          serverError={q.isError ? errorMessage(q.error, 'Failed to load the figures for this range.') : null}
          addressProblem={addressProblem}
        />
        <div aria-busy={q.isFetching} className={q.isFetching && data ? 'opacity-60 transition-opacity' : undefined}>
          {data ? <Figures data={data} /> : <FiguresPlaceholder />}
        </div>
      </CardContent>
    </Card>
  );
}

/** The same boxes while the first answer is on its way, so nothing moves when it comes. */
function FiguresPlaceholder() {
  return (
    <div aria-hidden className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {FIGURES.map((f) => (
          <div key={f.label} className="min-h-[8.5rem] animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="h-[19rem] animate-pulse rounded-lg bg-slate-100" />
        <div className="h-[19rem] animate-pulse rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

function Figures({ data }: { data: AdminRange }) {
  const { current, previous, range } = data;
  const cell = 'px-3 py-2 text-right tabular-nums';
  return (
    <div className="space-y-6">
      <ul aria-label="Figures for the range" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {FIGURES.map((f) => (
          <li key={f.label} className="min-h-[8.5rem] rounded-lg border border-slate-200 p-3 sm:p-4">
            <p className="text-sm font-medium text-slate-700">{f.label}</p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
              <span className="text-xl font-bold text-slate-900 sm:text-2xl">{f.show(current)}</span>
              <span className="text-xs font-medium text-slate-700">{changeText(f.value(current), f.value(previous))}</span>
            </p>
            <p className="mt-1 text-xs text-slate-600">Previous period: {f.show(previous)}</p>
            {f.note && <p className="mt-0.5 text-xs text-slate-600">{f.note(current)}</p>}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="gmv-chart-heading">
          <h3 id="gmv-chart-heading" className="mb-2 font-semibold text-slate-900">
            GMV per day
          </h3>
          <DailyChart
            caption={`GMV per day, ${rangeSummary(range)}`}
            data={data.daily}
            series={[{ key: 'gmvCents', name: 'GMV', color: '#2563eb' }]}
          />
        </section>
        <section aria-labelledby="income-chart-heading">
          <h3 id="income-chart-heading" className="mb-2 font-semibold text-slate-900">
            Platform income per day
          </h3>
          <DailyChart
            caption={`Platform income per day, ${rangeSummary(range)}`}
            data={data.daily}
            series={[{ key: 'revenueCents', name: 'Platform income', color: '#059669' }]}
          />
        </section>
      </div>
      <div>
        <table className="w-full text-sm text-slate-800">
          <caption className="mb-2 text-left font-semibold text-slate-900">Platform income by source</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Source
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {plural(range.days, 'day')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Previous period
              </th>
            </tr>
          </thead>
          <tbody>
            {SOURCES.map(([label, value]) => (
              <tr key={label} className={label === 'Platform income' ? 'font-semibold text-slate-900' : 'border-b border-slate-100'}>
                <th scope="row" className={label === 'Platform income' ? 'px-3 py-2 text-left' : 'px-3 py-2 text-left font-normal'}>
                  {label}
                </th>
                <td className={cell}>{formatCents(value(current))}</td>
                <td className={cell}>{formatCents(value(previous))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
