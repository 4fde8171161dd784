-- How far each seller has seen their bookings in My Buyers: the newest
-- booking shown to them there. As SQLite's 0035.
CREATE TABLE bookings_seen (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL
);
-- A seller has seen the bookings made before this marker existed: they are
-- not new to them, and an upgrade would otherwise light every badge.
INSERT INTO bookings_seen (user_id, booking_id)
SELECT seller_id, max(id) FROM bookings WHERE seller_id IS NOT NULL GROUP BY seller_id;
