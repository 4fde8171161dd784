-- The server's Web Push key pair (VAPID), made once: browsers subscribe
-- with its public key, so a new pair would orphan every subscription.
CREATE TABLE push_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    public_key  TEXT    NOT NULL,
    private_key TEXT    NOT NULL,
    created     INTEGER NOT NULL
);

-- Browsers that asked for push notes: where to post them (endpoint, at
-- the browser's push service) and the keys to encrypt them for. A browser
-- has one endpoint, so an endpoint belongs to one person at a time.
CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint   TEXT    NOT NULL UNIQUE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    subscribed INTEGER NOT NULL -- when last subscribed: the oldest goes first
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id, subscribed);

-- The kinds of push notes a person turned off; every other kind is on.
CREATE TABLE push_kinds_off (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,
    PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;
