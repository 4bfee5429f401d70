/**
 * Does the answer time of sign-up, merchant registration and forgot-password depend on whether the
 * address has an account? Median of N requests each (200 by default), interleaved, sent over HTTP on
 * loopback to the listening server (the time a client sees) by a client on its own thread, at the
 * production password-hashing cost. The sign-up, registration and reset request are written before the
 * answer (docs/decisions/0052-durable-sign-ups.md); the mail sending left for after it is finished between
 * requests (not timed).
 *
 * Run: npx tsx apps/server/bench/account-timing.ts (embedded PGlite in memory), or with BENCH_DB=postgres on a
 * throwaway PostgreSQL server (test/postgres-server.ts); BENCH_HASH_COST=low leaves the password hash's spread out.
 */
import { Worker } from 'node:worker_threads';
import { startPostgresServer } from '../../../test/postgres-server';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createUser } from '../src/modules/accounts';

const N = Number(process.env.N ?? 200);
const ORIGIN = 'http://localhost:3000';
const pgServer = process.env.BENCH_DB === 'postgres' ? await startPostgresServer() : null;
const database = await openDatabase(pgServer ? { url: pgServer.url } : { dataDir: 'memory://' });
const big = { max: 1_000_000, windowMs: 60_000 };
const app = await buildApp({
  // BENCH_HASH_COST=low hashes at the test suites' cost: the hash is the same work on both sides, and on a busy
  // machine its spread hides the database work the bench is about.
  config: loadConfig({
    NODE_ENV: 'test',
    APP_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: process.env.BENCH_HASH_COST ?? 'standard',
  }),
  database,
  logger: false,
  authLimits: { signupPerAddress: big, emailPerAccount: big, emailPerAddress: big },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
// One account per request, so per-address rate-limit rows are alike on both sides.
for (let i = -3; i < N; i++) {
  await createUser(database.db, { email: `taken${i}@example.com`, password: 'Passw0rdX', role: 'customer', verified: true }, new Date());
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// The client runs on its own thread, like a remote client: in-process work of the server (PGlite runs
// on the main thread) cannot delay it reading an answer that was already sent.
const client = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
  parentPort.on('message', async ({ url, payload }) => {
    const t0 = performance.now();
    const res = await fetch(workerData.base + url, {
      method: 'POST',
      headers: { origin: workerData.origin, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = await res.text();
    parentPort.postMessage({ ms: performance.now() - t0, status: res.status, body });
  });`,
  { eval: true, workerData: { base, origin: ORIGIN } },
);
async function timed(url: string, payload: object) {
  const answer = new Promise<{ ms: number; status: number; body: string }>((resolve) => client.once('message', resolve));
  client.postMessage({ url, payload });
  const { ms, status, body } = await answer;
  await app.afterResponse.settled();
  if (status >= 300) throw new Error(`${url}: ${status} ${body}`);
  return ms;
}
const merchant = (email: string) => ({
  email,
  password: 'Merch4ntPass',
  confirmPassword: 'Merch4ntPass',
  // A business name of its own, as real registrations have (the slug trigger counts up through equal names).
  businessName: `Timing Bakery ${email.split('@')[0]}`,
  description: 'Bread and pastries baked every morning.',
  website: '',
  phone: '(312) 555-0142',
  city: 'Chicago',
  state: 'IL',
  addressLine1: '233 S Wacker Dr',
  zip: '60606',
  plan: 'advertise_only',
  acceptTerms: true,
});

const cases: [string, (i: number, taken: boolean) => Promise<number>][] = [
  [
    'forgot-password',
    (i, taken) => timed('/api/auth/forgot-password', { email: taken ? `taken${i}@example.com` : `nobody${i}@example.com` }),
  ],
  [
    'sign-up',
    (i, taken) => timed('/api/auth/signup', { email: taken ? `taken${i}@example.com` : `new${i}@example.com`, password: 'Passw0rdX' }),
  ],
  [
    'merchant registration',
    (i, taken) => timed('/api/merchants/register', merchant(taken ? `taken${i}@example.com` : `shop${i}@example.com`)),
  ],
];
for (const [name, run] of cases) {
  const existing: number[] = [];
  const fresh: number[] = [];
  for (let i = 0; i < 3; i++) await run(-1 - i, i % 2 === 0); // warm-up
  for (let i = 0; i < N; i++) {
    // Which goes first alternates, so neither side always follows the other's background work.
    if (i % 2 === 0) {
      existing.push(await run(i, true));
      fresh.push(await run(i, false));
    } else {
      fresh.push(await run(i, false));
      existing.push(await run(i, true));
    }
  }
  const [a, b] = [median(existing), median(fresh)];
  console.log(
    `${name.padEnd(22)} median ${a.toFixed(2)} ms with an account, ${b.toFixed(2)} ms without, difference ${Math.abs(a - b).toFixed(2)} ms (n=${N} each, ${pgServer ? 'PostgreSQL' : 'PGlite'}, ${process.env.BENCH_HASH_COST ?? 'standard'} hash cost)`,
  );
}
await client.terminate();
await app.close();
await database.close();
await pgServer?.stop();
