import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function sqlRows<T>(db: Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
