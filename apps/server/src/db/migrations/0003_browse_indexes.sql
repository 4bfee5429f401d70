DROP INDEX "deals_price_idx";--> statement-breakpoint
DROP INDEX "deals_discount_idx";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "listed_until" timestamp with time zone GENERATED ALWAYS AS (case when status = 'active' then expiration_date when status = 'pending' and type = 'perkboost' then least(voting_end_date, expiration_date) end) STORED;--> statement-breakpoint
CREATE INDEX "deals_newest_idx" ON "deals" USING btree (("type" = 'perkboost'),"created_at","id");--> statement-breakpoint
CREATE INDEX "deals_listed_idx" ON "deals" USING btree ("listed_until");--> statement-breakpoint
CREATE INDEX "deals_price_idx" ON "deals" USING btree ("deal_price_cents","id");--> statement-breakpoint
CREATE INDEX "deals_discount_idx" ON "deals" USING btree ("discount_percentage","id");