-- How far each seller has seen their bookings in My Buyers: the newest
-- booking shown to them there. Their open bookings past it are new, which
-- the top bar's badge counts and My Buyers marks. A table of its own, not a
-- column of users: a change to users makes every cached catalogue stale,
-- and this one changes each time a seller looks.
CREATE TABLE bookings_seen (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    booking_id INTEGER NOT NULL
);
-- A seller has seen the bookings made before this marker existed: they are
-- not new to them, and an upgrade would otherwise light every badge.
INSERT INTO bookings_seen (user_id, booking_id)
SELECT seller_id, max(id) FROM bookings WHERE seller_id IS NOT NULL GROUP BY seller_id;
