CREATE TABLE "deal_stats_hourly" (
	"deal_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_stats_hourly_deal_id_hour_pk" PRIMARY KEY("deal_id","hour")
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "boost_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_charges" ADD COLUMN "boost_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_charges" ADD COLUMN "boost_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_stats_hourly" ADD CONSTRAINT "deal_stats_hourly_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_boosted_idx" ON "deals" USING btree ("boosted_until") WHERE boosted_until is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_charges_one_open_deal_boost" ON "merchant_charges" USING btree ("deal_id") WHERE kind = 'deal_boost' and status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_charges_one_open_listing_boost" ON "merchant_charges" USING btree ("merchant_id") WHERE kind = 'listing_boost' and status = 'open';