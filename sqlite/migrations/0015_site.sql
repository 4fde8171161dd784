-- The site's settings, one row each; a setting never saved has no row and
-- reads as its default (app.DefaultSite). Values are JSON, so a boolean
-- stays a boolean.
CREATE TABLE site_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
