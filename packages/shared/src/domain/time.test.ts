import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, addMonth } from './time';

describe('durations', () => {
  it('are the usual numbers of milliseconds', () => {
    expect(MINUTE_MS).toBe(60_000);
    expect(HOUR_MS).toBe(3_600_000);
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('addMonth', () => {
  const at = (iso: string) => addMonth(new Date(iso)).toISOString();
  it('keeps the day and time of day within the month', () => {
    expect(at('2025-03-15T10:20:30.000Z')).toBe('2025-04-15T10:20:30.000Z');
  });
  it('clamps Jan 31 to the last day of February, 28 or 29', () => {
    expect(at('2025-01-31T12:00:00.000Z')).toBe('2025-02-28T12:00:00.000Z');
    expect(at('2024-01-31T12:00:00.000Z')).toBe('2024-02-29T12:00:00.000Z');
    expect(at('2024-01-29T00:00:00.000Z')).toBe('2024-02-29T00:00:00.000Z');
  });
  it('clamps the 31st to a 30-day month and crosses the year end', () => {
    expect(at('2025-03-31T08:00:00.000Z')).toBe('2025-04-30T08:00:00.000Z');
    expect(at('2025-12-31T23:59:59.000Z')).toBe('2026-01-31T23:59:59.000Z');
    expect(at('2025-02-28T00:00:00.000Z')).toBe('2025-03-28T00:00:00.000Z');
  });
  it('does not change its argument', () => {
    const d = new Date('2025-01-31T12:00:00.000Z');
    addMonth(d);
    expect(d.toISOString()).toBe('2025-01-31T12:00:00.000Z');
  });
});
