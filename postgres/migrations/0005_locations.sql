-- The location filter: a listing matches when its folded location holds
-- the folded text, as on SQLite. A trigram index of the folded location
-- finds the listings whose location holds the text's trigrams, and the
-- LIKE it answers then checks the whole text. A text shorter than three
-- letters has no trigram: the index reads all of itself, still no table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX products_by_location ON products USING gin (rehome_fold(location) gin_trgm_ops);
