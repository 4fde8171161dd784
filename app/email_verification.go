package app

import (
	"context"
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

// EmailLinkKind says what a link opened at /confirm-email did.
type EmailLinkKind string

const (
	EmailLinkChange       EmailLinkKind = "change"       // the account moved to a new email
	EmailLinkVerification EmailLinkKind = "verification" // the account's email is confirmed
)

func usedEmailLink() error {
	return &Error{Kind: KindInvalid, Message: EmailLinkUsedMessage, Fields: map[string]string{"token": EmailLinkUsedMessage}}
}
