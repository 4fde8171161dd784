-- A push subscription belongs to the session that made it and ends with
-- it: whatever deletes the session's row (logout, expiry, a session ended
-- from the list, a new session epoch after a new password, a reset,
-- signing out everywhere, a Google claim or a suspension, a deleted
-- account) deletes its subscriptions through the foreign key, in the same
-- transaction. Before, a subscription outlived every way of taking an
-- account back, and whoever had made it kept receiving the account's
-- notes. Which session made a subscription kept before was never
-- recorded, so those are dropped: people turn notifications on again.
-- browser and system name the device in the person's list of them, and
-- last_sent is when a note was last handed to its push service.
CREATE UNIQUE INDEX sessions_by_id ON sessions (id);
DROP TABLE push_subscriptions;
CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id TEXT    NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    endpoint   TEXT    NOT NULL UNIQUE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    browser    TEXT    NOT NULL DEFAULT '',
    system     TEXT    NOT NULL DEFAULT '',
    subscribed INTEGER NOT NULL, -- when last subscribed: the oldest goes first
    last_sent  INTEGER
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id, subscribed);
CREATE INDEX push_subscriptions_by_session ON push_subscriptions (session_id);
