import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import { mailOutboxBacklog } from '../mail/mailer';
import type { Clock } from './clock';
import type { EventStreams } from './sse';

/** Where the gauges read their values when /metrics is scraped. */
export interface MetricSources {
  database: Database;
  eventStreams: EventStreams;
  /** Mail leaves through SMTP: the unsent outbox rows are a backlog (without SMTP they are the development mailbox). */
  deliversMail: boolean;
  /** The app's clock: the outbox's age is measured against it. */
  clock: Clock;
}

/**
 * This instance's Prometheus metrics (GET /metrics). One registry per app, so several apps in one
 * process (the tests) do not share counters.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequestDuration = new Histogram({
    name: 'localperks_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'localperks_job_runs_total',
    help: 'Background job runs on this instance by job and outcome (completed or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  private queueDepthSource: (() => Promise<Record<string, number>>) | null = null;
  private readinessSource: (() => Promise<boolean>) | null = null;

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'localperks_' });
    new Gauge({
      name: 'localperks_db_pool_connections',
      help: 'Database connections of this instance by state (PGlite: one embedded connection, total only)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = sources.database.poolStats();
        this.set({ state: 'total' }, stats.total);
        if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
        if (stats.waiting !== undefined) this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    const readiness = () => this.readinessSource?.() ?? Promise.resolve(true);
    new Gauge({
      name: 'localperks_ready',
      help: 'Whether this instance answers /api/ready with 200 (database reachable, migrations applied, not shutting down)',
      registers: [this.registry],
      async collect() {
        this.set((await readiness().catch(() => false)) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'localperks_sse_open_streams',
      help: 'Server-Sent Events streams open on this instance',
      registers: [this.registry],
      collect() {
        this.set(sources.eventStreams.size);
      },
    });
    const queueDepth = () => this.queueDepthSource?.() ?? Promise.resolve({});
    new Gauge({
      name: 'localperks_job_queue_depth',
      help: 'Background job runs waiting to be worked, by job (shared by all instances)',
      labelNames: ['job'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        // A failed read (database unreachable) leaves the series out rather than failing the scrape.
        const none: Record<string, number> = {};
        const depth = await queueDepth().catch(() => none);
        for (const [job, n] of Object.entries(depth)) this.set({ job }, n);
      },
    });
    if (sources.deliversMail) {
      new Gauge({
        name: 'localperks_mail_outbox_unsent',
        help: 'E-mails in the outbox not sent yet (shared by all instances)',
        registers: [this.registry],
        async collect() {
          this.reset();
          const [row] = await sources.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(emailOutbox)
            .where(isNull(emailOutbox.sentAt))
            .catch(() => []);
          if (row) this.set(Number(row.n));
        },
      });
      new Gauge({
        name: 'localperks_mail_outbox_oldest_unsent_age_seconds',
        help: 'Age of the oldest e-mail still being retried (0 when none waits): an SMTP outage makes it grow',
        registers: [this.registry],
        async collect() {
          this.reset();
          // A failed read (database unreachable) leaves the series out rather than failing the scrape.
          const backlog = await mailOutboxBacklog(sources.database.db).catch(() => null);
          if (!backlog) return;
          const oldest = backlog.oldestUnsentAt ? new Date(backlog.oldestUnsentAt).getTime() : null;
          this.set(oldest === null ? 0 : Math.max(0, (sources.clock.now().getTime() - oldest) / 1000));
        },
      });
    }
  }

  /** /api/ready's check, for the localperks_ready gauge (modules/system). */
  setReadinessSource(source: () => Promise<boolean>) {
    this.readinessSource = source;
  }

  /** The job queue reports its depth once it runs on this instance (jobs/queue.ts). */
  setQueueDepthSource(source: () => Promise<Record<string, number>>) {
    this.queueDepthSource = source;
  }
}
