package app

import (
	"context"
	"errors"
)

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

// LinkWithPassword links the provider's person to the account with their
// email when they give its password, after SignInWith said PasswordNeeded,
// and returns the account to sign in. The password is checked as Login
// checks it, in the same counts of failures: an account without a password
// (or no account any more) takes none, and costs the same work.
func (s *Accounts) LinkWithPassword(ctx context.Context, id Identity, password, clientAddress, deviceToken string) (*User, error) {
	if id.Provider == "" || id.Subject == "" {
		return nil, Errorf(KindConflict, LinkExpiredMessage)
	}
	email := NormalizeEmail(id.Email)
	v := &Validator{}
	v.Check(password != "", "password", RequiredMessage)
	if err := v.Err(); err != nil {
		return nil, err
	}
	user, err := s.provePassword(ctx, email, password, clientAddress, deviceToken)
	if errors.Is(err, errWrongPassword) {
		return nil, &Error{Kind: KindUnauthorized, Message: WrongAccountPasswordMessage,
			Fields: map[string]string{"password": WrongAccountPasswordMessage}}
	}
	if err != nil {
		return nil, err
	}
	if err := s.linkTo(ctx, user, id); err != nil {
		return nil, err
	}
	return user, nil
}

// LinkProvider links the provider's person to the signed-in account, from
// Profile, when the provider vouches for the account's own email. Being
// signed in alone is not enough: whoever made an account with another
// person's email could otherwise link a provider account of their own,
// which would outlive the password reset its owner makes to take it back.
// A provider's person linked to another account stays there.
func (s *Accounts) LinkProvider(ctx context.Context, actor *User, id Identity) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	if id.Provider == "" || id.Subject == "" {
		return nil, Errorf(KindInvalid, "The sign-in provider did not say who you are")
	}
	owner, err := s.identities.UserByIdentity(ctx, id.Provider, id.Subject)
	switch {
	case err == nil && owner.ID == actor.ID:
		return actor, nil
	case err == nil:
		return nil, Errorf(KindConflict, IdentityTakenMessage)
	case ErrorKind(err) != KindNotFound:
		return nil, err
	}
	if !id.EmailVerified || NormalizeEmail(id.Email) != actor.Email {
		return nil, Errorf(KindConflict, OtherEmailMessage)
	}
	if err := s.linkTo(ctx, actor, id); err != nil {
		return nil, err
	}
	return actor, nil
}

// linkTo links the provider's subject to u, unless another account has it.
// The store keeps the first of racing links, so the answer is read after.
func (s *Accounts) linkTo(ctx context.Context, u *User, id Identity) error {
	owner, err := s.identities.UserByIdentity(ctx, id.Provider, id.Subject)
	switch {
	case err == nil && owner.ID != u.ID:
		return Errorf(KindConflict, IdentityTakenMessage)
	case err == nil:
		return nil
	case ErrorKind(err) != KindNotFound:
		return err
	}
	if err := s.identities.LinkIdentity(ctx, id.Provider, id.Subject, u.ID); err != nil {
		return err
	}
	owner, err = s.identities.UserByIdentity(ctx, id.Provider, id.Subject)
	if err != nil {
		return err
	}
	if owner.ID != u.ID {
		return Errorf(KindConflict, IdentityTakenMessage)
	}
	return nil
}
