package app

import (
	"context"
	"io"
	"strings"
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

// SignInWith finds or makes the account of a person a provider vouches for:
//   - the account already linked to the provider's subject, whatever the
//     email is now;
//   - else the account with the same email, but only when the provider
//     has verified that email: otherwise anyone could claim an address at
//     the provider and take over the account. When that account never
//     proved its email, whoever made it may not own the address: the
//     provider's person takes it over alone (see ClaimAccount), and is
//     told when its password was removed. When it proved its email and has
//     a password, nobody is signed in (PasswordNeeded): a proven email
//     does not say who set the password (someone may have signed up with
//     another's address, and its owner confirmed it), so the person links
//     with the password (LinkWithPassword) or from Profile while signed in
//     (LinkIdentity). One without a password is linked from now on;
//   - else a new Buyer with the provider's name and no password, and its
//     picture stored through the image intake when it can be fetched (or
//     none).
func (s *Accounts) SignInWith(ctx context.Context, id Identity, picture PictureFetcher) (SignedIn, error) {
	in, err := s.signInWith(ctx, id, picture)
	if err == nil && in.User != nil && in.User.Suspended(s.now()) {
		return SignedIn{}, suspendedError(in.User)
	}
	return in, err
}

func (s *Accounts) signInWith(ctx context.Context, id Identity, picture PictureFetcher) (SignedIn, error) {
	if id.Provider == "" || id.Subject == "" {
		return SignedIn{}, Errorf(KindInvalid, "The sign-in provider did not say who you are")
	}
	u, err := s.identities.UserByIdentity(ctx, id.Provider, id.Subject)
	if ErrorKind(err) != KindNotFound {
		return SignedIn{User: u}, err
	}
	email := NormalizeEmail(id.Email)
	if email == "" {
		return SignedIn{}, Errorf(KindInvalid, "Your %s account did not share an email address", providerName(id.Provider))
	}
	existing, err := s.users.UserByEmail(ctx, email)
	switch ErrorKind(err) {
	case "":
		if !id.EmailVerified {
			return SignedIn{}, Errorf(KindConflict, "An account with this email already exists, and %s has not verified the email. "+
				"Log in with your password", providerName(id.Provider))
		}
		if !existing.EmailVerified {
			return s.claimAccount(ctx, existing, id)
		}
		if existing.HasPassword {
			return SignedIn{PasswordNeeded: true}, nil
		}
		if err := s.identities.LinkIdentity(ctx, id.Provider, id.Subject, existing.ID); err != nil {
			return SignedIn{}, err
		}
		return SignedIn{User: existing}, nil
	case KindNotFound:
	default:
		return SignedIn{}, err
	}
	u, err = s.createWithIdentity(ctx, id, email, picture)
	return SignedIn{User: u}, err
}

// claimAccount gives the provider's person, who owns the email, the
// account someone made with it before proving it.
func (s *Accounts) claimAccount(ctx context.Context, existing *User, id Identity) (SignedIn, error) {
	claim := AccountClaim{UserID: existing.ID, Email: existing.Email, Provider: id.Provider, Subject: id.Subject,
		Audit: auditOf(existing, AuditClaimAccount, AuditTargetUser, existing.ID, accountName(existing))}
	if s.outbox.Sends() {
		claim.Mail = s.outbox.accountClaimedMail(s.site.speakerTo(ctx, existing), existing, providerName(id.Provider))
	}
	u, hadPassword, err := s.identities.ClaimAccount(ctx, claim)
	if ErrorKind(err) == KindConflict {
		return SignedIn{}, Errorf(KindConflict, "Your account changed while you were signing in. Try again.")
	}
	if err != nil {
		return SignedIn{}, err
	}
	if claim.Mail != nil {
		s.outbox.queued()
	}
	return SignedIn{User: u, PasswordRemoved: hadPassword}, nil
}

// createWithIdentity makes a Buyer for a provider's person whose email has
// no account yet: their email is proven when the provider verified it.
func (s *Accounts) createWithIdentity(ctx context.Context, id Identity, email string, picture PictureFetcher) (*User, error) {
	n := NewUser{Name: strings.TrimSpace(id.Name), Email: email, Role: RoleBuyer}
	if n.Name == "" {
		n.Name, _, _ = strings.Cut(email, "@")
	}
	if r := []rune(n.Name); len(r) > MaxNameRunes {
		n.Name = string(r[:MaxNameRunes])
	}
	n.Normalize()
	v := &Validator{}
	n.validateProfile(v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	n.Image = s.providerPicture(ctx, picture)
	u := &User{Name: n.Name, Email: n.Email, Role: n.Role, Image: n.Image, EmailVerified: id.EmailVerified}
	if err := s.identities.CreateUserWithIdentity(ctx, u, id.Provider, id.Subject); err != nil {
		if ErrorKind(err) == KindConflict {
			return nil, emailTaken()
		}
		return nil, err
	}
	return u, nil
}

// providerPicture stores the picture the provider has for a person, or is
// empty: a sign-in does not fail for want of a picture.
func (s *Accounts) providerPicture(ctx context.Context, fetch PictureFetcher) string {
	if fetch == nil {
		return ""
	}
	body, err := fetch(ctx)
	if err != nil {
		return ""
	}
	defer body.Close()
	img, err := s.images.keep(ctx, 0, body)
	if err != nil {
		return ""
	}
	return img.URL
}

func providerName(provider string) string {
	if provider == "google" {
		return "Google"
	}
	return provider
}
