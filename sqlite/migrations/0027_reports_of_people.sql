-- A report is of a listing, a person, a message or a review: one report
-- per reported thing, who reported it in reporters. SQLite cannot drop a
-- NOT NULL, so reports is made anew; reporters, which refers to it, is
-- moved first, so that dropping the old reports cascades to nothing.
CREATE TABLE reports_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL DEFAULT 'product' CHECK (kind IN ('product', 'user', 'message', 'review')),
    product_id    INTEGER UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    user_id       INTEGER UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    message_id    INTEGER UNIQUE REFERENCES messages (id) ON DELETE CASCADE,
    review_id     INTEGER UNIQUE REFERENCES reviews (id) ON DELETE CASCADE,
    latest_reason TEXT    NOT NULL DEFAULT '',
    updated       INTEGER NOT NULL,
    CHECK ((product_id IS NOT NULL) + (user_id IS NOT NULL) + (message_id IS NOT NULL) + (review_id IS NOT NULL) = 1)
);
INSERT INTO reports_new (id, kind, product_id, latest_reason, updated)
SELECT id, 'product', product_id, latest_reason, updated FROM reports;

CREATE TABLE reporters_new (
    report_id INTEGER NOT NULL REFERENCES reports_new (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason    TEXT    NOT NULL DEFAULT '',
    created   INTEGER NOT NULL,
    PRIMARY KEY (report_id, user_id)
) WITHOUT ROWID;
INSERT INTO reporters_new (report_id, user_id, reason, created)
SELECT report_id, user_id, reason, created FROM reporters;

DROP TABLE reporters;
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;
ALTER TABLE reporters_new RENAME TO reporters;
CREATE INDEX reports_by_update ON reports (updated, id);
CREATE INDEX reporters_by_user ON reporters (user_id);
