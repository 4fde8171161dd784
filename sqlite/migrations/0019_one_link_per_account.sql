-- An account has at most one outstanding link of each sort: a new one
-- takes the place of the earlier one. A unique index, so that two requests
-- for a link at the same moment cannot leave two working links whatever
-- the store's isolation; the writes replace by upsert on it.
DELETE FROM password_resets WHERE EXISTS (SELECT 1 FROM password_resets n WHERE n.user_id = password_resets.user_id
    AND (n.expires, n.token_hash) > (password_resets.expires, password_resets.token_hash));
DROP INDEX password_resets_by_user;
CREATE UNIQUE INDEX password_resets_once ON password_resets (user_id);

DELETE FROM email_changes WHERE EXISTS (SELECT 1 FROM email_changes n WHERE n.user_id = email_changes.user_id
    AND (n.expires, n.token_hash) > (email_changes.expires, email_changes.token_hash));
DROP INDEX email_changes_by_user;
CREATE UNIQUE INDEX email_changes_once ON email_changes (user_id);

DELETE FROM email_verifications WHERE EXISTS (SELECT 1 FROM email_verifications n WHERE n.user_id = email_verifications.user_id
    AND (n.expires, n.token_hash) > (email_verifications.expires, email_verifications.token_hash));
DROP INDEX email_verifications_by_user;
CREATE UNIQUE INDEX email_verifications_once ON email_verifications (user_id);
