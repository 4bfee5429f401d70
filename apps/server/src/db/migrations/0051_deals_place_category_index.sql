-- Issue 31 (docs/decisions/0050-search.md, fifth round): browse by a city and a category in date order. The index on
-- (state, city, category_id) had no order, and the planner walked deals_category_idx through every deal of the
-- category, filtering by place (1M deals, category 4 in Austin: 411 ms, 100,114 buffers, 0 rows); this one answers from
-- its first entries (11 ms). It replaces the older one, whose prefix it is. Indexes only: the previous release is unaffected.
DROP INDEX IF EXISTS "deals_city_category_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_place_category_created_idx" ON "deals" USING btree ("state","city","category_id","created_at","id");
