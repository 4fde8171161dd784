-- A category can be renamed (its listings' search documents follow, by
-- categories_search_rename). Its former names lead to it, so that links
-- and bookmarks to them keep working (DB.CategoryRenamedFrom); a former
-- name given to a category again is that category's, not a way to it.
CREATE TABLE category_renames (
    name_key    TEXT PRIMARY KEY,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE
);
CREATE INDEX category_renames_by_category ON category_renames (category_id);
