-- Issue 29 (docs/decisions/0047-deal-options-stock-dates.md, 0048-promo-codes-on-the-ledger.md):
-- price options with stock, reservations held by open checkouts, per-customer limits, a sale start and
-- a voucher use-by date, and promo codes whose discount the ledger books by who pays for it.
CREATE TABLE "deal_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"original_price_cents" integer NOT NULL,
	"deal_price_cents" integer NOT NULL,
	"discount_percentage" integer NOT NULL,
	"stock_total" integer,
	"stock_left" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_options_prices_positive" CHECK ("deal_options"."original_price_cents" > 0 and "deal_options"."deal_price_cents" > 0),
	CONSTRAINT "deal_options_stock" CHECK (("deal_options"."stock_total" is null) = ("deal_options"."stock_left" is null) and "deal_options"."stock_left" >= 0 and "deal_options"."stock_left" <= "deal_options"."stock_total")
);--> statement-breakpoint
ALTER TABLE "deal_options" ADD CONSTRAINT "deal_options_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_options_deal_idx" ON "deal_options" USING btree ("deal_id","position");--> statement-breakpoint
-- Every existing deal becomes a deal with one option, its own prices (an untitled option: the page shows no picker).
INSERT INTO "deal_options" ("deal_id", "position", "title", "original_price_cents", "deal_price_cents", "discount_percentage", "created_at")
SELECT "id", 0, '', "original_price_cents", "deal_price_cents", "discount_percentage", "created_at" FROM "deals";--> statement-breakpoint
-- A deal is born with one option mirroring its price, whoever inserts it; the merchant's service then
-- writes the form's options over it in the same transaction.
CREATE FUNCTION deals_default_option() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_options (deal_id, position, title, original_price_cents, deal_price_cents, discount_percentage)
  VALUES (NEW.id, 0, '', NEW.original_price_cents, NEW.deal_price_cents, NEW.discount_percentage);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER deals_default_option AFTER INSERT ON deals FOR EACH ROW EXECUTE FUNCTION deals_default_option();--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "restock_on_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_per_customer_limit" CHECK ("deals"."per_customer_limit" is null or "deals"."per_customer_limit" between 1 and 100);--> statement-breakpoint
CREATE INDEX "deals_scheduled_idx" ON "deals" USING btree ("sale_starts_at") WHERE "deals"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "option_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "option_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "reservation" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount" CHECK ("order_items"."discount_cents" >= 0 and "order_items"."discount_cents" <= "order_items"."unit_price_cents" * "order_items"."quantity");--> statement-breakpoint
UPDATE "order_items" i SET "option_id" = o."id" FROM "deal_options" o WHERE o."deal_id" = i."deal_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "option_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_option_id_deal_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."deal_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_reservation" CHECK ("order_items"."reservation" is null or "order_items"."reservation" in ('held', 'taken', 'released'));--> statement-breakpoint
CREATE INDEX "order_items_held_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."reservation" = 'held';--> statement-breakpoint
CREATE INDEX "order_items_option_idx" ON "order_items" USING btree ("option_id");--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "option_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "option_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_funded_by" text;--> statement-breakpoint
UPDATE "purchases" p SET "option_id" = o."id" FROM "deal_options" o WHERE o."deal_id" = p."deal_id";--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "option_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_option_id_deal_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."deal_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_discount" CHECK ("purchases"."discount_cents" >= 0 and "purchases"."discount_cents" <= "purchases"."price_cents" and ("purchases"."discount_cents" = 0) = ("purchases"."discount_funded_by" is null) and ("purchases"."discount_funded_by" is null or "purchases"."discount_funded_by" in ('merchant', 'platform')));--> statement-breakpoint
-- An order line or voucher written without an option (a writer from before options) is the deal's first.
CREATE FUNCTION default_deal_option() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.option_id IS NULL THEN
    SELECT id INTO NEW.option_id FROM deal_options WHERE deal_id = NEW.deal_id ORDER BY removed_at IS NOT NULL, position, created_at LIMIT 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER order_items_default_option BEFORE INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION default_deal_option();--> statement-breakpoint
CREATE TRIGGER purchases_default_option BEFORE INSERT ON purchases FOR EACH ROW EXECUTE FUNCTION default_deal_option();--> statement-breakpoint
CREATE INDEX "purchases_user_deal_idx" ON "purchases" USING btree ("user_id","deal_id");--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"merchant_id" uuid,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"deal_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent_off" between 1 and 100 and "promo_codes"."amount_off_cents" is null) or ("promo_codes"."kind" = 'fixed' and "promo_codes"."amount_off_cents" > 0 and "promo_codes"."percent_off" is null)),
	CONSTRAINT "promo_codes_window" CHECK ("promo_codes"."ends_at" > "promo_codes"."starts_at"),
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."used_count" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."used_count" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_per_customer" CHECK ("promo_codes"."per_customer_limit" >= 1),
	CONSTRAINT "promo_codes_min_subtotal" CHECK ("promo_codes"."min_subtotal_cents" >= 0)
);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_merchant_idx" ON "promo_codes" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_use" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount" CHECK ("orders"."discount_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents" and ("orders"."promo_code_id" is null) = ("orders"."promo_use" is null) and ("orders"."promo_use" is null or "orders"."promo_use" in ('held', 'used', 'released')));--> statement-breakpoint
CREATE INDEX "orders_promo_idx" ON "orders" USING btree ("promo_code_id","user_id") WHERE "orders"."promo_code_id" is not null;--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_purchase";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_purchase" CHECK (("order_refunds"."reason" in ('deal_withdrawn', 'sold_out')) = ("order_refunds"."purchase_id" is null));--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'promotion';--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'promotion_reversal';--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'platform_promotion';--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'platform_promotion_reversal';--> statement-breakpoint
-- The sign rule compares the kind as text: the new values cannot be used in the transaction that adds them.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind"::text in ('sale', 'commission_reversal', 'perkboost_refund', 'promotion_reversal', 'platform_promotion_reversal') and "ledger_entries"."amount_cents" > 0) or ("ledger_entries"."kind"::text not in ('sale', 'commission_reversal', 'perkboost_refund', 'promotion_reversal', 'platform_promotion_reversal') and "ledger_entries"."amount_cents" < 0));
;--> statement-breakpoint
-- A payout's gross is after merchant-funded promotions; they are shown as their own line.
ALTER TABLE "merchant_payouts" ADD COLUMN "promotions_cents" bigint DEFAULT 0 NOT NULL;