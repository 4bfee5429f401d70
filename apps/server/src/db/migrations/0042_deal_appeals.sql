-- Removed deals can be appealed, and the unused part of a boost paid on a deal an admin takes down is
-- refunded to the merchant's card and booked in the ledger as perkboost_refund (+): issue 39,
-- docs/decisions/0042-paid-features-follow-the-paid-period.md. Additive only (two new tables, one new
-- enum value, a sign check that accepts it): the previous release runs unchanged on this schema.
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'perkboost_refund';--> statement-breakpoint
CREATE TABLE "deal_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_text" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_charge_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "merchant_charge_refunds_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "merchant_charge_refunds_amount" CHECK ("merchant_charge_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_charge_refunds" ADD CONSTRAINT "merchant_charge_refunds_charge_id_merchant_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."merchant_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_charge_refunds" ADD CONSTRAINT "merchant_charge_refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_appeals_one_open" ON "deal_appeals" USING btree ("deal_id") WHERE "deal_appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "deal_appeals_deal_idx" ON "deal_appeals" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_charge_refunds_unsent_idx" ON "merchant_charge_refunds" USING btree ("created_at") WHERE "merchant_charge_refunds"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind"::text in ('sale', 'commission_reversal', 'perkboost_refund') and "ledger_entries"."amount_cents" > 0) or ("ledger_entries"."kind"::text not in ('sale', 'commission_reversal', 'perkboost_refund') and "ledger_entries"."amount_cents" < 0));