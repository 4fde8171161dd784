-- A category can be renamed. Its former names lead to it, so that links
-- and bookmarks to them keep working (DB.CategoryRenamedFrom); a former
-- name given to a category again is that category's, not a way to it.
CREATE TABLE category_renames (
    name_key    TEXT PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE
);
CREATE INDEX category_renames_by_category ON category_renames (category_id);

-- A category's name is part of its listings' search text and words.
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories
WHEN OLD.name <> NEW.name
BEGIN
    DELETE FROM products_search WHERE rowid IN (SELECT id FROM products WHERE category_id = NEW.id);
    DELETE FROM products_words WHERE rowid IN (SELECT id FROM products WHERE category_id = NEW.id);
    INSERT INTO products_search (rowid, name, description, category, location)
    SELECT p.id, rehome_stems(p.name, l.language), rehome_stems(p.description, l.language),
           rehome_stems(NEW.name, l.language), rehome_stems(p.location, l.language)
    FROM products p, search_language l WHERE p.category_id = NEW.id;
    INSERT INTO products_words (rowid, text)
    SELECT p.id, p.name || ' ' || p.description || ' ' || NEW.name || ' ' || p.location
    FROM products p WHERE p.category_id = NEW.id;
END;
