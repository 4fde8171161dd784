-- Card payments: the payment a booking's buyer started at the provider
-- (Stripe's PaymentIntent id, one per booking), and the provider's events
-- already acted on, so an event delivered twice changes nothing the second
-- time.
ALTER TABLE bookings ADD COLUMN payment_id TEXT NOT NULL DEFAULT '';
CREATE TABLE payment_events (
    id       TEXT    PRIMARY KEY,
    received INTEGER NOT NULL
) WITHOUT ROWID;
