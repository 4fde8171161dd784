-- Search in the marketplace's language: the full-text index holds each
-- listing's words folded and stemmed by Snowball in that language
-- (rehome_stems, app.Stems), not by SQLite's English-only porter. A search
-- stems its words the same way. search_language names the language the
-- index holds; changing it rebuilds the index (DB.UseSearchLanguage).
CREATE TABLE search_language (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    language TEXT NOT NULL
);
INSERT INTO search_language (id, language) VALUES (1, 'en');

DROP TRIGGER products_search_insert;
DROP TRIGGER products_search_update;
DROP TABLE products_search;

-- The stems arrive folded and separated by spaces: unicode61 only splits
-- them (remove_diacritics for any the stemmer might give back).
CREATE VIRTUAL TABLE products_search USING fts5 (
    name, description, category, location,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO products_search (products_search, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0, 2.0)');

INSERT INTO products_search (rowid, name, description, category, location)
SELECT p.id, rehome_stems(p.name, l.language), rehome_stems(p.description, l.language),
       rehome_stems(c.name, l.language), rehome_stems(p.location, l.language)
FROM products p JOIN categories c ON c.id = p.category_id, search_language l;

CREATE TRIGGER products_search_insert AFTER INSERT ON products
BEGIN
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT NEW.id, rehome_stems(NEW.name, l.language), rehome_stems(NEW.description, l.language),
           rehome_stems(c.name, l.language), rehome_stems(NEW.location, l.language)
    FROM categories c, search_language l WHERE c.id = NEW.category_id;
    INSERT INTO products_words (rowid, text)
    SELECT NEW.id, NEW.name || ' ' || NEW.description || ' ' || c.name || ' ' || NEW.location
    FROM categories c WHERE c.id = NEW.category_id;
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF name, description, category_id, location ON products
BEGIN
    DELETE FROM products_search WHERE rowid = OLD.id;
    DELETE FROM products_words WHERE rowid = OLD.id;
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT NEW.id, rehome_stems(NEW.name, l.language), rehome_stems(NEW.description, l.language),
           rehome_stems(c.name, l.language), rehome_stems(NEW.location, l.language)
    FROM categories c, search_language l WHERE c.id = NEW.category_id;
    INSERT INTO products_words (rowid, text)
    SELECT NEW.id, NEW.name || ' ' || NEW.description || ' ' || c.name || ' ' || NEW.location
    FROM categories c WHERE c.id = NEW.category_id;
END;
