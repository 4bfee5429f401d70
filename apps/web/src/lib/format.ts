import { SERVER_RENDER_TIME_ZONE } from '@localperks/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const HOUR_MS = 3_600_000;

/** The first `weekday` (0 Sunday) on or after day `from` of a month (UTC dates). */
const weekdayOnOrAfter = (year: number, month: number, from: number, weekday: number) =>
  from + ((7 + weekday - new Date(Date.UTC(year, month, from)).getUTCDay()) % 7);

/**
 * UTC offset of America/Los_Angeles in hours at `ms`, by the US rule in force since 2007: daylight
 * time (-7) from the second Sunday of March, 2:00 standard time, to the first Sunday of November,
 * 2:00 daylight time; standard time (-8) otherwise. Null before 2007 (Intl answers those).
 */
export function pacificOffsetHours(ms: number): number | null {
  const year = new Date(ms).getUTCFullYear();
  if (year < 2007) return null;
  const start = Date.UTC(year, 2, weekdayOnOrAfter(year, 2, 8, 0), 10);
  const end = Date.UTC(year, 10, weekdayOnOrAfter(year, 10, 1, 0), 9);
  return ms >= start && ms < end ? -7 : -8;
}

/**
 * Year, month (0-11) and day of `ms` in the reader's time zone (`timeZone` undefined), in UTC or in
 * the server render's zone (SERVER_RENDER_TIME_ZONE), worked out without Intl: a page's first use of
 * Intl costs the browser its locale data, 50 ms of work and more on a phone, in the middle of the
 * hydration (docs/decisions/0030-tbt.md). Any other zone goes through Intl.
 */
export function calendarDate(ms: number, timeZone?: string): { year: number; month: number; day: number } {
  if (timeZone === undefined) {
    const d = new Date(ms);
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate() };
  }
  const offset = timeZone === 'UTC' ? 0 : timeZone === SERVER_RENDER_TIME_ZONE ? pacificOffsetHours(ms) : null;
  if (offset !== null) {
    const d = new Date(ms + offset * HOUR_MS);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
  }
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') - 1, day: part('day') };
}

/** "Nov 22, 2026" in the reader's time zone (or `timeZone`, see lib/hydration.tsx). */
export function formatDate(iso: string, timeZone?: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return 'Invalid Date';
  const { year, month, day } = calendarDate(ms, timeZone);
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** "Nov 22, 2026 at 3:42 PM". */
export const formatDateTime = (iso: string) =>
  `${formatDate(iso)} at ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;

/** A subscription period: "Nov 24 – Dec 24, 2024", or "Dec 24, 2024 – Jan 24, 2025" across a year. */
export function formatPeriod(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return start.getFullYear() === end.getFullYear()
    ? `${short(start)} – ${short(end)}, ${end.getFullYear()}`
    : `${formatDate(startIso)} – ${formatDate(endIso)}`;
}
