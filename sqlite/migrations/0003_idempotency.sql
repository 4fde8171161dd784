-- Answers to requests sent with an Idempotency-Key, so a retry after a lost
-- reply gets the first answer instead of doing the work twice.
CREATE TABLE idempotency_keys (
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key          TEXT    NOT NULL,
    request_hash BLOB    NOT NULL,
    status       INTEGER NOT NULL,
    body         BLOB    NOT NULL,
    created      INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
-- Expired answers are swept by age.
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created);
