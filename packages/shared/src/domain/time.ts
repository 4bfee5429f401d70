/** Durations in milliseconds, each named once. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The same moment one calendar month later (UTC), clamped to the last day of a shorter month:
 * Jan 31 -> Feb 28 (Feb 29 in a leap year), Mar 31 -> Apr 30. Subscription periods run this way.
 */
export function addMonth(at: Date): Date {
  const next = new Date(at);
  const day = at.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The same moment one calendar month earlier (UTC), clamped like addMonth: Mar 31 -> Feb 28 (29). */
export function subtractMonth(at: Date): Date {
  const prev = new Date(at);
  const day = at.getUTCDate();
  prev.setUTCDate(1);
  prev.setUTCMonth(prev.getUTCMonth() - 1);
  const lastDay = new Date(Date.UTC(prev.getUTCFullYear(), prev.getUTCMonth() + 1, 0)).getUTCDate();
  prev.setUTCDate(Math.min(day, lastDay));
  return prev;
}
