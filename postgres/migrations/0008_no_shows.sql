-- A booking that ended because one side did not come to the agreed
-- pickup. As SQLite's 0025.
ALTER TABLE bookings
    ADD COLUMN no_show      TEXT NOT NULL DEFAULT '' CHECK (no_show IN ('', 'buyer', 'seller')),
    ADD COLUMN no_show_user BIGINT REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN no_show_at   BIGINT;
CREATE INDEX bookings_no_shows ON bookings (no_show_user, no_show_at) WHERE no_show_user IS NOT NULL;
