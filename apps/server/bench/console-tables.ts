/**
 * The console's tables at scale (issue 32: "the tables work on the 1-million-deal benchmark catalogue in under 300 ms
 * a page"), `npm run bench:tables`: for each admin and merchant table, the first page, a deep page, a sort by another
 * column, a status filter and a free-text search, each through the table engine (`tablePage`, what the API runs,
 * without HTTP), one client, against a PostgreSQL server that keeps its data between runs. Prints p50 / p95 in ms
 * of BENCH_CALLS calls after one warm-up call, and the rows' total each answer gave ("1,000+" when capped).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_SEED=1000000 npm run bench:tables   (seeds first)
 *   BENCH_DATABASE_URL=… BENCH_ONLY=orders,vouchers npm run bench:tables
 */
import { sql } from 'drizzle-orm';
import { tableQuerySchema, type TableQuery } from '@localperks/shared';
import { openDatabase } from '../src/db/client';
import { tablePage, type TableDefinition, type TableScope } from '../src/lib/data-table';
import { sqlRows } from '../src/lib/sql-rows';
import { adminTables, merchantTables } from '../src/modules/platform';
import { seedBenchConsole, seedBenchDeals } from './seed-deals';
import { timeCalls } from './timing';

const CALLS = Number(process.env.BENCH_CALLS ?? 7);

/** A table and its scenarios' queries: a sort by another column, a common status, a search a person would type. */
const TABLES: [name: string, def: TableDefinition, sort: string, status: string | null, search: string][] = [
  ['admin customers', adminTables.adminCustomersTable, 'name', 'active', 'garcia'],
  ['admin merchants', adminTables.adminMerchantsTable, 'businessName', 'approved', 'bench77'],
  ['admin deals', adminTables.adminDealsTable, 'dealPriceCents', 'active', 'sushi'],
  ['admin orders', adminTables.adminOrdersTable, 'totalCents', 'paid', 'nguyen'],
  ['admin vouchers', adminTables.adminVouchersTable, 'priceCents', 'redeemed', 'LP3'],
  ['admin refunds', adminTables.adminRefundsTable, 'amountCents', 'pending', 'patel'],
  ['admin payouts', adminTables.adminPayoutsTable, 'netCents', 'scheduled', 'bench12'],
  ['merchant deals', merchantTables.merchantDealsTable, 'dealPriceCents', 'active', 'yoga'],
  ['merchant vouchers', merchantTables.merchantVouchersTable, 'priceCents', 'redeemed', 'smith'],
  ['merchant redemptions', merchantTables.merchantRedemptionsTable, 'priceCents', null, 'kim'],
  ['merchant refunds', merchantTables.merchantRefundsTable, 'amountCents', 'refunded', 'garcia'],
  ['merchant payouts', merchantTables.merchantPayoutsTable, 'netCents', 'paid', 'tr_'],
];

const SCENARIOS: [name: string, query: (sort: string, status: string | null, search: string) => Record<string, unknown> | null][] = [
  ['first page', () => ({})],
  ['deep page 200', () => ({ page: 200 })],
  ['sort', (sort) => ({ sort, dir: 'asc' })],
  ['status', (_s, status) => (status ? { status } : null)],
  ['search', (_s, _st, q) => ({ q })],
];

const pct = (ms: number[], p: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * p))]!;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server of your own (it is written to with BENCH_SEED)');
  const database = await openDatabase({ url });
  const db = database.db;
  if (process.env.BENCH_SEED) {
    await seedBenchDeals(db, Number(process.env.BENCH_SEED));
    await seedBenchConsole(db, Number(process.env.BENCH_SEED));
  }
  // The merchant tables are those of the business with the most vouchers sold (a busy one).
  const [owner] = await sqlRows<{ userId: string }>(
    db,
    sql`select m.user_id as "userId" from merchants m join purchases p on p.merchant_id = m.id group by m.id order by count(*) desc limit 1`,
  );
  const scope: TableScope = { now: new Date(), merchantOwnerId: owner?.userId ?? null };
  const only = process.env.BENCH_ONLY?.split(',');
  console.log(`| table | scenario | p50 ms | p95 ms | total |\n|---|---|---|---|---|`);
  for (const [name, def, sort, status, search] of TABLES) {
    if (only && !only.some((w) => name.includes(w))) continue;
    for (const [scenario, make] of SCENARIOS) {
      const raw = make(sort, status, search);
      if (!raw) continue;
      const q: TableQuery = tableQuerySchema.parse(raw);
      let total = '';
      const once = async () => {
        const page = await tablePage(db, def, scope, q);
        total = `${page.total.toLocaleString('en-US')}${page.isTotalCapped ? '+' : ''}`;
      };
      await once();
      const ms = await timeCalls(once, CALLS);
      console.log(`| ${name} | ${scenario} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} | ${total} |`);
    }
  }
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
