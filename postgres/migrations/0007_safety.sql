-- When something goes wrong between neighbours: an admin suspends an
-- account for a while, a person blocks another. As SQLite's 0024.
ALTER TABLE users
    ADD COLUMN suspended_until BIGINT,
    ADD COLUMN suspend_reason  TEXT NOT NULL DEFAULT '';
CREATE INDEX users_suspended ON users (suspended_until) WHERE suspended_until IS NOT NULL;

CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created    BIGINT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_of ON blocks (blocked_id, blocker_id);
CREATE INDEX blocks_by_time ON blocks (blocker_id, created);
