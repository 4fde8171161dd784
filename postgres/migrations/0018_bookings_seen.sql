-- How far each seller has seen their bookings in My Buyers: the newest
-- booking shown to them there. As SQLite's 0035.
CREATE TABLE bookings_seen (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL
);
