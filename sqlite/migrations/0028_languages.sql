-- A person's language (app.Language): empty until they choose one.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
