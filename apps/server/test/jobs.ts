import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Db } from '../src/db/client';
import { JOB_QUEUE_SCHEMA } from '../src/jobs/queue';

export interface JobRun {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: Record<string, unknown> | null;
}

/** Every run enqueued under `key` (the tick a test fired with `trigger(name, key)`), by job name. */
export async function runsFor(db: Db, key: string): Promise<JobRun[]> {
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  const res = (await db.execute(sql`
    select id, name, state, retry_count as "retryCount", output
    from ${sql.raw(JOB_QUEUE_SCHEMA)}.job where singleton_key = ${key} order by name`)) as unknown as { rows: JobRun[] };
  return res.rows;
}

/** Waits (polling the queue's table, up to `timeout` ms) until no run under `key` is waiting or running. */
export async function waitForRuns(db: Db, key: string, timeout = 30_000): Promise<JobRun[]> {
  return vi.waitFor(
    async () => {
      const runs = await runsFor(db, key);
      const open = runs.filter((r) => r.state === 'created' || r.state === 'retry' || r.state === 'active');
      if (!runs.length || open.length)
        throw new Error(`runs of ${key} not finished: ${open.map((r) => `${r.name} ${r.state}`).join(', ')}`);
      return runs;
    },
    { timeout, interval: 100 },
  );
}

/**
 * Waits until the clock is at least 5 s from the next minute, so that runs fired together land in
 * the same minute slot (a scheduled run is deduplicated per job, key and minute).
 */
export async function awayFromMinuteBoundary(): Promise<void> {
  await vi.waitFor(
    () => {
      if (new Date().getUTCSeconds() >= 55) throw new Error('too close to the next minute');
    },
    { timeout: 10_000, interval: 200 },
  );
}
