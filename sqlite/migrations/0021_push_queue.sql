-- Push notes waiting to be delivered to their person's browsers: the
-- sender of any instance delivers them, so that a note queued on an
-- instance that stops is not lost. A sender claims the note it is about
-- to deliver: claimed_by names it, and next_try moves to the end of its
-- lease, so that another sender takes the note only once the lease ran
-- out undelivered. A note leaves the queue once delivered.
CREATE TABLE push_queue (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    tag        TEXT    NOT NULL,
    queued     INTEGER NOT NULL,
    next_try   INTEGER NOT NULL,
    claimed_by TEXT
);
CREATE INDEX push_queue_due ON push_queue (next_try);
CREATE INDEX push_queue_by_user ON push_queue (user_id);
