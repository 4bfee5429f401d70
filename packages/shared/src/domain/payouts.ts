/**
 * Semi-monthly payout periods (docs/product/design.md §8, docs/product/merchant-admin-spec.md §9): sales on days 1-14 are paid on
 * the 15th; sales from the 15th to the month's end are paid on the 1st of the next month. The
 * spec's differing next-payout formula (last day of the month) is not used. Dates are calendar days
 * in UTC, written `YYYY-MM-DD`.
 */
export interface PayoutPeriod {
  /** First day of the period (inclusive). */
  start: string;
  /** Last day of the period (inclusive). */
  end: string;
  /** The day the period is paid out. */
  payoutDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m0: number, d: number) => {
  const t = new Date(Date.UTC(y, m0, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const lastDayOfMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

/** The period a moment belongs to (by its UTC calendar day). */
export function payoutPeriodFor(at: Date): PayoutPeriod {
  const y = at.getUTCFullYear();
  const m0 = at.getUTCMonth();
  if (at.getUTCDate() <= 14) return { start: ymd(y, m0, 1), end: ymd(y, m0, 14), payoutDate: ymd(y, m0, 15) };
  return { start: ymd(y, m0, 15), end: ymd(y, m0, lastDayOfMonth(y, m0)), payoutDate: ymd(y, m0 + 1, 1) };
}

/** The period just before the given one. */
export function previousPayoutPeriod(period: PayoutPeriod): PayoutPeriod {
  const [y, m, d] = period.start.split('-').map(Number) as [number, number, number];
  return payoutPeriodFor(new Date(Date.UTC(y, m - 1, d - 1)));
}

/** The period's sales window as instants: `from` inclusive, `to` exclusive (UTC midnights). */
export function payoutPeriodWindow(period: PayoutPeriod): { from: Date; to: Date } {
  const [sy, sm, sd] = period.start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = period.end.split('-').map(Number) as [number, number, number];
  return { from: new Date(Date.UTC(sy, sm - 1, sd)), to: new Date(Date.UTC(ey, em - 1, ed + 1)) };
}

/** When the sales of today's period will be paid. */
export function nextPayoutDate(now: Date): string {
  return payoutPeriodFor(now).payoutDate;
}

/** The UTC calendar day of a moment, `YYYY-MM-DD` (payout dates are compared by it). */
export function utcDay(at: Date): string {
  return ymd(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
}

/**
 * A payout is overdue once its payout date has passed (from the next UTC day on) and it is still
 * unpaid: on the payout date itself it is due, not late.
 */
export function isPayoutOverdue(payout: { isPaid: boolean; payoutDate: string }, now: Date): boolean {
  return !payout.isPaid && payout.payoutDate < utcDay(now);
}
