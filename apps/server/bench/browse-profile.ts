/**
 * Per-request cost of each browse scenario, one client, no HTTP (`npx tsx apps/server/bench/browse-profile.ts`):
 * the service functions the API runs, called one after another against a PostgreSQL server that keeps its
 * data between runs, so a change to the SQL is measured in seconds rather than after a fresh seed. The
 * figures are milliseconds per call (mean and p95 of BENCH_CALLS); `npm run bench` stays the measure of
 * record (req/s and p99 through the real stack).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55431/postgres BENCH_SEED=100000 npx tsx apps/server/bench/browse-profile.ts
 *   BENCH_DATABASE_URL=… BENCH_ONLY=default,facets npx tsx apps/server/bench/browse-profile.ts
 */
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/deps';
import type { listDeals } from '../src/modules/catalog';
import { runScenario, SCENARIOS } from './scenarios';
import { seedBenchDeals } from './seed-deals';
import { timeCalls } from './timing';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server of your own (it is written to with BENCH_SEED)');
  const database = await openDatabase({ url });
  if (process.env.BENCH_SEED) await seedBenchDeals(database.db, Number(process.env.BENCH_SEED));
  const deps = { db: database.db, clock: systemClock, storage: { publicUrl: (u: string) => u } } as unknown as Parameters<
    typeof listDeals
  >[0];
  for (const [name, qs, route] of SCENARIOS) {
    const once = () => runScenario(deps, route, qs);
    for (let i = 0; i < 10; i++) await once();
    const ms = await timeCalls(once, CALLS);
    const mean = ms.reduce((s, x) => s + x, 0) / ms.length;
    console.log(
      `${name.padEnd(38)} mean ${mean.toFixed(2).padStart(7)} ms   p95 ${ms[Math.floor(ms.length * 0.95)]!.toFixed(2).padStart(7)} ms`,
    );
  }
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
