import { afterAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { deals, orderItems, orders, purchases, sandboxSessions } from '../../src/db/schema';
import { startJobs } from '../../src/jobs';
import type { JobDefinition } from '../../src/jobs/queue';
import { redeliverSandboxWebhooks } from '../../src/modules/money';
import { startPostgresServer } from '../../../../test/postgres-server';
import { ORIGIN, rowsOf, sessionCookie, TEST_PASSWORD } from '../build';
import { fixedClock } from '../clock';
import { createBoostDeal, createDeal, createMerchant, TEST_BILLING, TEST_CARD } from '../factories';
import { createUser } from '../../src/modules/accounts';

/**
 * PostgreSQL restarts (`pg_ctl restart -m fast`) during 30 s of mixed load on two instances
 * (docs/decisions/0046-outages.md). What users see: pages and actions in the gap answer 503 with Retry-After
 * ("briefly unavailable, try again in a few seconds"); everything works again right after; nobody's purchase
 * is lost or made twice, vote counts stay exact, and every background run that was enqueued runs once.
 *
 * The server is this file's own (a restart would break every other test file on the shared one). The load is
 * paced at a steady rate (about 20 actions a second over both instances), not as fast as possible, to keep
 * the suite's CPU small. Ten seconds of it come before the restart and the rest after it: the gap lasts a
 * second or two, and what comes after shows the instances serving again; `npm run bench:soak` is the long run.
 */
/** The advisory lock the long run waits on (a key of this test's own, apart from lib/lock-ids.ts). */
const PROBE_LOCK = 735_001;
const WAITING_FOR_PROBE_LOCK = `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and objid = $1`;
const LOAD_MS = 30_000;
const RESTART_AT_MS = 10_000;
const TICK_MS = 50;

const server = await startPostgresServer({ ownServer: true });
afterAll(() => server.stop());
const adminClient = new pg.Client({ connectionString: server.url });
await adminClient.connect();
await adminClient.query('create database restart_under_load');
await adminClient.end();
const url = new URL(server.url);
url.pathname = '/restart_under_load';

/** A run's visible effect, keyed by the run's id: a run that happened twice would count 2. */
const probe: JobDefinition = {
  name: 'restart-probe',
  label: 'Restart probe',
  cron: '* * * * *',
  retryDelaySeconds: 1,
  retryLimit: 10,
  async run(deps, run) {
    // A long run is in the middle of its work when the server goes down: it waits for the lock the test holds
    // on a connection of its own until the restart ends that connection (and this statement with it).
    if (run!.data.blockedByTest) await deps.db.execute(sql`select pg_advisory_xact_lock(${PROBE_LOCK})`);
    await deps.db.execute(
      sql`insert into restart_probe (run_id) values (${run!.id}) on conflict (run_id) do update set runs = restart_probe.runs + 1`,
    );
    return { ok: true };
  },
};

const env = {
  NODE_ENV: 'test',
  APP_URL: ORIGIN,
  LOG_LEVEL: 'warn',
  BROWSE_CACHE_MS: '0',
  PASSWORD_HASH_COST: 'low',
  SANDBOX_WEBHOOK_SECRET: 'restart-test-webhook-secret-0123456789',
} as const;
interface Instance {
  name: string;
  database: Awaited<ReturnType<typeof openDatabase>>;
  app: Awaited<ReturnType<typeof buildApp>>;
  logs: string[];
}
const instances: Instance[] = [];
for (const name of ['a', 'b']) {
  const database = await openDatabase({ url: url.toString(), poolSize: 4, applicationName: `lp-restart-${name}` });
  const logs: string[] = [];
  const app = await buildApp({ config: loadConfig(env), database, logStream: { write: (line) => void logs.push(line) } });
  await app.ready();
  instances.push({ name, database, app, logs });
}
const [a, b] = instances as [Instance, Instance];
await a.database.db.execute(sql`create table restart_probe (run_id uuid primary key, runs int not null default 1)`);
// The test's own connection holds the lock the long run waits for; the restart ends it (its error is expected).
const holder = new pg.Client({ connectionString: url.toString() });
holder.on('error', () => {});
await holder.connect();
await holder.query('select pg_advisory_lock($1)', [PROBE_LOCK]);
const queues = await Promise.all(
  instances.map((i) => startJobs(i.app.deps, i.database, { jobs: [probe], runSchedules: false, pollingIntervalSeconds: 0.5 })),
);
afterAll(async () => {
  await holder.end().catch(() => {});
  for (const q of queues) await q.stop();
  for (const i of instances) {
    await i.app.close();
    await i.database.close();
  }
});

interface Outcome {
  instance: string;
  action: string;
  status: number;
  retryAfter?: string;
  during: boolean;
}

describe('PostgreSQL restarting under load', () => {
  it('instances stay up, the gap answers 503 with Retry-After, and no purchase, vote or job run is lost or doubled', async () => {
    const db = a.database.db;
    const { merchant } = await createMerchant(db);
    const live = await Promise.all([1, 2, 3].map(() => createDeal(db, merchant.id, { dealPriceCents: 1_500 })));
    const crowd = await createBoostDeal(db, merchant.id, 10_000);
    const customers = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const user = await createUser(
          db,
          { email: `restart-${n}@test.example`, password: TEST_PASSWORD, role: 'customer', verified: true },
          new Date(),
        );
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin: ORIGIN },
          payload: { email: user.email, password: TEST_PASSWORD },
        });
        return { cookie: sessionCookie(res), voted: false };
      }),
    );

    const outcomes: Outcome[] = [];
    const paidOrders = new Set<string>();
    const orderIds = new Set<string>();
    const acceptedRuns: string[] = [];
    /** When each run of the load was enqueued. */
    const enqueuedAt: number[] = [];
    let restarting = false;
    const call = async (action: string, instance: Instance, opts: InjectOptions) => {
      const res = await instance.app.inject({ ...opts, headers: { origin: ORIGIN, ...opts.headers } });
      const retryAfter = res.headers['retry-after'];
      outcomes.push({
        instance: instance.name,
        action,
        status: res.statusCode,
        during: restarting,
        ...(retryAfter ? { retryAfter: String(retryAfter) } : {}),
      });
      return res;
    };

    const actions = [
      (i: typeof a) => call('browse', i, { method: 'GET', url: '/api/deals?city=Chicago' }),
      (i: typeof a, n: number) => call('deal', i, { method: 'GET', url: `/api/deals/${live[n % live.length]!.id}` }),
      async (i: typeof a, n: number) => {
        const c = customers[n % customers.length]!;
        const res = await call('vote', i, {
          method: c.voted ? 'DELETE' : 'POST',
          url: `/api/deals/${crowd.id}/vote`,
          headers: { cookie: c.cookie },
        });
        if (res.statusCode === 200) c.voted = !c.voted;
      },
      async (i: typeof a, n: number) => {
        const c = customers[n % customers.length]!;
        const started = await call('checkout', i, {
          method: 'POST',
          url: '/api/checkout',
          headers: { cookie: c.cookie },
          payload: { items: [{ dealId: live[n % live.length]!.id, quantity: 1 + (n % 2) }], billing: TEST_BILLING },
        });
        if (started.statusCode !== 200) return;
        const { url: pageUrl, orderId } = started.json<{ url: string; orderId: string }>();
        orderIds.add(orderId);
        // The card page is answered by the other instance, as behind a balancer; its webhook is delivered from there.
        const other = i === a ? b : a;
        const paid = await call('pay', other, {
          method: 'POST',
          url: `/api/sandbox/sessions/${pageUrl.split('/sandbox/checkout/')[1]}/pay`,
          payload: TEST_CARD,
        });
        if (paid.statusCode === 200) paidOrders.add(orderId);
      },
      (i: typeof a) => call('health', i, { method: 'GET', url: '/api/health' }),
    ];

    const stateOf = async (id: string) =>
      (await rowsOf<{ state: string }>(a.database, sql`select state from pgboss.job where id = ${id}`))[0]?.state;
    const inFlight = new Set<Promise<unknown>>();
    const track = (p: Promise<unknown>) => {
      const tracked = p.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    };
    const started = Date.now();
    let n = 0;
    let restart: Promise<{ from: number; to: number }> | undefined;
    // The load: one action every 50 ms, by turns on each instance; one job run enqueued every 500 ms.
    await new Promise<void>((resolve) => {
      const ticker = setInterval(() => {
        const elapsed = Date.now() - started;
        if (elapsed >= LOAD_MS) {
          clearInterval(ticker);
          resolve();
          return;
        }
        if (!restart && elapsed >= RESTART_AT_MS) {
          // A run is working when the server goes down: its outcome can only be recorded once it is back.
          restart = queues[0]!.trigger('restart-probe', 'long-run', { blockedByTest: true }).then(async (id) => {
            acceptedRuns.push(id!);
            await vi.waitFor(async () => expect(await stateOf(id!)).toBe('active'), { timeout: 10_000, interval: 50 });
            // Its statement is waiting on the test's lock: the run is mid-work, however fast the machine is.
            await vi.waitFor(async () => expect((await holder.query(WAITING_FOR_PROBE_LOCK, [PROBE_LOCK])).rows[0]?.n).toBe(1), {
              timeout: 10_000,
              interval: 50,
            });
            restarting = true;
            const from = Date.now();
            await server.restart();
            restarting = false;
            return { from, to: Date.now() };
          });
        }
        const instance = n % 2 === 0 ? a : b;
        track(actions[n % actions.length]!(instance, Math.floor(n / actions.length)));
        if (n % 10 === 0) {
          const queue = queues[(n / 10) % 2]!;
          track(
            queue.trigger('restart-probe', `restart-${n}`).then(
              (id) => {
                if (!id) return;
                acceptedRuns.push(id);
                enqueuedAt.push(Date.now());
              },
              () => {},
            ),
          );
        }
        n++;
      }, TICK_MS);
    });
    await Promise.all(inFlight);
    const gap = await restart!;
    expect(gap.to - gap.from).toBeGreaterThan(0);

    // The instances stayed up: liveness answered throughout, and both are ready again.
    expect(outcomes.filter((o) => o.action === 'health').every((o) => o.status === 200)).toBe(true);
    for (const i of instances) {
      await vi.waitFor(async () => expect((await i.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200), {
        timeout: 20_000,
        interval: 100,
      });
    }
    // No connection was left checked out by a statement the restart cut (the pools close at the end of the file).
    for (const i of instances)
      await vi.waitFor(() => expect(i.database.poolStats()).toMatchObject({ total: i.database.poolStats().idle }), {
        timeout: 10_000,
        interval: 100,
      });
    // The gap was hit, and every failure in it was a 503 with Retry-After, never a 500.
    const failed = outcomes.filter((o) => o.status >= 500);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.filter((o) => o.status !== 503 || o.retryAfter !== '5')).toEqual([]);
    // The load was served before and after the gap (most requests succeeded).
    expect(outcomes.filter((o) => o.status < 400).length).toBeGreaterThan(outcomes.length * 0.8);
    // Each instance logged the outage as a line or two, not one per failed request.
    for (const i of instances) {
      const lines = i.logs.filter((l) => l.includes('"outage":"database-unreachable"'));
      if (failed.some((f) => f.instance === i.name)) expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(2);
    }

    // Webhooks that failed in the gap are delivered again by the sandbox's redelivery job (Stripe retries its own).
    await redeliverSandboxWebhooks({ ...a.app.deps, clock: fixedClock(Date.now() + 60_000) });
    const ids = [...orderIds];
    const sessions = await db.select().from(sandboxSessions).where(inArray(sandboxSessions.orderId, ids));
    const paidSessions = new Set(sessions.filter((s) => s.status === 'paid').map((s) => s.orderId));
    // Every payment the buyer saw succeed was charged.
    for (const id of paidOrders) expect(paidSessions.has(id)).toBe(true);
    expect(paidOrders.size).toBeGreaterThan(0);
    const bought = await db.select({ orderId: purchases.orderId }).from(purchases).where(inArray(purchases.orderId, ids));
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    for (const order of rows) {
      const quantity = items.filter((i) => i.orderId === order.id).reduce((sum, i) => sum + i.quantity, 0);
      const count = bought.filter((p) => p.orderId === order.id).length;
      // A charged order has exactly its vouchers (none lost, none twice); an uncharged one has none.
      if (paidSessions.has(order.id)) {
        expect({ order: order.id, status: order.status, count }).toEqual({ order: order.id, status: 'paid', count: quantity });
      } else {
        expect({ order: order.id, count }).toEqual({ order: order.id, count: 0 });
      }
    }

    // Vote counts stayed exact: the counter equals the votes recorded.
    const [deal] = await db.select({ votes: deals.currentVotes }).from(deals).where(eq(deals.id, crowd.id));
    const [counted] = await rowsOf<{ n: number }>(a.database, sql`select count(*)::int as n from deal_votes where deal_id = ${crowd.id}`);
    expect(deal!.votes).toBe(counted!.n);

    // Every job run that was enqueued ran to completion, once: runs enqueued before the gap and after it.
    expect(enqueuedAt.filter((at) => at < gap.from).length).toBeGreaterThan(3);
    expect(enqueuedAt.filter((at) => at > gap.to).length).toBeGreaterThan(3);
    await vi.waitFor(
      async () => {
        const states = await rowsOf<{ state: string; n: number }>(
          a.database,
          sql`select state, count(*)::int as n from pgboss.job where id = any(${`{${acceptedRuns.join(',')}}`}::uuid[]) group by state`,
        );
        expect(states).toEqual([{ state: 'completed', n: acceptedRuns.length }]);
      },
      { timeout: 60_000, interval: 250 },
    );
    const effects = await rowsOf<{ runs: number; n: number }>(
      a.database,
      sql`select runs, count(*)::int as n from restart_probe where run_id = any(${`{${acceptedRuns.join(',')}}`}::uuid[]) group by runs`,
    );
    expect(effects).toEqual([{ runs: 1, n: acceptedRuns.length }]);
  }, 150_000);
});
