package app

import (
	"context"
	"crypto/rand"
	"time"
)

// PasswordResets are the one-time links that set a new password: mailed
// to whoever forgot theirs, or made by an admin when no mail can be sent.
type PasswordResets struct {
	resets PasswordResetStore
	users  UserStore
	site   *SiteSettings // its name in mails
	outbox *Outbox
	hasher PasswordHasher
	now    func() time.Time

	forgotByAddress *AttemptLimiter
	forgotByEmail   *AttemptLimiter
}

// PasswordResetsDeps are what PasswordResets is built from.
type PasswordResetsDeps struct {
	Resets PasswordResetStore
	Users  UserStore
	Site   *SiteSettings
	Outbox *Outbox
	Hasher PasswordHasher
	Limits RateLimits
}

func NewPasswordResets(d PasswordResetsDeps) *PasswordResets {
	return &PasswordResets{resets: d.Resets, users: d.Users, site: d.Site, outbox: d.Outbox, hasher: d.Hasher, now: utcNow,
		forgotByAddress: newAttemptLimiter(d.Limits, "forgot by address", Limit{ForgotPasswordPerAddressPerHour, time.Hour}),
		forgotByEmail:   newAttemptLimiter(d.Limits, "forgot by email", Limit{ForgotPasswordMailsPerHour, time.Hour}),
	}
}

// MakeResetLink gives an admin the token of a one-time link that sets a new
// password for account id, for when no mail can be sent. The token is
// shown once: only its hash is kept.
func (s *PasswordResets) MakeResetLink(ctx context.Context, actor *User, id int64) (string, error) {
	u, err := managedUser(ctx, s.users, actor, id, "")
	if err != nil {
		return "", err
	}
	token := rand.Text()
	audit := auditOf(actor, AuditResetLink, AuditTargetUser, id, accountName(u))
	reset := PasswordReset{UserID: id, Email: u.Email, TokenHash: resetTokenHash(token), Expires: s.now().Add(ResetLinkValidity), Audit: audit}
	if err := s.resets.CreatePasswordReset(ctx, reset); err != nil {
		return "", err
	}
	return token, nil
}

// ResetPassword spends a reset link's token on a new password. Every
// session of the account ends; the caller signs the person in afresh.
func (s *PasswordResets) ResetPassword(ctx context.Context, token, password string) (*User, error) {
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
	u, err := s.resets.UsePasswordReset(ctx, resetTokenHash(token), hash, s.now())
	if ErrorKind(err) == KindNotFound {
		return nil, &Error{Kind: KindInvalid, Message: ResetLinkUsedMessage, Fields: map[string]string{"token": ResetLinkUsedMessage}}
	}
	return u, err
}

// ForgotPassword mails a one-time reset link to email when it has an
// account. The answer is the same, and takes the same time, either way.
func (s *PasswordResets) ForgotPassword(ctx context.Context, email, clientAddress string) error {
	started, now := time.Now(), s.now()
	if err := s.outbox.require(); err != nil {
		return err
	}
	email = NormalizeEmail(email)
	v := &Validator{}
	checkEmail(v, "email", email)
	if err := v.Err(); err != nil {
		return err
	}
	if wait := s.forgotByAddress.Take(clientAddress, now); wait > 0 {
		return rateLimited("Too many requests. Try again later.", wait)
	}
	err := s.mailResetLink(ctx, email, now)
	if waitErr := waitUntil(ctx, started.Add(ForgotPasswordTime)); waitErr != nil {
		return waitErr
	}
	return err
}

// mailResetLink queues a reset link for email's account, if it has one and
// has not had its mails for the hour.
func (s *PasswordResets) mailResetLink(ctx context.Context, email string, now time.Time) error {
	if s.forgotByEmail.Take(email, now) > 0 {
		return nil
	}
	u, err := s.users.UserByEmail(ctx, email)
	if ErrorKind(err) == KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	token := rand.Text()
	link := s.outbox.link(Link{Screen: ScreenResetPassword, Token: token})
	reset := PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: resetTokenHash(token), Expires: now.Add(ResetLinkValidity), Mail: s.outbox.passwordResetMail(s.site.speakerTo(ctx, u), u, link)}
	if err := s.resets.CreatePasswordReset(ctx, reset); err != nil {
		return err
	}
	s.outbox.queued()
	return nil
}
