-- Issue 32 (docs/decisions/0074-console-tables-at-scale.md): the console's tables at the 1-million-deal catalogue.
-- A refund keeps its order's customer, its deal's business and the deal's title (a snapshot, as an order line keeps
-- its title), so the refunds table reads refunds alone instead of joining them to a million deals; the orders and
-- vouchers tables sort by amount through an index. Expand only (docs/decisions/0044): nullable columns, backfilled,
-- then NOT NULL, which the previous release's inserts (naming none of them) satisfy through the trigger below.
ALTER TABLE "order_refunds" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "deal_title" text;--> statement-breakpoint
-- A refund written without them (every writer: none names them) gets its order's customer, its deal's business and title.
CREATE FUNCTION order_refund_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id IS NULL THEN
    SELECT user_id INTO NEW.customer_id FROM orders WHERE id = NEW.order_id;
  END IF;
  IF NEW.merchant_id IS NULL OR NEW.deal_title IS NULL THEN
    SELECT coalesce(NEW.merchant_id, merchant_id), coalesce(NEW.deal_title, title) INTO NEW.merchant_id, NEW.deal_title
    FROM deals WHERE id = NEW.deal_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER order_refunds_snapshot BEFORE INSERT ON order_refunds FOR EACH ROW EXECUTE FUNCTION order_refund_snapshot();--> statement-breakpoint
UPDATE "order_refunds" r SET "customer_id" = o."user_id", "merchant_id" = d."merchant_id", "deal_title" = d."title"
  FROM "orders" o, "deals" d WHERE o."id" = r."order_id" AND d."id" = r."deal_id";--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "deal_title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_refunds_customer_idx" ON "order_refunds" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_refunds_merchant_idx" ON "order_refunds" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_refunds_deal_title_trgm_idx" ON "order_refunds" USING gin ("deal_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_refunds_provider_refund_trgm_idx" ON "order_refunds" USING gin ("provider_refund_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_total_idx" ON "orders" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_price_idx" ON "purchases" USING btree ("price_cents","id");
