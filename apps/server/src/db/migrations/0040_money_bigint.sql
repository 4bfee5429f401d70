-- Money that grows is 64-bit (docs/decisions/0040-safe-at-scale.md): a payout and the ledger entry
-- paying it out pass 2,147,483,647 cents ($21,474,836.47) for a busy merchant. Each table is
-- rewritten once (one ALTER TABLE with all its columns); every value is kept as it is, widened, and
-- the checks and indexes stay. Code of the previous release reads bigint columns as numbers too.
ALTER TABLE "merchant_payouts"
  ALTER COLUMN "gross_cents" SET DATA TYPE bigint,
  ALTER COLUMN "commission_cents" SET DATA TYPE bigint,
  ALTER COLUMN "refunds_cents" SET DATA TYPE bigint,
  ALTER COLUMN "deductions_cents" SET DATA TYPE bigint,
  ALTER COLUMN "dispute_fees_cents" SET DATA TYPE bigint,
  ALTER COLUMN "carried_in_cents" SET DATA TYPE bigint,
  ALTER COLUMN "carried_forward_cents" SET DATA TYPE bigint,
  ALTER COLUMN "net_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;
