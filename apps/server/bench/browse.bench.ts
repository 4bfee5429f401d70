/**
 * Browse API benchmark (`npm run bench`): 100,000 deals on a real PostgreSQL server, the browse API
 * under autocannon at 64 connections, and a bare Fastify route running the same SQL through the
 * same driver as the floor. Prints req/s and p99 for both and their ratio, and for a route that
 * sends the same bytes doing no work (the "no-op"): the p99 this machine allows at all, since the
 * load generator shares its cores.
 *
 *   BENCH_DEALS=100000 BENCH_SECONDS=5 BENCH_CONNECTIONS=64 npm run bench
 *   BENCH_DEALS=1000000 npm run bench        (a million deals: merchants in all 12 cities, with addresses)
 *   BENCH_ONLY=typo,facets npm run bench     (only the scenarios whose name contains one of these)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench BENCH_DEALS=1000000 npm run bench
 *                                            (a server that keeps its data: seeded only when it has fewer deals than BENCH_DEALS)
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { browseQuerySchema, suggestQuerySchema } from '@localperks/shared';
import { sql } from 'drizzle-orm';
import { startPostgresServer } from '../../../test/postgres-server';
import { openDatabase } from '../src/db/client';
import { sqlRows } from '../src/lib/sql-rows';
import { dealFacets, listDeals, searchSuggestions } from '../src/modules/catalog';
import { benchApi, runAutocannon } from './autocannon';
import { API_PATH, SCENARIOS } from './scenarios';
import { seedBenchDeals } from './seed-deals';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const run = (url: string, seconds = SECONDS) => runAutocannon(url, seconds, CONNECTIONS);

async function main() {
  // A server of one's own (BENCH_DATABASE_URL) keeps its catalogue between runs, like bench:tables; else a throwaway one.
  const kept = process.env.BENCH_DATABASE_URL;
  const pgServer = kept ? null : await startPostgresServer();
  const database = await openDatabase({ url: kept ?? pgServer!.url });
  const [had] = await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from deals`);
  if (Number(had?.n ?? 0) < DEALS) {
    console.log(`Seeding ${DEALS.toLocaleString()} deals on ${kept ? 'BENCH_DATABASE_URL' : 'a throwaway PostgreSQL server'}…`);
    await seedBenchDeals(database.db, DEALS);
  } else console.log(`BENCH_DATABASE_URL has ${Number(had!.n).toLocaleString()} deals: not seeding`);

  // The API as deployed (default micro-cache) and with the cache off, so the raw query path shows too.
  const app = await benchApi(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const uncached = await benchApi(database, '0');
  await uncached.listen({ port: 0, host: '127.0.0.1' });
  const uncachedPort = (uncached.server.address() as AddressInfo).port;
  const floor = Fastify();
  floor.get('/floor', async (request) => listDeals(uncached.deps, browseQuerySchema.parse(request.query)));
  floor.get('/floor-facets', async (request) => dealFacets(uncached.deps, browseQuerySchema.parse(request.query)));
  floor.get('/floor-suggest', async (request) => searchSuggestions(uncached.deps, suggestQuerySchema.parse(request.query).q));
  await floor.listen({ port: 0, host: '127.0.0.1' });
  // What this machine itself allows: the same response bytes from a route that does no work. With
  // the load generator on the same cores, its p99 is the lowest any server here can show.
  const bodies = new Map<string, string>();
  const noop = Fastify();
  noop.get('/noop', (request, reply) =>
    reply.type('application/json; charset=utf-8').send(bodies.get(decodeURIComponent(request.url.split('?')[1] ?? '')) ?? '{}'),
  );
  await noop.listen({ port: 0, host: '127.0.0.1' });
  const noopPort = (noop.server.address() as AddressInfo).port;
  const apiPort = (app.server.address() as AddressInfo).port;
  const floorPort = (floor.server.address() as AddressInfo).port;

  // Warm-up (JIT, connection pools, PostgreSQL's buffers): not measured.
  for (const url of [
    `http://127.0.0.1:${apiPort}/api/deals`,
    `http://127.0.0.1:${uncachedPort}/api/deals`,
    `http://127.0.0.1:${floorPort}/floor`,
  ])
    await run(url, 2);

  const rows: string[][] = [];
  for (const [name, qs, route] of SCENARIOS) {
    const path = `${API_PATH[route]}?${qs}`;
    const floorPath = `${route === 'deals' ? '/floor' : `/floor-${route}`}?${qs}`;
    const api = await run(`http://127.0.0.1:${apiPort}${path}`);
    const raw = await run(`http://127.0.0.1:${uncachedPort}${path}`);
    const bare = await run(`http://127.0.0.1:${floorPort}${floorPath}`);
    const key = `${route}:${qs}`;
    bodies.set(key, await (await fetch(`http://127.0.0.1:${apiPort}${path}`)).text());
    const none = await run(`http://127.0.0.1:${noopPort}/noop?${encodeURIComponent(key)}`);
    const pct = (x: number) => `${((x / bare.rps) * 100).toFixed(0)} %`;
    rows.push([
      name,
      api.rps.toFixed(0),
      `${api.p99} ms`,
      pct(api.rps),
      raw.rps.toFixed(0),
      `${raw.p99} ms`,
      pct(raw.rps),
      bare.rps.toFixed(0),
      `${bare.p99} ms`,
      none.rps.toFixed(0),
      `${none.p99} ms`,
      String(api.errors + raw.errors + bare.errors + none.errors),
    ]);
    console.log(
      `  ${name}: api ${api.rps.toFixed(0)} req/s p99 ${api.p99} ms | api uncached ${raw.rps.toFixed(0)} req/s p99 ${raw.p99} ms | floor ${bare.rps.toFixed(0)} req/s p99 ${bare.p99} ms | no-op ${none.rps.toFixed(0)} req/s p99 ${none.p99} ms`,
    );
  }
  const head = [
    'scenario',
    'API req/s',
    'API p99',
    'API/floor',
    'uncached req/s',
    'uncached p99',
    'uncached/floor',
    'floor req/s',
    'floor p99',
    'no-op req/s',
    'no-op p99',
    'errors',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${DEALS.toLocaleString()} deals, ${CONNECTIONS} connections, ${SECONDS} s per run\n`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  rows.forEach((r) => console.log(line(r)));

  await app.close();
  await uncached.close();
  await floor.close();
  await noop.close();
  await database.close();
  await pgServer?.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
