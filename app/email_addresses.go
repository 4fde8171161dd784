package app

import (
	"context"
	"crypto/rand"
	"strconv"
	"time"
)

// EmailAddresses confirm that people's email addresses are theirs: the
// address they signed up with, and one they change to.
type EmailAddresses struct {
	users         UserStore
	verifications EmailVerificationStore
	changes       EmailChangeStore
	mails         MailQueue
	site          *SiteSettings // its name in mails
	outbox        *Outbox
	password      currentPassword
	now           func() time.Time

	emailChanges *AttemptLimiter
	verifyMails  *AttemptLimiter
}

// EmailAddressesDeps are what EmailAddresses is built from.
type EmailAddressesDeps struct {
	Users         UserStore
	Verifications EmailVerificationStore
	Changes       EmailChangeStore
	Mails         MailQueue
	// Keys has the key device tokens are signed with: the password asked
	// before a change honours them as login does.
	Keys   ServerKeyStore
	Site   *SiteSettings
	Outbox *Outbox
	Hasher PasswordHasher
	Limits RateLimits
}

func NewEmailAddresses(d EmailAddressesDeps) *EmailAddresses {
	return &EmailAddresses{users: d.Users, verifications: d.Verifications, changes: d.Changes, mails: d.Mails,
		site: d.Site, outbox: d.Outbox, password: newCurrentPassword(d.Hasher, d.Limits, &deviceTokens{keys: d.Keys}), now: utcNow,
		emailChanges: newAttemptLimiter(d.Limits, "email changes", Limit{EmailChangesPerHour, time.Hour}),
		verifyMails:  newAttemptLimiter(d.Limits, "verify mails", Limit{EmailVerificationsPerHour, time.Hour}),
	}
}

// RequestEmailChange mails a confirmation link to newEmail after checking
// actor's password. An address that already has an account is told so
// instead, and actor gets the same answer: no one learns from here whether
// an email has an account.
func (s *EmailAddresses) RequestEmailChange(ctx context.Context, actor *User, newEmail, password, clientAddress, deviceToken string) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	if err := s.outbox.require(); err != nil {
		return err
	}
	newEmail = NormalizeEmail(newEmail)
	v := &Validator{}
	checkEmail(v, "email", newEmail)
	if !v.Has("email") {
		v.Check(newEmail != actor.Email, "email", "This is already your email")
	}
	if err := v.Err(); err != nil {
		return err
	}
	_, hash, err := s.users.PasswordHash(ctx, actor.Email)
	if err != nil {
		return err
	}
	if len(hash) == 0 {
		return &Error{Kind: KindInvalid, Message: NoPasswordMessage, Fields: map[string]string{"password": NoPasswordMessage}}
	}
	if err := s.password.check(ctx, actor, hash, password, "password", clientAddress, deviceToken); err != nil {
		return err
	}
	now := s.now()
	if wait := s.emailChanges.Take(actor.Email, now); wait > 0 {
		return rateLimited("Too many email changes. Try again later.", wait)
	}

	switch owner, err := s.users.UserByEmail(ctx, newEmail); ErrorKind(err) {
	case KindNotFound:
	case "":
		err = s.mails.QueueMail(ctx, s.outbox.emailTakenMail(s.site.speakerTo(ctx, owner), newEmail, s.outbox.link(Link{Screen: ScreenForgotPassword})))
		if err == nil {
			s.outbox.queued()
		}
		return err
	default:
		return err
	}
	token := rand.Text()
	link := s.outbox.link(Link{Screen: ScreenConfirmEmail, Token: token})
	change := EmailChange{UserID: actor.ID, NewEmail: newEmail, TokenHash: resetTokenHash(token),
		Expires: now.Add(ResetLinkValidity), Mail: s.outbox.confirmEmailMail(s.site.speakerTo(ctx, actor), actor, newEmail, link)}
	if err := s.changes.CreateEmailChange(ctx, change); err != nil {
		return err
	}
	s.outbox.queued()
	return nil
}

// confirmEmailChange spends an email change link: the account moves to
// the new email, and the old address is told. Whoever holds the link may
// open it, signed in or not: it came to the new address. A link that is
// not an email change's, or no longer works, is not found.
func (s *EmailAddresses) confirmEmailChange(ctx context.Context, tokenHash []byte) (*User, error) {
	u, oldEmail, err := s.changes.UseEmailChange(ctx, tokenHash, s.now())
	switch ErrorKind(err) {
	case "":
	case KindConflict:
		return nil, Errorf(KindConflict, EmailTakenMessage)
	default:
		return nil, err
	}
	// The change stands whether or not the notice can be queued.
	if err := s.mails.QueueMail(ctx, s.outbox.emailChangedMail(s.site.speakerTo(ctx, u), u, oldEmail)); err == nil {
		s.outbox.queued()
	}
	return u, nil
}

// SendEmailVerification mails actor a fresh "Confirm your email" link,
// which voids the one sent before.
func (s *EmailAddresses) SendEmailVerification(ctx context.Context, actor *User) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	if err := s.outbox.require(); err != nil {
		return err
	}
	if actor.EmailVerified {
		return Errorf(KindConflict, AlreadyVerifiedMessage)
	}
	now := s.now()
	key := strconv.FormatInt(actor.ID, 10)
	if wait := s.verifyMails.Take(key, now); wait > 0 {
		return rateLimited("Too many confirmation mails. Try again later.", wait)
	}
	return s.mailVerifyLink(ctx, actor, now)
}

// mailVerifyLink queues a "Confirm your email" link to u's email.
func (s *EmailAddresses) mailVerifyLink(ctx context.Context, u *User, now time.Time) error {
	token := rand.Text()
	link := s.outbox.link(Link{Screen: ScreenConfirmEmail, Token: token})
	v := EmailVerification{UserID: u.ID, Email: u.Email, TokenHash: resetTokenHash(token),
		Expires: now.Add(VerifyLinkValidity), Mail: s.outbox.verifyEmailMail(s.site.speakerTo(ctx, u), u, link)}
	if err := s.verifications.CreateEmailVerification(ctx, v); err != nil {
		return err
	}
	s.outbox.queued()
	return nil
}

// ConfirmEmail spends a link opened at /confirm-email: an email change's
// or a "Confirm your email" link, both mailed to the address they prove.
// Whoever holds the link may open it, signed in or not.
func (s *EmailAddresses) ConfirmEmail(ctx context.Context, token string) (*User, EmailLinkKind, error) {
	if token == "" {
		return nil, "", usedEmailLink()
	}
	hash := resetTokenHash(token)
	u, err := s.confirmEmailChange(ctx, hash)
	if ErrorKind(err) != KindNotFound {
		return u, EmailLinkChange, err
	}
	u, err = s.verifications.UseEmailVerification(ctx, hash, s.now())
	if ErrorKind(err) == KindNotFound {
		return nil, "", usedEmailLink()
	}
	return u, EmailLinkVerification, err
}
