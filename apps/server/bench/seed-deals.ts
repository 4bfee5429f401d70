import { sql } from 'drizzle-orm';
import { LOCATIONS, timeZoneOfState } from '@localperks/shared';
import type { Db } from '../src/db/client';
import { sqlRows } from '../src/lib/sql-rows';

/**
 * Inserts `count` synthetic deals. Their businesses (one per 200 deals, at least 50) are spread over the
 * 12 cities, each with a street address and a point a few miles around its city's centre, its state's
 * time zone and opening hours (some past midnight, some closed on Sundays); titles and descriptions are
 * made of real deal words, so full-text, typo and synonym searches find realistic shares of them. A deal's
 * word, price, discount, age (41 days, to the second) and end are each drawn by a hash of its own, so none
 * follows from another or from its business; its category follows from its word.
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
  // The deals' secondary indexes (full-text, trigram, geo, a dozen b-trees) are dropped for the bulk insert and built
  // again after it: kept up row by row they made a million deals take over half an hour; built at the end, minutes.
  const indexes = await sqlRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = 'deals'
          and indexname not in (select conname from pg_constraint where conrelid = 'deals'::regclass)`,
  );
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  await db.execute(sql`
    with m as (select array_agg(id order by substring(business_name from 'bench([0-9]+)@')::int) ids from merchants where business_name like 'Bench Merchant %'),
    words as (select array['spa','sushi','yoga','pizza','massage','bowling','tacos','facial','kayak','museum','brunch','climbing','pilates','barber','wine','concert'] w,
                     -- Each word's category: Beauty, Restaurants, Fitness, Restaurants, Beauty, Entertainment, …
                     array[5,1,4,1,5,3,1,5,6,3,1,4,4,7,1,3] category,
                     array['Deluxe','Classic','Weekend','Sunset','Family','Signature','Express','Private','Seasonal','Twilight'] adj,
                     array['for Two','for Four','for One','Night Out','Package','Session','Class Pack','Tasting','Experience','Voucher'] tail),
    cities as (select ${arr(cities)}::text[] c, ${arr(states)}::text[] s)
    insert into deals (merchant_id, title, description, type, status, category_id, city, state, original_price_cents, deal_price_cents,
                       discount_percentage, expiration_date, votes_required, current_votes, voting_end_date, search_text, created_at)
    select m.ids[1 + g % ${merchantsCount}],
           words.adj[1 + h.adj] || ' ' || initcap(words.w[1 + h.w]) || ' ' || words.tail[1 + h.tail],
           'Enjoy ' || words.w[1 + h.d1] || ' and ' || words.w[1 + h.d2] || ' at a local favourite, ' ||
             lower(words.adj[1 + h.d3]) || ' and friendly, a short walk from the station.',
           case when h.boost = 0 then 'perkboost' else 'standard' end,
           case when h.boost = 0 then 'pending' else 'active' end,
           words.category[1 + h.w], cities.c[1 + (g % ${merchantsCount}) % 12], cities.s[1 + (g % ${merchantsCount}) % 12],
           10000 + h.orig * 100, 4000 + h.price * 100,
           round(100.0 * ((10000 + h.orig * 100) - (4000 + h.price * 100)) / (10000 + h.orig * 100))::int,
           now() + (h.days - 5) * interval '1 day',
           case when h.boost = 0 then 100 end, case when h.boost = 0 then h.votes else 0 end,
           case when h.boost = 0 then now() + interval '7 days' end,
           '',
           now() - h.age * interval '1 second'
    from generate_series(1, ${count}) g, m, words, cities,
      -- Each of a deal's attributes drawn by its own hash of its number: none follows from another or from its business
      -- (with g % n for each, every business had one category and one price, and the newest deals no "spa").
      lateral (select (abs(hashint8(g * 31 + 1)::bigint) % 16)::int as w, (abs(hashint8(g * 31 + 2)::bigint) % 10)::int as adj, (abs(hashint8(g * 31 + 3)::bigint) % 10)::int as tail,
                      (abs(hashint8(g * 31 + 4)::bigint) % 16)::int as d1, (abs(hashint8(g * 31 + 5)::bigint) % 16)::int as d2, (abs(hashint8(g * 31 + 6)::bigint) % 10)::int as d3,
                      (abs(hashint8(g * 31 + 7)::bigint) % 20)::int as boost, (abs(hashint8(g * 31 + 8)::bigint) % 50)::int as orig, (abs(hashint8(g * 31 + 9)::bigint) % 40)::int as price,
                      (abs(hashint8(g * 31 + 10)::bigint) % 80)::int as days, (abs(hashint8(g * 31 + 11)::bigint) % 90)::int as votes,
                      (abs(hashint8(g * 31 + 12)::bigint) % 3600000)::int as age) h`);
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
  // Vacuum now rather than let autovacuum start on the fresh rows in the middle of a measurement.
  await db.execute(sql`vacuum (analyze)`);
}

/**
 * The console's rows around the bench catalogue (issue 32: its tables must hold at the 1-million-deal catalogue):
 * a customer for every 5 deals, an order for every 2 (most paid, some open, canceled or expired), a voucher for every
 * paid order (a third redeemed, some refunded with their refund, some expired), and 12 weekly payouts per business.
 * Names, e-mails, codes and provider ids look real; everything is bulk SQL in one transaction (generate_series), so
 * 200,000 customers and 500,000 orders take a minute or two, not hours. Runs after `seedBenchDeals`.
 */
export async function seedBenchConsole(db: Db, dealsCount: number) {
  const customers = Math.max(100, Math.round(dealsCount / 5));
  const ordersCount = Math.max(200, Math.round(dealsCount / 2));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temp table bc_customers on commit drop as
      select g, gen_random_uuid() as id,
        (array['Olivia','Liam','Emma','Noah','Ava','Mateo','Sofia','Lucas','Mia','Ethan','Amara','Hiro','Priya','Diego','Chloé','Zoë'])[1 + g % 16] as first,
        (array['Smith','Garcia','Nguyen','Johnson','Patel','Kim','Rossi','Okafor','Müller','Brown','Lopez','Cohen','Silva','Wright','Haddad','Jones','Martin','Ito','Walsh','Reyes'])[1 + (g / 16) % 20] as last
      from generate_series(1, ${customers}) g`);
    await tx.execute(sql`
      insert into users (id, email, password_hash, name, role, email_verified_at, banned_at, ban_reason, created_at)
      select id, lower(translate(first || '.' || last, 'éëü', 'eeu')) || g || '@bench-customer.example', 'x', first || ' ' || last, 'customer',
        case when g % 25 <> 0 then now() - (g % 700) * interval '1 day' end,
        case when g % 500 = 0 then now() - interval '3 days' end, case when g % 500 = 0 then 'Chargebacks on every order' end,
        now() - (g % 730) * interval '1 day' - (g % 24) * interval '1 hour'
      from bc_customers`);
    // The vouchers go to 100,000 deals of the catalogue (every business has some), each with its first option.
    await tx.execute(sql`
      create temp table bc_deals on commit drop as
      select row_number() over () as rn, d.id, d.merchant_id, d.title, d.deal_price_cents, o.id as option_id, o.title as option_title
      from (select * from deals order by id limit 100000) d
      join lateral (select id, title from deal_options where deal_id = d.id order by position limit 1) o on true`);
    await tx.execute(sql`create index on bc_deals (rn)`);
    await tx.execute(sql`analyze bc_deals`);
    await tx.execute(sql`
      create temp table bc_orders on commit drop as
      select s.g, gen_random_uuid() as id, gen_random_uuid() as item_id, gen_random_uuid() as purchase_id, c.id as user_id,
        d.id as deal_id, d.merchant_id, d.title, d.option_id, d.option_title, d.deal_price_cents as price,
        case when s.g % 20 = 1 then 'open' when s.g % 20 = 2 then 'canceled' when s.g % 20 = 3 then 'expired' else 'paid' end as status,
        now() - (s.g % 365) * interval '1 day' - (s.g % 1440) * interval '1 minute' as created_at
      from generate_series(1, ${ordersCount}) s(g)
      join bc_customers c on c.g = 1 + (s.g::bigint * 7919) % ${customers}
      join bc_deals d on d.rn = 1 + (s.g::bigint * 104729) % (select count(*) from bc_deals)`);
    await tx.execute(sql`
      insert into orders (id, user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, discount_cents,
                          promo_code, billing, expires_at, paid_at, created_at)
      select id, user_id, status, 'sandbox', 'cs_bench_' || lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0') || g,
        price, 0, price - case when g % 10 = 0 then 500 else 0 end, case when g % 10 = 0 then 500 else 0 end,
        case when g % 10 = 0 then 'WELCOME5' end, '{}'::jsonb, created_at + interval '30 minutes',
        case when status = 'paid' then created_at + interval '2 minutes' end, created_at
      from bc_orders`);
    await tx.execute(sql`
      insert into order_items (id, order_id, deal_id, title, unit_price_cents, quantity, option_id, option_title, reservation)
      select item_id, id, deal_id, title, price, 1, option_id, option_title, case when status = 'paid' then 'taken' else 'released' end
      from bc_orders`);
    await tx.execute(sql`
      insert into purchases (id, order_id, user_id, deal_id, merchant_id, deal_title, option_id, option_title, price_cents,
                             commission_rate, commission_cents, redemption_code, purchased_at, expiration_date, redeemed_at, refunded_at)
      select purchase_id, id, user_id, deal_id, merchant_id, title, option_id, option_title, price, 15, round(price * 0.15)::int,
        'LP' || upper(lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0')), created_at + interval '2 minutes',
        created_at + interval '120 days',
        case when g % 3 = 0 then created_at + (g % 20 + 1) * interval '1 day' end,
        case when g % 50 = 7 then created_at + interval '2 days' end
      from bc_orders where status = 'paid'`);
    await tx.execute(sql`
      insert into order_refunds (order_id, order_item_id, deal_id, purchase_id, amount_cents, reason, status, provider, idempotency_key,
                                 provider_refund_id, created_at, refunded_at)
      select id, item_id, deal_id, purchase_id, price, case when g % 100 = 7 then 'admin' else 'customer_request' end,
        case when g % 350 = 7 then 'pending' else 'refunded' end, 'sandbox', 'bench-refund-' || g,
        case when g % 350 <> 7 then 're_bench_' || g end, created_at + interval '2 days',
        case when g % 350 <> 7 then created_at + interval '2 days 1 hour' end
      from bc_orders where status = 'paid' and g % 50 = 7`);
    // Twelve weekly payouts per business: the last one scheduled, the others paid by transfer.
    await tx.execute(sql`
      insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents,
                                    net_cents, is_paid, paid_at, state, paid_via, transfer_id, created_at)
      select m.id, current_date - 7 * w - 7, current_date - 7 * w - 1, current_date - 7 * w + 3, v, v * 6000, v * 900, v * 5100,
        w > 0, case when w > 0 then now() - (7 * w - 3) * interval '1 day' end, case when w > 0 then 'paid' else 'scheduled' end,
        case when w > 0 then 'transfer' end, case when w > 0 then 'tr_bench_' || w || '_' || left(m.id::text, 8) || right(m.id::text, 4) end,
        now() - 7 * w * interval '1 day'
      from (select id, row_number() over (order by id) k from merchants) m, generate_series(0, 11) w,
        lateral (select (m.k * 31 + w * 7) % 40 + 1 as v) n`);
  });
  await db.execute(sql`vacuum (analyze)`);
}
