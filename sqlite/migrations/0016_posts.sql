-- The community's posts, written by its admins (Blogs). The slug is the
-- post's address, made from its first title and kept when the title
-- changes, so shared links keep working. author_name is a copy, so a post
-- still names its author once their account is gone (author_id then NULL).
CREATE TABLE posts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    slug        TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    author_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    author_name TEXT    NOT NULL,
    created     INTEGER NOT NULL,
    updated     INTEGER NOT NULL
);
CREATE UNIQUE INDEX posts_by_slug ON posts (slug);
-- The list, newest first.
CREATE INDEX posts_newest ON posts (created DESC, id DESC);
-- Deleting an account sets its posts' author_id to NULL through this index.
CREATE INDEX posts_by_author ON posts (author_id);
