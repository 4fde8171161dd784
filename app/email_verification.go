package app

import (
	"context"
	"crypto/rand"
	"strconv"
	"time"
)

// EmailVerification is a "Confirm your email" link waiting to be opened,
// bound to the address it was mailed to.
type EmailVerification struct {
	UserID    int64
	Email     string
	TokenHash []byte
	Expires   time.Time
	Mail      *Mail // the link, queued in the same transaction
}

// EmailVerificationStore keeps "Confirm your email" links by their token's hash.
type EmailVerificationStore interface {
	// CreateEmailVerification keeps v in place of the account's earlier
	// one and queues its mail, in one transaction; an account has at most
	// one (a unique index), as with CreateEmailChange.
	CreateEmailVerification(ctx context.Context, v EmailVerification) error
	// UseEmailVerification, in one transaction, spends a link (of two
	// racing uses exactly one finds it) and, when it has not expired at
	// now, marks the account's email verified on condition the account
	// still has the address the link was mailed to. It returns the account
	// read after that. An unknown, used or expired link, or one mailed to
	// an address the account no longer has, is not found.
	UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*User, error)
}

// VerifyLinkValidity is how long a "Confirm your email" link works
// (once): longer than a reset link, since it waits for no urgent need.
const VerifyLinkValidity = 24 * time.Hour

// EmailVerificationsPerHour: one account may have the link mailed so often.
const EmailVerificationsPerHour = 5

// AlreadyVerifiedMessage answers a request for a link when there is
// nothing left to confirm.
const AlreadyVerifiedMessage = "Your email is already confirmed"

// EmailVerificationSentMessage answers a request for a confirmation link.
func EmailVerificationSentMessage(email string) string {
	return "We sent a link to " + email + ". Open it to confirm your email."
}

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

// NewEmailAddresses reads the key device tokens are signed with from keys:
// the password asked before a change honours them as login does.
func NewEmailAddresses(users UserStore, verifications EmailVerificationStore, changes EmailChangeStore, mails MailQueue,
	site *SiteSettings, outbox *Outbox, hasher PasswordHasher, limits RateLimits, keys ServerKeyStore) *EmailAddresses {
	return &EmailAddresses{users: users, verifications: verifications, changes: changes, mails: mails,
		site: site, outbox: outbox, password: newCurrentPassword(hasher, limits, &deviceTokens{keys: keys}), now: utcNow,
		emailChanges: newAttemptLimiter(limits, "email changes", Limit{EmailChangesPerHour, time.Hour}),
		verifyMails:  newAttemptLimiter(limits, "verify mails", Limit{EmailVerificationsPerHour, time.Hour}),
	}
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

// EmailLinkKind says what a link opened at /confirm-email did.
type EmailLinkKind string

const (
	EmailLinkChange       EmailLinkKind = "change"       // the account moved to a new email
	EmailLinkVerification EmailLinkKind = "verification" // the account's email is confirmed
)

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

func usedEmailLink() error {
	return &Error{Kind: KindInvalid, Message: EmailLinkUsedMessage, Fields: map[string]string{"token": EmailLinkUsedMessage}}
}
