/**
 * Query plans of search (`npx tsx apps/server/bench/business-search-explain.ts`): deal search by a
 * word of the deals and by a business name, and the business search API's query, on 100,000 deals
 * and 5,000 businesses, on a throwaway PostgreSQL server and on PGlite. Prints EXPLAIN ANALYZE.
 *
 *   BENCH_DEALS=100000 BENCH_MERCHANTS=5000 npx tsx apps/server/bench/business-search-explain.ts
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { startPostgresServer } from '../../../test/postgres-server';
import { openDatabase, type Database } from '../src/db/client';
import { deals, merchants } from '../src/db/schema';
import { matchesSearch, summaryColumns, visibleNow } from '../src/modules/catalog';
import { seedBenchDeals } from './seed-deals';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 5_000);

async function seedBusinesses(database: Database) {
  await database.rawQuery(
    `insert into users (email, password_hash, role) select 'biz' || g || '@bench.example', 'x', 'merchant' from generate_series(1, ${MERCHANTS}) g`,
  );
  await database.rawQuery(`
    with words as (select array['golden','harbor','maple','urban','corner','river','summit','velvet','copper','sunny','olive','cedar'] w,
                          array['bakery','barbershop','bistro','yoga studio','spa','pizzeria','taproom','bookshop','florist','gym'] k)
    insert into merchants (user_id, business_name, description, city, state, subscription_plan, approved, listing_boosted_until)
    select u.id,
           initcap(words.w[1 + g % 12]) || ' ' || initcap(words.k[1 + (g / 12) % 10]) || ' ' || g,
           'A neighbourhood ' || words.k[1 + (g * 7) % 10] || ' with ' || words.w[1 + (g * 5) % 12] || ' details since ' || (1950 + g % 70),
           (array['Chicago','Austin','Boston','Miami'])[1 + g % 4], (array['IL','TX','MA','FL'])[1 + g % 4],
           'advertise_only', g % 10 <> 0, case when g % 200 = 0 then now() + interval '3 days' end
    from (select id, row_number() over (order by email) g from users where email like 'biz%@bench.example') u, words`);
  // Businesses with rare names, to search by: one with many deals, one with three.
  await database.rawQuery(`update merchants set business_name = 'Quixotic Quokka Cafe' where business_name like 'Bench Merchant bench7@%'`);
  await database.rawQuery(
    `update merchants set business_name = 'Zanzibar Zebra Lounge' where id = (select id from merchants where user_id in (select id from users where email = 'biz12@bench.example'))`,
  );
  await database.rawQuery(`
    insert into deals (merchant_id, title, description, category_id, city, state, original_price_cents, deal_price_cents, discount_percentage, expiration_date)
    select id, 'Cocktail flight ' || g, 'Three tastings.', 1, 'Chicago', 'IL', 5000, 3000, 40, now() + interval '20 days'
    from merchants, generate_series(1, 3) g where business_name = 'Zanzibar Zebra Lounge'`);
  await database.rawQuery('analyze');
}

async function explain(database: Database, label: string, query: { sql: string; params: unknown[] }) {
  const { rows } = await database.rawQuery(`explain (analyze, costs off) ${query.sql}`, query.params);
  console.log(`\n--- ${database.kind}: ${label}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
}

function dealSearch(database: Database, search: string) {
  const now = new Date();
  return database.db
    .select(summaryColumns)
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(visibleNow(now), matchesSearch(search)))
    .orderBy(sql`(${deals.type} = 'perkboost') desc`, desc(deals.createdAt), desc(deals.id))
    .limit(25)
    .toSQL();
}

const businessSearch = (search: string) => ({
  sql: `select business_name, slug, (select count(*)::int from deals where deals.merchant_id = merchants.id and deals.listed_until > now()) live
        from merchants
        where approved = true and (lower(business_name) like lower($1) or lower(description) like lower($1))
        order by coalesce(listing_boosted_until > now(), false) desc,
                 case when lower(business_name) = $2 then 0 when lower(business_name) like $2 || '%' then 1 when lower(business_name) like '% ' || $2 || '%' then 2 when lower(business_name) like $1 then 3 else 4 end,
                 lower(business_name), id
        limit 24`,
  params: [`%${search}%`, search],
});

async function plans(database: Database) {
  await seedBenchDeals(database.db, DEALS);
  await seedBusinesses(database);
  await explain(database, 'deal search "spa" (deal words)', dealSearch(database, 'spa'));
  await explain(database, 'deal search "quixotic quokka" (a business name)', dealSearch(database, 'quixotic quokka'));
  await explain(database, 'deal search "zanzibar zebra" (a business with 3 deals)', dealSearch(database, 'zanzibar zebra'));
  await explain(database, 'deal search "tastings" (3 deals by their words)', dealSearch(database, 'tastings'));
  await explain(database, 'deal search "nothing matches"', dealSearch(database, 'nothing matches'));
  await explain(database, 'business search "maple"', businessSearch('maple'));
  await explain(database, 'business search "since 1961" (description)', businessSearch('since 1961'));
  await explain(database, 'business search "zanzibar" (one business)', businessSearch('zanzibar'));
}

async function main() {
  const pgServer = await startPostgresServer();
  const pg = await openDatabase({ url: pgServer.url });
  await plans(pg);
  await pg.close();
  await pgServer.stop();
  const lite = await openDatabase({ dataDir: 'memory://' });
  await plans(lite);
  await lite.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
