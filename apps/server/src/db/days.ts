import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Calendar days in a time zone, for the console's charts (docs/decisions/0073-charts.md). A day starts at its
 * midnight in `timeZone` (`'2026-11-01'::timestamp at time zone 'America/Los_Angeles'`), so a range is the instants
 * from its first day's midnight to the midnight after its last day, whatever daylight saving does in between,
 * compared with the column as it is (an index on it still serves).
 */
export const withinDays = (column: AnyColumn | SQL, from: string, to: string, timeZone: string): SQL =>
  sql`(${column} >= (${from}::date::timestamp at time zone ${timeZone}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone}))`;

/**
 * The calendar day (`YYYY-MM-DD`) an instant falls on in `timeZone`, to group by: the zone is written into the
 * statement (a parameter in the select and another in the group by would be two expressions to PostgreSQL).
 */
export const dayOf = (column: AnyColumn | SQL, timeZone: string) => {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z_+-]+)*$/.test(timeZone)) throw new Error(`Not a time zone name: ${timeZone}`);
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${timeZone}'`)}, 'YYYY-MM-DD')`;
};

/** Every day from `from` to `to`, oldest first. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
