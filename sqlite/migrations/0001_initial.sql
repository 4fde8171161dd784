-- Times are Unix milliseconds in UTC; money is integer cents. IDs are
-- AUTOINCREMENT so a deleted row's ID is never handed out again: a session,
-- a link or an admin's stale list must never come to mean someone else.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT    NOT NULL,
    email         TEXT    NOT NULL UNIQUE,
    password_hash BLOB    NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('Buyer', 'Seller', 'Admin')),
    image         TEXT    NOT NULL DEFAULT '',
    phone         TEXT    NOT NULL DEFAULT '',
    location      TEXT    NOT NULL DEFAULT '',
    verified      INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
    created       INTEGER NOT NULL
);
-- Admin lists of buyers, sellers and admins.
CREATE INDEX users_by_role ON users (role, id);

-- scs sessions; the data blob holds the signed-in user's ID.
CREATE TABLE sessions (
    token  TEXT    PRIMARY KEY,
    data   BLOB    NOT NULL,
    expiry INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_expiry ON sessions (expiry);

-- Every picture this server issued; products and categories may only point here.
CREATE TABLE images (
    url         TEXT    PRIMARY KEY,
    thumb_url   TEXT    NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    uploader_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created     INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE categories (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT    NOT NULL,
    -- name folded to lower case by the application (SQLite's NOCASE folds ASCII only)
    name_key TEXT    NOT NULL UNIQUE,
    image     TEXT    NOT NULL REFERENCES images (url),
    thumb_url TEXT    NOT NULL,
    created   INTEGER NOT NULL
);

CREATE TABLE products (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    category_id    INTEGER NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
    seller_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name           TEXT    NOT NULL,
    description    TEXT    NOT NULL,
    image          TEXT    NOT NULL REFERENCES images (url),
    thumb_url      TEXT    NOT NULL,
    condition      TEXT    NOT NULL CHECK (condition IN ('Excellent', 'Good', 'Fair')),
    location       TEXT    NOT NULL,
    original_price INTEGER NOT NULL CHECK (original_price >= 0),
    resale_price   INTEGER NOT NULL CHECK (resale_price >= 0),
    seller_phone   TEXT    NOT NULL,
    purchase_year  INTEGER NOT NULL,
    use_period     TEXT    NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'Available' CHECK (status IN ('Available', 'Sold')),
    created        INTEGER NOT NULL
);
-- The category page: available products of one category, newest first.
CREATE INDEX products_by_category ON products (category_id, status, created DESC, id DESC);
-- A seller's My Products, newest first.
CREATE INDEX products_by_seller ON products (seller_id, created DESC, id DESC);
