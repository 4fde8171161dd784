-- Bookings, reports and adverts.

-- A booking keeps a snapshot of what was booked and by whom, so each side's
-- history survives the other side's product or account being deleted.
CREATE TABLE bookings (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id  INTEGER REFERENCES products (id) ON DELETE SET NULL,
    buyer_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    seller_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    product     TEXT    NOT NULL,
    category    TEXT    NOT NULL,
    image       TEXT    NOT NULL,
    thumb_url   TEXT    NOT NULL,
    price       INTEGER NOT NULL CHECK (price >= 0),
    location    TEXT    NOT NULL,
    buyer_name  TEXT    NOT NULL,
    buyer_email TEXT    NOT NULL,
    buyer_phone TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'Booked' CHECK (status IN ('Booked', 'Paid', 'Cancelled')),
    created     INTEGER NOT NULL
);
-- My Orders and My Buyers, newest first.
CREATE INDEX bookings_by_buyer ON bookings (buyer_id, id);
CREATE INDEX bookings_by_seller ON bookings (seller_id, id);
-- One open booking per buyer and product; the rest of a product's bookings
-- are found through the same index when it sells.
CREATE UNIQUE INDEX bookings_open_once ON bookings (product_id, buyer_id) WHERE status <> 'Cancelled';
CREATE INDEX bookings_by_product ON bookings (product_id, status);

-- One report per reported product; who reported it is in reporters.
CREATE TABLE reports (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id    INTEGER NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    latest_reason TEXT    NOT NULL DEFAULT '',
    updated       INTEGER NOT NULL
);
-- Admins see the most recently reported products first.
CREATE INDEX reports_by_update ON reports (updated, id);

CREATE TABLE reporters (
    report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason    TEXT    NOT NULL DEFAULT '',
    created   INTEGER NOT NULL,
    PRIMARY KEY (report_id, user_id)
) WITHOUT ROWID;
CREATE INDEX reporters_by_user ON reporters (user_id);

-- Products shown on the home page; at most one advert per product.
CREATE TABLE adverts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id INTEGER NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    created    INTEGER NOT NULL
);

-- Foreign keys that point at products and users need an index on the
-- pointing column, or every delete scans the child table.
CREATE INDEX images_by_uploader ON images (uploader_id);
