-- A hyphen is a space to search (docs/decisions/0050-search.md): PostgreSQL's parser reads "covid-19" or
-- "route-66" as a word and a signed number ('covid', '-19'), which the words of a search ('covid', '19') never
-- match. The search document is made from the text with its hyphens as spaces, as a search splits its words.
CREATE OR REPLACE FUNCTION search_document_text(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(coalesce(t, ''), '-', ' ')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION deals_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  SELECT business_name, lat, lng INTO m FROM merchants WHERE id = NEW.merchant_id;
  NEW.search_text := lower(NEW.title || ' ' || NEW.description || ' ' || coalesce(m.business_name, ''));
  NEW.search_vector := setweight(to_tsvector('english', search_document_text(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_document_text(m.business_name)), 'B')
    || setweight(to_tsvector('english', search_document_text(category_name(NEW.category_id))), 'C')
    || setweight(to_tsvector('english', search_document_text(NEW.description)), 'D');
  NEW.earth := CASE WHEN m.lat IS NOT NULL AND m.lng IS NOT NULL THEN geo_point(m.lat, m.lng) END;
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM add_search_words(NEW.title);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The deals whose text has a hyphen get their document again (the others' is the same either way).
UPDATE deals d SET search_vector = setweight(to_tsvector('english', search_document_text(d.title)), 'A')
    || setweight(to_tsvector('english', search_document_text(m.business_name)), 'B')
    || setweight(to_tsvector('english', search_document_text(category_name(d.category_id))), 'C')
    || setweight(to_tsvector('english', search_document_text(d.description)), 'D')
  FROM merchants m
  WHERE m.id = d.merchant_id AND (strpos(d.title, '-') > 0 OR strpos(d.description, '-') > 0 OR strpos(m.business_name, '-') > 0);
