package app

import (
	"context"
	"errors"
	"io"
	"math"
	"time"
)

// Signing up decodes a picture too, and tells whether an email is taken,
// so one address may try only so often. Loose enough for a household or a
// community evening on one Wi-Fi.
const RegistrationsPerAddressPerHour = 30

// Register creates a Buyer or Seller account, with its picture if one is
// given (the web app draws the initials otherwise).
func (s *Accounts) Register(ctx context.Context, n NewUser, image io.Reader, clientAddress string) (*User, error) {
	n.Normalize()
	v := &Validator{}
	n.Validate(v)
	switch n.Role {
	case "":
		v.Check(false, "role", RequiredMessage)
	case RoleBuyer, RoleSeller:
	default:
		v.Check(false, "role", "Choose Buyer or Seller")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := s.now()
	if wait := s.registrations.Take(clientAddress, now); wait > 0 {
		return nil, rateLimited("Too many sign-ups from your network. Try again later.", wait)
	}
	// The password is hashed before the email is looked up, so that a
	// taken email is answered after the same bcrypt work as a free one
	// and the time taken tells no more than the answer does.
	hash, err := s.hasher.Hash(n.Password)
	if err != nil {
		return nil, err
	}
	// Look before storing the picture, so a taken email wastes no disk.
	if err := s.emailFree(ctx, n.Email); err != nil {
		return nil, err
	}
	if image != nil {
		img, err := s.images.keep(ctx, 0, image)
		if err != nil {
			return nil, err
		}
		n.Image = img.URL
	}
	u, err := s.createUser(ctx, n, hash, false)
	if err != nil || !s.outbox.Sends() {
		return u, err
	}
	// The account stands whether or not its confirmation link can be
	// queued: Profile sends another.
	_ = s.emails.mailVerifyLink(ctx, u, now)
	return u, nil
}

// CreateAdmin makes an Admin account; only the command line may do this.
// Its email counts as proven: the operator vouches for it.
func (s *Accounts) CreateAdmin(ctx context.Context, n NewUser) (*User, error) {
	n.Normalize()
	n.Role = RoleAdmin
	v := &Validator{}
	n.Validate(v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	hash, err := s.hasher.Hash(n.Password)
	if err != nil {
		return nil, err
	}
	return s.createUser(ctx, n, hash, true)
}

func (s *Accounts) emailFree(ctx context.Context, email string) error {
	_, err := s.users.UserByEmail(ctx, email)
	switch ErrorKind(err) {
	case KindNotFound:
		return nil
	case KindInternal:
		return err
	}
	return emailTaken()
}

func emailTaken() error {
	return &Error{Kind: KindConflict, Message: "An account with this email already exists",
		Fields: map[string]string{"email": "An account with this email already exists"}}
}

func (s *Accounts) createUser(ctx context.Context, n NewUser, hash []byte, emailVerified bool) (*User, error) {
	u := &User{Name: n.Name, Email: n.Email, Role: n.Role, Image: n.Image, Phone: n.Phone, Location: n.Location, EmailVerified: emailVerified}
	if err := s.users.CreateUser(ctx, u, hash); err != nil {
		if ErrorKind(err) == KindConflict {
			return nil, emailTaken()
		}
		return nil, err
	}
	return u, nil
}

// Login checks a password. Both a wrong email and a wrong password give the
// same answer, and cost the same bcrypt work, so emails cannot be probed.
// deviceToken is the one DeviceToken gave the browser, if any: with the
// account's, strangers' failures do not hold the browser back.
func (s *Accounts) Login(ctx context.Context, email, password, clientAddress, deviceToken string) (*User, error) {
	email = NormalizeEmail(email)
	v := &Validator{}
	v.Required(email, "email")
	v.Check(password != "", "password", RequiredMessage)
	if err := v.Err(); err != nil {
		return nil, err
	}
	user, err := s.provePassword(ctx, email, password, clientAddress, deviceToken)
	if errors.Is(err, errWrongPassword) {
		return nil, Errorf(KindUnauthorized, "Invalid email or password")
	}
	return user, err
}

// errWrongPassword: no account with the email has that password.
var errWrongPassword = errors.New("wrong email or password")

// provePassword is the account with email when password is its own, in
// the login limits' counts of failures, and errWrongPassword otherwise:
// an unknown email, or an account that signs in only with a provider,
// costs the same bcrypt work and is refused alike. A suspended account is
// refused after its password is proven. Login and linking a provider ask
// it the same way.
func (s *Accounts) provePassword(ctx context.Context, email, password, clientAddress, deviceToken string) (*User, error) {
	now := s.now()
	user, hash, err := s.users.PasswordHash(ctx, email)
	if err != nil && ErrorKind(err) != KindNotFound {
		return nil, err
	}
	if len(hash) == 0 {
		hash, user = s.dummyHash(), nil
	}
	// The limits are asked after the lookup: whether the browser's device
	// token is the account's needs the account. An unknown email is looked
	// up and refused alike.
	attempt := loginAttempt{email: email, clientAddress: clientAddress}
	if user != nil {
		if attempt.device, err = s.devices.device(ctx, deviceToken, user, now); err != nil {
			return nil, err
		}
	}
	if wait := s.logins.wait(attempt, now); wait > 0 {
		return nil, rateLimited("Too many failed attempts. Try again later.", wait)
	}
	if err := s.hasher.Compare(hash, password); err != nil || user == nil {
		s.logins.failed(attempt, now)
		return nil, errWrongPassword
	}
	s.logins.succeeded(attempt)
	if user.Suspended(now) {
		return nil, suspendedError(user)
	}
	return user, nil
}

// dummyHash is compared against when an email is unknown, to take as long
// as a real comparison.
func (s *Accounts) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		s.dummy, _ = s.hasher.Hash("not a password anyone has")
	})
	return s.dummy
}

// CurrentUser loads the signed-in user by the ID their session holds. A
// deleted account is simply not found, which ends its sessions at once. It
// reads through the store's users cache: UserByID promises no answer older
// than a write that returned, which is as fresh as a read of the database,
// without a query on every request.
func (s *Accounts) CurrentUser(ctx context.Context, id int64) (*User, error) {
	u, err := s.users.UserByID(ctx, id)
	if err == nil && u.Suspended(s.now()) {
		// Its sessions ended with the suspension; none outlives it.
		return nil, Errorf(KindNotFound, "User not found")
	}
	return u, err
}

// RoleOf reports the account behind email for the role checks; an unknown
// email has no roles.
func (s *Accounts) RoleOf(ctx context.Context, actor *User, email string) (*User, error) {
	if err := Allow(actor, CanCheckRoles(actor, email)); err != nil {
		return nil, err
	}
	u, err := s.users.UserByEmail(ctx, NormalizeEmail(email))
	if ErrorKind(err) == KindNotFound {
		return &User{}, nil
	}
	return u, err
}

func rateLimited(message string, wait time.Duration) error {
	return &Error{Kind: KindRateLimited, Message: message, RetryAfterSeconds: int(math.Ceil(wait.Seconds()))}
}

// asFieldError attaches an image intake's message to the form field it came
// from, unless the trouble is the server's rather than the picture's.
func asFieldError(err error, field string) error {
	var e *Error
	if errors.As(err, &e) && e.Kind != KindInternal && e.Kind != KindUnavailable && len(e.Fields) == 0 {
		return &Error{Kind: e.Kind, Message: e.Message, Fields: map[string]string{field: e.Message}}
	}
	return err
}

// Users lists accounts for admins: all of them, or those of one role.
func (s *Accounts) Users(ctx context.Context, actor *User, role Role, page Page) (List[User], error) {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return List[User]{}, err
	}
	return s.users.Users(ctx, role, page.Clamp())
}

// PromoteToAdmin makes an account an Admin; promoting an admin again is
// harmless, and there is no way back.
func (s *Accounts) PromoteToAdmin(ctx context.Context, actor *User, id int64) (*User, error) {
	u, err := managedUser(ctx, s.users, actor, id, "")
	if err != nil {
		return nil, err
	}
	if err := s.users.PromoteToAdmin(ctx, id, auditOf(actor, AuditPromoteUser, AuditTargetUser, id, accountName(u))); err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, id)
}

// VerifySeller marks a seller as verified; verifying twice is harmless.
func (s *Accounts) VerifySeller(ctx context.Context, actor *User, id int64) (*User, error) {
	u, err := managedUser(ctx, s.users, actor, id, RoleSeller)
	if err != nil {
		return nil, err
	}
	if err := s.users.VerifySeller(ctx, id, auditOf(actor, AuditVerifySeller, AuditTargetUser, id, accountName(u))); err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, id)
}

// DeleteUser removes an account, of the given role unless role is empty.
// Admins cannot delete themselves, and the last admin stays.
func (s *Accounts) DeleteUser(ctx context.Context, actor *User, id int64, role Role) error {
	u, err := managedUser(ctx, s.users, actor, id, role)
	if err != nil {
		return err
	}
	if u.ID == actor.ID {
		return Errorf(KindConflict, "You cannot delete your own account")
	}
	ending := s.bookings.endingBookings(ctx, 0, id)
	if err := s.users.DeleteUser(ctx, id, auditOf(actor, AuditDeleteUser, AuditTargetUser, id, accountName(u))); err != nil {
		return err
	}
	s.bookings.accountEnded(ctx, ending, id)
	return nil
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
