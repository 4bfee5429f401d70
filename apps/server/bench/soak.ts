/**
 * `npm run bench:soak`: the product under steady load for a long time, to see memory or connections creep
 * (docs/decisions/0046-outages.md). The built server runs as 2 instances on a throwaway PostgreSQL 15 behind
 * nginx (the repo's site, bench/cluster-kit.ts), with a real SMTP sink; a load generator sends a steady mix of
 * browsing, searches, deal pages, votes, checkouts paid on the sandbox card page (each one a webhook) and
 * replayed webhooks, at SOAK_RATE actions a second (open loop: the pace does not slow down when the server
 * does).
 *
 * Every minute it prints the throughput, p50 and p99 latency, errors, each instance's RSS and heap (from its
 * /metrics), and the database's connections. It exits non-zero when an error rate over 0.1 % is seen, or when
 * memory grows steadily: the slope of a least-squares line through the second half's samples, per instance,
 * over SOAK_MAX_GROWTH_MB_PER_MIN (RSS and heap used).
 *
 *   SOAK_MINUTES=10 SOAK_RATE=40 SOAK_MAX_GROWTH_MB_PER_MIN=2 npm run bench:soak
 *
 * Needs the PostgreSQL server binaries and nginx (installed with apt-get when running as root).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPostgresServer } from '../../../test/postgres-server';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/demo/seed';
import { createUser } from '../src/modules/accounts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/payments/sandbox';
import {
  buildIfNeeded,
  cleanupStack,
  instanceEnv,
  ensureNginx,
  freePort,
  openFilesLimit,
  startInstance,
  startNginx,
  startSmtpSink,
  stopNginx,
  stopProcess,
  type Instance,
} from './cluster-kit';
import { seedBenchDeals } from './seed-deals';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 40);
const MAX_GROWTH_MB_PER_MIN = Number(process.env.SOAK_MAX_GROWTH_MB_PER_MIN ?? 2);
const MAX_ERROR_RATE = 0.001;
const CUSTOMERS = 40;
const SAMPLE_MS = 5_000;
const PASSWORD = `Soak-${randomBytes(6).toString('hex')}`;
const MB = 1024 * 1024;

/** What the generator does, with its share of the actions. */
const MIX: [Action, number][] = [
  ['browse', 30],
  ['search', 15],
  ['deal', 20],
  ['vote', 15],
  ['checkout', 12],
  ['webhook-replay', 8],
];
type Action = 'browse' | 'search' | 'deal' | 'vote' | 'checkout' | 'webhook-replay';

interface Outcome {
  at: number;
  action: Action;
  ms: number;
  status: number;
}
interface Sample {
  at: number;
  instance: string;
  rss: number;
  heap: number;
  pool: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** One value of a metric (without labels, or the given label) from Prometheus text. */
function metric(text: string, name: string, label = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${label ? `{${label}}` : ''} `) || (!label && l.startsWith(`${name} `)));
  return line ? Number(line.split(' ').at(-1)) : NaN;
}

async function main() {
  const fdLimit = openFilesLimit();
  const nginxBin = ensureNginx();
  buildIfNeeded();
  const cleanup = cleanupStack();

  try {
    console.log('PostgreSQL: throwaway server, migrations, demo data and 2,000 more deals…');
    const pgServer = await startPostgresServer();
    cleanup.push(() => pgServer.stop());
    const database = await openDatabase({ url: pgServer.url });
    await seedDemoData(database.db, PASSWORD);
    await seedBenchDeals(database.db, 2_000);
    const emails: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const u = await createUser(
        database.db,
        { email: `soak-${i}@bench.example`, password: PASSWORD, role: 'customer', verified: true },
        new Date(),
      );
      emails.push(u.email);
    }
    await database.close();
    const client = new pg.Client({ connectionString: pgServer.url });
    await client.connect();
    cleanup.push(() => client.end());
    const { rows: live } = await client.query<{ id: string }>(
      `select id from deals where type = 'standard' and status = 'active' and expiration_date > now() + interval '2 days' order by random() limit 50`,
    );
    const { rows: crowd } = await client.query<{ id: string }>(
      `select id from deals where type = 'perkboost' and status = 'pending' and voting_end_date > now() + interval '1 day' and votes_required > 1000 order by created_at limit 3`,
    );
    const dealIds = live.map((r) => r.id);
    const crowdIds = crowd.length ? crowd.map((r) => r.id) : [];

    const smtp = await startSmtpSink();
    cleanup.push(() => smtp.close());

    const nginxPort = await freePort();
    const appUrl = `http://127.0.0.1:${nginxPort}`;
    const webhookSecret = randomBytes(24).toString('hex');
    const metricsToken = randomBytes(24).toString('hex');
    const env = {
      ...instanceEnv({ databaseUrl: pgServer.url, appUrl, smtpUrl: smtp.url, webhookSecret }),
      METRICS_TOKEN: metricsToken,
      // Sign-ins of the generator's customers all come from this machine.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
    };
    console.log('Two instances of the built server, nginx in front of them…');
    const instances: Instance[] = [];
    for (const name of ['A', 'B']) {
      const instance = await startInstance(name, env);
      cleanup.push(() => stopProcess(instance.child));
      instances.push(instance);
    }
    const nginx = await startNginx(nginxBin, nginxPort, instances, fdLimit);
    cleanup.push(() => stopNginx(nginx));

    const post = (pathname: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
      fetch(`${appUrl}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: appUrl, ...(cookie ? { cookie } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    console.log(`Signing in ${CUSTOMERS} customers…`);
    const customers: { cookie: string; voted: Set<string> }[] = [];
    for (const email of emails) {
      const res = await post('/api/auth/login', { email, password: PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      customers.push({
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        voted: new Set(),
      });
    }

    const outcomes: Outcome[] = [];
    const samples: Sample[] = [];
    const dbConnections: { at: number; n: number }[] = [];
    const paidSessions: string[] = [];
    const weights = MIX.reduce((s, [, w]) => s + w, 0);
    const pick = (n: number): Action => {
      let r = n % weights;
      for (const [action, w] of MIX) {
        if (r < w) return action;
        r -= w;
      }
      return 'browse';
    };
    const searches = ['spa', 'pizza', 'yoga', 'massage', 'dinner', 'bike', 'coffee', 'tour'];
    let n = 0;
    const act = async (action: Action, i: number) => {
      const c = customers[i % customers.length]!;
      const deal = dealIds[i % dealIds.length]!;
      switch (action) {
        case 'browse':
          return fetch(`${appUrl}/api/deals?page=${1 + (i % 5)}${i % 3 ? '&sort=discount' : ''}`);
        case 'search':
          return fetch(`${appUrl}/api/deals?search=${searches[i % searches.length]}`);
        case 'deal':
          return fetch(`${appUrl}${i % 2 ? '/api/deals/' : '/deals/'}${deal}`);
        case 'vote': {
          const target = crowdIds[i % crowdIds.length];
          if (!target) return fetch(`${appUrl}/api/deals`);
          const voted = c.voted.has(target);
          const res = await fetch(`${appUrl}/api/deals/${target}/vote`, {
            method: voted ? 'DELETE' : 'POST',
            headers: { origin: appUrl, cookie: c.cookie },
          });
          if (res.status === 200 && voted) c.voted.delete(target);
          else if (res.status === 200) c.voted.add(target);
          return res;
        }
        case 'checkout': {
          const started = await post(
            '/api/checkout',
            {
              items: [{ dealId: deal, quantity: 1 }],
              billing: { cardName: 'Soak Test', address: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', notes: '' },
            },
            c.cookie,
          );
          if (started.status !== 200) return started;
          const session = ((await started.json()) as { url: string }).url.split('/sandbox/checkout/')[1]!;
          // The sandbox card page: paying posts the signed webhook that makes the vouchers.
          const paid = await post(`/api/sandbox/sessions/${session}/pay`, {
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/39',
            cvc: '123',
            name: 'Soak Test',
          });
          if (paid.status === 200) paidSessions.push(session);
          return paid;
        }
        case 'webhook-replay': {
          // A provider delivering an event again: answered, and nothing happens twice.
          const session = paidSessions[i % Math.max(1, paidSessions.length)];
          if (!session) return fetch(`${appUrl}/api/deals`);
          const payload = JSON.stringify({
            id: `evt_${session}_completed`,
            type: 'checkout.session.completed',
            created: Math.floor(Date.now() / 1000),
            data: { object: { id: session, payment_status: 'paid', metadata: {} } },
          });
          return post('/api/webhooks/sandbox', payload, undefined, {
            [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(webhookSecret, payload),
          });
        }
      }
    };

    const sampleInstances = async () => {
      const at = Date.now();
      for (const instance of instances) {
        const res = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
          headers: { authorization: `Bearer ${metricsToken}` },
        }).catch(() => null);
        if (!res?.ok) continue;
        const text = await res.text();
        samples.push({
          at,
          instance: instance.name,
          rss: metric(text, 'localperks_process_resident_memory_bytes'),
          heap: metric(text, 'localperks_nodejs_heap_size_used_bytes'),
          pool: metric(text, 'localperks_db_pool_connections', 'state="total"'),
        });
      }
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database()`,
      );
      dbConnections.push({ at, n: rows[0]!.n });
    };

    console.log(
      `Load: ${RATE} actions/s for ${MINUTES} min (${MIX.map(([a, w]) => `${a} ${Math.round((100 * w) / weights)} %`).join(', ')}); load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('\n  min  req/s   p50 ms   p99 ms  errors  4xx   RSS A MB  heap A MB  RSS B MB  heap B MB  DB conns');
    const started = Date.now();
    const end = started + MINUTES * 60_000;
    const inFlight = new Set<Promise<void>>();
    let printedMinute = 0;
    const printMinute = (m: number) => {
      const from = started + (m - 1) * 60_000;
      const to = from + 60_000;
      const these = outcomes.filter((o) => o.at >= from && o.at < to);
      const ms = these.map((o) => o.ms).sort((x, y) => x - y);
      const errors = these.filter((o) => o.status >= 500 || o.status === 0).length;
      const client4xx = these.filter((o) => o.status >= 400 && o.status < 500).length;
      const last = (name: string, key: 'rss' | 'heap') => {
        const s = samples.filter((x) => x.instance === name && x.at < to).at(-1);
        return s ? (s[key] / MB).toFixed(0) : '-';
      };
      const conns = dbConnections.filter((d) => d.at < to).at(-1)?.n ?? 0;
      console.log(
        `  ${String(m).padStart(3)}  ${(these.length / 60).toFixed(1).padStart(5)}  ${quantile(ms, 0.5).toFixed(0).padStart(7)}  ${quantile(ms, 0.99).toFixed(0).padStart(7)}  ${String(errors).padStart(6)}  ${String(client4xx).padStart(3)}  ${last('A', 'rss').padStart(8)}  ${last('A', 'heap').padStart(9)}  ${last('B', 'rss').padStart(8)}  ${last('B', 'heap').padStart(9)}  ${String(conns).padStart(8)}`,
      );
    };
    await sampleInstances();
    await new Promise<void>((resolve) => {
      // Open loop: each tick sends what is due by the clock, so a slow tick (a busy machine) does not lower the rate.
      const ticker = setInterval(() => {
        const now = Date.now();
        if (now >= end) {
          clearInterval(ticker);
          resolve();
          return;
        }
        const due = Math.floor(((now - started) / 1000) * RATE);
        while (n < due) send(n++);
      }, 1000 / RATE);
      const send = (i: number) => {
        const action = pick(i * 7 + (i % 13));
        const t0 = performance.now();
        const p = act(action, i)
          .then(async (res) => {
            await res.arrayBuffer().catch(() => null);
            outcomes.push({ at: Date.now(), action, ms: performance.now() - t0, status: res.status });
          })
          .catch(() => void outcomes.push({ at: Date.now(), action, ms: performance.now() - t0, status: 0 }))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      };
      let sampling: Promise<void> | null = null;
      const sampler = setInterval(() => {
        // One sample at a time: on a busy machine /metrics can take longer than the interval.
        sampling ??= sampleInstances().finally(() => (sampling = null));
        const minute = Math.floor((Date.now() - started) / 60_000);
        while (printedMinute < minute) printMinute(++printedMinute);
        if (Date.now() >= end) clearInterval(sampler);
      }, SAMPLE_MS);
    });
    await Promise.all(inFlight);
    await sampleInstances();
    while (printedMinute < MINUTES) printMinute(++printedMinute);

    // Verdict.
    const total = outcomes.length;
    const errors = outcomes.filter((o) => o.status >= 500 || o.status === 0).length;
    const errorRate = total ? errors / total : 0;
    const half = started + (MINUTES * 60_000) / 2;
    const failures: string[] = [];
    console.log('\nMemory over the second half (least-squares slope):');
    for (const instance of instances) {
      for (const key of ['rss', 'heap'] as const) {
        const points = samples
          .filter((s) => s.instance === instance.name && s.at >= half && Number.isFinite(s[key]))
          .map((s) => ({ x: (s.at - half) / 60_000, y: s[key] / MB }));
        const mbPerMin = slope(points);
        const verdict = mbPerMin > MAX_GROWTH_MB_PER_MIN ? 'GROWS' : 'steady';
        console.log(
          `  ${instance.name} ${key.padEnd(4)} ${mbPerMin >= 0 ? '+' : ''}${mbPerMin.toFixed(2)} MB/min over ${points.length} samples: ${verdict}`,
        );
        if (verdict === 'GROWS')
          failures.push(`${instance.name} ${key} grows ${mbPerMin.toFixed(2)} MB/min (limit ${MAX_GROWTH_MB_PER_MIN})`);
      }
    }
    const conns = dbConnections.map((d) => d.n);
    console.log(
      `Database connections: min ${Math.min(...conns)}, max ${Math.max(...conns)}; pool totals per instance max ${Math.max(...samples.map((s) => s.pool))}`,
    );
    const all = outcomes.map((o) => o.ms).sort((x, y) => x - y);
    console.log(
      `Requests: ${total} (${(total / (MINUTES * 60)).toFixed(1)}/s), p50 ${quantile(all, 0.5).toFixed(0)} ms, p99 ${quantile(all, 0.99).toFixed(0)} ms; errors ${errors} (${(errorRate * 100).toFixed(3)} %); payments ${paidSessions.length}`,
    );
    for (const [action] of MIX) {
      const these = outcomes.filter((o) => o.action === action);
      const ms = these.map((o) => o.ms).sort((x, y) => x - y);
      console.log(
        `  ${action.padEnd(15)} ${String(these.length).padStart(6)}  p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms  p99 ${quantile(ms, 0.99).toFixed(0).padStart(5)} ms  errors ${these.filter((o) => o.status >= 500 || o.status === 0).length}`,
      );
    }
    if (errorRate > MAX_ERROR_RATE) failures.push(`error rate ${(errorRate * 100).toFixed(3)} % over ${MAX_ERROR_RATE * 100} %`);
    console.log(
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores, shared)`,
    );
    if (failures.length) {
      console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('\nPASSED: no steady memory growth, errors within 0.1 %');
  } finally {
    await cleanup.run();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
