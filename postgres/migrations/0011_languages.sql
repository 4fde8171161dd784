-- A person's language. As SQLite's 0028.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
