-- Whether the person behind an account has proven they own its email:
-- by signing in with a provider that verified it, by a password reset or an
-- email change through a mailed link, or by the "Confirm your email" link.
-- Until then, anyone could have typed that address at sign-up, so a
-- provider sign-in with that email takes the account over from them.
ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1));

-- What existing accounts get:
--   - an account linked to a provider identity was proven by it (a link to
--     an existing account was only ever made when the provider verified
--     the email, and an account made by a provider sign-in has the email
--     the provider gave);
--   - an Admin was made by the operator (`rehome admin create`) or promoted
--     by another admin: someone answering for the marketplace vouched for
--     the address;
--   - every other account is unproven: nothing ever checked the address
--     typed at sign-up, and a reset or email change made earlier left no
--     trace. Its owner proves it with the link Profile sends, or by a reset.
UPDATE users SET email_verified = 1
WHERE role = 'Admin' OR id IN (SELECT user_id FROM identities);

-- A reset link is bound to the address it was mailed to (an admin-made one
-- to the account's email when it was made): once the account's email
-- differs, it is void. mailed: the link went to that address, so spending
-- it proves the person owns it; an admin hands their links over by hand.
ALTER TABLE password_resets ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE password_resets ADD COLUMN mailed INTEGER NOT NULL DEFAULT 0;
UPDATE password_resets SET email = (SELECT email FROM users WHERE users.id = password_resets.user_id);

-- "Confirm your email" links, mailed at sign-up and from Profile; only
-- their hash is kept, and each is bound to the address it was mailed to.
CREATE TABLE email_verifications (
    token_hash BLOB    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL,
    expires    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX email_verifications_by_user ON email_verifications (user_id);

-- A new password (any route), a new email, or a new session epoch ("sign
-- out everywhere", an account taken over by its email's owner) voids every
-- outstanding link of the account: a link mailed or handed out before must
-- not undo what was just done. A trigger, so that no write can forget it;
-- it runs in the transaction of the write.
CREATE TRIGGER links_end_with_credentials AFTER UPDATE OF password_hash, email, session_epoch ON users
WHEN NEW.password_hash IS NOT OLD.password_hash OR NEW.email <> OLD.email OR NEW.session_epoch <> OLD.session_epoch
BEGIN
    DELETE FROM password_resets WHERE user_id = NEW.id;
    DELETE FROM email_changes WHERE user_id = NEW.id;
    DELETE FROM email_verifications WHERE user_id = NEW.id;
END;
