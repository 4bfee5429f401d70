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

/**
 * The start of the day that `now` falls on in `timeZone` (an IANA name; UTC when it is not one): the day a
 * merchant's counter calls "today". Measured back from `now` by the local time of day, so on the day a
 * daylight-saving change happens it is an hour off (the counter then sees an hour more or less).
 */
export function startOfDayInZone(now: Date, timeZone: string | undefined): Date {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || 'UTC',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(now);
  } catch {
    return startOfDayInZone(now, 'UTC');
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getUTCMilliseconds();
  return new Date(now.getTime() - elapsed);
}
