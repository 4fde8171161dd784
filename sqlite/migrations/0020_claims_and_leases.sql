-- A courier claims the mail it is about to send: claimed_by names it, and
-- next_try moves to the end of its lease, so that another courier (another
-- instance) takes the mail only once the lease ran out unsent.
ALTER TABLE mail_queue ADD COLUMN claimed_by TEXT;

-- Who holds each lock (the periodic jobs' leader), until when.
CREATE TABLE leases (
    name    TEXT    PRIMARY KEY,
    holder  TEXT    NOT NULL,
    expires INTEGER NOT NULL
) WITHOUT ROWID;
