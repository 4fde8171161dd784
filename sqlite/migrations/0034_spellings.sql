-- "Did you mean" offers words as the listings spell them ('Stühle',
-- 'étagère'), of their names and descriptions alone: a category's or a
-- place's words are no listing's spelling. search_spellings holds each
-- such word once, folded beside it (fold, app.Fold) so that the words
-- beginning with one letter are a range of its key, and how many listings
-- use it. The triggers keep it in the transaction of every write of a
-- product, through rehome_spellings (app.Spellings: a listing's words, each
-- once, as a JSON array). It holds no language: how close a word is, in
-- the marketplace's language, is reckoned when a search asks, so a change
-- of language has nothing of it to rebuild. It replaces products_words,
-- which folded the words and held every field's.
CREATE TABLE search_spellings (
    folded   TEXT    NOT NULL,
    spelling TEXT    NOT NULL,
    uses     INTEGER NOT NULL CHECK (uses > 0),
    PRIMARY KEY (folded, spelling)
) WITHOUT ROWID;

INSERT INTO search_spellings (folded, spelling, uses)
SELECT fold(w.value), w.value, count(*)
FROM products p, json_each(rehome_spellings(p.name, p.description)) w
GROUP BY w.value;

DROP TRIGGER products_search_insert;
DROP TRIGGER products_search_update;
DROP TRIGGER products_search_delete;
DROP TRIGGER categories_search_rename;
DROP TABLE products_vocabulary;
DROP TABLE products_words;

CREATE TRIGGER products_search_insert AFTER INSERT ON products
BEGIN
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT NEW.id, rehome_stems(NEW.name, l.language), rehome_stems(NEW.description, l.language),
           rehome_stems(c.name, l.language), rehome_stems(NEW.location, l.language)
    FROM categories c, search_language l WHERE c.id = NEW.category_id;
    INSERT INTO search_spellings (folded, spelling, uses)
    SELECT fold(value), value, 1 FROM json_each(rehome_spellings(NEW.name, NEW.description)) WHERE true
    ON CONFLICT (folded, spelling) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF name, description, category_id, location ON products
BEGIN
    DELETE FROM products_search WHERE rowid = OLD.id;
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT NEW.id, rehome_stems(NEW.name, l.language), rehome_stems(NEW.description, l.language),
           rehome_stems(c.name, l.language), rehome_stems(NEW.location, l.language)
    FROM categories c, search_language l WHERE c.id = NEW.category_id;
END;

CREATE TRIGGER products_spellings_update AFTER UPDATE OF name, description ON products
WHEN OLD.name <> NEW.name OR OLD.description <> NEW.description
BEGIN
    DELETE FROM search_spellings WHERE uses = 1 AND (folded, spelling) IN
        (SELECT fold(value), value FROM json_each(rehome_spellings(OLD.name, OLD.description)));
    UPDATE search_spellings SET uses = uses - 1 WHERE (folded, spelling) IN
        (SELECT fold(value), value FROM json_each(rehome_spellings(OLD.name, OLD.description)));
    INSERT INTO search_spellings (folded, spelling, uses)
    SELECT fold(value), value, 1 FROM json_each(rehome_spellings(NEW.name, NEW.description)) WHERE true
    ON CONFLICT (folded, spelling) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products
BEGIN
    DELETE FROM products_search WHERE rowid = OLD.id;
    DELETE FROM search_spellings WHERE uses = 1 AND (folded, spelling) IN
        (SELECT fold(value), value FROM json_each(rehome_spellings(OLD.name, OLD.description)));
    UPDATE search_spellings SET uses = uses - 1 WHERE (folded, spelling) IN
        (SELECT fold(value), value FROM json_each(rehome_spellings(OLD.name, OLD.description)));
END;

-- A category's name is part of its listings' search text (not of their
-- spellings).
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories
WHEN OLD.name <> NEW.name
BEGIN
    DELETE FROM products_search WHERE rowid IN (SELECT id FROM products WHERE category_id = NEW.id);
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT p.id, rehome_stems(p.name, l.language), rehome_stems(p.description, l.language),
           rehome_stems(NEW.name, l.language), rehome_stems(p.location, l.language)
    FROM products p, search_language l WHERE p.category_id = NEW.id;
END;
