-- When something goes wrong between neighbours: an admin suspends an
-- account for a while, a person blocks another.
ALTER TABLE users ADD COLUMN suspended_until INTEGER; -- Unix ms
ALTER TABLE users ADD COLUMN suspend_reason TEXT NOT NULL DEFAULT '';
-- The accounts suspended now: a handful, next to the marketplace's people.
CREATE INDEX users_suspended ON users (suspended_until) WHERE suspended_until IS NOT NULL;

CREATE TABLE blocks (
    blocker_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created    INTEGER NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
) WITHOUT ROWID;
-- Whether someone blocked a person, from the person's side; and a
-- person's blocks, newest first.
CREATE INDEX blocks_of ON blocks (blocked_id, blocker_id);
CREATE INDEX blocks_by_time ON blocks (blocker_id, created);
