-- A pickup proposal the other side turned down. A proposal is also
-- superseded, without a column, once a newer proposal follows it in the
-- same conversation: that is read from the messages themselves.
ALTER TABLE messages ADD COLUMN declined INTEGER NOT NULL DEFAULT 0 CHECK (declined IN (0, 1));
