-- Mail waiting to be sent. A row is deleted as soon as the mail server
-- accepts its mail, so that it is never sent twice; until then it survives
-- restarts and is retried with a growing pause (next_try).
CREATE TABLE mail_queue (
    id         INTEGER PRIMARY KEY,
    recipient  TEXT    NOT NULL,
    subject    TEXT    NOT NULL,
    text_body  TEXT    NOT NULL,
    html_body  TEXT    NOT NULL,
    queued     INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    next_try   INTEGER NOT NULL,
    last_error TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX mail_queue_due ON mail_queue (next_try);

-- A move to a new email waits for a link sent there; only its hash is kept.
CREATE TABLE email_changes (
    token_hash BLOB    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    new_email  TEXT    NOT NULL,
    expires    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX email_changes_by_user ON email_changes (user_id);

-- Whose a session is, on which device, and when it was last used, so that
-- people can see and end their sessions. id is derived from the token one
-- way (app.SessionID): the list never shows a cookie. Sessions from before
-- fill these in on their next request.
ALTER TABLE sessions ADD COLUMN id TEXT;
ALTER TABLE sessions ADD COLUMN user_id INTEGER;
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN signed_in INTEGER;
ALTER TABLE sessions ADD COLUMN last_seen INTEGER;
CREATE INDEX sessions_by_user ON sessions (user_id, last_seen) WHERE user_id IS NOT NULL;

-- A new session epoch (a new password, "sign out everywhere") or a deleted
-- account ends the account's sessions; their rows go with them, so that the
-- list shows only sessions that still work. Sessions from before this
-- migration have no user_id and are ended by the epoch alone.
CREATE TRIGGER sessions_end_with_epoch AFTER UPDATE OF session_epoch ON users
WHEN NEW.session_epoch <> OLD.session_epoch
BEGIN
    DELETE FROM sessions WHERE user_id = NEW.id;
END;
CREATE TRIGGER sessions_end_with_account AFTER DELETE ON users
BEGIN
    DELETE FROM sessions WHERE user_id = OLD.id;
END;
