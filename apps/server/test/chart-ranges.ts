import { expect } from 'vitest';
import { CHART_RANGE_MESSAGES } from '@localperks/shared';

/**
 * The date ranges every chart route refuses (docs/decisions/0073-charts.md), each a 400 naming the field with the
 * schema's message: a start after the end, more than 366 days, days that are not calendar days, a custom range
 * without both days, an unknown preset. `get` calls the route with a query string.
 */
export async function expectBadRangesRefused(get: (query: string) => Promise<{ statusCode: number; json: () => unknown }>) {
  const cases: [string, string, string][] = [
    ['?range=custom&from=2026-03-05&to=2026-03-04', 'from', CHART_RANGE_MESSAGES.order],
    ['?range=custom&from=2025-01-01&to=2026-01-02', 'to', CHART_RANGE_MESSAGES.tooLong],
    ['?range=custom&from=2026-02-30&to=2026-03-04', 'from', CHART_RANGE_MESSAGES.day],
    ['?range=custom&from=2026-13-01&to=2026-03-04', 'from', CHART_RANGE_MESSAGES.day],
    ['?range=custom&from=yesterday&to=2026-03-04', 'from', CHART_RANGE_MESSAGES.day],
    // Neither a day (month 13, day 40) nor anything like one: a 400, never a 500.
    ['?range=custom&from=2026-13-40&to=x', 'from', CHART_RANGE_MESSAGES.day],
    ['?range=custom&from=2026-13-40&to=x', 'to', CHART_RANGE_MESSAGES.day],
    ['?range=custom&from=2026-03-01', 'to', CHART_RANGE_MESSAGES.bothDays],
    ['?range=custom&to=2026-03-01', 'from', CHART_RANGE_MESSAGES.bothDays],
    ['?range=year', 'range', CHART_RANGE_MESSAGES.range],
  ];
  for (const [query, field, message] of cases) {
    const res = await get(query);
    expect(res.statusCode, query).toBe(400);
    expect((res.json() as { error: unknown }).error, query).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  }
  // 366 days (a leap year) is the longest range.
  expect((await get('?range=custom&from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
}
