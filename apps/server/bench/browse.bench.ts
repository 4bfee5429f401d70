/**
 * Browse API benchmark (`npm run bench`): 100,000 deals on a real PostgreSQL server, the browse API
 * under autocannon at 64 connections, and a bare Fastify route running the same SQL through the
 * same driver as the floor. Prints req/s and p99 for both and their ratio.
 *
 *   BENCH_DEALS=100000 BENCH_SECONDS=5 BENCH_CONNECTIONS=64 npm run bench
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { browseQuerySchema } from '@localperks/shared';
import { startPostgresServer } from '../../../test/postgres-server';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { listDeals } from '../src/modules/deals/deals.service';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const SCENARIOS: [string, string][] = [
  ['default (newest, boosted first)', ''],
  ['search "spa"', 'search=spa'],
  ['category + city', 'category=4&state=TX&city=Austin'],
  ['sort price-low', 'sort=price-low'],
  ['sort price-high', 'sort=price-high'],
  ['sort discount', 'sort=discount'],
  ['deep page (page 200)', 'page=200'],
];

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.execute(sql`insert into users (email, password_hash, role) select 'bench' || g || '@bench.example', 'x', 'merchant' from generate_series(1, 50) g`);
  await db.execute(sql`insert into merchants (user_id, business_name, city, state, subscription_plan, approved) select id, 'Bench Merchant ' || email, 'Chicago', 'IL', 'deals_messaging', true from users where email like '%@bench.example'`);
  await db.execute(sql`
    with m as (select array_agg(id) ids from merchants),
    words as (select array['spa','sushi','yoga','pizza','massage','bowling','tacos','facial','kayak','museum','brunch','climbing','pilates','barber','wine','concert'] w),
    cities as (select array['New York','Brooklyn','Queens','Los Angeles','San Francisco','San Diego','Chicago','Houston','Austin','Dallas','Miami','Boston'] c,
                      array['NY','NY','NY','CA','CA','CA','IL','TX','TX','TX','FL','MA'] s)
    insert into deals (merchant_id, title, description, type, status, category_id, city, state, original_price_cents, deal_price_cents,
                       discount_percentage, expiration_date, votes_required, current_votes, voting_end_date, search_text, created_at)
    select m.ids[1 + g % 50],
           initcap(words.w[1 + g % 16]) || ' deal ' || g,
           'Enjoy ' || words.w[1 + (g * 7) % 16] || ' and ' || words.w[1 + (g * 3) % 16] || ' at a local favourite.',
           case when g % 20 = 0 then 'perkboost' else 'standard' end,
           case when g % 20 = 0 then 'pending' else 'active' end,
           1 + g % 8, cities.c[1 + g % 12], cities.s[1 + g % 12],
           10000 + (g % 50) * 100, 4000 + (g % 40) * 100,
           round(100.0 * ((10000 + (g % 50) * 100) - (4000 + (g % 40) * 100)) / (10000 + (g % 50) * 100))::int,
           now() + ((g % 80) - 5) * interval '1 day',
           case when g % 20 = 0 then 100 end, case when g % 20 = 0 then g % 90 else 0 end,
           case when g % 20 = 0 then now() + interval '7 days' end,
           lower(initcap(words.w[1 + g % 16]) || ' deal ' || g || ' enjoy ' || words.w[1 + (g * 7) % 16] || ' and ' || words.w[1 + (g * 3) % 16] || ' at a local favourite.'),
           now() - (g % 1000) * interval '1 hour'
    from generate_series(1, ${DEALS}) g, m, words, cities`);
  await db.execute(sql`analyze`);
}

async function run(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  console.log(`Seeding ${DEALS.toLocaleString()} deals on a throwaway PostgreSQL server…`);
  const pgServer = await startPostgresServer();
  const database = await openDatabase({ url: pgServer.url });
  await seed(database.db);

  // The API as deployed (default micro-cache) and with the cache off, so the raw query path shows too.
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' }), database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const uncached = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', BROWSE_CACHE_MS: '0' }), database, logger: false });
  await uncached.listen({ port: 0, host: '127.0.0.1' });
  const uncachedPort = (uncached.server.address() as AddressInfo).port;
  const floor = Fastify();
  floor.get('/floor', async (request) => listDeals(database.db, browseQuerySchema.parse(request.query)));
  await floor.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (app.server.address() as AddressInfo).port;
  const floorPort = (floor.server.address() as AddressInfo).port;

  const rows: string[][] = [];
  for (const [name, qs] of SCENARIOS) {
    const api = await run(`http://127.0.0.1:${apiPort}/api/deals?${qs}`);
    const raw = await run(`http://127.0.0.1:${uncachedPort}/api/deals?${qs}`);
    const bare = await run(`http://127.0.0.1:${floorPort}/floor?${qs}`);
    const pct = (x: number) => `${((x / bare.rps) * 100).toFixed(0)} %`;
    rows.push([name, api.rps.toFixed(0), `${api.p99} ms`, pct(api.rps), raw.rps.toFixed(0), `${raw.p99} ms`, pct(raw.rps), bare.rps.toFixed(0), `${bare.p99} ms`, String(api.errors + raw.errors + bare.errors)]);
    console.log(`  ${name}: api ${api.rps.toFixed(0)} req/s p99 ${api.p99} ms | api uncached ${raw.rps.toFixed(0)} req/s p99 ${raw.p99} ms | floor ${bare.rps.toFixed(0)} req/s p99 ${bare.p99} ms`);
  }
  const head = ['scenario', 'API req/s', 'API p99', 'API/floor', 'uncached req/s', 'uncached p99', 'uncached/floor', 'floor req/s', 'floor p99', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${DEALS.toLocaleString()} deals, ${CONNECTIONS} connections, ${SECONDS} s per run\n`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  rows.forEach((r) => console.log(line(r)));

  await app.close();
  await uncached.close();
  await floor.close();
  await database.close();
  await pgServer.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
