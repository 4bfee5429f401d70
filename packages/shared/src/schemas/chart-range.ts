import { z } from 'zod';
import { dayIn } from '../domain/business-days';
import { DAY_MS } from '../domain/time';
import { calendarDay, cents, count } from './responses/common';

/*
 * The console's charts with a date range (issue 32, docs/decisions/0073-charts.md): the admin overview and the
 * merchant's analytics take the same range, kept in the page's address (`?range=7d`, or
 * `?range=custom&from=2026-11-01&to=2026-11-30`), and compare it with the period of equal length just before it.
 * Days are calendar days in the business time zone: the platform's (BUSINESS_TIME_ZONE, domain/business-days.ts) for the
 * admin, the business's own (its state's) for a merchant.
 */

export const CHART_RANGES = ['7d', '30d', '90d', 'month', 'custom'] as const;
export type ChartRangeId = (typeof CHART_RANGES)[number];
export const CHART_RANGE_LABELS: Record<ChartRangeId, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  month: 'This month',
  custom: 'Custom',
};
export const DEFAULT_CHART_RANGE: ChartRangeId = '30d';
/** The longest range a chart shows: a year, a leap year's included. */
export const MAX_CHART_RANGE_DAYS = 366;

export const CHART_RANGE_MESSAGES = {
  range: 'Choose last 7, 30 or 90 days, this month or a custom range.',
  day: 'Use a date like 2026-11-30.',
  bothDays: 'Choose a start and an end date.',
  order: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${MAX_CHART_RANGE_DAYS} days.`,
} as const;

/** A real calendar day `YYYY-MM-DD` (2026-02-30 is refused). */
const isCalendarDay = (s: string) => {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : NaN;
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
};
const chartDay = z.string().refine((s) => isCalendarDay(s), CHART_RANGE_MESSAGES.day);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** The calendar day `n` days after `day` (before it when negative). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export const chartRangeQuerySchema = z
  .object({
    range: z.enum(CHART_RANGES, { error: CHART_RANGE_MESSAGES.range }).default(DEFAULT_CHART_RANGE),
    /** Read for `custom` only: the first and last day shown, both included. */
    from: chartDay.optional(),
    to: chartDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: CHART_RANGE_MESSAGES.bothDays });
      return;
    }
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: CHART_RANGE_MESSAGES.order });
    else if (daysBetween(q.from, q.to) > MAX_CHART_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: CHART_RANGE_MESSAGES.tooLong });
  });
export type ChartRangeQuery = z.input<typeof chartRangeQuerySchema>;

/**
 * The custom range's form (From, To, Apply): both days required, real days, in order, at most a year; the same
 * rules and messages as `chartRangeQuerySchema`, which checks the range the form writes to the address.
 */
export const customChartRangeSchema = z
  .object({
    from: z.string().trim().min(1, CHART_RANGE_MESSAGES.bothDays).pipe(chartDay),
    to: z.string().trim().min(1, CHART_RANGE_MESSAGES.bothDays).pipe(chartDay),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: CHART_RANGE_MESSAGES.order });
    else if (daysBetween(q.from, q.to) > MAX_CHART_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: CHART_RANGE_MESSAGES.tooLong });
  });
export type CustomChartRange = z.infer<typeof customChartRangeSchema>;

/** What a page says when the range in its address cannot be used (it shows the default range instead). */
export const chartRangeAddressProblem = (reason: string) =>
  `The date range in this page's address cannot be used: ${reason} Showing ${CHART_RANGE_LABELS[DEFAULT_CHART_RANGE].toLowerCase()} instead.`;

/** The range a chart shows, resolved on the server's clock, and the period of equal length just before it. */
export const resolvedChartRangeSchema = z.object({
  range: z.enum(CHART_RANGES),
  from: calendarDay(),
  to: calendarDay(),
  days: count(),
  previousFrom: calendarDay(),
  previousTo: calendarDay(),
  /** The IANA time zone whose calendar days these are. */
  timeZone: z.string(),
});
export type ResolvedChartRange = z.infer<typeof resolvedChartRangeSchema>;

/** The days a (valid) range query means at `now` in `timeZone`, and its previous period of equal length. */
export function resolveChartRange(q: z.output<typeof chartRangeQuerySchema>, now: Date, timeZone: string): ResolvedChartRange {
  const today = dayIn(now, timeZone);
  const lastDays = (n: number) => ({ from: addDays(today, -(n - 1)), to: today });
  const { from, to } =
    q.range === 'custom'
      ? { from: q.from!, to: q.to! }
      : q.range === 'month'
        ? { from: `${today.slice(0, 8)}01`, to: today }
        : lastDays(Number(q.range.slice(0, -1)));
  const days = daysBetween(from, to);
  return { range: q.range, from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1), timeZone };
}

/** A fraction (0.125 = 12.5 %), or null when there is nothing to divide by. */
const rate = () => z.number().nullable();

/** The admin overview's figures for one period (docs/decisions/0073-charts.md says how each is counted). */
export const adminRangeFiguresSchema = z.object({
  /** Gross voucher sales: what customers paid for vouchers (sale entries of the ledger). */
  gmvCents: cents(),
  /** The platform's income by source (as platform-revenue.ts counts it), for the period's days. */
  revenue: z.object({
    commissionCents: cents(),
    subscriptionCents: cents(),
    perkboostCents: cents(),
    platformPromotionsCents: cents(),
    totalCents: cents(),
  }),
  /** Platform income ÷ GMV. */
  takeRate: rate(),
  /** Vouchers refunded in the period, the money given back, and their share of the vouchers sold in it. */
  refunds: z.object({ count: count(), cents: cents(), rate: rate() }),
  /** Chargebacks opened in the period, and their share of the vouchers sold in it. */
  disputes: z.object({ count: count(), rate: rate() }),
  newCustomers: count(),
  newMerchants: count(),
  vouchersSold: count(),
  vouchersRedeemed: count(),
});
export type AdminRangeFigures = z.infer<typeof adminRangeFiguresSchema>;

/** A chart's answer: the range it resolved, its figures and the previous period's, and every day of it, oldest first. */
const rangeAnswer = <F extends z.ZodType, D extends z.ZodRawShape>(figures: F, day: D) =>
  z.object({
    range: resolvedChartRangeSchema,
    current: figures,
    previous: figures,
    daily: z.array(z.object({ date: calendarDay(), ...day })),
  });

/** Each day: GMV and platform income booked that day. */
export const adminRangeSchema = rangeAnswer(adminRangeFiguresSchema, { gmvCents: cents(), revenueCents: cents() });
export type AdminRange = z.infer<typeof adminRangeSchema>;

/** A merchant's figures for one period, from their ledger entries and vouchers (as the all-time ones are counted). */
export const merchantRangeFiguresSchema = z.object({
  revenueCents: cents(),
  refundsCents: cents(),
  refundedPurchases: count(),
  purchases: count(),
  earningsCents: cents(),
  redemptions: count(),
});
export type MerchantRangeFigures = z.infer<typeof merchantRangeFiguresSchema>;

/** Each day: that day's sales less refunds, refunds, and vouchers sold. */
export const merchantRangeSchema = rangeAnswer(merchantRangeFiguresSchema, {
  revenueCents: cents(),
  refundsCents: cents(),
  purchases: count(),
});
export type MerchantRange = z.infer<typeof merchantRangeSchema>;
