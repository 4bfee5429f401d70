/**
 * Business days for the Merchant Refund Policy: a merchant has 5 business days to answer a refund
 * request (docs/product/merchant-admin-spec.md §2, docs/product/design.md §14). A business day is Monday to Friday and not a US
 * federal holiday (5 U.S.C. 6103) as observed: a holiday on a Saturday is observed the Friday before,
 * one on a Sunday the Monday after. Days are calendar days `YYYY-MM-DD`; the clock of the rule is
 * America/New_York (docs/decisions/0019-refund-flow.md).
 */

/** The time zone whose calendar counts business days and whose end of day closes a deadline. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/** A holiday on a fixed date, or on the nth weekday of a month (`nth: -1` = the last one). */
export type HolidayRule =
  | { name: string; month: number; day: number; since?: number }
  | { name: string; month: number; weekday: number; nth: number; since?: number };

/** The eleven federal holidays (Juneteenth since 2021). Months 1-12, weekdays 0 = Sunday … 6 = Saturday. */
export const US_FEDERAL_HOLIDAYS: readonly HolidayRule[] = [
  { name: "New Year's Day", month: 1, day: 1 },
  { name: 'Birthday of Martin Luther King, Jr.', month: 1, weekday: 1, nth: 3 },
  { name: "Washington's Birthday", month: 2, weekday: 1, nth: 3 },
  { name: 'Memorial Day', month: 5, weekday: 1, nth: -1 },
  { name: 'Juneteenth National Independence Day', month: 6, day: 19, since: 2021 },
  { name: 'Independence Day', month: 7, day: 4 },
  { name: 'Labor Day', month: 9, weekday: 1, nth: 1 },
  { name: 'Columbus Day', month: 10, weekday: 1, nth: 2 },
  { name: 'Veterans Day', month: 11, day: 11 },
  { name: 'Thanksgiving Day', month: 11, weekday: 4, nth: 4 },
  { name: 'Christmas Day', month: 12, day: 25 },
];

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): Date {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`Not a calendar day (YYYY-MM-DD): ${day}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== day) throw new Error(`Not a calendar day: ${day}`);
  return date;
}
const formatDay = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

function actualDate(rule: HolidayRule, year: number): Date {
  if ('day' in rule) return utcDay(year, rule.month, rule.day);
  if (rule.nth > 0) {
    const first = utcDay(year, rule.month, 1);
    const offset = (rule.weekday - first.getUTCDay() + 7) % 7;
    return utcDay(year, rule.month, 1 + offset + (rule.nth - 1) * 7);
  }
  const last = utcDay(year, rule.month + 1, 0);
  const back = (last.getUTCDay() - rule.weekday + 7) % 7;
  return utcDay(year, rule.month, last.getUTCDate() - back);
}

/** Saturday → the Friday before, Sunday → the Monday after; weekday holidays stay. */
function observed(date: Date): Date {
  const weekday = date.getUTCDay();
  if (weekday === 6) return new Date(date.getTime() - 86_400_000);
  if (weekday === 0) return new Date(date.getTime() + 86_400_000);
  return date;
}

/**
 * The observed federal holidays that fall in `year`, in date order. New Year's Day of the next year
 * on a Saturday is observed on December 31 of this one (as on 2021-12-31).
 */
export function usFederalHolidays(year: number): { day: string; name: string }[] {
  const all = [year, year + 1].flatMap((y) =>
    US_FEDERAL_HOLIDAYS.filter((r) => r.since === undefined || y >= r.since).map((r) => ({
      day: formatDay(observed(actualDate(r, y))),
      name: r.name,
    })),
  );
  return all.filter((h) => h.day.startsWith(`${year}-`)).sort((a, b) => a.day.localeCompare(b.day));
}

const holidayCache = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(usFederalHolidays(year).map((h) => h.day));
    holidayCache.set(year, set);
  }
  return set;
}

/** Monday to Friday and not an observed federal holiday. */
export function isBusinessDay(day: string): boolean {
  const date = parseDay(day);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(date.getUTCFullYear()).has(day);
}

/**
 * The calendar day `n` business days after `day` (n ≥ 0). The start day itself is never counted,
 * so a request made on a Saturday, a holiday or a Monday all count from the next business day.
 */
export function addBusinessDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Business days must be a whole number ≥ 0, not ${n}`);
  let date = parseDay(day);
  let left = n;
  while (left > 0) {
    date = new Date(date.getTime() + 86_400_000);
    if (isBusinessDay(formatDay(date))) left--;
  }
  return formatDay(date);
}

/** The calendar day `at` falls on in `timeZone`. */
export function dayIn(at: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Minutes `timeZone` is ahead of UTC at `at` (New York: -300 in winter, -240 in summer). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The first instant of a calendar day in `timeZone` (daylight saving changes at 2 am, never at midnight there). */
export function startOfDayIn(day: string, timeZone = BUSINESS_TIME_ZONE): Date {
  const utcMidnight = parseDay(day).getTime();
  let guess = utcMidnight - offsetMinutes(new Date(utcMidnight), timeZone) * 60_000;
  // The offset at the guess may differ from the one at UTC midnight: one correction settles it.
  guess = utcMidnight - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/**
 * The end (last millisecond) of the `n`th business day after the day `at` falls on in New York:
 * the merchant's deadline to answer a refund request made at `at`.
 */
export function businessDeadline(at: Date, n: number, timeZone = BUSINESS_TIME_ZONE): Date {
  const day = addBusinessDays(dayIn(at, timeZone), n);
  const next = formatDay(new Date(parseDay(day).getTime() + 86_400_000));
  return new Date(startOfDayIn(next, timeZone).getTime() - 1);
}

/**
 * A moment as New York (the business time zone) reads it, the same in e-mails and on screens:
 * "Wed, Dec 2, 2026, 11:59 PM EST". A refund request's deadline and the time it was made are both
 * shown this way, so the two always read in one zone.
 */
export const formatBusinessTime = (at: Date | string) =>
  new Date(at).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: BUSINESS_TIME_ZONE,
    timeZoneName: 'short',
  });
/** A deadline in the business time zone (formatBusinessTime). */
export const formatBusinessDeadline = formatBusinessTime;
