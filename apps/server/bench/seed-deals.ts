import { sql } from 'drizzle-orm';
import { LOCATIONS, timeZoneOfState } from '@localperks/shared';
import type { Db } from '../src/db/client';

/**
 * Inserts `count` synthetic deals. Their businesses (one per 200 deals, at least 50) are spread over the
 * 12 cities, each with a street address and a point a few miles around its city's centre, its state's
 * time zone and opening hours (some past midnight, some closed on Sundays); titles and descriptions are
 * made of real deal words, so full-text, typo and synonym searches find realistic shares of them.
 */
export async function seedBenchDeals(db: Db, count: number) {
  const merchantsCount = Math.max(50, Math.round(count / 200));
  const cities = LOCATIONS.map((l) => l.city);
  const states = LOCATIONS.map((l) => l.state);
  const lats = LOCATIONS.map((l) => l.lat);
  const lngs = LOCATIONS.map((l) => l.lng);
  const zones = LOCATIONS.map((l) => timeZoneOfState(l.state));
  const zips = LOCATIONS.map((l) => l.zip);
  const arr = (xs: (string | number)[]) => `{${xs.map((x) => (typeof x === 'string' ? `"${x}"` : x)).join(',')}}`;
  await db.execute(
    sql`insert into users (email, password_hash, role) select 'bench' || g || '@bench.example', 'x', 'merchant' from generate_series(1, ${merchantsCount}) g`,
  );
  // Business k is in city k % 12, up to ~6 miles from its centre.
  await db.execute(sql`
    insert into merchants (user_id, business_name, city, state, subscription_plan, approved,
                           address_line1, zip, lat, lng, time_zone, opening_hours)
    select u.id, 'Bench Merchant ' || u.email, c.city[1 + k % 12], c.state[1 + k % 12], 'deals_messaging', true,
           (100 + k % 9000) || ' ' || (array['Main St','Oak Ave','Elm St','Market St','Broadway','Park Ave','2nd St','Lake Dr'])[1 + k % 8],
           c.zip[1 + k % 12],
           c.lat[1 + k % 12] + ((k * 37) % 160 - 80) / 1000.0,
           c.lng[1 + k % 12] + ((k * 53) % 160 - 80) / 1000.0,
           c.zone[1 + k % 12],
           case k % 3
             when 0 then '[{"day":1,"opens":"09:00","closes":"21:00"},{"day":2,"opens":"09:00","closes":"21:00"},{"day":3,"opens":"09:00","closes":"21:00"},{"day":4,"opens":"09:00","closes":"21:00"},{"day":5,"opens":"09:00","closes":"23:00"},{"day":6,"opens":"10:00","closes":"23:00"}]'::jsonb
             when 1 then '[{"day":0,"opens":"17:00","closes":"02:00"},{"day":1,"opens":"17:00","closes":"02:00"},{"day":2,"opens":"17:00","closes":"02:00"},{"day":3,"opens":"17:00","closes":"02:00"},{"day":4,"opens":"17:00","closes":"02:00"},{"day":5,"opens":"17:00","closes":"03:00"},{"day":6,"opens":"17:00","closes":"03:00"}]'::jsonb
             else '[{"day":0,"opens":"06:00","closes":"22:00"},{"day":1,"opens":"06:00","closes":"22:00"},{"day":2,"opens":"06:00","closes":"22:00"},{"day":3,"opens":"06:00","closes":"22:00"},{"day":4,"opens":"06:00","closes":"22:00"},{"day":5,"opens":"06:00","closes":"22:00"},{"day":6,"opens":"06:00","closes":"22:00"}]'::jsonb
           end
    from (select id, email, substring(email from 'bench([0-9]+)@')::int as k from users where email like '%@bench.example') u,
         (select ${arr(cities)}::text[] city, ${arr(states)}::text[] state, ${arr(lats)}::float8[] lat, ${arr(lngs)}::float8[] lng,
                 ${arr(zones)}::text[] zone, ${arr(zips)}::text[] zip) c`);
  await db.execute(sql`
    with m as (select array_agg(id order by substring(business_name from 'bench([0-9]+)@')::int) ids from merchants where business_name like 'Bench Merchant %'),
    words as (select array['spa','sushi','yoga','pizza','massage','bowling','tacos','facial','kayak','museum','brunch','climbing','pilates','barber','wine','concert'] w,
                     array['Deluxe','Classic','Weekend','Sunset','Family','Signature','Express','Private','Seasonal','Twilight'] adj,
                     array['for Two','for Four','for One','Night Out','Package','Session','Class Pack','Tasting','Experience','Voucher'] tail),
    cities as (select ${arr(cities)}::text[] c, ${arr(states)}::text[] s)
    insert into deals (merchant_id, title, description, type, status, category_id, city, state, original_price_cents, deal_price_cents,
                       discount_percentage, expiration_date, votes_required, current_votes, voting_end_date, search_text, created_at)
    select m.ids[1 + g % ${merchantsCount}],
           words.adj[1 + (g / 16) % 10] || ' ' || initcap(words.w[1 + g % 16]) || ' ' || words.tail[1 + (g / 160) % 10],
           'Enjoy ' || words.w[1 + (g * 7) % 16] || ' and ' || words.w[1 + (g * 3) % 16] || ' at a local favourite, ' ||
             lower(words.adj[1 + (g * 11) % 10]) || ' and friendly, a short walk from the station.',
           case when g % 20 = 0 then 'perkboost' else 'standard' end,
           case when g % 20 = 0 then 'pending' else 'active' end,
           1 + g % 8, cities.c[1 + (g % ${merchantsCount}) % 12], cities.s[1 + (g % ${merchantsCount}) % 12],
           10000 + (g % 50) * 100, 4000 + (g % 40) * 100,
           round(100.0 * ((10000 + (g % 50) * 100) - (4000 + (g % 40) * 100)) / (10000 + (g % 50) * 100))::int,
           now() + ((g % 80) - 5) * interval '1 day',
           case when g % 20 = 0 then 100 end, case when g % 20 = 0 then g % 90 else 0 end,
           case when g % 20 = 0 then now() + interval '7 days' end,
           '',
           now() - (g % 1000) * interval '1 hour'
    from generate_series(1, ${count}) g, m, words, cities`);
  // Vacuum now rather than let autovacuum start on the fresh rows in the middle of a measurement.
  await db.execute(sql`vacuum (analyze)`);
}
