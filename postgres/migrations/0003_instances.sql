-- What the instances of one marketplace share beyond its own rows: the
-- counts of the rate limits, and the numbers and bodies of live events.

-- Attempts per key in sliding windows (ratelimits.go): the latest times,
-- in milliseconds, oldest first, at most as many as the limit counts. Its
-- row is the lock that makes an instance's check and count one step.
-- expires is when the latest attempt leaves its window: then the row can go.
-- A key is bytes: app's limiters join their name and key with a NUL, which
-- TEXT cannot hold.
CREATE TABLE rate_limits (
    key     BYTEA    PRIMARY KEY,
    times   BIGINT[] NOT NULL,
    expires BIGINT   NOT NULL
);
CREATE INDEX rate_limits_by_expiry ON rate_limits (expires);

-- Live events are numbered from one sequence, so that a stream resumes on
-- any instance (broker.go), and carried by NOTIFY on rehome_live.
CREATE SEQUENCE live_event_ids;

-- An event too big for a NOTIFY payload waits here, its notification
-- carrying only its id, until every instance has read it; the publisher
-- deletes what is older than an hour.
CREATE TABLE live_events (
    id      BIGINT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    type    TEXT   NOT NULL,
    data    TEXT   NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX live_events_by_created ON live_events (created);
