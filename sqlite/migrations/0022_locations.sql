-- The location filter: a listing matches when its folded location holds
-- the folded text. No B-tree orders by a substring, so the filter reads
-- the listings' distinct locations (a marketplace's towns and districts:
-- few beside its listings), keeps those that hold the text, and finds
-- their listings through products_by_location. Substrings of any length
-- match as before, and folding stays app.Fold, done at the query: a
-- trigger calling fold() would fail any write made outside the server
-- (the sqlite3 shell, a backup tool).
CREATE TABLE product_locations (
    location TEXT    PRIMARY KEY,
    listings INTEGER NOT NULL CHECK (listings > 0)
) WITHOUT ROWID;
INSERT INTO product_locations (location, listings)
SELECT location, count(*) FROM products GROUP BY location;
CREATE INDEX products_by_location ON products (location, status, created DESC, id DESC);

CREATE TRIGGER product_locations_insert AFTER INSERT ON products
BEGIN
    INSERT INTO product_locations (location, listings) VALUES (NEW.location, 1)
    ON CONFLICT (location) DO UPDATE SET listings = listings + 1;
END;

CREATE TRIGGER product_locations_delete AFTER DELETE ON products
BEGIN
    DELETE FROM product_locations WHERE location = OLD.location AND listings = 1;
    UPDATE product_locations SET listings = listings - 1 WHERE location = OLD.location;
END;

CREATE TRIGGER product_locations_update AFTER UPDATE OF location ON products
WHEN OLD.location IS NOT NEW.location
BEGIN
    INSERT INTO product_locations (location, listings) VALUES (NEW.location, 1)
    ON CONFLICT (location) DO UPDATE SET listings = listings + 1;
    DELETE FROM product_locations WHERE location = OLD.location AND listings = 1;
    UPDATE product_locations SET listings = listings - 1 WHERE location = OLD.location;
END;
