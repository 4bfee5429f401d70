CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"merchant_response" text,
	"merchant_responded_at" timestamp with time zone,
	"decision_text" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_refunds_item_idx";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "webhook_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("purchase_id") WHERE "refund_requests"."status" in ('requested', 'merchant_responded', 'due_for_decision');--> statement-breakpoint
CREATE INDEX "refund_requests_purchase_idx" ON "refund_requests" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "refund_requests_merchant_idx" ON "refund_requests" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_customer_idx" ON "refund_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_purchase_idx" ON "order_refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_item_idx" ON "order_refunds" USING btree ("order_item_id") WHERE "order_refunds"."purchase_id" is null;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_purchase" CHECK (("order_refunds"."reason" = 'deal_withdrawn') = ("order_refunds"."purchase_id" is null));