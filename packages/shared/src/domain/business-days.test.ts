import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDeadline, dayIn, isBusinessDay, startOfDayIn, usFederalHolidays } from './business-days';

const days = (year: number) => usFederalHolidays(year).map((h) => h.day);

describe('US federal holidays as observed', () => {
  it('2026: Independence Day on a Saturday is observed on Friday July 3', () => {
    expect(days(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });
  it('2022: Juneteenth and Christmas on a Sunday move to Monday; New Year on a Saturday is observed on 2021-12-31', () => {
    expect(days(2022)).toEqual([
      '2022-01-17',
      '2022-02-21',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-10-10',
      '2022-11-11',
      '2022-11-24',
      '2022-12-26',
    ]);
    expect(days(2021)).toContain('2021-12-31');
    expect(days(2021)).toContain('2021-06-18');
    expect(days(2021)).toContain('2021-12-24');
  });
  it('Juneteenth counts only from 2021', () => {
    expect(days(2020)).not.toContain('2020-06-19');
    expect(days(2020)).toContain('2020-05-25');
  });
  it('weekends and observed holidays are not business days', () => {
    expect(isBusinessDay('2026-03-06')).toBe(true); // Friday
    expect(isBusinessDay('2026-03-07')).toBe(false); // Saturday
    expect(isBusinessDay('2026-03-08')).toBe(false); // Sunday
    expect(isBusinessDay('2026-07-03')).toBe(false); // observed Independence Day
    expect(isBusinessDay('2027-12-31')).toBe(false); // observed New Year's Day 2028
  });
  it('refuses what is not a calendar day', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow();
    expect(() => addBusinessDays('2026-3-1', 1)).toThrow();
    expect(() => addBusinessDays('2026-03-02', -1)).toThrow();
  });
});

describe('addBusinessDays', () => {
  it('five business days from a Monday is the next Monday; zero is the same day', () => {
    expect(addBusinessDays('2026-03-02', 5)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-02', 0)).toBe('2026-03-02');
    expect(addBusinessDays('2026-03-02', 1)).toBe('2026-03-03');
  });
  it('a request on a weekend counts from the Monday', () => {
    expect(addBusinessDays('2026-03-07', 5)).toBe('2026-03-13');
    expect(addBusinessDays('2026-03-08', 1)).toBe('2026-03-09');
  });
  it('crosses a month end, and February of a leap year', () => {
    expect(addBusinessDays('2026-04-30', 5)).toBe('2026-05-07');
    expect(addBusinessDays('2028-02-25', 5)).toBe('2028-03-03');
    expect(addBusinessDays('2027-02-25', 5)).toBe('2027-03-04');
  });
  it('skips Thanksgiving, Martin Luther King Day and an observed Juneteenth', () => {
    expect(addBusinessDays('2026-11-25', 5)).toBe('2026-12-03');
    expect(addBusinessDays('2026-01-13', 5)).toBe('2026-01-21');
    expect(addBusinessDays('2027-06-16', 5)).toBe('2027-06-24');
  });
  it('crosses a year end over Christmas and an observed New Year (Friday 2027-12-31)', () => {
    expect(addBusinessDays('2026-12-23', 5)).toBe('2026-12-31');
    expect(addBusinessDays('2027-12-23', 5)).toBe('2028-01-03');
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
  });
});

describe('the refund answer deadline (end of the 5th business day in New York)', () => {
  it('reads the day in New York, not in UTC', () => {
    // 22:00 on Monday in New York is already Tuesday in UTC.
    expect(dayIn(new Date('2026-03-03T03:00:00Z'))).toBe('2026-03-02');
    expect(businessDeadline(new Date('2026-03-03T03:00:00Z'), 5)).toEqual(businessDeadline(new Date('2026-03-02T15:00:00Z'), 5));
  });
  it('ends at midnight New York time, in winter (UTC-5) and after daylight saving starts (UTC-4)', () => {
    expect(businessDeadline(new Date('2026-01-05T12:00:00Z'), 5).toISOString()).toBe('2026-01-13T04:59:59.999Z');
    // Monday 2026-03-02 + 5 = Monday 2026-03-09, after the switch on Sunday 2026-03-08.
    expect(businessDeadline(new Date('2026-03-02T15:00:00Z'), 5).toISOString()).toBe('2026-03-10T03:59:59.999Z');
    expect(startOfDayIn('2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
});
