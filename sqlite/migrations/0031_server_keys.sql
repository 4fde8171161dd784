-- The server's secret keys, each made once and kept under its name: the
-- key device cookies are signed with ('device cookies'), so that the
-- cookies a browser holds stay valid across restarts.
CREATE TABLE server_keys (
    name    TEXT    PRIMARY KEY,
    key     BLOB    NOT NULL,
    created INTEGER NOT NULL
);
