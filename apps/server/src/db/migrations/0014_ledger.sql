CREATE TYPE "public"."ledger_entry_kind" AS ENUM('sale', 'commission', 'refund', 'commission_reversal', 'deduction', 'dispute_fee', 'payout', 'subscription_charge', 'perkboost_charge');--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"purchase_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_amount" CHECK ("disputes"."amount_cents" >= 0),
	CONSTRAINT "disputes_fee" CHECK ("disputes"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"purchase_id" uuid,
	"payout_id" uuid,
	"charge_id" uuid,
	"dispute_id" uuid,
	"refund_id" uuid,
	"source_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"period_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind" in ('sale', 'commission_reversal') and "ledger_entries"."amount_cents" > 0) or ("ledger_entries"."kind" not in ('sale', 'commission_reversal') and "ledger_entries"."amount_cents" < 0))
);
--> statement-breakpoint
ALTER TABLE "merchant_payouts" DROP CONSTRAINT "merchant_payouts_net";--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "refunds_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "deductions_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "dispute_fees_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "carried_in_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "carried_forward_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_merchant_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."merchant_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_charge_id_merchant_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."merchant_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_id_idx" ON "disputes" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "disputes_lost_idx" ON "disputes" USING btree ("closed_at") WHERE "disputes"."status" = 'lost';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_key_idx" ON "ledger_entries" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_period_idx" ON "ledger_entries" USING btree ("merchant_id","period_start");--> statement-breakpoint
CREATE INDEX "ledger_entries_purchase_idx" ON "ledger_entries" USING btree ("purchase_id") WHERE "ledger_entries"."purchase_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_dispute_idx" ON "ledger_entries" USING btree ("dispute_id") WHERE "ledger_entries"."dispute_id" is not null;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD CONSTRAINT "merchant_payouts_not_negative" CHECK ("merchant_payouts"."net_cents" >= 0 and "merchant_payouts"."carried_forward_cents" >= 0 and "merchant_payouts"."carried_in_cents" >= 0 and ("merchant_payouts"."net_cents" = 0 or "merchant_payouts"."carried_forward_cents" = 0));--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD CONSTRAINT "merchant_payouts_net" CHECK ("merchant_payouts"."net_cents" = "merchant_payouts"."gross_cents" - "merchant_payouts"."commission_cents" - "merchant_payouts"."deductions_cents" - "merchant_payouts"."dispute_fees_cents" - "merchant_payouts"."carried_in_cents" + "merchant_payouts"."carried_forward_cents");--> statement-breakpoint
-- The payout period an instant falls in, as payoutPeriodFor() in packages/shared/src/domain/payouts.ts: days 1-14 start on the 1st, the rest on the 15th (UTC).
CREATE FUNCTION ledger_backfill_period(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (date_trunc('month', at AT TIME ZONE 'UTC')
          + CASE WHEN extract(day FROM at AT TIME ZONE 'UTC') >= 15 THEN interval '14 days' ELSE interval '0 days' END)::date
$$;--> statement-breakpoint
-- Backfill: the sales and commission of existing purchases, the payouts already paid and the merchant charges already paid.
INSERT INTO "ledger_entries" ("merchant_id", "kind", "amount_cents", "purchase_id", "source_key", "occurred_at", "period_start")
SELECT "merchant_id", 'sale', "price_cents", "id", 'sale:' || "id", "purchased_at", ledger_backfill_period("purchased_at")
FROM "purchases" WHERE "price_cents" > 0
ON CONFLICT ("source_key") DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_entries" ("merchant_id", "kind", "amount_cents", "purchase_id", "source_key", "occurred_at", "period_start")
SELECT "merchant_id", 'commission', -"commission_cents", "id", 'commission:' || "id", "purchased_at", ledger_backfill_period("purchased_at")
FROM "purchases" WHERE "commission_cents" > 0
ON CONFLICT ("source_key") DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_entries" ("merchant_id", "kind", "amount_cents", "payout_id", "source_key", "occurred_at", "period_start")
SELECT "merchant_id", 'payout', -"net_cents", "id", 'payout:' || "id", coalesce("paid_at", "created_at"), ledger_backfill_period(coalesce("paid_at", "created_at"))
FROM "merchant_payouts" WHERE "is_paid" AND "net_cents" > 0
ON CONFLICT ("source_key") DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_entries" ("merchant_id", "kind", "amount_cents", "charge_id", "source_key", "occurred_at", "period_start")
SELECT "merchant_id", (CASE WHEN "kind" = 'subscription' THEN 'subscription_charge' ELSE 'perkboost_charge' END)::ledger_entry_kind,
       -"amount_cents", "id", 'charge:' || "id", "paid_at", ledger_backfill_period("paid_at")
FROM "merchant_charges" WHERE "paid_at" IS NOT NULL
ON CONFLICT ("source_key") DO NOTHING;--> statement-breakpoint
DROP FUNCTION ledger_backfill_period(timestamptz);--> statement-breakpoint
-- Append-only: an entry is never changed or removed; a correction is a new entry (docs/decisions/0018-one-ledger.md).
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % is not allowed', TG_OP USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_delete BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
