-- A report is of a listing, a person, a message or a review. As SQLite's 0027.
ALTER TABLE reports
    ALTER COLUMN product_id DROP NOT NULL,
    ADD COLUMN kind       TEXT   NOT NULL DEFAULT 'product' CHECK (kind IN ('product', 'user', 'message', 'review')),
    ADD COLUMN user_id    BIGINT UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    ADD COLUMN message_id BIGINT UNIQUE REFERENCES messages (id) ON DELETE CASCADE,
    ADD COLUMN review_id  BIGINT UNIQUE REFERENCES reviews (id) ON DELETE CASCADE,
    ADD CONSTRAINT reports_one_target CHECK (
        (product_id IS NOT NULL)::int + (user_id IS NOT NULL)::int + (message_id IS NOT NULL)::int + (review_id IS NOT NULL)::int = 1);
