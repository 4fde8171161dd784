-- A request sent with an Idempotency-Key claims the key before its work:
-- a row with status 0 is a claim whose work is under way, claimed_by the
-- request doing it, so that a second request with the key waits for its
-- answer instead of doing the work again. Rows kept so far are answers. As
-- SQLite's 0036.
ALTER TABLE idempotency_keys ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
