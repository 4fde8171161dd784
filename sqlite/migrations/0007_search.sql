-- Search: a full-text index of the listings, the words they use for
-- spelling suggestions, a price order, and each category's count of
-- listings for sale. Triggers keep all of them in the transaction of every
-- write of a product, so no write path can forget them and a search never
-- shows a deleted listing or misses a new one.

-- The index of name, description, category and location. Contentless: it
-- holds no copy of the text, only what matching and ranking need, and
-- contentless_delete lets a trigger drop a row by its ID. Porter stems
-- ('chairs' finds 'chair'); unicode61 folds case and, with
-- remove_diacritics 2, accents ('cafe' finds 'Café').
CREATE VIRTUAL TABLE products_search USING fts5 (
    name, description, category, location,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
-- Relevance: the name weighs most, then the category, the location and
-- the description.
INSERT INTO products_search (products_search, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0, 2.0)');

-- The same text unstemmed, as words people spell: the vocabulary a
-- suggestion is picked from ('tabel' -> 'table'). detail = none keeps only
-- which listings hold a word.
CREATE VIRTUAL TABLE products_words USING fts5 (
    text,
    content = '', contentless_delete = 1, detail = none,
    tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE products_vocabulary USING fts5vocab (products_words, 'row');

INSERT INTO products_search (rowid, name, description, category, location)
SELECT p.id, p.name, p.description, c.name, p.location FROM products p JOIN categories c ON c.id = p.category_id;
INSERT INTO products_words (rowid, text)
SELECT p.id, p.name || ' ' || p.description || ' ' || c.name || ' ' || p.location
FROM products p JOIN categories c ON c.id = p.category_id;

CREATE TRIGGER products_search_insert AFTER INSERT ON products
BEGIN
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT NEW.id, NEW.name, NEW.description, c.name, NEW.location FROM categories c WHERE c.id = NEW.category_id;
    INSERT INTO products_words (rowid, text)
    SELECT NEW.id, NEW.name || ' ' || NEW.description || ' ' || c.name || ' ' || NEW.location
    FROM categories c WHERE c.id = NEW.category_id;
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products
BEGIN
    DELETE FROM products_search WHERE rowid = OLD.id;
    DELETE FROM products_words WHERE rowid = OLD.id;
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF name, description, category_id, location ON products
BEGIN
    DELETE FROM products_search WHERE rowid = OLD.id;
    DELETE FROM products_words WHERE rowid = OLD.id;
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT NEW.id, NEW.name, NEW.description, c.name, NEW.location FROM categories c WHERE c.id = NEW.category_id;
    INSERT INTO products_words (rowid, text)
    SELECT NEW.id, NEW.name || ' ' || NEW.description || ' ' || c.name || ' ' || NEW.location
    FROM categories c WHERE c.id = NEW.category_id;
END;

-- Search without words: every listing for sale newest first (the 'Just
-- listed' feed), and by price, in all categories or in one. Ties of price
-- go by ID in the same direction, so either order is a walk of an index.
CREATE INDEX products_for_sale ON products (status, created DESC, id DESC);
CREATE INDEX products_by_price ON products (status, resale_price, id);
CREATE INDEX products_by_category_price ON products (category_id, status, resale_price, id);

-- A category's listings for sale, for the category list.
ALTER TABLE categories ADD COLUMN listed INTEGER NOT NULL DEFAULT 0 CHECK (listed >= 0);
UPDATE categories SET listed =
    (SELECT count(*) FROM products p WHERE p.category_id = categories.id AND p.status = 'Available');

CREATE TRIGGER categories_listed_insert AFTER INSERT ON products
WHEN NEW.status = 'Available'
BEGIN
    UPDATE categories SET listed = listed + 1 WHERE id = NEW.category_id;
END;

CREATE TRIGGER categories_listed_delete AFTER DELETE ON products
WHEN OLD.status = 'Available'
BEGIN
    UPDATE categories SET listed = listed - 1 WHERE id = OLD.category_id;
END;

CREATE TRIGGER categories_listed_update AFTER UPDATE OF status, category_id ON products
WHEN (OLD.status = 'Available') <> (NEW.status = 'Available') OR OLD.category_id <> NEW.category_id
BEGIN
    UPDATE categories SET listed = listed - 1 WHERE OLD.status = 'Available' AND id = OLD.category_id;
    UPDATE categories SET listed = listed + 1 WHERE NEW.status = 'Available' AND id = NEW.category_id;
END;
