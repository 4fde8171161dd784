-- Pickup reminders: the pickup time each of a booking's two reminders was
-- sent for, so that each goes once, and again when the time changes.
ALTER TABLE bookings ADD COLUMN reminded_day INTEGER;
ALTER TABLE bookings ADD COLUMN reminded_soon INTEGER;
-- The open bookings by pickup time: those with a reminder due.
CREATE INDEX bookings_by_pickup ON bookings (pickup_at) WHERE status = 'Booked' AND pickup_at IS NOT NULL;
