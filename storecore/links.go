package storecore

import (
	"context"
	"time"

	"rehome/app"
)

// The one-time links: password resets, email confirmations and email
// changes. Each account has one of each kind at most (the tables'
// *_once indexes): a new one replaces the old, and of racing calls the
// last to commit is kept. A link is spent by a DELETE ... RETURNING, so of
// racing uses the first spends it and the others find nothing.

// HoldLinkAccount locks the row of the account a one-time link was made
// for, before the link is spent, where the database locks rows. Every
// write that voids links takes the account's row first and the links'
// rows after (trigger links_end_with_credentials); spending a link takes
// them in the same order, so a link spent while its account changes waits
// for the change instead of deadlocking with it, and then finds the link
// voided or not. table is one of the link tables, never input.
func HoldLinkAccount(ctx context.Context, d Dialect, tx Querier, table string, tokenHash []byte) error {
	if d.ForNoKeyUpdate == "" {
		return nil
	}
	_, err := tx.Exec(ctx, HoldLinkAccountQuery(d, table), tokenHash)
	return err
}

// HoldLinkAccountQuery is HoldLinkAccount's statement.
func HoldLinkAccountQuery(d Dialect, table string) string {
	return `SELECT 1 FROM users WHERE id = (SELECT user_id FROM ` + table + ` WHERE token_hash = ?)` + d.ForNoKeyUpdate
}

// CreatePasswordReset stores the account's reset link, with its mail and
// audit entry, in a write transaction.
func CreatePasswordReset(ctx context.Context, d Dialect, tx Querier, r app.PasswordReset, now int64) error {
	// The newest link is the one that counts: an earlier one, mailed or
	// handed out, stops working (password_resets_once).
	if _, err := tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, email, mailed, expires) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, email = excluded.email,
			mailed = excluded.mailed, expires = excluded.expires`,
		r.TokenHash, r.UserID, r.Email, r.Mail != nil, r.Expires.UnixMilli()); err != nil {
		return d.ReferenceGone(err)
	}
	if err := QueueMail(ctx, tx, r.Mail, now); err != nil {
		return err
	}
	return Record(ctx, d, tx, r.Audit, now)
}

// A oneTimeLink is a kind of one-time link: its table and its name in
// errors.
type oneTimeLink struct{ table, what string }

var (
	passwordResetLink     = oneTimeLink{"password_resets", "Reset link"}
	emailVerificationLink = oneTimeLink{"email_verifications", "Email confirmation"}
	emailChangeLink       = oneTimeLink{"email_changes", "Email change"}
)

// gone refuses a link that has expired, or whose account has changed.
func (l oneTimeLink) gone() error { return app.Errorf(app.KindNotFound, "%s not found", l.what) }

// spend spends a link, in a write transaction, after holding its account
// (HoldLinkAccount): a DELETE ... RETURNING, so that of racing uses the
// first spends it and the others find nothing. It reads the account the
// link was for and the link's columns into dest. A link is spent even when
// it has expired: refused says so, for after the transaction commits.
func (l oneTimeLink) spend(ctx context.Context, d Dialect, tx Querier, tokenHash []byte, now time.Time,
	columns string, dest ...any) (userID int64, refused, err error) {
	if err := HoldLinkAccount(ctx, d, tx, l.table, tokenHash); err != nil {
		return 0, nil, err
	}
	var valid bool
	err = tx.QueryRow(ctx, `DELETE FROM `+l.table+` WHERE token_hash = ? RETURNING user_id, expires > ?, `+columns,
		tokenHash, now.UnixMilli()).Scan(append([]any{&userID, &valid}, dest...)...)
	if err != nil {
		return 0, nil, NotFound(err, l.what)
	}
	if !valid {
		return 0, l.gone(), nil
	}
	return userID, nil, nil
}

// setWhileFor updates the account a spent link was for (set, then args),
// but only while its email is still the one the link was made for: a link
// to an address the account has since left is refused.
func (l oneTimeLink) setWhileFor(ctx context.Context, tx Querier, userID int64, email, set string, args ...any) (refused, err error) {
	changed, err := tx.Exec(ctx, `UPDATE users SET `+set+` WHERE id = ? AND email = ?`, append(args, userID, email)...)
	if err != nil || changed == 1 {
		return nil, err
	}
	return l.gone(), nil
}

// UsePasswordReset spends a reset link and sets the account's password, in
// a write transaction; refused as oneTimeLink.spend's.
func UsePasswordReset(ctx context.Context, d Dialect, tx Querier, tokenHash, passwordHash []byte, now time.Time) (userID int64, refused, err error) {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	var email string
	var mailed bool
	userID, refused, err = passwordResetLink.spend(ctx, d, tx, tokenHash, now, `email, mailed`, &email, &mailed)
	if refused != nil || err != nil {
		return 0, refused, err
	}
	// Only for the email it was made for; a mailed link proves it. The new
	// epoch ends the sessions and, by trigger, voids the other links.
	refused, err = passwordResetLink.setWhileFor(ctx, tx, userID, email,
		`password_hash = ?, session_epoch = session_epoch + 1, email_verified = email_verified OR ?`, passwordHash, mailed)
	return userID, refused, err
}

// CreateEmailVerification stores the account's confirmation link, with its
// mail, in a write transaction.
func CreateEmailVerification(ctx context.Context, d Dialect, tx Querier, v app.EmailVerification, now int64) error {
	// The newest link is the one that counts: an earlier one stops working
	// (email_verifications_once).
	if _, err := tx.Exec(ctx, `INSERT INTO email_verifications (token_hash, user_id, email, expires) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, email = excluded.email,
			expires = excluded.expires`,
		v.TokenHash, v.UserID, v.Email, v.Expires.UnixMilli()); err != nil {
		return d.ReferenceGone(err)
	}
	return QueueMail(ctx, tx, v.Mail, now)
}

// UseEmailVerification spends a confirmation link and marks the address
// proven, in a write transaction; refused as oneTimeLink.spend's. Against
// ClaimAccount, which holds the account's row first: either the claim
// commits first, voiding the link (the DELETE then finds nothing), or the
// proof does, and the claim's conditional update finds the email proven.
func UseEmailVerification(ctx context.Context, d Dialect, tx Querier, tokenHash []byte, now time.Time) (userID int64, refused, err error) {
	var email string
	userID, refused, err = emailVerificationLink.spend(ctx, d, tx, tokenHash, now, `email`, &email)
	if refused != nil || err != nil {
		return 0, refused, err
	}
	// Only the address the link was mailed to is proven by it.
	refused, err = emailVerificationLink.setWhileFor(ctx, tx, userID, email, `email_verified = true`)
	return userID, refused, err
}

// CreateEmailChange stores the account's email change link, with its
// mail, in a write transaction.
func CreateEmailChange(ctx context.Context, d Dialect, tx Querier, c app.EmailChange, now int64) error {
	// The newest request is the one that counts: an earlier link stops
	// working (email_changes_once).
	if _, err := tx.Exec(ctx, `INSERT INTO email_changes (token_hash, user_id, new_email, expires) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, new_email = excluded.new_email,
			expires = excluded.expires`,
		c.TokenHash, c.UserID, c.NewEmail, c.Expires.UnixMilli()); err != nil {
		return d.ReferenceGone(err)
	}
	return QueueMail(ctx, tx, c.Mail, now)
}

// UseEmailChange spends an email change link and sets the new address, in
// a write transaction, giving the old one; refused as oneTimeLink.spend's.
// The old email is read after the account's row is held, so it is the one
// the update replaces.
func UseEmailChange(ctx context.Context, d Dialect, tx Querier, tokenHash []byte, now time.Time) (userID int64, oldEmail string, refused, err error) {
	var newEmail string
	userID, refused, err = emailChangeLink.spend(ctx, d, tx, tokenHash, now, `new_email`, &newEmail)
	if refused != nil || err != nil {
		return 0, "", refused, err
	}
	if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = ?`, userID).Scan(&oldEmail); err != nil {
		return 0, "", nil, NotFound(err, "User")
	}
	// The link came to the new address: it is proven. The new email voids
	// the account's other links, by trigger.
	_, err = tx.Exec(ctx, `UPDATE users SET email = ?, email_verified = true WHERE id = ?`, newEmail, userID)
	if d.IsUniqueViolation(err) {
		return 0, "", nil, app.Errorf(app.KindConflict, "%s", app.EmailTakenMessage)
	}
	return userID, oldEmail, nil, err
}

// QueueMail queues a mail, when there is one, in a write transaction.
func QueueMail(ctx context.Context, tx Querier, m *app.Mail, now int64) error {
	if m == nil {
		return nil
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO mail_queue (recipient, subject, text_body, html_body, queued, next_try)
		VALUES (?, ?, ?, ?, ?, ?)`, m.To, m.Subject, m.Text, m.HTML, now, now)
	return err
}

// Record writes an audit entry, when there is one, in the write
// transaction of the change it records, and sets its ID and time.
func Record(ctx context.Context, d Dialect, tx Querier, e *app.AuditEntry, now int64) error {
	if e == nil {
		return nil
	}
	err := tx.QueryRow(ctx, `
		INSERT INTO audit_log (created, actor_id, actor_name, actor_email, action, target_type, target_id, target)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		now, e.ActorID, e.ActorName, e.ActorEmail, string(e.Action), e.TargetType, e.TargetID, e.Target).Scan(&e.ID)
	e.Time = FromMillis(now)
	return d.ReferenceGone(err)
}
