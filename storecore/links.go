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

// UsePasswordReset spends a reset link and sets the account's password, in
// a write transaction. A link is spent even when it has expired: refused
// says so, for after the transaction commits.
func UsePasswordReset(ctx context.Context, d Dialect, tx Querier, tokenHash, passwordHash []byte, now time.Time) (userID int64, refused, err error) {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	if err := HoldLinkAccount(ctx, d, tx, "password_resets", tokenHash); err != nil {
		return 0, nil, err
	}
	var email string
	var valid, mailed bool
	err = tx.QueryRow(ctx, `DELETE FROM password_resets WHERE token_hash = ? RETURNING user_id, email, mailed, expires > ?`,
		tokenHash, now.UnixMilli()).Scan(&userID, &email, &mailed, &valid)
	if err != nil {
		return 0, nil, NotFound(err, "Reset link")
	}
	gone := app.Errorf(app.KindNotFound, "Reset link not found")
	if !valid {
		return 0, gone, nil
	}
	// Only for the email it was made for; a mailed link proves it. The new
	// epoch ends the sessions and, by trigger, voids the other links.
	changed, err := tx.Exec(ctx, `UPDATE users SET password_hash = ?, session_epoch = session_epoch + 1,
		email_verified = email_verified OR ? WHERE id = ? AND email = ?`, passwordHash, mailed, userID, email)
	if err != nil || changed == 1 {
		return userID, nil, err
	}
	return 0, gone, nil
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
// proven, in a write transaction; refused as UsePasswordReset's. Against
// ClaimAccount, which holds the account's row first: either the claim
// commits first, voiding the link (the DELETE then finds nothing), or the
// proof does, and the claim's conditional update finds the email proven.
func UseEmailVerification(ctx context.Context, d Dialect, tx Querier, tokenHash []byte, now time.Time) (userID int64, refused, err error) {
	if err := HoldLinkAccount(ctx, d, tx, "email_verifications", tokenHash); err != nil {
		return 0, nil, err
	}
	var email string
	var valid bool
	err = tx.QueryRow(ctx, `DELETE FROM email_verifications WHERE token_hash = ? RETURNING user_id, email, expires > ?`,
		tokenHash, now.UnixMilli()).Scan(&userID, &email, &valid)
	if err != nil {
		return 0, nil, NotFound(err, "Email confirmation")
	}
	gone := app.Errorf(app.KindNotFound, "Email confirmation not found")
	if !valid {
		return 0, gone, nil
	}
	// Only the address the link was mailed to is proven by it.
	changed, err := tx.Exec(ctx, `UPDATE users SET email_verified = true WHERE id = ? AND email = ?`, userID, email)
	if err != nil || changed == 1 {
		return userID, nil, err
	}
	return 0, gone, nil
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
// a write transaction, giving the old one; refused as UsePasswordReset's.
// The old email is read after the account's row is held, so it is the one
// the update replaces.
func UseEmailChange(ctx context.Context, d Dialect, tx Querier, tokenHash []byte, now time.Time) (userID int64, oldEmail string, refused, err error) {
	if err := HoldLinkAccount(ctx, d, tx, "email_changes", tokenHash); err != nil {
		return 0, "", nil, err
	}
	var newEmail string
	var valid bool
	err = tx.QueryRow(ctx, `DELETE FROM email_changes WHERE token_hash = ? RETURNING user_id, new_email, expires > ?`,
		tokenHash, now.UnixMilli()).Scan(&userID, &newEmail, &valid)
	if err != nil {
		return 0, "", nil, NotFound(err, "Email change")
	}
	if !valid {
		return 0, "", app.Errorf(app.KindNotFound, "Email change not found"), nil
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
