import { describe, expect, it } from 'vitest';
import { isPayoutOverdue, nextPayoutDate, payoutPeriodFor, payoutPeriodWindow, previousPayoutPeriod } from './payouts';

const at = (iso: string) => new Date(iso);

describe('payout periods', () => {
  it('days 1-14 are paid on the 15th', () => {
    expect(payoutPeriodFor(at('2026-03-01T00:00:00Z'))).toEqual({ start: '2026-03-01', end: '2026-03-14', payoutDate: '2026-03-15' });
    expect(payoutPeriodFor(at('2026-03-14T23:59:59.999Z'))).toEqual({ start: '2026-03-01', end: '2026-03-14', payoutDate: '2026-03-15' });
  });
  it('the 15th to the month end is paid on the 1st of the next month, across a year end', () => {
    expect(payoutPeriodFor(at('2026-03-15T00:00:00Z'))).toEqual({ start: '2026-03-15', end: '2026-03-31', payoutDate: '2026-04-01' });
    expect(payoutPeriodFor(at('2026-12-31T23:00:00Z'))).toEqual({ start: '2026-12-15', end: '2026-12-31', payoutDate: '2027-01-01' });
    expect(payoutPeriodFor(at('2026-04-30T12:00:00Z')).end).toBe('2026-04-30');
  });
  it('February ends on the 29th in a leap year and the 28th otherwise', () => {
    expect(payoutPeriodFor(at('2028-02-29T10:00:00Z'))).toEqual({ start: '2028-02-15', end: '2028-02-29', payoutDate: '2028-03-01' });
    expect(payoutPeriodFor(at('2027-02-20T10:00:00Z')).end).toBe('2027-02-28');
  });
  it('steps back one period, into the previous month and year', () => {
    expect(previousPayoutPeriod(payoutPeriodFor(at('2026-03-20T00:00:00Z'))).start).toBe('2026-03-01');
    expect(previousPayoutPeriod(payoutPeriodFor(at('2026-03-02T00:00:00Z')))).toEqual({
      start: '2026-02-15',
      end: '2026-02-28',
      payoutDate: '2026-03-01',
    });
    expect(previousPayoutPeriod(payoutPeriodFor(at('2027-01-05T00:00:00Z')))).toEqual({
      start: '2026-12-15',
      end: '2026-12-31',
      payoutDate: '2027-01-01',
    });
  });
  it('gives the sales window as a half-open range of UTC midnights', () => {
    const w = payoutPeriodWindow(payoutPeriodFor(at('2028-02-20T00:00:00Z')));
    expect(w.from.toISOString()).toBe('2028-02-15T00:00:00.000Z');
    expect(w.to.toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
  it('next payout date follows the text of the spec, not its last-day-of-month formula', () => {
    expect(nextPayoutDate(at('2026-11-23T12:00:00Z'))).toBe('2026-12-01');
    expect(nextPayoutDate(at('2026-11-14T12:00:00Z'))).toBe('2026-11-15');
  });
});

describe('overdue payouts', () => {
  it('an unpaid payout is overdue from the UTC day after its payout date, a paid one never', () => {
    const payout = { isPaid: false, payoutDate: '2026-03-15' };
    expect(isPayoutOverdue(payout, at('2026-03-15T23:59:59.999Z'))).toBe(false);
    expect(isPayoutOverdue(payout, at('2026-03-16T00:00:00Z'))).toBe(true);
    expect(isPayoutOverdue({ ...payout, isPaid: true }, at('2026-04-30T00:00:00Z'))).toBe(false);
  });
});
