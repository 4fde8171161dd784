-- Search: a full-text document of every listing, and the words listings
-- use for spelling suggestions. Triggers keep both in the transaction of
-- every write of a product or a category's name, so no write path can
-- forget them and a search never shows a deleted listing or misses a new
-- one. Both are made from the rows they follow: a copy of the rows need
-- not carry them.

CREATE EXTENSION IF NOT EXISTS unaccent;

-- How listings are read for search, as SQLite's 'porter unicode61
-- remove_diacritics 2' reads them: accents folded ('cafe' finds 'Café'),
-- words stemmed ('chairs' finds 'chair'), and no word dropped: English's
-- own dictionary drops stop words, which SQLite keeps ('the' finds
-- 'theatre' there), so this one is the Snowball stemmer without a list.
CREATE TEXT SEARCH DICTIONARY rehome_english (TEMPLATE = snowball, Language = english);
CREATE TEXT SEARCH CONFIGURATION rehome_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION rehome_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
    WITH unaccent, rehome_english;
ALTER TEXT SEARCH CONFIGURATION rehome_search
    ALTER MAPPING FOR numword, numhword, hword_numpart WITH unaccent, simple;

-- The same words unstemmed, as people spell them: the vocabulary a
-- suggestion is picked from ('tabel' -> 'table'). A hyphenated word counts
-- as its parts, as in SQLite; addresses and paths are no one's spelling.
CREATE TEXT SEARCH CONFIGURATION rehome_words (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION rehome_words
    DROP MAPPING IF EXISTS FOR asciihword, hword, numhword, email, url, host, url_path, file, sfloat, float, version;
ALTER TEXT SEARCH CONFIGURATION rehome_words
    ALTER MAPPING FOR asciiword, word, numword, hword_asciipart, hword_part, hword_numpart, int, uint
    WITH unaccent, simple;

-- rehome_fold is app.Fold for SQL: lower case, without accents. unaccent() is
-- only STABLE (it reads its dictionary by name at each call); naming the
-- dictionary in a function body parsed once makes the result depend on
-- the text alone.
CREATE FUNCTION rehome_fold(t TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN lower(unaccent('unaccent'::regdictionary, t));

-- A listing's document. The weights rank as SQLite's bm25(10, 1, 4, 2)
-- over name, description, category and location: ts_rank_cd's default
-- weights of A, B, C and D are 1.0, 0.4, 0.2 and 0.1.
CREATE FUNCTION products_search_document(name TEXT, description TEXT, category TEXT, location TEXT) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN setweight(to_tsvector('rehome_search'::regconfig, coalesce(name, '')), 'A')
        || setweight(to_tsvector('rehome_search'::regconfig, coalesce(category, '')), 'B')
        || setweight(to_tsvector('rehome_search'::regconfig, coalesce(location, '')), 'C')
        || setweight(to_tsvector('rehome_search'::regconfig, coalesce(description, '')), 'D');

ALTER TABLE products ADD COLUMN search tsvector;
UPDATE products p SET search = products_search_document(p.name, p.description, c.name, p.location)
FROM categories c WHERE c.id = p.category_id;
ALTER TABLE products ALTER COLUMN search SET NOT NULL;
CREATE INDEX products_search ON products USING gin (search);

-- The reserved listings, few among those for sale: a search of them, with
-- or without the sold ones, reads them here rather than walk every
-- listing for sale.
CREATE INDEX products_reserved ON products (created DESC, id DESC) WHERE status = 'Available' AND open_bookings > 0;

-- The category's row is locked as the count of its listings for sale
-- locks it (categories_count_listed), so no deadlock comes of taking a
-- weaker lock first: a rename of the category then waits for this write,
-- or this write for the rename and reads the new name. Either way the
-- rename's trigger or this one writes the name that stays.
CREATE FUNCTION products_keep_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    category TEXT;
BEGIN
    SELECT c.name INTO category FROM categories c WHERE c.id = NEW.category_id FOR NO KEY UPDATE;
    NEW.search := products_search_document(NEW.name, NEW.description, category, NEW.location);
    RETURN NEW;
END $$;
CREATE TRIGGER products_search_insert BEFORE INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION products_keep_search();
CREATE TRIGGER products_search_update BEFORE UPDATE OF name, description, category_id, location ON products
    FOR EACH ROW WHEN (OLD.name <> NEW.name OR OLD.description <> NEW.description
                       OR OLD.category_id <> NEW.category_id OR OLD.location <> NEW.location)
    EXECUTE FUNCTION products_keep_search();

-- Each listing's words, one row a word: a word's listings are counted
-- when a suggestion is picked, so no row is shared by two listings and
-- writes of different listings never wait for each other. The primary
-- key, in byte order, reads the words that begin with some letters as one
-- range of the index. Only the triggers below write it, each for the
-- listing it follows, so no foreign key checks each row (a listing of a
-- hundred words would be a hundred look-ups of it).
CREATE TABLE search_words (
    word       TEXT   COLLATE "C" NOT NULL,
    product_id BIGINT NOT NULL,
    PRIMARY KEY (word, product_id)
);
CREATE INDEX search_words_by_product ON search_words (product_id);

CREATE FUNCTION products_words(name TEXT, description TEXT, category TEXT, location TEXT) RETURNS SETOF TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
    SELECT w.lexeme FROM unnest(to_tsvector('rehome_words'::regconfig,
        coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(category, '') || ' ' || coalesce(location, ''))) w;
END;

CREATE FUNCTION products_keep_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM search_words WHERE product_id = OLD.id;
    END IF;
    INSERT INTO search_words (word, product_id)
    SELECT w, NEW.id FROM products_words(NEW.name, NEW.description,
        (SELECT c.name FROM categories c WHERE c.id = NEW.category_id), NEW.location) w;
    RETURN NULL;
END $$;
CREATE TRIGGER products_words_insert AFTER INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION products_keep_words();
CREATE TRIGGER products_words_update AFTER UPDATE OF name, description, category_id, location ON products
    FOR EACH ROW WHEN (OLD.name <> NEW.name OR OLD.description <> NEW.description
                       OR OLD.category_id <> NEW.category_id OR OLD.location <> NEW.location)
    EXECUTE FUNCTION products_keep_words();

CREATE FUNCTION products_drop_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_words WHERE product_id = OLD.id;
    RETURN NULL;
END $$;
CREATE TRIGGER products_words_delete AFTER DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION products_drop_words();

INSERT INTO search_words (word, product_id)
SELECT DISTINCT w, p.id FROM products p JOIN categories c ON c.id = p.category_id,
    products_words(p.name, p.description, c.name, p.location) w;

-- A category's name is part of its listings' documents and words.
CREATE FUNCTION categories_reindex_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE products SET search = products_search_document(name, description, NEW.name, location)
    WHERE category_id = NEW.id;
    DELETE FROM search_words w USING products p WHERE p.category_id = NEW.id AND w.product_id = p.id;
    INSERT INTO search_words (word, product_id)
    SELECT DISTINCT w, p.id FROM products p, products_words(p.name, p.description, NEW.name, p.location) w
    WHERE p.category_id = NEW.id;
    RETURN NULL;
END $$;
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories
    FOR EACH ROW WHEN (OLD.name <> NEW.name) EXECUTE FUNCTION categories_reindex_products();
