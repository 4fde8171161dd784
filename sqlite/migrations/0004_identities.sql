-- Accounts at an OpenID Connect provider (Google) linked to ours. The
-- provider's subject, not the email, names the person: it never changes,
-- while an email at the provider may.
CREATE TABLE identities (
    provider TEXT    NOT NULL,
    subject  TEXT    NOT NULL,
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created  INTEGER NOT NULL,
    PRIMARY KEY (provider, subject)
) WITHOUT ROWID;
-- Deleting an account deletes its links.
CREATE INDEX identities_by_user ON identities (user_id);
