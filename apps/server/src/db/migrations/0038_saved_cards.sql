CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "provider_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_idx" ON "payment_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_customer_idx" ON "sandbox_payment_methods" USING btree ("customer_id","created_at");