/**
 * Query plans of browse and search (`npx tsx apps/server/bench/search-explain.ts`): the SQL that one request
 * of each scenario runs (captured from the pool), each statement under EXPLAIN (ANALYZE, BUFFERS) on a
 * throwaway PostgreSQL server with BENCH_DEALS deals (bench/seed-deals.ts). Prints the slowest statement
 * of each scenario with its plan, or every statement with EXPLAIN_ALL=1.
 *
 *   BENCH_DEALS=100000 npx tsx apps/server/bench/search-explain.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55431/postgres BENCH_ONLY=distance npx tsx apps/server/bench/search-explain.ts
 */
import type pg from 'pg';
import { startPostgresServer } from '../../../test/postgres-server';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/deps';
import type { listDeals } from '../src/modules/catalog';
import { runScenario, SCENARIOS } from './scenarios';
import { seedBenchDeals } from './seed-deals';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);

async function main() {
  // BENCH_DATABASE_URL: a kept server already seeded (browse-profile.ts BENCH_SEED), explained in seconds.
  const kept = process.env.BENCH_DATABASE_URL;
  if (!kept) console.log(`Seeding ${DEALS.toLocaleString()} deals on a throwaway PostgreSQL server…`);
  const server = kept ? null : await startPostgresServer();
  const database = await openDatabase({ url: kept ?? server!.url });
  if (server) await seedBenchDeals(database.db, DEALS);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const deps = { db: database.db, clock: systemClock, storage: { publicUrl: (u: string) => u } } as unknown as Parameters<
    typeof listDeals
  >[0];

  for (const [name, qs, route] of SCENARIOS) {
    const captured: { text: string; values: unknown[] }[] = [];
    const original = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (q: unknown, values?: unknown[]) => {
      if (typeof q === 'string') captured.push({ text: q, values: values ?? [] });
      else if (q && typeof q === 'object' && 'text' in q)
        // drizzle passes the statement as a config object and its parameters as the second argument.
        captured.push({ text: (q as { text: string }).text, values: values ?? (q as { values?: unknown[] }).values ?? [] });
      return original(q, values);
    };
    await runScenario(deps, route, qs);
    (pool as unknown as { query: unknown }).query = original;

    const plans: { ms: number; text: string; plan: string }[] = [];
    for (const c of captured) {
      const res = (await original(`explain (analyze, buffers) ${c.text}`, c.values)) as { rows: { 'QUERY PLAN': string }[] };
      const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
      plans.push({ ms, text: c.text, plan });
    }
    plans.sort((a, b) => b.ms - a.ms);
    const total = plans.reduce((s, p) => s + p.ms, 0);
    console.log(`\n=== ${name}: ${captured.length} statements, ${total.toFixed(1)} ms in all; the slowest:`);
    for (const p of process.env.EXPLAIN_ALL ? plans : plans.slice(0, 1)) console.log(`${p.text}\n${p.plan}\n`);
  }
  await database.close();
  await server?.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
