-- Location and search (issue 31; docs/decisions/0049-location.md, 0050-search.md).
-- cube: a deal's place is a point on the earth (3-D, metres from its centre) with a GiST index, so
-- distance sort (nearest first, a KNN walk of the index) and the radius (a cube around the point) are
-- index lookups, not scans. The three functions below are earthdistance's own SQL (ll_to_earth,
-- earth_distance, earth_box) on the mean earth radius: the earthdistance extension itself breaks
-- pg_trgm's operators when both are loaded in PGlite 0.5 (docs/decisions/0049-location.md).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE FUNCTION geo_point(lat float8, lng float8) RETURNS cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT cube(ARRAY[6371008.8 * cos(radians(lat)) * cos(radians(lng)), 6371008.8 * cos(radians(lat)) * sin(radians(lng)), 6371008.8 * sin(radians(lat))])
$$;--> statement-breakpoint
-- Great-circle metres between two points, from the chord between them.
CREATE FUNCTION geo_metres(a cube, b cube) RETURNS float8 LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT 2 * 6371008.8 * asin(least(1.0, cube_distance(a, b) / (2 * 6371008.8)))
$$;--> statement-breakpoint
-- The cube around a point that holds every point within `metres` of it (their chord): GiST answers `@>`.
CREATE FUNCTION geo_box(p cube, metres float8) RETURNS cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT cube_enlarge(p, 2 * 6371008.8 * sin(least(pi() / 2, metres / (2 * 6371008.8))), 3)
$$;--> statement-breakpoint
-- Opening hours ([{day, opens, closes}], local times) as minutes of the local week. Hours that close
-- at or before they open run past midnight into the next day (Saturday's into Sunday morning).
CREATE FUNCTION opening_week_minutes(hours jsonb) RETURNS int4multirange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(range_agg(r), '{}'::int4multirange) FROM (
    SELECT int4range(s, least(e, 10080)) AS r FROM (
      SELECT d * 1440 + o AS s, d * 1440 + CASE WHEN c > o THEN c ELSE 1440 + c END AS e FROM (
        SELECT (h->>'day')::int AS d,
               split_part(h->>'opens', ':', 1)::int * 60 + split_part(h->>'opens', ':', 2)::int AS o,
               split_part(h->>'closes', ':', 1)::int * 60 + split_part(h->>'closes', ':', 2)::int AS c
        FROM jsonb_array_elements(hours) h
      ) parsed
    ) spans
    UNION ALL
    SELECT int4range(0, e - 10080) FROM (
      SELECT (h->>'day')::int * 1440 + CASE WHEN c > o THEN c ELSE 1440 + c END AS e FROM (
        SELECT h, split_part(h->>'opens', ':', 1)::int * 60 + split_part(h->>'opens', ':', 2)::int AS o,
               split_part(h->>'closes', ':', 1)::int * 60 + split_part(h->>'closes', ':', 2)::int AS c
        FROM jsonb_array_elements(hours) h
      ) parsed
    ) wrapped WHERE e > 10080
  ) ranges
$$;--> statement-breakpoint
-- The minute of the local week (0 = Sunday 00:00) of an instant in a time zone: "open now" asks
-- whether a business's open_week_minutes contain it.
CREATE FUNCTION local_week_minute(at timestamptz, zone text) RETURNS int LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (extract(dow FROM at AT TIME ZONE zone) * 1440 + extract(hour FROM at AT TIME ZONE zone) * 60 + extract(minute FROM at AT TIME ZONE zone))::int
$$;--> statement-breakpoint
-- The category names of packages/shared CATEGORIES (ids 1-8), weighted C in the search document; a
-- test holds the two lists equal.
CREATE FUNCTION category_name(id int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (ARRAY['Restaurants', 'Retail', 'Entertainment', 'Fitness', 'Beauty', 'Travel', 'Services', 'Other'])[id]
$$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "earth" "cube";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "open_week_minutes" "int4multirange" GENERATED ALWAYS AS (opening_week_minutes(opening_hours)) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_earth_idx" ON "deals" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "deals_search_vector_idx" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "deals_category_listed_idx" ON "deals" USING btree ("category_id","listed_until");--> statement-breakpoint
CREATE INDEX "deals_place_listed_idx" ON "deals" USING btree ("state","city","listed_until");--> statement-breakpoint
CREATE INDEX "deals_price_listed_idx" ON "deals" USING btree ("deal_price_cents","listed_until");--> statement-breakpoint
CREATE INDEX "deals_discount_listed_idx" ON "deals" USING btree ("discount_percentage","listed_until");--> statement-breakpoint
-- Words of a text (3 characters or more) into the vocabulary that misspelt searches are corrected against.
CREATE FUNCTION add_search_words(t text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(t), '[^a-z0-9]+') w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- A deal's search fields and place, from the deal and its business, on every write of the deal
-- (whatever the application sends is replaced). Replaces migration 0020's function of the same name.
CREATE OR REPLACE FUNCTION deals_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  SELECT business_name, lat, lng INTO m FROM merchants WHERE id = NEW.merchant_id;
  NEW.search_text := lower(NEW.title || ' ' || NEW.description || ' ' || coalesce(m.business_name, ''));
  NEW.search_vector := setweight(to_tsvector('english', NEW.title), 'A')
    || setweight(to_tsvector('english', coalesce(m.business_name, '')), 'B')
    || setweight(to_tsvector('english', coalesce(category_name(NEW.category_id), '')), 'C')
    || setweight(to_tsvector('english', NEW.description), 'D');
  NEW.earth := CASE WHEN m.lat IS NOT NULL AND m.lng IS NOT NULL THEN geo_point(m.lat, m.lng) END;
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM add_search_words(NEW.title);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER deals_search_text ON deals;--> statement-breakpoint
CREATE TRIGGER deals_search_text BEFORE INSERT OR UPDATE OF title, description, merchant_id, category_id, search_text ON deals FOR EACH ROW EXECUTE FUNCTION deals_set_search_text();--> statement-breakpoint
-- A business renamed or moved: its deals are written again (by the trigger above).
DROP TRIGGER merchants_deal_search_text ON merchants;--> statement-breakpoint
CREATE TRIGGER merchants_deal_search_text AFTER UPDATE OF business_name, lat, lng ON merchants FOR EACH ROW WHEN (OLD.business_name IS DISTINCT FROM NEW.business_name OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng) EXECUTE FUNCTION merchants_refresh_deal_search_text();--> statement-breakpoint
CREATE FUNCTION merchants_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_words(NEW.business_name);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER merchants_search_words AFTER INSERT OR UPDATE OF business_name ON merchants FOR EACH ROW EXECUTE FUNCTION merchants_add_search_words();--> statement-breakpoint
-- Existing businesses: the time zone of their state (the 12 cities' states and the rest of the US;
-- packages/shared timeZoneOfState is the rule from now on).
UPDATE merchants SET time_zone = CASE state
  WHEN 'CA' THEN 'America/Los_Angeles' WHEN 'WA' THEN 'America/Los_Angeles' WHEN 'OR' THEN 'America/Los_Angeles' WHEN 'NV' THEN 'America/Los_Angeles'
  WHEN 'AZ' THEN 'America/Phoenix' WHEN 'CO' THEN 'America/Denver' WHEN 'UT' THEN 'America/Denver' WHEN 'NM' THEN 'America/Denver'
  WHEN 'MT' THEN 'America/Denver' WHEN 'WY' THEN 'America/Denver' WHEN 'ID' THEN 'America/Boise'
  WHEN 'TX' THEN 'America/Chicago' WHEN 'IL' THEN 'America/Chicago' WHEN 'MN' THEN 'America/Chicago' WHEN 'WI' THEN 'America/Chicago'
  WHEN 'IA' THEN 'America/Chicago' WHEN 'MO' THEN 'America/Chicago' WHEN 'AR' THEN 'America/Chicago' WHEN 'LA' THEN 'America/Chicago'
  WHEN 'MS' THEN 'America/Chicago' WHEN 'AL' THEN 'America/Chicago' WHEN 'OK' THEN 'America/Chicago' WHEN 'KS' THEN 'America/Chicago'
  WHEN 'NE' THEN 'America/Chicago' WHEN 'SD' THEN 'America/Chicago' WHEN 'ND' THEN 'America/Chicago' WHEN 'TN' THEN 'America/Chicago'
  WHEN 'AK' THEN 'America/Anchorage' WHEN 'HI' THEN 'Pacific/Honolulu'
  ELSE 'America/New_York' END;--> statement-breakpoint
SELECT add_search_words(business_name) FROM merchants;--> statement-breakpoint
UPDATE deals SET search_text = search_text;
