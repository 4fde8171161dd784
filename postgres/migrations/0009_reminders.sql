-- Pickup reminders. As SQLite's 0026.
ALTER TABLE bookings
    ADD COLUMN reminded_day  BIGINT,
    ADD COLUMN reminded_soon BIGINT;
CREATE INDEX bookings_by_pickup ON bookings (pickup_at) WHERE status = 'Booked' AND pickup_at IS NOT NULL;
