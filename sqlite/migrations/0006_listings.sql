-- Listings that sell: several photos, dimensions, the open bookings that
-- make a product Reserved, and bookings a seller declined.

-- Every photo in the seller's order, the cover first; image and thumb_url
-- stay the cover, which is all a list shows. A JSON array of at most eight
-- URLs read and written with the row, as PocketBase keeps a record's files.
ALTER TABLE products ADD COLUMN images TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN thumbs TEXT NOT NULL DEFAULT '[]';
UPDATE products SET images = json_array(image), thumbs = json_array(thumb_url);

-- Outer measures in centimetres, each optional.
ALTER TABLE products ADD COLUMN width_cm REAL CHECK (width_cm > 0 AND width_cm <= 1000);
ALTER TABLE products ADD COLUMN depth_cm REAL CHECK (depth_cm > 0 AND depth_cm <= 1000);
ALTER TABLE products ADD COLUMN height_cm REAL CHECK (height_cm > 0 AND height_cm <= 1000);

-- A product with open bookings reads Reserved. The triggers below keep the
-- count, so no write path can forget it, and the count changing is a change
-- of the product's row that the caches hear of like any other.
ALTER TABLE products ADD COLUMN open_bookings INTEGER NOT NULL DEFAULT 0 CHECK (open_bookings >= 0);

-- Bookings gain Declined and the seller's reason: a CHECK changes only by
-- building the table again.
CREATE TABLE bookings_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id     INTEGER REFERENCES products (id) ON DELETE SET NULL,
    buyer_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    seller_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    product        TEXT    NOT NULL,
    category       TEXT    NOT NULL,
    image          TEXT    NOT NULL,
    thumb_url      TEXT    NOT NULL,
    price          INTEGER NOT NULL CHECK (price >= 0),
    location       TEXT    NOT NULL,
    buyer_name     TEXT    NOT NULL,
    buyer_email    TEXT    NOT NULL,
    buyer_phone    TEXT    NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'Booked'
                           CHECK (status IN ('Booked', 'Paid', 'Cancelled', 'Declined')),
    created        INTEGER NOT NULL,
    payment_id     TEXT    NOT NULL DEFAULT '',
    decline_reason TEXT    NOT NULL DEFAULT ''
);
INSERT INTO bookings_new (id, product_id, buyer_id, seller_id, product, category, image, thumb_url, price,
                          location, buyer_name, buyer_email, buyer_phone, status, created, payment_id)
SELECT id, product_id, buyer_id, seller_id, product, category, image, thumb_url, price,
       location, buyer_name, buyer_email, buyer_phone, status, created, payment_id
FROM bookings;
DROP TABLE bookings;
ALTER TABLE bookings_new RENAME TO bookings;
-- My Orders and My Buyers, newest first.
CREATE INDEX bookings_by_buyer ON bookings (buyer_id, id);
CREATE INDEX bookings_by_seller ON bookings (seller_id, id);
-- One booking per buyer and product unless the buyer called it off: a
-- declined buyer does not book again. Also how a product's viewer finds
-- their own booking of it (my_booking_id).
CREATE UNIQUE INDEX bookings_open_once ON bookings (product_id, buyer_id) WHERE status <> 'Cancelled';
CREATE INDEX bookings_by_product ON bookings (product_id, status);

UPDATE products SET open_bookings =
    (SELECT count(*) FROM bookings b WHERE b.product_id = products.id AND b.status = 'Booked');

CREATE TRIGGER bookings_open_insert AFTER INSERT ON bookings
WHEN NEW.status = 'Booked' AND NEW.product_id IS NOT NULL
BEGIN
    UPDATE products SET open_bookings = open_bookings + 1 WHERE id = NEW.product_id;
END;

CREATE TRIGGER bookings_open_delete AFTER DELETE ON bookings
WHEN OLD.status = 'Booked' AND OLD.product_id IS NOT NULL
BEGIN
    UPDATE products SET open_bookings = open_bookings - 1 WHERE id = OLD.product_id;
END;

CREATE TRIGGER bookings_open_update AFTER UPDATE OF status, product_id ON bookings
WHEN (OLD.status = 'Booked') <> (NEW.status = 'Booked') OR OLD.product_id IS NOT NEW.product_id
BEGIN
    UPDATE products SET open_bookings = open_bookings - 1
    WHERE OLD.status = 'Booked' AND id = OLD.product_id;
    UPDATE products SET open_bookings = open_bookings + 1
    WHERE NEW.status = 'Booked' AND id = NEW.product_id;
END;
