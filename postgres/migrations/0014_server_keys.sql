-- The server's secret keys, each made once and kept under its name. As
-- SQLite's 0031; here every instance reads the same key, so a device
-- cookie one signed is good on all of them.
CREATE TABLE server_keys (
    name    TEXT   PRIMARY KEY,
    key     BYTEA  NOT NULL,
    created BIGINT NOT NULL
);
