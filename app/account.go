package app

import (
	"context"
	"sync"
	"time"
)

// Accounts are people's accounts: signing up and in, with a password or
// Google, their sessions, profile, password and email address, becoming a
// seller, and the admins managing them.
type Accounts struct {
	users      UserStore
	accounts   AccountStore
	sessions   SessionStore
	selling    SellingStore
	identities IdentityStore
	reviews    ReviewStore
	safety     SafetyStore

	images   *Images         // profile pictures
	site     *SiteSettings   // its name in mails; whether visitors see sellers
	bookings *Bookings       // those a deleted account calls off
	emails   *EmailAddresses // the new account's "Confirm your email"
	outbox   *Outbox
	hasher   PasswordHasher
	password currentPassword
	now      func() time.Time

	logins        loginLimits
	devices       *deviceTokens
	registrations *AttemptLimiter

	dummyOnce sync.Once
	dummy     []byte
}

// AccountStores are the parts of the store Accounts uses.
type AccountStores struct {
	Users      UserStore
	Accounts   AccountStore
	Sessions   SessionStore
	Selling    SellingStore
	Identities IdentityStore
	Reviews    ReviewStore
	Safety     SafetyStore
	Keys       ServerKeyStore // the key device tokens are signed with
}

// NewAccounts counts its rate limits in limits, such as a store all
// instances share.
func NewAccounts(stores AccountStores, images *Images, site *SiteSettings, bookings *Bookings, emails *EmailAddresses,
	outbox *Outbox, hasher PasswordHasher, limits RateLimits) *Accounts {
	devices := &deviceTokens{keys: stores.Keys}
	return &Accounts{
		users: stores.Users, accounts: stores.Accounts, sessions: stores.Sessions, selling: stores.Selling,
		identities: stores.Identities, reviews: stores.Reviews, safety: stores.Safety, images: images, site: site, bookings: bookings, emails: emails, outbox: outbox,
		hasher: hasher, password: newCurrentPassword(hasher, limits, devices), now: utcNow,
		logins:        newLoginLimits(limits),
		devices:       devices,
		registrations: newAttemptLimiter(limits, "registrations", Limit{RegistrationsPerAddressPerHour, time.Hour}),
	}
}

// AccountStore changes what a signed-in person may change of their own account.
type AccountStore interface {
	// SetPassword gives the account passwordHash and a raised session epoch
	// in one update, which ends its sessions (trigger
	// sessions_end_with_epoch) and voids its outstanding links (trigger
	// links_end_with_credentials). It returns the account read after the
	// update; an unknown account is not found. Racing calls each raise the
	// epoch; the last to commit sets the hash.
	SetPassword(ctx context.Context, userID int64, passwordHash []byte) (*User, error)
	// EndSessions raises the account's session epoch in one update, with
	// the same triggers as SetPassword, and returns the account read after
	// it; an unknown account is not found.
	EndSessions(ctx context.Context, userID int64) (*User, error)
	// UpdateProfile sets the account's profile in one update: of two
	// racing calls one profile is stored whole, never a mix. It returns the
	// account read after the update; an unknown account is not found.
	UpdateProfile(ctx context.Context, userID int64, profile Profile) (*User, error)
}

// Profile is what a person may change of their own account at once.
type Profile struct {
	Name, Phone, Location string
	Image                 string // a picture's URL, or empty
	// ShowPhone shows the phone of their listings to everyone signed in.
	ShowPhone bool
	Language  Language
}

// WrongPasswordMessage answers a current password that does not match.
const WrongPasswordMessage = "This is not your current password"

// ChangePassword sets actor's password after checking the current one, and
// ends every session of the account: the caller signs this one in again.
// An account made through Google has no password to give: it sets its
// first one with the new password alone. Wrong current passwords count
// against the same limit as failed logins.
func (s *Accounts) ChangePassword(ctx context.Context, actor *User, current, next, clientAddress, deviceToken string) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	_, hash, err := s.users.PasswordHash(ctx, actor.Email)
	if err != nil {
		return nil, err
	}
	v := &Validator{}
	if len(hash) > 0 {
		v.Check(current != "", "current_password", RequiredMessage)
	}
	checkNewPassword(v, "new_password", next)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if len(hash) > 0 {
		if err := s.password.check(ctx, actor, hash, current, "current_password", clientAddress, deviceToken); err != nil {
			return nil, err
		}
	}
	newHash, err := s.hasher.Hash(next)
	if err != nil {
		return nil, err
	}
	return s.accounts.SetPassword(ctx, actor.ID, newHash)
}

// EndOtherSessions signs actor out everywhere; the caller signs this
// session in again.
func (s *Accounts) EndOtherSessions(ctx context.Context, actor *User) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	return s.accounts.EndSessions(ctx, actor.ID)
}

// ProfileInput is the body of PATCH /api/auth/me: only the fields given
// change. The email changes only through a confirmation sent to the new
// address, never here.
type ProfileInput struct {
	Name     *string `json:"name"`
	Phone    *string `json:"phone"`
	Location *string `json:"location"`
	// Image is the URL of a picture the person uploaded (POST /api/images).
	Image *string `json:"image"`
	// ShowPhone shows the phone of their listings to everyone signed in.
	ShowPhone *bool `json:"show_phone"`
	// Language is the person's choice of language; empty forgets it.
	Language *Language `json:"language"`
}

// UpdateProfile changes actor's name, phone, location, picture or choice to
// show their phone, checked as at registration.
func (s *Accounts) UpdateProfile(ctx context.Context, actor *User, in ProfileInput) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	n := NewUser{Name: actor.Name, Email: actor.Email, Phone: actor.Phone, Location: actor.Location}
	image, showPhone, language := actor.Image, actor.ShowPhone, actor.Language
	if in.ShowPhone != nil {
		showPhone = *in.ShowPhone
	}
	if in.Language != nil {
		language = *in.Language
	}
	if in.Name != nil {
		n.Name = *in.Name
	}
	if in.Phone != nil {
		n.Phone = *in.Phone
	}
	if in.Location != nil {
		n.Location = *in.Location
	}
	if in.Image != nil {
		image = *in.Image
	}
	n.Normalize()
	v := &Validator{}
	n.validateProfile(v)
	v.Check(language == "" || language.Known(), "language", LanguageMessage)
	if image != actor.Image {
		if _, err := s.images.ownImage(ctx, actor, v, image, "image"); err != nil {
			return nil, err
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.accounts.UpdateProfile(ctx, actor.ID, Profile{
		Name: n.Name, Phone: n.Phone, Location: n.Location, Image: image, ShowPhone: showPhone, Language: language,
	})
}

// LeaveMarketplace deletes actor's own account by the rules of an admin's
// deletion (its listings and adverts go, bookings keep their snapshots, the
// last admin stays), after checking its password; an account made through
// Google that has none needs only its session. Every session of the
// account ends with it.
func (s *Accounts) LeaveMarketplace(ctx context.Context, actor *User, password, clientAddress, deviceToken string) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	_, hash, err := s.users.PasswordHash(ctx, actor.Email)
	if err != nil {
		return err
	}
	if len(hash) > 0 {
		if err := s.password.check(ctx, actor, hash, password, "password", clientAddress, deviceToken); err != nil {
			return err
		}
	}
	ending := s.bookings.endingBookings(ctx, 0, actor.ID)
	if err := s.users.DeleteUser(ctx, actor.ID, nil); err != nil {
		return err
	}
	s.bookings.accountEnded(ctx, ending, actor.ID)
	return nil
}
