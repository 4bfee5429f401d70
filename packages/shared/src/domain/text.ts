/** `1 day`, `3 days`: a count with its unit in the singular or the (regular, +s) plural. */
export function plural(n: number, unit: string, pluralUnit = `${unit}s`): string {
  return `${n} ${n === 1 ? unit : pluralUnit}`;
}

/** `15%` from a whole percent (commission, tax). */
export function formatPercent(percent: number): string {
  return `${percent}%`;
}

/**
 * `1,234` (en-US grouping) from a whole number, without Intl: a page's first use of Intl costs the
 * browser its locale data, 50 ms of work and more on a phone (docs/decisions/0030-tbt.md). Fractions
 * are rounded away; the sign is kept.
 */
export function formatCount(n: number): string {
  const whole = Math.round(Math.abs(n));
  const digits = String(whole);
  const grouped = digits.length > 21 || !/^\d+$/.test(digits) ? digits : digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 && whole !== 0 ? '-' : ''}${grouped}`;
}
