CREATE INDEX "merchants_description_trgm_idx" ON "merchants" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_listing_boost_idx" ON "merchants" USING btree ("listing_boosted_until");--> statement-breakpoint
-- Deal search matches the business's name too (DESIGN.md 13) through the one trigram index on
-- search_text: the database writes it from the deal's title and description and its business's name,
-- on every write of a deal (whatever the application sends is replaced) and when a business is renamed.
CREATE FUNCTION deals_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.title || ' ' || NEW.description || ' ' || coalesce((SELECT business_name FROM merchants WHERE id = NEW.merchant_id), ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER deals_search_text BEFORE INSERT OR UPDATE OF title, description, merchant_id, search_text ON deals FOR EACH ROW EXECUTE FUNCTION deals_set_search_text();--> statement-breakpoint
-- A renamed business: its deals' search_text is written again (by the trigger above).
CREATE FUNCTION merchants_refresh_deal_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET search_text = search_text WHERE merchant_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER merchants_deal_search_text AFTER UPDATE OF business_name ON merchants FOR EACH ROW WHEN (OLD.business_name IS DISTINCT FROM NEW.business_name) EXECUTE FUNCTION merchants_refresh_deal_search_text();--> statement-breakpoint
UPDATE deals SET search_text = search_text;
