-- Issue 30 (docs/decisions/0064-verified-reviews.md, 0065-notifications.md, 0066-gifts.md): verified reviews with
-- replies and reports, business follows, notification preferences and the exactly-once log of non-transactional
-- mail, mail headers (List-Unsubscribe), signing keys, gifts. Expand only (docs/decisions/0044): new tables,
-- defaulted or nullable columns, indexes, and the trigger that counts published reviews.
CREATE TABLE "business_follows" (
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_follows_user_id_merchant_id_pk" PRIMARY KEY("user_id","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"review_requests" boolean DEFAULT true NOT NULL,
	"expiry_reminders" boolean DEFAULT true NOT NULL,
	"saved_deal_alerts" boolean DEFAULT true NOT NULL,
	"followed_businesses" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_sends" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" uuid,
	CONSTRAINT "notification_sends_user_id_kind_subject_id_pk" PRIMARY KEY("user_id","kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"moderation_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"reply_text" text,
	"reply_at" timestamp with time zone,
	"reply_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body" CHECK (char_length("reviews"."body") between 20 and 2000),
	CONSTRAINT "reviews_status" CHECK ("reviews"."status" in ('published', 'hidden')),
	CONSTRAINT "reviews_reply" CHECK (("reviews"."reply_text" is null) = ("reviews"."reply_at" is null))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"claim_token_hash" text,
	"claimed_at" timestamp with time zone,
	"claimed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_message" CHECK (char_length("gifts"."message") <= 500)
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "review_stars_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "review_stars_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "business_follows" ADD CONSTRAINT "business_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_follows" ADD CONSTRAINT "business_follows_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_by_users_id_fk" FOREIGN KEY ("reply_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_follows_merchant_idx" ON "business_follows" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "notification_sends_user_idx" ON "notification_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_once_idx" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_purchase_idx" ON "reviews" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "reviews_deal_idx" ON "reviews" USING btree ("deal_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_merchant_idx" ON "reviews" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("updated_at") WHERE "reviews"."open_reports" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_order_item_idx" ON "gifts" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_claim_token_idx" ON "gifts" USING btree ("claim_token_hash");--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("deliver_at") WHERE "gifts"."delivered_at" is null;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_gift_idx" ON "purchases" USING btree ("gift_id") WHERE "purchases"."gift_id" is not null;--> statement-breakpoint
CREATE INDEX "purchases_redeemed_idx" ON "purchases" USING btree ("redeemed_at") WHERE "purchases"."redeemed_at" is not null;--> statement-breakpoint
CREATE INDEX "purchases_unused_expiry_idx" ON "purchases" USING btree ("expiration_date") WHERE "purchases"."redeemed_at" is null and "purchases"."refunded_at" is null and "purchases"."forfeited_at" is null;--> statement-breakpoint
-- A deal's and a business's published reviews, counted and summed where cards and pages read them: a review
-- published, hidden, restored or removed moves both in the transaction that changes it, so the average never
-- counts a hidden review and concurrent reviews never lose an update (each is one row update).
CREATE FUNCTION reviews_count_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    UPDATE deals SET review_count = review_count - 1, review_stars_sum = review_stars_sum - OLD.rating WHERE id = OLD.deal_id;
    UPDATE merchants SET review_count = review_count - 1, review_stars_sum = review_stars_sum - OLD.rating WHERE id = OLD.merchant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    UPDATE deals SET review_count = review_count + 1, review_stars_sum = review_stars_sum + NEW.rating WHERE id = NEW.deal_id;
    UPDATE merchants SET review_count = review_count + 1, review_stars_sum = review_stars_sum + NEW.rating WHERE id = NEW.merchant_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_count_ratings AFTER INSERT OR DELETE OR UPDATE OF status, rating ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_count_ratings();