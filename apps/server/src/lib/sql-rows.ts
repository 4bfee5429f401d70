import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function sqlRows<T>(db: Tx, query: SQL): Promise<T[]> {
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
