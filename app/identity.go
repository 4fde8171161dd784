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
	// UserByIdentity is the account linked to a provider's subject.
	UserByIdentity(ctx context.Context, provider, subject string) (*User, error)
	// LinkIdentity links a provider's subject to an account; again is harmless.
	LinkIdentity(ctx context.Context, provider, subject string, userID int64) error
	// CreateUserWithIdentity stores u, without a password, linked to the
	// subject: both or neither. A taken email is a conflict.
	CreateUserWithIdentity(ctx context.Context, u *User, provider, subject string) error
}

// PictureFetcher gets a person's picture from their provider, once.
type PictureFetcher func(ctx context.Context) (io.ReadCloser, error)

// SignInWith finds or makes the account of a person a provider vouches for:
//   - the account already linked to the provider's subject, whatever the
//     email is now;
//   - else the account with the same email, linked from now on, but only
//     when the provider has verified that email: otherwise anyone could
//     claim an address at the provider and take over the account;
//   - else a new Buyer with the provider's name, and its picture stored
//     through the image intake when it can be fetched (or none).
//
// A password account stays a password account when linked.
func (s *Service) SignInWith(ctx context.Context, id Identity, picture PictureFetcher) (*User, error) {
	if id.Provider == "" || id.Subject == "" {
		return nil, Errorf(KindInvalid, "The sign-in provider did not say who you are")
	}
	u, err := s.store.UserByIdentity(ctx, id.Provider, id.Subject)
	if ErrorKind(err) != KindNotFound {
		return u, err
	}
	email := NormalizeEmail(id.Email)
	if email == "" {
		return nil, Errorf(KindInvalid, "Your %s account did not share an email address", providerName(id.Provider))
	}
	existing, err := s.store.UserByEmail(ctx, email)
	switch ErrorKind(err) {
	case "":
		if !id.EmailVerified {
			return nil, Errorf(KindConflict, "An account with this email already exists, and %s has not verified the email. "+
				"Log in with your password", providerName(id.Provider))
		}
		if err := s.store.LinkIdentity(ctx, id.Provider, id.Subject, existing.ID); err != nil {
			return nil, err
		}
		return existing, nil
	case KindNotFound:
	default:
		return nil, err
	}

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
	u = &User{Name: n.Name, Email: n.Email, Role: n.Role, Image: n.Image}
	if err := s.store.CreateUserWithIdentity(ctx, u, id.Provider, id.Subject); err != nil {
		if ErrorKind(err) == KindConflict {
			return nil, emailTaken()
		}
		return nil, err
	}
	return u, nil
}

// providerPicture stores the picture the provider has for a person, or is
// empty: a sign-in does not fail for want of a picture.
func (s *Service) providerPicture(ctx context.Context, fetch PictureFetcher) string {
	if fetch == nil {
		return ""
	}
	body, err := fetch(ctx)
	if err != nil {
		return ""
	}
	defer body.Close()
	img, err := s.intake.Save(ctx, 0, body)
	if err != nil {
		return ""
	}
	if err := s.store.RecordImage(ctx, img, 0); err != nil {
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
