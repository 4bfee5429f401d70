import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHART_RANGES,
  CHART_RANGE_LABELS,
  CHART_RANGE_MESSAGES,
  DEFAULT_CHART_RANGE,
  chartRangeAddressProblem,
  chartRangeQuerySchema,
  customChartRangeSchema,
  type ChartRangeId,
  type CustomChartRange,
  type ChartRangeQuery,
  type ResolvedChartRange,
} from '@localperks/shared';
import { Button } from '../ui/button';
import { FilterChips } from '../ui/filter-chips';
import { Field, Input } from '../ui/input';

/*
 * The console's date range (issue 32, docs/decisions/0073-charts.md): last 7, 30 or 90 days, this month, or custom
 * from/to, kept in the page's address (`?range=custom&from=…&to=…`) so a link, the back button and a refresh keep it.
 * The server resolves it on its clock in the business's days and answers with the days it used.
 */

/**
 * The range in the address, a setter, and what is wrong with the address's range when it cannot be used (an unknown
 * range, a day that is no day, a start after the end, more than a year): the page then shows the default range and
 * says why, rather than asking the server for figures it refuses.
 */
export function useChartRange(): [ChartRangeQuery, (next: ChartRangeQuery) => void, string | null] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const parsed = chartRangeQuerySchema.safeParse(
    raw === 'custom'
      ? { range: raw, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }
      : { range: raw ?? undefined },
  );
  const query: ChartRangeQuery = parsed.success
    ? parsed.data.range === 'custom'
      ? { range: 'custom', from: parsed.data.from, to: parsed.data.to }
      : { range: parsed.data.range }
    : { range: DEFAULT_CHART_RANGE };
  const problem = parsed.success ? null : chartRangeAddressProblem(parsed.error.issues[0]?.message ?? CHART_RANGE_MESSAGES.range);
  const setQuery = (next: ChartRangeQuery) =>
    setParams((cur) => {
      const u = new URLSearchParams(cur);
      for (const k of ['range', 'from', 'to'] as const) u.delete(k);
      if (next.range && next.range !== DEFAULT_CHART_RANGE) u.set('range', next.range);
      if (next.range === 'custom') {
        if (next.from) u.set('from', next.from);
        if (next.to) u.set('to', next.to);
      }
      return u;
    });
  return [query, setQuery, problem];
}

/** `2026-03-04` as "Mar 4, 2026" (a calendar day, no time-zone shift). */
export const longDay = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** `2026-03-04` as "Mar 4". */
export const shortDay = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "America/New_York" as "New York". */
const zoneName = (timeZone: string) => timeZone.split('/').at(-1)!.replaceAll('_', ' ');

/** What the figures cover: "Mar 4 – Mar 10, 2026, compared with Feb 25 – Mar 3, 2026 (New York days)". */
export function rangeSummary(r: ResolvedChartRange) {
  return `${longDay(r.from)} – ${longDay(r.to)}, compared with ${longDay(r.previousFrom)} – ${longDay(r.previousTo)} (${zoneName(r.timeZone)} days)`;
}

/**
 * The range buttons, and for "Custom" two date fields with Apply (react-hook-form with the shared
 * customChartRangeSchema: bad custom dates are said at the field in the server's words). `serverError` is what the
 * server answered to a range it refused; `addressProblem`, why the range in the address was not used.
 */
export function ChartRangeControl({
  value,
  onChange,
  resolved,
  serverError,
  addressProblem,
}: {
  value: ChartRangeQuery;
  onChange: (next: ChartRangeQuery) => void;
  resolved: ResolvedChartRange | undefined;
  serverError?: string | null;
  addressProblem?: string | null;
}) {
  const current = value.range ?? DEFAULT_CHART_RANGE;
  const [customOpen, setCustomOpen] = useState(current === 'custom');
  const form = useForm<CustomChartRange>({
    resolver: zodResolver(customChartRangeSchema),
    defaultValues: { from: value.from ?? resolved?.from ?? '', to: value.to ?? resolved?.to ?? '' },
  });
  const { errors } = form.formState;
  const pick = (range: ChartRangeId) => {
    if (range === 'custom') {
      setCustomOpen(true);
      if (!form.getValues('from') && resolved) form.setValue('from', resolved.from);
      if (!form.getValues('to') && resolved) form.setValue('to', resolved.to);
      return;
    }
    setCustomOpen(false);
    form.clearErrors();
    onChange({ range });
  };
  const apply = form.handleSubmit(({ from, to }) => onChange({ range: 'custom', from, to }));
  return (
    <div className="space-y-3">
      {addressProblem && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {addressProblem}
        </p>
      )}
      <FilterChips
        label="Date range"
        options={CHART_RANGES.map((r) => [r, CHART_RANGE_LABELS[r]] as const)}
        value={customOpen ? 'custom' : current}
        onChange={pick}
      />
      {customOpen && (
        <form onSubmit={(e) => void apply(e)} noValidate className="flex flex-wrap items-end gap-3" aria-label="Custom date range">
          <div className="w-40">
            <Field label="From" error={errors.from?.message}>
              {(p) => <Input {...p} type="date" {...form.register('from')} />}
            </Field>
          </div>
          <div className="w-40">
            <Field label="To" error={errors.to?.message}>
              {(p) => <Input {...p} type="date" {...form.register('to')} />}
            </Field>
          </div>
          <Button type="submit" size="sm" className="min-h-10">
            Apply
          </Button>
        </form>
      )}
      {serverError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverError}
        </p>
      ) : (
        <p className="text-sm text-slate-600" aria-live="polite">
          {resolved ? rangeSummary(resolved) : '\u00a0'}
        </p>
      )}
    </div>
  );
}

/** "+12.5 %" / "−3 %" / "new" / "no change": a figure against the previous period's. */
export function changeText(current: number, previous: number) {
  if (current === previous) return 'no change';
  if (previous === 0) return 'new';
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.abs(pct) >= 10 ? Math.round(pct) : Math.round(pct * 10) / 10;
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}

/** A rate (0.125) as "12.5%", or "–" when there is nothing to divide by. */
export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);
