import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { Deps } from '../lib/deps';
import { LOCK_IDS } from '../lib/lock-ids';
import { outageOf } from '../ops/outages';
import { traceCarrier, untraced, withJobSpan } from '../ops/trace-context';

/**
 * The job queue: pg-boss on the application's own database (docs/decisions/0009-job-queue.md).
 * Its tables live in this schema, next to ours and outside the Drizzle migrations.
 */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** One kind of background work, run on a cron schedule (minute resolution) by one instance at a time. */
export interface JobDefinition {
  /** Queue name: lowercase words joined by dashes. */
  name: string;
  /** What admins read on the Overview tab's Background jobs card. */
  label: string;
  /** Five-field cron in UTC, e.g. `* * * * *` for every minute; none for a job that runs only when enqueued. */
  cron?: string;
  /** Whether this instance's configuration needs the job (e.g. only with SMTP); default yes. */
  enabled?: (deps: Deps) => boolean;
  /**
   * The work; the value it returns is kept as the run's output. Throwing fails the run, which is retried.
   * `run` names this run (its id and the data it was enqueued with) when the queue runs it.
   */
  run: (deps: Deps, run?: JobRun) => Promise<unknown>;
  /** Retries after a failed run (default 3), the first after `retryDelaySeconds` (default 5) and each later one twice as long. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still going after this long is failed (and retried); default 10 minutes. */
  expireInSeconds?: number;
}

/** A job on a schedule (every entry of JOBS). */
export type ScheduledJobDefinition = JobDefinition & { cron: string };

/** One run of a job as the queue hands it to `run`. */
export interface JobRun {
  id: string;
  data: Record<string, unknown>;
}

export interface StartQueueOptions {
  /**
   * Run the cron clock that turns schedules into jobs (default true). Tests switch it off and fire
   * runs with `trigger`, so nothing happens on its own at a minute boundary.
   */
  runSchedules?: boolean;
  /** How often each worker looks for a due job (default 5 s, at least 0.5 s). */
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  boss: PgBoss;
  /** The jobs this instance works on. */
  jobs: JobDefinition[];
  /**
   * Enqueues one run of a job now, as its schedule does: one run per job and `key` per minute, however
   * many instances call this. Returns the run's id, or null when the run was already enqueued.
   */
  trigger(name: string, key?: string, data?: Record<string, unknown>): Promise<string | null>;
  /**
   * Enqueues one run of an on-demand job with its data and the current trace context (docs/decisions/0045-tracing.md),
   * and wakes this instance's worker for it at once. Returns the run's id.
   */
  enqueue(name: string, data: Record<string, unknown>): Promise<string | null>;
  /** Lets a running job finish (up to 10 s), then stops working; call it before closing the app and the database. */
  stop(): Promise<void>;
}

/**
 * A scheduled run is deduplicated on (job, key, minute): the cron clock on several instances, or a
 * clock that checks twice in a minute, enqueues one run.
 */
const scheduledRun = (name: string, key = name) => ({ singletonKey: key, singletonSeconds: 60 });

/**
 * Starts pg-boss on `database` (PostgreSQL or PGlite), creates one queue per job and works on it, and
 * keeps the schedules in the database equal to `definitions`. Each queue is `stately`: at most one
 * run waiting and one running across all instances, so a slow run is never overlapped by the next.
 */
export async function startJobQueue(
  deps: Deps,
  database: Database,
  definitions: JobDefinition[],
  opts: StartQueueOptions = {},
): Promise<JobQueue> {
  const recordOutcome = outcomeRecorder(database, deps.log);
  const boss = new PgBoss({
    // The queue's own statements (polling every few seconds) are not traced; a job's run is, under its own span.
    db: { executeSql: (text, values) => untraced(() => recordOutcome(text, values)) },
    schema: JOB_QUEUE_SCHEMA,
    schedule: opts.runSchedules ?? true,
    // Finished runs leave the job table after an hour; failed ones stay two days, so the admin card can
    // count the last 24 hours' failures from it. The archive keeps both for a week.
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 2 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  if (database.kind === 'postgres') {
    // One instance at a time starts pg-boss, which creates or migrates its schema: two instances starting at once
    // on a new database have failed with a duplicate key in pg_namespace (the restart test, on a loaded machine),
    // despite pg-boss's own lock around its schema. This lock is held by a transaction of its own while pg-boss
    // works on other connections of the pool (a pool of 2 at least, as the migrations need; PGlite has one
    // connection in one process: nothing to serialise).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.jobQueueStart})`);
      await boss.start();
    });
  } else await boss.start();

  const jobs = definitions.filter((d) => d.enabled?.(deps) ?? true);
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 5;
  const workers = new Map<string, string>();
  for (const job of jobs) {
    const queue: PgBoss.Queue = {
      name: job.name,
      policy: 'stately',
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 10 * 60,
    };
    if (!(await boss.getQueue(job.name))) await createQueueLocked(database, job.name);
    // Brings an existing queue's options up to date as well.
    await boss.updateQueue(job.name, queue);
    const worker = await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([taken]) => {
      const started = Date.now();
      const data = (taken!.data ?? {}) as Record<string, unknown> & { [TRACE_KEY]?: Record<string, string> };
      try {
        const output = await withJobSpan(job.name, taken!.id, data[TRACE_KEY], () => job.run(deps, { id: taken!.id, data }));
        deps.log.debug({ job: job.name, ms: Date.now() - started, output }, 'job done');
        deps.metrics.jobRuns.inc({ job: job.name, outcome: 'completed' });
        return output ?? null;
      } catch (err) {
        deps.log.error({ err, job: job.name }, 'job failed');
        deps.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
        throw err;
      }
    });
    workers.set(job.name, worker);
    if (job.cron) await boss.schedule(job.name, job.cron, undefined, { ...scheduledRun(job.name), tz: 'UTC' });
  }
  // A job removed from the code (or not needed with this configuration) is no longer scheduled.
  for (const s of await boss.getSchedules()) {
    if (!jobs.some((j) => j.name === s.name && j.cron)) await boss.unschedule(s.name);
  }

  // Runs waiting to be worked (created or waiting for a retry), for /metrics.
  deps.metrics.setQueueDepthSource(async () =>
    Object.fromEntries(await Promise.all(jobs.map(async (j) => [j.name, (await boss.getQueueSize(j.name)) ?? 0] as const))),
  );

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await boss.stop({ graceful: true, timeout: 10_000, close: false });
  };
  return {
    boss,
    jobs,
    trigger: (name, key, data = {}) => boss.send(name, { ...data, [TRACE_KEY]: traceCarrier() }, scheduledRun(name, key)),
    async enqueue(name, data) {
      const id = await boss.send(name, { ...data, [TRACE_KEY]: traceCarrier() });
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    stop,
  };
}

/** Where a run's data carries the trace context of what enqueued it (W3C `traceparent`). */
const TRACE_KEY = '_trace';

/** pg-boss's SQL plans (no types are published for them): the statements that record a run's outcome. */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const OUTCOME_STATEMENTS = new Set([plans.completeJobs(JOB_QUEUE_SCHEMA), plans.failJobsById(JOB_QUEUE_SCHEMA)]);
/** How long the outcome of a run is retried while the database is unreachable. */
const OUTCOME_RETRY_MS = 5 * 60_000;

/**
 * The SQL adapter pg-boss runs on. pg-boss 10 records a run's outcome (completed, or failed for a retry)
 * without waiting for it: when the database is unreachable at that moment (a restart, a failover) the
 * rejection is unhandled, which ends a Node process, and the run stays `active` until it expires (10
 * minutes) with every later run of that job queued behind it (docs/decisions/0046-outages.md). So those two
 * statements are retried here while the database is unreachable (0.25 s, doubling up to 5 s, for up to 5
 * minutes) and never reject: a run's outcome is recorded as soon as the database is back, and one that
 * still cannot be is logged and left to expire and be retried, as before. Every other statement goes
 * through as it is, its errors to pg-boss.
 */
function outcomeRecorder(database: Database, log: Deps['log']) {
  return async (text: string, values?: unknown[]) => {
    if (!OUTCOME_STATEMENTS.has(text)) return database.rawQuery(text, values);
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await database.rawQuery(text, values);
      } catch (err) {
        if (!outageOf(err) || Date.now() - started > OUTCOME_RETRY_MS) {
          log.error({ err, jobIds: values?.[1] }, 'could not record a job run’s outcome; the run expires and is retried');
          return { rows: [{ count: '0' }] };
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 5000)));
      }
    }
  };
}

/**
 * Creates a queue (pg-boss's `create_queue`, a no-op when it exists). It adds a partition and foreign
 * keys, and two instances starting at once deadlock doing that on PostgreSQL; taking first the
 * advisory lock pg-boss holds for its own schema changes (same key) makes them wait for each other.
 */
async function createQueueLocked(database: Database, name: string) {
  const schemaLock = `('x' || encode(sha224((current_database() || '.pgboss.${JOB_QUEUE_SCHEMA}')::bytea), 'hex'))::bit(64)::bigint`;
  await database.rawQuery(
    `with schema_lock as (select pg_advisory_xact_lock(${schemaLock})) select ${JOB_QUEUE_SCHEMA}.create_queue($1, $2) from schema_lock`,
    [name, JSON.stringify({ policy: 'stately' })],
  );
}

export interface FailingJob {
  name: string;
  failedCount: number;
  lastError: string | null;
  lastFailedAt: string;
}

/**
 * Jobs whose runs failed (every retry used up) in the last 24 hours, most recent first, with the
 * count and the last error. Empty while the queue has never started on this database.
 */
export async function failingJobs(db: Db): Promise<FailingJob[]> {
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  const installed = (await db.execute(sql`select to_regclass(${`${JOB_QUEUE_SCHEMA}.job`}) is not null as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  if (!installed.rows[0]?.ok) return [];
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  const res = (await db.execute(sql`
    select distinct on (name) name,
      count(*) over (partition by name)::int as failed_count,
      coalesce(output->>'message', output->'value'->>'message') as last_error,
      completed_on as last_failed_at
    from ${sql.raw(JOB_QUEUE_SCHEMA)}.job
    where state = 'failed' and completed_on > now() - interval '24 hours'
    order by name, completed_on desc`)) as unknown as {
    rows: { name: string; failed_count: number; last_error: string | null; last_failed_at: string | Date }[];
  };
  return res.rows
    .map((r) => ({
      name: r.name,
      failedCount: Number(r.failed_count),
      lastError: r.last_error,
      lastFailedAt: new Date(r.last_failed_at).toISOString(),
    }))
    .sort((a, b) => b.lastFailedAt.localeCompare(a.lastFailedAt));
}
