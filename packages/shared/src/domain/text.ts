/** `1 day`, `3 days`: a count with its unit in the singular or the (regular, +s) plural. */
export function plural(n: number, unit: string, pluralUnit = `${unit}s`): string {
  return `${n} ${n === 1 ? unit : pluralUnit}`;
}

/** `15%` from a whole percent (commission, tax). */
export function formatPercent(percent: number): string {
  return `${percent}%`;
}
