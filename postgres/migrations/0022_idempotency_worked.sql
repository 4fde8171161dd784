-- A claim on an Idempotency-Key is marked worked in the transaction of its
-- work's write (storecore.MarkClaimWorked): a retry after the process died
-- between the work and its answer then does not do the work again.
ALTER TABLE idempotency_keys ADD COLUMN worked BOOLEAN NOT NULL DEFAULT FALSE;
