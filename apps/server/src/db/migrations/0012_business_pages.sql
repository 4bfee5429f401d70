CREATE TABLE "merchant_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "boosted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "profile_highlights" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "listing_boosted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_slug_redirects" ADD CONSTRAINT "merchant_slug_redirects_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The business page's slug is the database's rule, so every insert (registration, approval, seed,
-- tests) gets one and a renamed business keeps its old links: lower-case letters and digits joined
-- by hyphens, "-2", "-3"... when taken by another business (current or old slug).
CREATE FUNCTION merchant_slug_base(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 60), ''), 'business')
$$;--> statement-breakpoint
CREATE FUNCTION merchants_set_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.business_name IS NOT DISTINCT FROM OLD.business_name THEN
      NEW.slug := OLD.slug;
      RETURN NEW;
    END IF;
    IF merchant_slug_base(NEW.business_name) = merchant_slug_base(OLD.business_name) THEN
      NEW.slug := OLD.slug;
      RETURN NEW;
    END IF;
  ELSIF coalesce(NEW.slug, '') <> '' THEN
    RETURN NEW;
  END IF;
  base := merchant_slug_base(NEW.business_name);
  -- Two businesses with the same name registering at once wait for each other here.
  PERFORM pg_advisory_xact_lock(hashtext('merchant-slug:' || base));
  candidate := base;
  LOOP
    EXIT WHEN NOT EXISTS (SELECT 1 FROM merchants WHERE slug = candidate AND id <> NEW.id)
      AND NOT EXISTS (SELECT 1 FROM merchant_slug_redirects WHERE slug = candidate AND merchant_id <> NEW.id);
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO merchant_slug_redirects (slug, merchant_id) VALUES (OLD.slug, OLD.id) ON CONFLICT (slug) DO NOTHING;
    DELETE FROM merchant_slug_redirects WHERE slug = candidate AND merchant_id = NEW.id;
  END IF;
  NEW.slug := candidate;
  RETURN NEW;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  r record;
  base text;
  candidate text;
  n integer;
BEGIN
  FOR r IN SELECT id, business_name FROM merchants ORDER BY created_at, id LOOP
    base := merchant_slug_base(r.business_name);
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM merchants WHERE slug = candidate) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    UPDATE merchants SET slug = candidate WHERE id = r.id;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "merchants" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER merchants_slug_insert BEFORE INSERT ON merchants FOR EACH ROW EXECUTE FUNCTION merchants_set_slug();--> statement-breakpoint
CREATE TRIGGER merchants_slug_update BEFORE UPDATE OF business_name, slug ON merchants FOR EACH ROW EXECUTE FUNCTION merchants_set_slug();--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_slug_key" ON "merchants" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "merchants_place_idx" ON "merchants" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin (lower("business_name") gin_trgm_ops);