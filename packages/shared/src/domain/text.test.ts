import { describe, expect, it } from 'vitest';
import { formatPercent, plural } from './text';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(3, 'day')).toBe('3 days');
    expect(plural(0, 'purchase')).toBe('0 purchases');
  });
  it('takes an irregular plural', () => {
    expect(plural(2, 'person', 'people')).toBe('2 people');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });
});

describe('formatPercent', () => {
  it('writes a whole percent', () => {
    expect(formatPercent(15)).toBe('15%');
    expect(formatPercent(8)).toBe('8%');
  });
});
