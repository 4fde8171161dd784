package app

import (
	"context"
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
