import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isNull, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { emailOutbox } from '../src/db/schema';
import { startJobs } from '../src/jobs';
import type { JobDefinition } from '../src/jobs/queue';
import { build, freshDatabase, ORIGIN } from './build';
import { waitForRuns } from './jobs';
import { openSse } from './sse';
import { errorResponses, okSchema } from '@localperks/shared';

const t = await build();
const TEST_ENV = { NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent', BROWSE_CACHE_MS: '0' };
const PROD = { ...TEST_ENV, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
const TOKEN = 'metrics-token-0123456789abcdef';

/** Another app instance on the test's database (closed after the file). */
async function appWith(env: Record<string, string>, opts: Partial<Parameters<typeof buildApp>[0]> = {}) {
  const app = await buildApp({ config: loadConfig(env), database: t.database, logger: false, ...opts });
  await app.ready();
  afterAll(() => app.close());
  return app;
}

/** The value of one series in a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? '';
    if (want.every((w) => labelText.split(',').includes(w))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('/api/health and /api/ready', () => {
  it('health answers without the database; ready answers 503 with a JSON error once the database is unreachable', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ config: loadConfig(TEST_ENV), database, logger: false });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await database.close();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', databaseKind: database.kind });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'The database is unreachable.' } });
    await app.close().catch(() => {});
  });

  it('ready answers 503 while a committed migration is not applied', async () => {
    const db = t.database.db;
    // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union
    const last = (await db.execute(
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = last.rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await t.request({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(res.json().error.message).toMatch(/^Database migrations not applied: \d{4}_\w+$/);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`,
      );
    }
    expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('while draining (SIGTERM), ready answers 503 and event streams end with a retry hint; new streams are told to go elsewhere', async () => {
    const app = await appWith(TEST_ENV);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;
    const stream = await openSse(url);
    await vi.waitFor(() => expect(app.eventStreams.size).toBe(1), { timeout: 5000, interval: 20 });
    app.startDraining();
    await stream.ended;
    expect(stream.blocks.at(-1)).toEqual({ retry: 1000 });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'This instance is shutting down.' } });
    const late = await openSse(url);
    await late.ended;
    expect(late.blocks).toEqual([{ retry: 1000 }]);
  });
});

describe('GET /metrics', () => {
  it('is open to this machine in development and absent for other clients', async () => {
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const remote = await t.request({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const proxied = await t.request({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(404);
    expect(t.app.registeredRoutes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/metrics', access: 'operator' }));
  });

  it('in production needs the Bearer METRICS_TOKEN (401 without it), and does not exist without one configured (404)', async () => {
    const closed = await appWith(PROD);
    expect((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const open = await appWith({ ...PROD, METRICS_TOKEN: TOKEN });
    const none = await open.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    const wrong = await open.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await open.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
      remoteAddress: '10.0.0.7',
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain');
  });

  it('METRICS_TOKEN is validated at start-up', () => {
    expect(() => loadConfig({ ...PROD, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PROD, METRICS_TOKEN: 'has a space in it, long enough' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...PROD, METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });

  it('reports request latency by route pattern and status, the database pool and open event streams', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ method: 'GET', url: `/api/deals/${id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/deals' })).statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`);
    await vi.waitFor(() => expect(t.app.eventStreams.size).toBe(1), { timeout: 5000, interval: 20 });

    const text = (await t.request({ method: 'GET', url: '/metrics' })).body;
    const latency = 'localperks_http_request_duration_seconds_count';
    expect(sample(text, latency, { method: 'GET', route: '/api/deals/:id', status_code: '404' })).toBe(1);
    expect(sample(text, latency, { method: 'GET', route: '/api/deals', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain(
      'localperks_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/deals/:id",status_code="404"}',
    );
    // The pattern, never the raw URL.
    expect(text).not.toContain(id);
    expect(sample(text, 'localperks_sse_open_streams')).toBe(1);
    const total = sample(text, 'localperks_db_pool_connections', { state: 'total' });
    if (t.database.kind === 'pglite') expect(total).toBe(1);
    else {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'localperks_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'localperks_db_pool_connections', { state: 'waiting' })).toBe(0);
    }
    expect(sample(text, 'localperks_process_cpu_seconds_total')).toBeGreaterThan(0);
    // /api/ready's answer as a gauge, for the ready=false alert; 0 once the instance drains.
    expect(sample(text, 'localperks_ready')).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(t.app.eventStreams.size).toBe(0), { timeout: 5000, interval: 20 });
  });

  it('reports job runs and failures (counted in the job wrapper) and the queue depth', async () => {
    let runs = 0;
    const jobs: JobDefinition[] = [
      {
        name: 'metrics-flaky',
        label: 'Fails once',
        cron: '0 0 1 1 *',
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: async () => {
          runs++;
          if (runs === 1) throw new Error('first run fails');
          return { runs };
        },
      },
      { name: 'metrics-later', label: 'Waits', cron: '0 0 1 1 *', run: async () => null },
    ];
    const queue = await startJobs(t.app.deps, t.database, { jobs, runSchedules: false, pollingIntervalSeconds: 0.5 });
    try {
      await queue.trigger('metrics-flaky', 'metrics-tick');
      await waitForRuns(t.database.db, 'metrics-tick');
      // A run waiting for later (a stately queue holds at most one): the queue's depth.
      expect(await queue.boss.send('metrics-later', {}, { startAfter: 3600 })).toBeTruthy();
      const text = (await t.request({ method: 'GET', url: '/metrics' })).body;
      expect(sample(text, 'localperks_job_runs_total', { job: 'metrics-flaky', outcome: 'failed' })).toBe(1);
      expect(sample(text, 'localperks_job_runs_total', { job: 'metrics-flaky', outcome: 'completed' })).toBe(1);
      expect(sample(text, 'localperks_job_queue_depth', { job: 'metrics-later' })).toBe(1);
      expect(sample(text, 'localperks_job_queue_depth', { job: 'metrics-flaky' })).toBe(0);
    } finally {
      await queue.stop();
    }
  });

  it('reports the mail outbox backlog when mail goes out through SMTP', async () => {
    const app = await appWith({ ...TEST_ENV, SMTP_URL: 'smtp://127.0.0.1:9' });
    const mail = { subject: 'Hello', text: 'x', html: '<p>x</p>', kind: 'test' };
    await t.database.db.insert(emailOutbox).values([
      { ...mail, to: 'waiting-1@example.com' },
      { ...mail, to: 'waiting-2@example.com' },
      { ...mail, to: 'sent@example.com', sentAt: new Date() },
    ]);
    const [unsent] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(isNull(emailOutbox.sentAt));
    expect(unsent!.n).toBeGreaterThanOrEqual(2);
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'localperks_mail_outbox_unsent')).toBe(unsent!.n);
    // Without SMTP the outbox is the development mailbox, not a backlog.
    expect(sample((await t.request({ method: 'GET', url: '/metrics' })).body, 'localperks_mail_outbox_unsent')).toBeUndefined();
  });
});

describe('JSON logs', () => {
  it('carry the request id on every line of a request: handler lines through app.log, after the body was read, and the 5xx error', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const database = await freshDatabase();
    afterAll(() => database.close());
    const app = await buildApp({ config: loadConfig({ ...TEST_ENV, LOG_LEVEL: 'info' }), database, logger: true, logStream });
    // A handler that logs through the app's logger (as services and the mailer do), after reading a body, then fails.
    app.post(
      '/api/test/log-and-fail',
      { config: { access: 'public' }, schema: { response: { 200: okSchema, ...errorResponses } } },
      async (request) => {
        await Promise.resolve();
        app.log.info({ body: request.body }, 'inside the handler');
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('boom');
      },
    );
    await app.ready();
    afterAll(() => app.close());

    const res = await app.inject({
      method: 'POST',
      url: '/api/test/log-and-fail',
      headers: { origin: ORIGIN, 'x-request-id': 'req-logs-1' },
      payload: { hello: 'world' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.requestId).toBe('req-logs-1');
    const mine = lines.filter((l) => l.reqId === 'req-logs-1');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'inside the handler', 'unhandled error', 'request completed']);
    expect(mine.find((l) => l.msg === 'unhandled error')).toMatchObject({ level: 50, err: { message: 'boom' } });
    // A line written outside any request has no request id.
    app.log.info('between requests');
    expect(lines.at(-1)).toMatchObject({ msg: 'between requests' });
    expect(lines.at(-1)).not.toHaveProperty('reqId');
  });
});
