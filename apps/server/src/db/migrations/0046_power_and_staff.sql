-- Issue 33 (docs/decisions/0062-roles-and-staff.md, 0063-suspensions-and-bans.md): admin roles and deactivation,
-- customer bans, merchant suspensions, staff of a business, ticket assignment and internal notes, and the
-- audit trail searched by actor and target. Expand only (docs/decisions/0044): new tables, nullable columns, indexes.
ALTER TABLE "users" ADD COLUMN "admin_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
-- Every admin so far could do everything: they stay owners.
UPDATE "users" SET "admin_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE INDEX "merchants_suspended_idx" ON "merchants" USING btree ("id") WHERE "merchants"."suspended_at" is not null;--> statement-breakpoint
-- A suspended business's deals are seen nowhere (docs/decisions/0063-suspensions-and-bans.md): listed_until, the one
-- column every public listing compares (and the facet counts walk in indexes without reading the table), becomes
-- a column the database writes itself. Dropping its expression keeps its values and its indexes; the trigger works
-- it out on every write of a deal as the expression did, and empties it while the business is suspended.
ALTER TABLE "deals" ALTER COLUMN "listed_until" DROP EXPRESSION;--> statement-breakpoint
CREATE FUNCTION deals_listed_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed_until := CASE
    WHEN EXISTS (SELECT 1 FROM merchants m WHERE m.id = NEW.merchant_id AND m.suspended_at IS NOT NULL) THEN NULL
    WHEN NEW.status = 'active' THEN NEW.expiration_date
    WHEN NEW.status = 'pending' AND NEW.type = 'perkboost' THEN least(NEW.voting_end_date, NEW.expiration_date)
  END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER deals_listed_until BEFORE INSERT OR UPDATE OF status, type, expiration_date, voting_end_date, merchant_id, listed_until ON deals
  FOR EACH ROW EXECUTE FUNCTION deals_listed_until();--> statement-breakpoint
-- Suspended or reinstated: the business's deals are worked out again (by deals_listed_until).
CREATE FUNCTION merchants_suspension_lists_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET listed_until = NULL WHERE merchant_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER merchants_suspension_lists_deals AFTER UPDATE OF suspended_at ON merchants
  FOR EACH ROW WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at) EXECUTE FUNCTION merchants_suspension_lists_deals();--> statement-breakpoint
CREATE TABLE "merchant_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid,
	"invited_by" uuid,
	"invite_selector" text NOT NULL,
	"invite_verifier_hash" text NOT NULL,
	"invite_expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_staff" ADD CONSTRAINT "merchant_staff_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_staff" ADD CONSTRAINT "merchant_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_staff" ADD CONSTRAINT "merchant_staff_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_staff_invite_selector_key" ON "merchant_staff" USING btree ("invite_selector");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_staff_live_email_key" ON "merchant_staff" USING btree ("merchant_id","email") WHERE "merchant_staff"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_staff_live_user_key" ON "merchant_staff" USING btree ("user_id") WHERE "merchant_staff"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "merchant_staff_merchant_idx" ON "merchant_staff" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_assigned_idx" ON "support_tickets" USING btree ("assigned_to","created_at");--> statement-breakpoint
CREATE TABLE "support_ticket_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_ticket_notes" ADD CONSTRAINT "support_ticket_notes_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_notes" ADD CONSTRAINT "support_ticket_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_notes_ticket_idx" ON "support_ticket_notes" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_entity_idx" ON "admin_audit_log" USING btree ("entity_id","created_at");
