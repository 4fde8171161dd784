package app

import (
	"context"
	"crypto/rand"
	"time"
)

// EmailChange is a request to move an account to a new email, waiting for
// a link sent to that address to be opened.
type EmailChange struct {
	UserID    int64
	NewEmail  string
	TokenHash []byte
	Expires   time.Time
	Mail      *Mail // the link, queued in the same transaction
}

// EmailChangeStore keeps email changes until their link is opened.
type EmailChangeStore interface {
	// CreateEmailChange keeps change in place of the account's earlier one
	// and queues its mail, in one transaction. An account has at most one
	// (a unique index: of racing calls, the last to commit is the one kept);
	// an account removed meanwhile is a conflict.
	CreateEmailChange(ctx context.Context, change EmailChange) error
	// UseEmailChange, in one transaction, spends a link (a delete that
	// returns it: of two racing uses exactly one finds it) and, when it has
	// not expired at now, moves the account to the new email, which it now
	// has proven; the new email voids the account's other links (trigger
	// links_end_with_credentials). It returns the account read after that
	// and the email it had. An unknown, used or expired link is not found;
	// an email taken since the request is a conflict (a unique index).
	UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (u *User, oldEmail string, err error)
}

// Email changes: one account may send so many confirmation mails an hour,
// to addresses its owner may not own.
const EmailChangesPerHour = 5

// Messages of an email change.
const (
	EmailLinkUsedMessage = "This link has expired or was already used. Ask for a new one from your profile."
	EmailTakenMessage    = "That email already belongs to another account"
	NoPasswordMessage    = "Set a password first"
)

// EmailChangeSentMessage answers a request to change one's email, whether
// or not the address already has an account.
func EmailChangeSentMessage(email string) string {
	return "We sent a link to " + email + ". Your email changes when you open it."
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
