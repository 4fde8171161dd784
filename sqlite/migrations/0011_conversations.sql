-- Conversations between a buyer and the seller of one product, and pickup
-- times agreed in them.

-- product_ref is the product a conversation is about, kept after the
-- product is deleted (product_id then reads null), so that one buyer has
-- one conversation per product and a booking finds its conversation. The
-- snapshot (product, image, thumb_url, price) is what the product was at
-- the last message while it existed. A conversation goes with either
-- person's account. buyer_read and seller_read are the newest message id
-- each side has read: messages to a side above its mark are unread.
CREATE TABLE conversations (
    id              INTEGER PRIMARY KEY,
    product_ref     INTEGER NOT NULL,
    product_id      INTEGER REFERENCES products (id) ON DELETE SET NULL,
    buyer_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    seller_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product         TEXT    NOT NULL,
    image           TEXT    NOT NULL,
    thumb_url       TEXT    NOT NULL,
    price           INTEGER NOT NULL CHECK (price >= 0),
    last_message_id INTEGER,
    updated         INTEGER NOT NULL,
    buyer_read      INTEGER NOT NULL DEFAULT 0,
    seller_read     INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX conversations_once ON conversations (product_ref, buyer_id);
-- A person's conversations by last activity, on either side; also what
-- the cascades from users look up.
CREATE INDEX conversations_of_buyer ON conversations (buyer_id, updated, id);
CREATE INDEX conversations_of_seller ON conversations (seller_id, updated, id);
-- The product's deletion sets product_id null.
CREATE INDEX conversations_by_product ON conversations (product_id) WHERE product_id IS NOT NULL;

-- sender_id is the buyer or the seller of the conversation, and goes with
-- it. pickup_at is set on a proposal of a pickup time (milliseconds), and
-- accepted once the other side accepted it.
CREATE TABLE messages (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       INTEGER NOT NULL,
    text            TEXT    NOT NULL,
    pickup_at       INTEGER,
    accepted        INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),
    created         INTEGER NOT NULL
);
-- A conversation's pages, newest first, and its unread messages.
CREATE INDEX messages_by_conversation ON messages (conversation_id, id);

-- The pickup time both sides agreed on. product_ref, like a
-- conversation's, survives the product's deletion: it is how a booking
-- finds the conversation between its buyer and seller.
ALTER TABLE bookings ADD COLUMN pickup_at INTEGER;
ALTER TABLE bookings ADD COLUMN product_ref INTEGER;
UPDATE bookings SET product_ref = product_id;
CREATE TRIGGER bookings_product_ref AFTER INSERT ON bookings
WHEN NEW.product_ref IS NULL
BEGIN
    UPDATE bookings SET product_ref = NEW.product_id WHERE id = NEW.id;
END;
CREATE INDEX bookings_by_product_ref ON bookings (product_ref, buyer_id, id);
