-- A booking that ended because one side did not come to the agreed
-- pickup: who did not ('buyer' or 'seller'), and when it was said, counted
-- on that person's public profile for a year.
ALTER TABLE bookings ADD COLUMN no_show TEXT NOT NULL DEFAULT '' CHECK (no_show IN ('', 'buyer', 'seller'));
ALTER TABLE bookings ADD COLUMN no_show_user INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE bookings ADD COLUMN no_show_at INTEGER;
CREATE INDEX bookings_no_shows ON bookings (no_show_user, no_show_at) WHERE no_show_user IS NOT NULL;
