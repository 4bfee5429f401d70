/**
 * Several instances behind nginx (`npm run bench:cluster`): the built server (apps/server/dist) runs
 * as 1, then 2 processes on one throwaway PostgreSQL 15 server, behind Debian's nginx configured with
 * the repo's own deploy/nginx/localperks.conf.template. Prints:
 *
 * - browse throughput and p99 through nginx with 1 and with 2 instances (autocannon, a mix of
 *   /api/deals filters, deal API answers and deal pages);
 * - how long a vote cast on instance A takes to reach 2,000 open event streams spread over both
 *   instances through nginx (median, p99, max), and how the streams were spread;
 * - that each scheduled job ran once per schedule across the instances (pg-boss's job history).
 *
 * Exits non-zero when a correctness check fails: a request failed, an event did not reach every
 * stream, the streams did not reach both instances, a job ran twice (or not at all).
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=64 BENCH_STREAMS=2000 BENCH_DEALS=20000 BENCH_JOB_MINUTES=2 npm run bench:cluster
 *
 * Needs the PostgreSQL server binaries and nginx (installed with apt-get when running as root).
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPostgresServer } from '../../../test/postgres-server';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/demo/seed';
import { JOBS } from '../src/jobs';
import { JOB_QUEUE_SCHEMA } from '../src/jobs/queue';
import { createUser } from '../src/modules/accounts';
import { seedBenchDeals } from './seed-deals';
import {
  buildIfNeeded,
  cleanupStack,
  instanceEnv,
  ensureNginx,
  freePort,
  openFilesLimit,
  sleep,
  startInstance,
  startNginx,
  startSmtpSink,
  stopNginx,
  stopProcess,
  waitUntil,
} from './cluster-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
/** Votes cast one after another (each by its own customer), each timed to every stream. */
const VOTES = Math.max(1, Number(process.env.BENCH_VOTES ?? 3));
const DEALS = Number(process.env.BENCH_DEALS ?? 20_000);
/** Minute slots (with both instances up) whose scheduled runs are counted. */
const JOB_MINUTES = Math.max(1, Number(process.env.BENCH_JOB_MINUTES ?? 2));

const PASSWORD = `Bench-${randomBytes(6).toString('hex')}`;
const MINUTE = 60_000;

const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${message}`);
};

// ---------------------------------------------------------------------------------------------
// Measurements

/** A mix of what browsing does: listings with different filters and sorts, deal answers and deal pages. */
function browseRequests(dealIds: string[]): autocannon.Request[] {
  const listings = [
    '/api/deals',
    '/api/deals?search=spa',
    '/api/deals?category=4&state=TX&city=Austin',
    '/api/deals?sort=price-low',
    '/api/deals?sort=discount&category=2',
    '/api/deals?state=NY&city=Brooklyn&sort=price-high',
    '/api/deals?type=perkboost',
    '/api/deals?page=5',
  ];
  const pages = dealIds.flatMap((id) => [`/api/deals/${id}`, `/deals/${id}`]);
  return [...listings, ...pages].map((p) => ({ method: 'GET', path: p }));
}

async function browse(port: number, requests: autocannon.Request[], seconds: number) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, requests });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, total: r.requests.total };
}

interface Stream {
  req: http.ClientRequest;
  /** When each deal event for the deal arrived (performance.now()). */
  arrivals: number[];
}

/** Opens an event stream; resolves once the instance answered 200 and sent its first bytes (it is subscribed by then). */
function openStream(url: string, dealId: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream = { arrivals: [] as number[] } as Stream;
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`event stream answered ${res.statusCode}`));
      }
      let buf = '';
      let first = true;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (first) {
          first = false;
          resolve(stream);
        }
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.includes('event: deal') && block.includes(dealId)) stream.arrivals.push(performance.now());
        }
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('event stream did not open in 30 s')));
    stream.req = req;
  });
}

async function openStreams(url: string, dealId: string, n: number, parallel = 100): Promise<Stream[]> {
  const streams: Stream[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        next++;
        const s = await openStream(url, dealId);
        s.req.setTimeout(0);
        streams.push(s);
      }
    }),
  );
  return streams;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** Whether a five-field cron of the kinds JOBS uses (`*` or `*\/n` or a number in the minute field, `*` elsewhere) fires at `t`. */
function cronFires(cron: string, t: Date): boolean {
  const [minute, ...rest] = cron.split(' ');
  if (rest.length !== 4 || rest.some((f) => f !== '*')) throw new Error(`bench cannot evaluate cron ${cron}`);
  const m = t.getUTCMinutes();
  if (minute === '*') return true;
  const every = minute!.match(/^\*\/(\d+)$/);
  if (every) return m % Number(every[1]) === 0;
  if (/^\d+$/.test(minute!)) return m === Number(minute);
  throw new Error(`bench cannot evaluate cron ${cron}`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const fdLimit = openFilesLimit();
  const needed = STREAMS + 1000;
  if (fdLimit < needed)
    throw new Error(`${STREAMS} streams need at least ${needed} open files per process; the limit is ${fdLimit} (raise it with ulimit -n)`);
  const nginxBin = ensureNginx();
  buildIfNeeded();

  const cleanup = cleanupStack();

  try {
    console.log(`PostgreSQL: throwaway server, migrations, demo data and ${DEALS.toLocaleString()} more deals…`);
    const pgServer = await startPostgresServer();
    cleanup.push(() => pgServer.stop());
    const database = await openDatabase({ url: pgServer.url });
    await seedDemoData(database.db, PASSWORD);
    await seedBenchDeals(database.db, DEALS);
    const voters = [];
    for (let i = 0; i < VOTES; i++)
      voters.push(
        await createUser(
          database.db,
          { email: `bench-voter-${i}@bench.example`, password: PASSWORD, role: 'customer', verified: true },
          new Date(),
        ),
      );
    await database.close();

    const client = new pg.Client({ connectionString: pgServer.url });
    await client.connect();
    cleanup.push(() => client.end());
    const { rows: pages } = await client.query<{ id: string }>(
      `select id from deals where type = 'standard' and status = 'active' order by created_at desc limit 4`,
    );
    const { rows: votable } = await client.query<{ id: string; current_votes: number }>(
      `select id, current_votes from deals where type = 'perkboost' and status = 'pending' and voting_end_date > now() + interval '1 hour'
         and current_votes + $1 < votes_required order by created_at desc limit 1`,
      [VOTES + 1],
    );
    const deal = votable[0];
    if (!deal) throw new Error('no pending crowd-vote deal to vote on');

    // A real SMTP server on loopback that accepts everything, so mail delivery is one of the scheduled jobs.
    const smtp = await startSmtpSink();
    cleanup.push(() => smtp.close());

    const nginxPort = await freePort();
    const appUrl = `http://127.0.0.1:${nginxPort}`;
    const env = instanceEnv({ databaseUrl: pgServer.url, appUrl, smtpUrl: smtp.url, webhookSecret: randomBytes(24).toString('hex') });

    console.log('Instance A (built server) and nginx in front of it…');
    const a = await startInstance('A', env);
    cleanup.push(() => stopProcess(a.child));
    let nginx = await startNginx(nginxBin, nginxPort, [a], fdLimit, STREAMS);
    cleanup.push(() => stopNginx(nginx));

    const requests = browseRequests(pages.map((p) => p.id));
    console.log(`Browse through nginx: ${requests.length} URLs in turn, ${CONNECTIONS} connections, ${SECONDS} s (after a 3 s warm-up)…`);
    const loadBefore = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    await browse(nginxPort, requests, 3);
    const one = await browse(nginxPort, requests, SECONDS);

    console.log('Instance B, nginx with both…');
    const b = await startInstance('B', env);
    cleanup.push(() => stopProcess(b.child));
    await stopNginx(nginx);
    nginx = await startNginx(nginxBin, nginxPort, [a, b], fdLimit, STREAMS);
    const bothUp = Date.now();
    await browse(nginxPort, requests, 3);
    const two = await browse(nginxPort, requests, SECONDS);

    // Event streams: STREAMS open through nginx, one vote on instance A.
    console.log(`Opening ${STREAMS.toLocaleString()} event streams through nginx…`);
    const opened = performance.now();
    const streams = await openStreams(`${appUrl}/api/events?deals=${deal.id}`, deal.id, STREAMS);
    const openSeconds = (performance.now() - opened) / 1000;
    // Each vote: signed in through nginx, cast on instance A, timed from the moment its request is sent.
    const rounds: { sent: number; answeredMs: number; status: number; votes?: number; arrivals: number[] }[] = [];
    for (const [round, voter] of voters.entries()) {
      const login = await fetch(`${appUrl}/api/auth/login`, {
        method: 'POST',
        // A client-chosen forwarded address: nginx must replace it with the client's own (checked below).
        headers: { 'content-type': 'application/json', origin: appUrl, 'x-forwarded-for': '203.0.113.66' },
        body: JSON.stringify({ email: voter.email, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`sign-in through nginx answered ${login.status}: ${await login.text()}`);
      const cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith('lp_session='))!
        .split(';')[0]!;
      const sent = performance.now();
      const vote = await fetch(`http://127.0.0.1:${a.port}/api/deals/${deal.id}/vote`, {
        method: 'POST',
        headers: { cookie, origin: appUrl },
      });
      const answeredMs = performance.now() - sent;
      const body = (await vote.json()) as { currentVotes?: number };
      await waitUntil(`vote ${round + 1} on every stream`, 15_000, async () =>
        streams.every((s) => s.arrivals.length > round) ? true : undefined,
      ).catch(() => {});
      const arrivals = streams
        .filter((s) => s.arrivals.length > round)
        .map((s) => s.arrivals[round]! - sent)
        .sort((x, y) => x - y);
      rounds.push({ sent, answeredMs, status: vote.status, votes: body.currentVotes, arrivals });
    }
    const allArrivals = rounds.flatMap((r) => r.arrivals).sort((x, y) => x - y);
    // The address the instances saw for those sign-ins (sessions keep it), and nginx's answer to a body past its limit.
    const { rows: sessionIps } = await client.query<{ ip: string }>(
      `select distinct s.ip from sessions s join users u on u.id = s.user_id where u.email like 'bench-voter-%'`,
    );
    const tooLarge = await fetch(`${appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ email: 'x@bench.example', password: 'x'.repeat(7 * 1024 * 1024) }),
    });
    const tooLargeBody = (await tooLarge.json().catch(() => null)) as { error?: { code?: string } } | null;
    for (const s of streams) s.req.destroy();
    // Which instance held each stream: nginx logs a stream when it closes.
    const perUpstream = await waitUntil('nginx to log the closed streams', 20_000, async () => {
      const lines = fs
        .readFileSync(nginx.accessLog, 'utf8')
        .split('\n')
        .filter((l) => l.includes('/api/events?'));
      if (lines.length < STREAMS) return undefined;
      const counts = new Map<string, number>();
      for (const l of lines) counts.set(l.split(' ')[0]!, (counts.get(l.split(' ')[0]!) ?? 0) + 1);
      return counts;
    }).catch(() => new Map<string, number>());
    const onA = perUpstream.get(`127.0.0.1:${a.port}`) ?? 0;
    const onB = perUpstream.get(`127.0.0.1:${b.port}`) ?? 0;

    // Scheduled jobs: the minute slots from the first whole minute with both instances up.
    const firstSlot = Math.ceil((bothUp + 1000) / MINUTE) * MINUTE;
    const windowEnd = firstSlot + JOB_MINUTES * MINUTE;
    if (Date.now() < windowEnd + 2000)
      console.log(`Waiting ${Math.round((windowEnd + 2000 - Date.now()) / 1000)} s for ${JOB_MINUTES} whole minute(s) of scheduled jobs…`);
    while (Date.now() < windowEnd + 2000) await sleep(500);
    const history = `(select name, state, retry_count, created_on from ${JOB_QUEUE_SCHEMA}.job
                      union all select name, state, retry_count, created_on from ${JOB_QUEUE_SCHEMA}.archive) runs
                     where name not like '\\_\\_pgboss%' and created_on >= $1 and created_on < $2`;
    const window = [new Date(firstSlot), new Date(windowEnd)];
    await waitUntil('the window’s job runs to finish', 60_000, async () => {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${history} and state in ('created', 'retry', 'active')`,
        window,
      );
      return rows[0]!.n === 0 || undefined;
    }).catch(() => {});
    const { rows: runs } = await client.query<{ name: string; runs: number; completed: number; retried: number }>(
      `select name, count(*)::int as runs, count(*) filter (where state = 'completed')::int as completed,
              count(*) filter (where retry_count > 0)::int as retried
         from ${history} group by name`,
      window,
    );
    const jobRows = JOBS.map((j) => {
      let expected = 0;
      for (let t = firstSlot; t < windowEnd; t += MINUTE) if (cronFires(j.cron, new Date(t))) expected++;
      const r = runs.find((x) => x.name === j.name);
      return { name: j.name, cron: j.cron, expected, runs: r?.runs ?? 0, completed: r?.completed ?? 0, retried: r?.retried ?? 0 };
    });

    // ------------------------------------------------------------------------------------------
    console.log(`\nBrowse through nginx (req/s, p99; load average when it started: ${loadBefore})`);
    console.log(`  1 instance : ${one.rps.toFixed(0)} req/s, p99 ${one.p99} ms (${one.total} requests, ${one.errors} errors)`);
    console.log(`  2 instances: ${two.rps.toFixed(0)} req/s, p99 ${two.p99} ms (${two.total} requests, ${two.errors} errors)`);
    console.log(
      `  ratio 2/1  : ${(two.rps / one.rps).toFixed(2)} (${os.cpus().length} cores shared by nginx, PostgreSQL, the instances and autocannon)`,
    );

    console.log(
      `\n${VOTES} vote(s) cast on instance A, each to ${STREAMS.toLocaleString()} event streams through nginx (opened in ${openSeconds.toFixed(1)} s)`,
    );
    console.log(`  streams per instance: A ${onA}, B ${onB}`);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const stats = (xs: number[]) =>
      xs.length
        ? `first ${ms(xs[0]!)}, median ${ms(quantile(xs, 0.5))}, p99 ${ms(quantile(xs, 0.99))}, max ${ms(xs.at(-1)!)}`
        : 'none arrived';
    for (const [i, r] of rounds.entries())
      console.log(
        `  vote ${i + 1}: answered ${r.status} in ${ms(r.answeredMs)}; on ${r.arrivals.length} streams, after it was sent: ${stats(r.arrivals)}`,
      );
    console.log(`  all votes: median ${ms(quantile(allArrivals, 0.5))}, max ${ms(allArrivals.at(-1) ?? NaN)}`);

    const slot = (t: number) => new Date(t).toISOString().slice(11, 16);
    console.log(`\nScheduled jobs, runs created ${slot(firstSlot)}–${slot(windowEnd)} UTC with both instances up (pg-boss history)`);
    const head = ['job', 'cron', 'expected', 'runs', 'completed', 'retried'];
    const table = jobRows.map((r) => [r.name, r.cron, String(r.expected), String(r.runs), String(r.completed), String(r.retried)]);
    const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const line = (row: string[]) => `  ${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`;
    console.log(line(head));
    table.forEach((row) => console.log(line(row)));

    console.log('\nChecks');
    check(
      one.errors === 0 && two.errors === 0,
      `every browse request answered 2xx (errors: ${one.errors} with 1 instance, ${two.errors} with 2)`,
    );
    check(
      rounds.every((r, i) => r.status === 200 && r.votes === deal.current_votes + i + 1),
      `each vote was counted once (votes ${deal.current_votes} → ${rounds.map((r) => r.votes ?? '?').join(' → ')})`,
    );
    check(
      rounds.every((r) => r.arrivals.length === STREAMS) && streams.every((s) => s.arrivals.length === VOTES),
      `every vote event reached every stream once (${rounds.map((r) => r.arrivals.length).join(', ')} of ${STREAMS})`,
    );
    check(onA > 0 && onB > 0 && onA + onB === STREAMS, `the streams were spread over both instances (A ${onA}, B ${onB})`);
    check(
      sessionIps.length === 1 && sessionIps[0]!.ip === '127.0.0.1',
      `the instances saw the client's own address, not the X-Forwarded-For it sent (${sessionIps.map((r) => r.ip).join(', ')})`,
    );
    check(
      tooLarge.status === 413 && tooLargeBody?.error?.code === 'VALIDATION',
      `a 7 MB body is refused by nginx with 413 in the app's error shape (${tooLarge.status} ${tooLargeBody?.error?.code ?? 'not JSON'})`,
    );
    for (const r of jobRows)
      check(
        r.runs === r.expected && r.completed === r.runs && r.retried === 0,
        `${r.name}: ${r.runs} run(s) for ${r.expected} schedule(s), ${r.completed} completed, ${r.retried} retried`,
      );
    // (The refused 7 MB body is logged there on purpose.)
    const errors = fs
      .readFileSync(path.join(nginx.dir, 'error.log'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.includes('client intended to send too large body'))
      .join('\n');
    if (errors) console.log(`\nnginx error log:\n${errors.split('\n').slice(-10).join('\n')}`);
  } finally {
    await cleanup.run();
  }
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log('\nAll checks passed');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
