/*
 * "Open now" (docs/decisions/0049-location.md): opening hours are local times of the business, read in
 * its own time zone. Hours that close at or before they open run past midnight into the next day.
 * The database answers the same question for listings (migration 0044, `opening_week_minutes`);
 * this is the same rule for a page that has the hours in hand.
 */

export interface OpeningHoursDay {
  day: number;
  opens: string;
  closes: string;
}

const WEEK = 7 * 1440;
const minutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The minute of the local week (0 = Sunday 00:00) of an instant in a time zone. */
export function localWeekMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return day * 1440 + Number(get('hour')) * 60 + Number(get('minute'));
}

/** Whether the business is open at `at`; null when it lists no hours or no time zone (unknown, not closed). */
export function isOpenAt(hours: OpeningHoursDay[], timeZone: string | null, at: Date): boolean | null {
  if (!hours.length || !timeZone) return null;
  const now = localWeekMinute(at, timeZone);
  return hours.some((h) => {
    const start = h.day * 1440 + minutes(h.opens);
    const end = h.day * 1440 + (minutes(h.closes) > minutes(h.opens) ? minutes(h.closes) : 1440 + minutes(h.closes));
    return (now >= start && now < end) || (end > WEEK && now < end - WEEK);
  });
}
