-- Payouts move money by themselves (issue 36, docs/decisions/0056-payout-accounts-and-transfers.md): a payout
-- account per merchant at the payment provider, the sandbox's own connected accounts, links and transfers,
-- each payout's transfer state, and the ledger kind payout_reversal (+) for a transfer the provider reversed.
-- Additive only (new tables, new nullable or defaulted columns, one enum value, a sign check that accepts it):
-- the previous release runs unchanged on this schema; it keeps marking payouts paid through is_paid, which
-- the new release reads as the state paid.
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'payout_reversal';--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_event" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_connected_accounts_merchant_id_unique" UNIQUE("merchant_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reversed_cents" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"transfer_group" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pending_event" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_amount" CHECK ("sandbox_transfers"."amount_cents" > 0 and "sandbox_transfers"."reversed_cents" >= 0 and "sandbox_transfers"."reversed_cents" <= "sandbox_transfers"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "state" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "paid_via" text;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "transfer_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "transfer_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "merchant_payouts" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_account_links" ADD CONSTRAINT "sandbox_account_links_account_id_sandbox_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_account_id_sandbox_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_merchant_provider_key" ON "payout_accounts" USING btree ("merchant_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_key" ON "payout_accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE INDEX "sandbox_account_links_account_idx" ON "sandbox_account_links" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idempotency_key" ON "sandbox_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_account_idx" ON "sandbox_transfers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_payouts_unpaid_idx" ON "merchant_payouts" USING btree ("payout_date") WHERE not "merchant_payouts"."is_paid";--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_payouts_transfer_key" ON "merchant_payouts" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind"::text in ('sale', 'commission_reversal', 'perkboost_refund', 'promotion_reversal', 'platform_promotion_reversal', 'payout_reversal') and "ledger_entries"."amount_cents" > 0) or ("ledger_entries"."kind"::text not in ('sale', 'commission_reversal', 'perkboost_refund', 'promotion_reversal', 'platform_promotion_reversal', 'payout_reversal') and "ledger_entries"."amount_cents" < 0));--> statement-breakpoint
-- Payouts already marked paid by an admin were paid outside the platform.
UPDATE "merchant_payouts" SET "state" = 'paid', "paid_via" = 'outside' WHERE "is_paid";
