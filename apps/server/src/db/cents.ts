import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Money that grows (a payout, a ledger entry paying one out, any sum of cents) is 64-bit in the
 * database: a 32-bit integer ends at 2,147,483,647 cents, $21,474,836.47, which one busy merchant's
 * half-month or the platform's all-time sales pass (docs/decisions/0040-safe-at-scale.md).
 *
 * A 64-bit value reaches JavaScript as a string (node-postgres), a bigint or a number (PGlite). It is
 * read into a number only when the number is exact (up to 2^53 − 1 cents, $90 trillion); anything
 * larger is an error, never a silently rounded amount.
 */
export function readCents(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'number' && typeof value !== 'bigint' && typeof value !== 'string')
    throw new TypeError(`A money amount is not a number of cents: ${typeof value}`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`A money amount is not an exact number of cents: ${String(value)}`);
  return n;
}

/** A money column that grows past 32 bits: `bigint` in SQL, an exact number in TypeScript. */
export const bigintCents = customType<{ data: number; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: readCents,
  toDriver: (value) => value,
});

/**
 * A sum of cents, 64-bit in SQL and exact in TypeScript: `centsSum(sql\`sum(x) filter (…)\`)`.
 * `coalesce(…, 0)` makes an empty sum 0; the sum of an integer column is a bigint, of a bigint a
 * numeric, so the cast to bigint fits either (and fails loudly past 2^63).
 */
export const centsSum = (sum: SQL) => sql<number>`coalesce(${sum}, 0)::bigint`.mapWith(readCents);
