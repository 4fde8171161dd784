-- Trust between the two sides of a booking: the code the buyer shows at
-- the pickup and the seller enters, and the reviews a completed booking
-- allows.
ALTER TABLE bookings ADD COLUMN handover_code TEXT NOT NULL DEFAULT '';
-- Wrong codes in a row, and until when (Unix ms) the handover is locked.
ALTER TABLE bookings ADD COLUMN handover_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN handover_locked_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN handed_over_at INTEGER;
-- When the booking became reviewable: handed over, or paid by card.
ALTER TABLE bookings ADD COLUMN completed_at INTEGER;

CREATE TABLE reviews (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    booking_id    INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    -- 1: the buyer reviewed the seller; 0: the seller the buyer.
    by_buyer      INTEGER NOT NULL CHECK (by_buyer IN (0, 1)),
    author_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    author_name   TEXT    NOT NULL,
    subject_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating        INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text          TEXT    NOT NULL DEFAULT '',
    created       INTEGER NOT NULL,
    -- Others see it from then on: when both sides have written theirs, or
    -- 14 days after it was written.
    visible_at    INTEGER NOT NULL,
    -- An admin hid it, and why.
    hidden_at     INTEGER,
    hidden_reason TEXT    NOT NULL DEFAULT '',
    UNIQUE (booking_id, by_buyer)
);
-- A person's reviews, newest visible first, and their rating.
CREATE INDEX reviews_of ON reviews (subject_id, visible_at, id);
CREATE INDEX reviews_by_author ON reviews (author_id);
