import { plural } from './text';
import { MINUTE_MS } from './time';

/**
 * Remaining-time text of a crowd-vote deal (docs/product/customer-spec.md §4 Voting): "N day(s) N hr(s)", under a day
 * "N hr(s) N min(s)". Under an hour the zero hours are left out ("1 min", not "0 hrs 1 min"), and the
 * last minute reads "Less than 1 min".
 */
export function remainingTimeText(end: Date | string | null | undefined, now: Date = new Date()): string {
  if (!end) return 'Unknown';
  const endMs = new Date(end).getTime();
  if (Number.isNaN(endMs)) return 'Unknown';
  const diff = endMs - now.getTime();
  if (diff <= 0) return 'Expired';
  const minutes = Math.floor(diff / MINUTE_MS);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days >= 1) return `${plural(days, 'day')} ${plural(hours, 'hr')}`;
  if (hours >= 1) return `${plural(hours, 'hr')} ${plural(mins, 'min')}`;
  return mins >= 1 ? plural(mins, 'min') : 'Less than 1 min';
}
