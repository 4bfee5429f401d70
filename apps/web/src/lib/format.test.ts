import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_RENDER_TIME_ZONE, formatCents, formatCount } from '@localperks/shared';
import { calendarDate, formatDate, pacificOffsetHours } from './format';

/*
 * The public pages format money, counts and dates without Intl: a page's first use of Intl costs the
 * browser its locale data, 50 ms and more of one task on a phone (docs/decisions/0030-tbt.md). These
 * tests hold the results equal to Intl's, and prove Intl is not called.
 */

const HOUR = 3_600_000;
const intlFormats = new Map<string | undefined, Intl.DateTimeFormat>();
/** What `toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })` answers. */
const intlDate = (ms: number, timeZone?: string) => {
  let f = intlFormats.get(timeZone);
  if (!f) intlFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })));
  return f.format(ms);
};

afterEach(() => vi.restoreAllMocks());

describe('formatting without Intl', () => {
  it('groups counts and money as en-US does', () => {
    for (const n of [0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 987_654_321, -1234, 2 ** 40])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-100050)).toBe('-$1,000.50');
  });

  it('knows the Pacific offset at every hour of March, November and a summer month of 2024-2038, as Intl does', () => {
    const fmt = new Intl.DateTimeFormat('en-US', { timeZone: SERVER_RENDER_TIME_ZONE, timeZoneName: 'shortOffset' });
    const wrong: string[] = [];
    for (let year = 2024; year <= 2038; year++)
      for (const month of [2, 6, 10])
        for (let ms = Date.UTC(year, month, 1); ms < Date.UTC(year, month + 1, 1); ms += HOUR) {
          const name = fmt.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value; // GMT-7 / GMT-8
          if (pacificOffsetHours(ms) !== Number(name.replace('GMT', ''))) wrong.push(new Date(ms).toISOString());
        }
    expect(wrong).toEqual([]);
  });

  it('formats dates as toLocaleDateString does, in the server render zone, UTC and the reader zone', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(2025, 0, 1, 0, 30); ms < Date.UTC(2028, 0, 1); ms += 3 * HOUR) {
      const iso = new Date(ms).toISOString();
      for (const zone of [SERVER_RENDER_TIME_ZONE, 'UTC', undefined])
        if (formatDate(iso, zone) !== intlDate(ms, zone)) wrong.push(`${iso} ${zone}: ${formatDate(iso, zone)}`);
    }
    expect(wrong).toEqual([]);
    expect(formatDate('2026-11-22T12:00:00Z', 'Asia/Tokyo')).toBe('Nov 22, 2026');
    expect(formatDate('not a date')).toBe('Invalid Date');
  });

  it('calls no Intl for money, counts, or a date in the server render zone or the reader zone', () => {
    const spies = [
      vi.spyOn(Number.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'DateTimeFormat'),
    ];
    formatCents(123456);
    formatCount(98765);
    formatDate('2026-11-22T12:00:00Z', SERVER_RENDER_TIME_ZONE);
    formatDate('2026-11-22T12:00:00Z');
    expect(calendarDate(Date.UTC(2027, 0, 1, 7, 59), SERVER_RENDER_TIME_ZONE)).toEqual({ year: 2026, month: 11, day: 31 });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
