-- Admin actions: who did what to whom, and when. Written in the transaction
-- of the action itself. Names are copies, so an entry reads the same after
-- its accounts, category or listing are gone; actor_id goes NULL with the
-- admin's account.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created     INTEGER NOT NULL,
    actor_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name  TEXT    NOT NULL,
    actor_email TEXT    NOT NULL,
    action      TEXT    NOT NULL,
    target_type TEXT    NOT NULL,
    target_id   INTEGER NOT NULL,
    target      TEXT    NOT NULL
);
-- Deleting an account sets its entries' actor_id to NULL through this index.
CREATE INDEX audit_log_by_actor ON audit_log (actor_id);
