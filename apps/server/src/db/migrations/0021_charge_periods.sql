CREATE TABLE "merchant_charge_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_charge_periods_number" CHECK ("merchant_charge_periods"."period_number" >= 1),
	CONSTRAINT "merchant_charge_periods_amount" CHECK ("merchant_charge_periods"."amount_cents" > 0),
	CONSTRAINT "merchant_charge_periods_range" CHECK ("merchant_charge_periods"."period_end" > "merchant_charge_periods"."period_start")
);
--> statement-breakpoint
ALTER TABLE "merchant_charge_periods" ADD CONSTRAINT "merchant_charge_periods_charge_id_merchant_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."merchant_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_charge_periods" ADD CONSTRAINT "merchant_charge_periods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_charge_periods_one_per_period" ON "merchant_charge_periods" USING btree ("charge_id","period_number");--> statement-breakpoint
CREATE INDEX "merchant_charge_periods_merchant_idx" ON "merchant_charge_periods" USING btree ("merchant_id","paid_at");--> statement-breakpoint
-- Backfill: every paid subscription has its first period (id = the charge's, as its receipt link);
-- renewals recorded in the ledger since 0014 (`charge:<id>:month:<n>`) become periods n, a month each.
INSERT INTO "merchant_charge_periods" ("id", "charge_id", "merchant_id", "period_number", "period_start", "period_end", "amount_cents", "paid_at")
SELECT c."id", c."id", c."merchant_id", 1, c."paid_at",
  CASE WHEN EXISTS (SELECT 1 FROM "ledger_entries" l WHERE l."source_key" LIKE 'charge:' || c."id" || ':month:%')
    THEN c."paid_at" + interval '1 month' ELSE c."current_period_end" END,
  c."amount_cents", c."paid_at"
FROM "merchant_charges" c
WHERE c."kind" = 'subscription' AND c."paid_at" IS NOT NULL AND c."current_period_end" > c."paid_at";--> statement-breakpoint
INSERT INTO "merchant_charge_periods" ("charge_id", "merchant_id", "period_number", "period_start", "period_end", "amount_cents", "paid_at")
SELECT c."id", c."merchant_id", n.n, c."paid_at" + (n.n - 1) * interval '1 month', c."paid_at" + n.n * interval '1 month', c."amount_cents", l."occurred_at"
FROM "ledger_entries" l
JOIN "merchant_charges" c ON c."id" = l."charge_id"
CROSS JOIN LATERAL (SELECT split_part(l."source_key", ':month:', 2)::int AS n) n
WHERE l."kind" = 'subscription_charge' AND l."source_key" LIKE 'charge:%:month:%' AND c."paid_at" IS NOT NULL AND n.n >= 2
ON CONFLICT DO NOTHING;
