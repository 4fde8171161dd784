package app

import (
	"context"
	"io"
)

// Identity is a person as an OpenID Connect provider vouches for them, read
// from a verified ID token.
type Identity struct {
	Provider      string // such as "google"
	Subject       string // the provider's id for the person; never reused
	Email         string
	EmailVerified bool
	Name          string
}

// IdentityStore links accounts at providers to ours.
type IdentityStore interface {
	// UserByIdentity is the account linked to a provider's subject; an
	// unlinked subject is not found.
	UserByIdentity(ctx context.Context, provider, subject string) (*User, error)
	// LinkIdentity links a provider's subject to an account; again is
	// harmless (an insert that does nothing on the pair's conflict, so
	// racing calls all succeed and the first link stays). An account
	// removed meanwhile is a conflict.
	LinkIdentity(ctx context.Context, provider, subject string, userID int64) error
	// CreateUserWithIdentity stores u, without a password, linked to the
	// subject: both or neither, in one transaction. A taken email is a
	// conflict (a unique index: of racing calls exactly one succeeds).
	CreateUserWithIdentity(ctx context.Context, u *User, provider, subject string) error
	// ClaimAccount gives an account whose email was never proven to the
	// person a provider vouches owns it, in one transaction: the subject
	// is linked and every other link to a provider removed, the email is
	// verified, the password removed, the session epoch raised (which ends
	// every session and, by trigger, voids every outstanding link), the
	// mail queued and the audit entry recorded. It returns the account
	// read after that and whether it had a password. An account whose
	// email was proven or changed meanwhile is a conflict.
	ClaimAccount(ctx context.Context, claim AccountClaim) (u *User, hadPassword bool, err error)
}

// AccountClaim is a provider's person taking over the account made with
// their email before anyone proved it.
type AccountClaim struct {
	UserID   int64
	Email    string // the account's email, as the provider vouched for it
	Provider string
	Subject  string
	Audit    *AuditEntry
	Mail     *Mail // nil when the marketplace sends no mail
}

// SignedIn is the account a provider sign-in gave, and what the person
// must be told about it.
type SignedIn struct {
	User *User
	// PasswordRemoved: the account was taken over from whoever made it
	// with this email, and the password they had set is gone.
	PasswordRemoved bool
	// PasswordNeeded: nobody is signed in yet. The provider's email is that
	// of an account with a password and a proven email, and only that
	// password links the provider to it (see LinkWithPassword).
	PasswordNeeded bool
}

// PictureFetcher gets a person's picture from their provider, once.
type PictureFetcher func(ctx context.Context) (io.ReadCloser, error)

func providerName(provider string) string {
	if provider == "google" {
		return "Google"
	}
	return provider
}

// Messages of linking a provider to an account that already exists.
const (
	// WrongAccountPasswordMessage: the password given to link a provider is
	// not the account's.
	WrongAccountPasswordMessage = "This is not the password of the account with this email"
	// IdentityTakenMessage: the provider's person is linked to another account.
	IdentityTakenMessage = "This Google account is already linked to another account here"
	// OtherEmailMessage: from Profile, only a Google account with the
	// account's own email is linked.
	OtherEmailMessage = "This Google account has another email than yours here. Link the Google account with your email, or change your email first."
	// LinkExpiredMessage: no provider sign-in is waiting for a password, or
	// it waited too long.
	LinkExpiredMessage = "Your sign-in with Google has expired. Sign in with Google again."
)
