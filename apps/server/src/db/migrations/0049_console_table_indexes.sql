-- Issue 32 (docs/decisions/0074-console-tables-at-scale.md): the console's tables at the 1-million-deal catalogue.
-- Each table's default sort (newest first, ties by id) walks an index instead of sorting the table; each searched
-- text column has a trigram index, which the table engine's free-text search reads one column at a time
-- (lib/data-table.ts). Expand only (docs/decisions/0044): indexes.
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'customer' and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ((coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_title_trgm_idx" ON "deals" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_city_trgm_idx" ON "deals" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_created_idx" ON "merchants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_promo_code_trgm_idx" ON "orders" USING gin ("promo_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_provider_session_trgm_idx" ON "orders" USING gin ("provider_session_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_purchased_idx" ON "purchases" USING btree ("purchased_at","id");--> statement-breakpoint
CREATE INDEX "purchases_code_trgm_idx" ON "purchases" USING gin ("redemption_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_deal_title_trgm_idx" ON "purchases" USING gin ("deal_title" gin_trgm_ops);