CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"pending_event" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "mode" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_session_id_sandbox_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_due_idx" ON "sandbox_subscriptions" USING btree ("current_period_end") WHERE "sandbox_subscriptions"."status" = 'active';