-- One-time password reset links, and a way to end every session of an
-- account at once. A session remembers its account's session_epoch when it
-- signs in; raising the epoch (a new password) leaves every older session
-- signed out.
ALTER TABLE users ADD COLUMN session_epoch INTEGER NOT NULL DEFAULT 0;

-- Only a link's hash is kept: the database alone cannot be turned into a
-- working link.
CREATE TABLE password_resets (
    token_hash BLOB    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX password_resets_by_user ON password_resets (user_id);
