import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '@localperks/shared';
import { longDay, shortDay } from './chart-range';

/*
 * A per-day bar chart of the console (Recharts, docs/decisions/0073-charts.md): axes, a tooltip with the day's
 * figures, and the same figures in a table for screen readers (the drawing itself is hidden from them). Its box has a
 * fixed height before and after the data and the chart arrive, so nothing below it moves.
 */

export interface DailySeries<K extends string> {
  key: K;
  name: string;
  /** A Tailwind-independent colour (the SVG's fill). */
  color: string;
}

/** "$1.2k" on the axis: short money for ticks. */
const axisCents = (cents: number) => {
  const dollars = cents / 100;
  const abs = Math.abs(dollars);
  if (abs >= 1_000_000) return `$${Math.round(dollars / 100_000) / 10}M`;
  if (abs >= 1_000) return `$${Math.round(dollars / 100) / 10}k`;
  return `$${Math.round(dollars)}`;
};

export function DailyChart<K extends string>({
  caption,
  data,
  series,
}: {
  /** Names the table for screen readers, e.g. "GMV and platform income per day, Mar 4 – Mar 10, 2026". */
  caption: string;
  data: readonly ({ date: string } & Record<K, number>)[];
  series: readonly DailySeries<K>[];
}) {
  return (
    <div>
      <div aria-hidden className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 256 }}>
          <BarChart data={data as never[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={16} tickLine={false} />
            <YAxis tickFormatter={axisCents} tick={{ fontSize: 12, fill: '#475569' }} width={56} tickLine={false} axisLine={false} />
            <ReferenceLine y={0} stroke="#94a3b8" />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              labelFormatter={(label) => (typeof label === 'string' ? longDay(label) : null)}
              formatter={(value, name) => [formatCents(Number(value)), name]}
            />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p aria-hidden className="mt-2 flex flex-wrap gap-4 text-xs text-slate-700">
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} /> {s.name}
          </span>
        ))}
      </p>
      {/* sr-only on the table itself does not clip it (a table is as wide as its cells): a wrapper does. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <th scope="row">{longDay(d.date)}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatCents(d[s.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
