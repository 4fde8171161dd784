-- "Did you mean" offers words as the listings spell them ('Stühle',
-- 'étagère'), of their names and descriptions alone: a category's or a
-- place's words are no listing's spelling. search_spellings holds each
-- listing's such words, one row a word and listing, as search_words did
-- (so no row is shared by two listings and writes of different listings
-- never wait for each other), folded beside it (rehome_fold) so that the
-- words beginning with one letter are a range of its primary key. The
-- words are the default parser's words, letters or letters and digits,
-- hyphenated ones as their parts, as app.Spellings splits them on SQLite.
-- It holds no language: how close a word is, in the marketplace's
-- language, is reckoned when a search asks, so a change of language has
-- nothing of it to rebuild. It replaces search_words, which folded the
-- words and held every field's.
CREATE TABLE search_spellings (
    folded     TEXT   COLLATE "C" NOT NULL,
    spelling   TEXT   COLLATE "C" NOT NULL,
    product_id BIGINT NOT NULL,
    PRIMARY KEY (folded, spelling, product_id)
);
CREATE INDEX search_spellings_by_product ON search_spellings (product_id);

-- Token types 1, 2, 3, 9, 10, 11: asciiword, word, numword and the parts
-- of hyphenated words (ts_token_type('default')); a word of digits alone
-- is no one's spelling, nor a word of over 60 letters (app.Spellings).
CREATE FUNCTION products_spellings(name TEXT, description TEXT) RETURNS SETOF TEXT
    LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
    SELECT DISTINCT t.token FROM ts_parse('default', coalesce(name, '') || ' ' || coalesce(description, '')) t
    WHERE t.tokid IN (1, 2, 3, 9, 10, 11) AND char_length(t.token) <= 60 AND t.token ~ '[^0-9]';
END;

CREATE FUNCTION products_keep_spellings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM search_spellings WHERE product_id = OLD.id;
    END IF;
    INSERT INTO search_spellings (folded, spelling, product_id)
    SELECT rehome_fold(w), w, NEW.id FROM products_spellings(NEW.name, NEW.description) w;
    RETURN NULL;
END $$;
CREATE TRIGGER products_spellings_insert AFTER INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION products_keep_spellings();
CREATE TRIGGER products_spellings_update AFTER UPDATE OF name, description ON products
    FOR EACH ROW WHEN (OLD.name <> NEW.name OR OLD.description <> NEW.description)
    EXECUTE FUNCTION products_keep_spellings();

CREATE FUNCTION products_drop_spellings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM search_spellings WHERE product_id = OLD.id;
    RETURN NULL;
END $$;
CREATE TRIGGER products_spellings_delete AFTER DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION products_drop_spellings();

INSERT INTO search_spellings (folded, spelling, product_id)
SELECT rehome_fold(w), w, p.id FROM products p, products_spellings(p.name, p.description) w;

-- A category's name is part of its listings' documents, no longer of
-- their words.
CREATE OR REPLACE FUNCTION categories_reindex_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE products SET search = products_search_document(name, description, NEW.name, location)
    WHERE category_id = NEW.id;
    RETURN NULL;
END $$;

DROP TRIGGER products_words_insert ON products;
DROP TRIGGER products_words_update ON products;
DROP TRIGGER products_words_delete ON products;
DROP FUNCTION products_keep_words();
DROP FUNCTION products_drop_words();
DROP FUNCTION products_words(TEXT, TEXT, TEXT, TEXT);
DROP TABLE search_words;
DROP TEXT SEARCH CONFIGURATION rehome_words;
