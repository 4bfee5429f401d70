#!/usr/bin/env tsx
/**
 * Server-rendered public pages (docs/decisions/0014-react-ssr.md, 0070-public-page-data.md): how many the
 * built server renders per second, and how long one takes, page by page, as a browser receives them.
 *
 * Starts apps/server/dist/server.js (serving apps/web/dist and apps/web/dist-ssr) in production mode on a
 * fresh embedded database with the demo data, then, for each page, autocannon for BENCH_SECONDS (default 10)
 * with BENCH_CONNECTIONS (default 4) connections. Prints requests per second, median and p99 latency, and
 * fails when an answer is not 200 (or not a server-rendered page).
 *
 *   npm run build && npx tsx apps/server/bench/ssr.bench.ts
 */
import autocannon from 'autocannon';
import { startBuiltServer } from '../../../scripts/built-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);

const server = await startBuiltServer({
  dataDirPrefix: 'localperks-bench-ssr-',
  timeoutMs: 120_000,
  env: { NODE_ENV: 'production', DEMO_PASSWORD: `bench-${process.pid}-${Date.now()}`, PAYMENT_PROVIDER: 'sandbox' },
});
let failed = false;
try {
  const json = async <T>(path: string) => (await (await fetch(server.url + path)).json()) as T;
  const { deals } = await json<{ deals: { id: string }[] }>('/api/deals');
  const { businesses } = await json<{ businesses: { slug: string }[] }>('/api/businesses');
  const pages = [
    '/',
    '/deals',
    '/deals?search=pizza',
    `/deals/${deals[0]!.id}`,
    '/perkboost',
    '/businesses',
    `/businesses/${businesses[0]!.slug}`,
  ];
  console.log(`${SECONDS} s per page, ${CONNECTIONS} connections`);
  console.log('page'.padEnd(50), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
  for (const page of pages) {
    const html = await (await fetch(server.url + page)).text();
    if (!html.includes('id="lp-ssr-state"')) throw new Error(`${page} was not rendered on the server`);
    // As behind a proxy (`via`): no 103 Early Hints, which autocannon would count as the answer.
    const r = await autocannon({ url: server.url + page, connections: CONNECTIONS, duration: SECONDS, headers: { via: '1.1 bench' } });
    const errors = r.errors + r.non2xx + r.timeouts;
    if (errors) failed = true;
    console.log(
      page.padEnd(50),
      r.requests.average.toFixed(0).padStart(7),
      String(r.latency.p50).padStart(8),
      String(r.latency.p99).padStart(8),
      errors ? `  ${errors} failed (${r['4xx']} 4xx, ${r['5xx']} 5xx, ${r.errors} errors, ${r.timeouts} timeouts)` : '',
    );
  }
} finally {
  await server.stop();
}
if (failed) process.exit(1);
