package app

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Role is what an account may do. Admin is never chosen at registration.
type Role string

const (
	RoleBuyer  Role = "Buyer"
	RoleSeller Role = "Seller"
	RoleAdmin  Role = "Admin"
)

// User is an account as the rest of the system sees it: never with its hash.
type User struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Email    string `json:"email"`
	Role     Role   `json:"role"`
	Image    string `json:"image"`
	Phone    string `json:"phone"`
	Location string `json:"location"`
	// ShowPhone shows the phone of their listings to everyone signed in,
	// not only to the buyers who booked one (see ShowContact).
	ShowPhone bool `json:"show_phone"`
	Verified  bool `json:"-"`
	// EmailVerified: the person proved they own Email (see the migration
	// that added it). Shown to them and to admins only: User's JSON goes
	// nowhere else.
	EmailVerified bool `json:"email_verified"`
	// HasPassword: the account can sign in with a password. One made
	// through Google, or whose password went when Google proved its email
	// belonged to someone else, sets a first one without a current one.
	HasPassword bool      `json:"has_password"`
	Created     time.Time `json:"-"`
	// SessionEpoch rises when every session of the account must end (a
	// new password); a session signed in under an older one is over.
	SessionEpoch int64 `json:"-"`
	// SuspendedUntil is when an admin's suspension of the account ends,
	// and SuspendReason why it was suspended (see Suspended).
	SuspendedUntil *time.Time `json:"suspended_until"`
	SuspendReason  string     `json:"suspend_reason"`
	// Language is the one the person chose for the app, their mails and
	// push notes; empty until they choose.
	Language Language `json:"language"`
}

// userJSON adds the seller-only verified flag, omitted for other roles.
type userJSON struct {
	*User
	Verified *bool `json:"verified,omitempty"`
}

// JSON is the user as the API shows it.
func (u *User) JSON() any {
	out := userJSON{User: u}
	if u.Role == RoleSeller {
		verified := u.Verified
		out.Verified = &verified
	}
	return out
}

func (u *User) IsAdmin() bool  { return u != nil && u.Role == RoleAdmin }
func (u *User) IsSeller() bool { return u != nil && u.Role == RoleSeller }

// Password limits. bcrypt reads at most 72 bytes; longer passwords would be
// silently truncated, so they are refused instead.
const (
	MinPasswordLength = 8
	MaxPasswordBytes  = 72
)

// NewUser is what registration and the admin CLI create an account from.
type NewUser struct {
	Name     string
	Email    string
	Password string
	Role     Role
	Image    string // URL of an image issued by this server
	Phone    string
	Location string
}

// Normalize cleans the free text, trims the fields and lower-cases the
// email.
func (n *NewUser) Normalize() {
	n.Name = CleanLine(n.Name)
	n.Email = NormalizeEmail(n.Email)
	n.Phone = strings.TrimSpace(n.Phone)
	n.Location = CleanLine(n.Location)
}

// Validate checks the account fields; the image is checked by the caller,
// which knows whether one was uploaded.
func (n *NewUser) Validate(v *Validator) {
	n.validateProfile(v)
	checkNewPassword(v, "password", n.Password)
}

// validateProfile checks what every account has, with a password or not.
func (n *NewUser) validateProfile(v *Validator) {
	v.Required(n.Name, "name")
	v.Check(utf8.RuneCountInString(n.Name) <= MaxNameRunes, "name", "Use at most 100 characters")
	checkEmail(v, "email", n.Email)
	v.Check(n.Phone == "" || ValidPhone(n.Phone), "phone", PhoneMessage)
	v.Check(utf8.RuneCountInString(n.Location) <= 200, "location", "Use at most 200 characters")
}

// checkEmail applies the registration rules to an email.
func checkEmail(v *Validator, field, email string) {
	v.Required(email, field)
	if !v.Has(field) {
		v.Check(ValidEmail(email), field, "Enter a valid email address")
	}
}

// MaxNameRunes is the longest name an account may have.
const MaxNameRunes = 100

// NormalizeEmail is how every email is compared and stored.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// ValidEmail accepts a bare address (no display name) of sane length.
func ValidEmail(email string) bool {
	if len(email) > 254 {
		return false
	}
	addr, err := mail.ParseAddress(email)
	return err == nil && addr.Address == email && strings.Contains(email[strings.LastIndexByte(email, '@'):], ".")
}

// UserStore keeps accounts.
type UserStore interface {
	// CreateUser stores u with its password hash and fills in its ID and
	// Created. A taken email is a conflict (a unique index: of racing
	// registrations with one email exactly one succeeds).
	CreateUser(ctx context.Context, u *User, passwordHash []byte) error
	// UserByID, UserByEmail and PasswordHash (which returns the user and
	// the stored hash) find an account; an unknown one is not found.
	// UserByID may answer from a cache, but never older than a write that
	// returned before the call: the write's change reaches the cache first.
	UserByID(ctx context.Context, id int64) (*User, error)
	UserByEmail(ctx context.Context, email string) (*User, error)
	PasswordHash(ctx context.Context, email string) (*User, []byte, error)
	// Users lists accounts of one role, or all when role is empty, oldest
	// first, and how many there are.
	Users(ctx context.Context, role Role, page Page) (List[User], error)
	// PromoteToAdmin makes an account an Admin and records audit, when
	// given, in one transaction; an unknown account is not found.
	PromoteToAdmin(ctx context.Context, id int64, audit *AuditEntry) error
	// VerifySeller marks a Seller verified, by an update on condition it
	// is a Seller, and records audit in the same transaction; an account
	// that is no Seller is not found.
	VerifySeller(ctx context.Context, id int64, audit *AuditEntry) error
	// DeleteUser, in one transaction, removes an account with its
	// products (and their adverts and reports, by cascade), cancels its
	// open bookings on either side (those of its products with
	// CancelSellerDeleted), keeps the other party's booking
	// snapshots, ends its sessions (trigger sessions_end_with_account) and
	// records audit. Deleting the last admin is a conflict: the store
	// holds every admin's row before counting them, so of two admins
	// deleting each other at once exactly one succeeds. An unknown account
	// is not found.
	DeleteUser(ctx context.Context, id int64, audit *AuditEntry) error
}

// PasswordHasher turns passwords into hashes and checks them.
type PasswordHasher interface {
	Hash(password string) ([]byte, error)
	// Compare returns nil when password matches hash.
	Compare(hash []byte, password string) error
}

func emailTaken() error {
	return &Error{Kind: KindConflict, Message: "An account with this email already exists",
		Fields: map[string]string{"email": "An account with this email already exists"}}
}

// managedUser loads an account for an admin; an account of another role than
// the path names is not found there.
func managedUser(ctx context.Context, users UserStore, actor *User, id int64, role Role) (*User, error) {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return nil, err
	}
	u, err := users.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if role != "" && u.Role != role {
		return nil, Errorf(KindNotFound, "No %s with this id", map[Role]string{RoleBuyer: "buyer", RoleSeller: "seller"}[role])
	}
	return u, nil
}

// accountFor finds the account behind email when may lets actor see it; an
// actor it does not let learns nothing about which emails exist.
func accountFor(ctx context.Context, users UserStore, actor *User, email string, may func(actor, account *User) bool) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	account, err := users.UserByEmail(ctx, NormalizeEmail(email))
	if ErrorKind(err) == KindNotFound && !actor.IsAdmin() {
		return nil, Allow(actor, false)
	}
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, account)); err != nil {
		return nil, err
	}
	return account, nil
}
