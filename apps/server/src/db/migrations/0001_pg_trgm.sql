-- Trigram indexes make case-insensitive substring search (ILIKE) fast on a large catalogue.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
