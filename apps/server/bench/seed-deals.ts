import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Inserts `count` synthetic deals from 50 merchants across the 12 cities and 8 categories. */
export async function seedBenchDeals(db: Db, count: number) {
  await db.execute(
    sql`insert into users (email, password_hash, role) select 'bench' || g || '@bench.example', 'x', 'merchant' from generate_series(1, 50) g`,
  );
  await db.execute(
    sql`insert into merchants (user_id, business_name, city, state, subscription_plan, approved) select id, 'Bench Merchant ' || email, 'Chicago', 'IL', 'deals_messaging', true from users where email like '%@bench.example'`,
  );
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
    from generate_series(1, ${count}) g, m, words, cities`);
  // Vacuum now rather than let autovacuum start on 100,000 fresh rows in the middle of a measurement.
  await db.execute(sql`vacuum (analyze)`);
}
