package app

import (
	"context"
	"crypto/sha256"
	"time"
	"unicode/utf8"
)

// ResetLinkValidity is how long a password reset link works (once).
const ResetLinkValidity = time.Hour

// ResetLinkUsedMessage answers a link that is unknown, used or expired.
const ResetLinkUsedMessage = "This link has expired or was already used. Ask for a new one."

// PasswordResetStore keeps one-time password reset links by their token's hash.
type PasswordResetStore interface {
	// CreatePasswordReset keeps a link in place of the account's earlier
	// one, and records its audit entry or queues its mail, when given, in
	// the same transaction. An account has at most one (a unique index: of
	// racing calls the last to commit is kept); an account removed
	// meanwhile is a conflict.
	CreatePasswordReset(ctx context.Context, reset PasswordReset) error
	// UsePasswordReset, in one transaction, spends a link (a delete that
	// returns it: of two racing uses exactly one finds it) and, when it
	// has not expired at now, gives the account passwordHash and a new
	// session epoch on condition the account still has the email the link
	// was made for; the epoch ends its sessions and voids its other links
	// (triggers). A mailed link proves the email. It returns the account
	// read after that. An unknown, used or expired link, or one made for
	// an email the account no longer has, is not found.
	UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*User, error)
}

// PasswordReset is a one-time link to set an account's password.
type PasswordReset struct {
	UserID int64
	// Email is the account's email the link was made for: once the account
	// has another, the link is void.
	Email     string
	TokenHash []byte
	Expires   time.Time
	Audit     *AuditEntry // made by an admin
	Mail      *Mail       // asked for by email; spending it proves the email
}

// resetTokenHash is what the store keeps of a link's token.
func resetTokenHash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// checkNewPassword applies the registration rules to a new password.
func checkNewPassword(v *Validator, field, password string) {
	v.Check(password != "", field, RequiredMessage)
	if !v.Has(field) {
		v.Check(utf8.RuneCountInString(password) >= MinPasswordLength, field, "Use at least 8 characters")
		v.Check(len(password) <= MaxPasswordBytes, field, "Use at most 72 bytes")
	}
}

// ForgotPasswordMessage is the one answer to "Forgot password?", whether
// or not the email has an account.
const ForgotPasswordMessage = "If an account exists for that email, we sent it a link to choose a new password. Check your inbox." // #nosec G101 -- a message, not a credential

// Forgotten passwords: each client may ask so often, and each email gets
// so many mails an hour however many clients ask, so that nobody can fill
// someone's inbox. A request past the email's limit is answered as any
// other and sends nothing.
const (
	ForgotPasswordPerAddressPerHour = 20
	ForgotPasswordMailsPerHour      = 3
	// ForgotPasswordTime is how long every answer takes: finding an account
	// and queueing its mail must not be told apart from finding none.
	ForgotPasswordTime = 300 * time.Millisecond
)

// waitUntil returns at deadline, or when ctx ends.
func waitUntil(ctx context.Context, deadline time.Time) error {
	wait := time.Until(deadline)
	if wait <= 0 {
		return nil
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
