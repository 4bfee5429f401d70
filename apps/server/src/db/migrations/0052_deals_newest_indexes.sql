-- Issue 31 (docs/decisions/0050-search.md, sixth round): newest first, the id breaking ties. The browse orders by
-- (created_at, id) and its keyset cursor compares both; an index on created_at alone made the planner read every deal
-- sharing the newest timestamps and sort them (1M deals: the default page 1.8 ms, 1,002 rows read, for 13; the
-- suggestions' newest five matches 7.7 ms, 12,000 rows). With the id in the index the walk stops at the page's end.
-- Each replaces the older index, whose prefix it is. Indexes only: the previous release is unaffected.
CREATE INDEX IF NOT EXISTS "deals_created_id_idx" ON "deals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_category_created_idx" ON "deals" USING btree ("category_id","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "deals_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "deals_category_idx";
