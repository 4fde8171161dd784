package app

import (
	"context"
	"crypto/rand"
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
	// CreatePasswordReset keeps a link for the account until expires, and
	// records audit, when given, in the same transaction.
	CreatePasswordReset(ctx context.Context, userID int64, tokenHash []byte, expires time.Time, audit *AuditEntry) error
	// UsePasswordReset spends a link that has not expired at now: the
	// account gets passwordHash and a new session epoch, which ends its
	// sessions. An unknown, used or expired link is not found.
	UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*User, error)
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

// MakeResetLink gives an admin the token of a one-time link that sets a new
// password for account id, for when no mail can be sent. The token is
// shown once: only its hash is kept.
func (s *Service) MakeResetLink(ctx context.Context, actor *User, id int64) (string, error) {
	u, err := s.managedUser(ctx, actor, id, "")
	if err != nil {
		return "", err
	}
	token := rand.Text()
	audit := auditOf(actor, AuditResetLink, AuditTargetUser, id, accountName(u))
	if err := s.store.CreatePasswordReset(ctx, id, resetTokenHash(token), s.now().Add(ResetLinkValidity), audit); err != nil {
		return "", err
	}
	return token, nil
}

// ResetPassword spends a reset link's token on a new password. Every
// session of the account ends; the caller signs the person in afresh.
func (s *Service) ResetPassword(ctx context.Context, token, password string) (*User, error) {
	v := &Validator{}
	v.Check(token != "", "token", ResetLinkUsedMessage)
	checkNewPassword(v, "password", password)
	if err := v.Err(); err != nil {
		return nil, err
	}
	hash, err := s.hasher.Hash(password)
	if err != nil {
		return nil, err
	}
	u, err := s.store.UsePasswordReset(ctx, resetTokenHash(token), hash, s.now())
	if ErrorKind(err) == KindNotFound {
		return nil, &Error{Kind: KindInvalid, Message: ResetLinkUsedMessage, Fields: map[string]string{"token": ResetLinkUsedMessage}}
	}
	return u, err
}
