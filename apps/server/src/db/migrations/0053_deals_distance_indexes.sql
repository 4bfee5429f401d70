-- Issue 31 (docs/decisions/0050-search.md, seventh round): distance and deep pages at 1M deals. Indexes only: the
-- previous release is unaffected.
-- Within a radius, browse counts the deals through the businesses there: those in a box of latitudes and longitudes
-- around it (merchants_lat_lng_idx), then each one's live deals by deals_merchant_listed_idx without reading the table.
-- Through the deals' own GiST index every deal in the box was read before the first 1,001 (83,400 within 10 miles of
-- 60606: 32 ms).
CREATE INDEX IF NOT EXISTS "merchants_lat_lng_idx" ON "merchants" USING btree ("lat","lng");--> statement-breakpoint
-- Replaces deals_merchant_idx, its prefix: a business's deals, and its live ones from the index alone.
CREATE INDEX IF NOT EXISTS "deals_merchant_listed_idx" ON "deals" USING btree ("merchant_id","listed_until");--> statement-breakpoint
DROP INDEX IF EXISTS "deals_merchant_idx";--> statement-breakpoint
-- Nearest first: the deals tied at the page's edge share a point (ZIP-centre places), read at that point in id order.
CREATE INDEX IF NOT EXISTS "deals_earth_id_idx" ON "deals" USING btree ("earth","id");--> statement-breakpoint
-- Replaces deals_created_id_idx (migration 0052), the same keys with the end of each listing beside them: a numbered
-- page's skipped deals are walked in the index alone, where each was read from the table to check it was still listed
-- (page 200 at 1M deals: 5.8 -> 1.5 ms, 4,852 -> 3,335 buffers).
CREATE INDEX IF NOT EXISTS "deals_created_live_idx" ON "deals" USING btree ("created_at","id") INCLUDE ("listed_until");--> statement-breakpoint
DROP INDEX IF EXISTS "deals_created_id_idx";
