package app

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"time"
)

// SigningIn is how people get in and stay in: signing up, signing in with
// a password or a provider, linking a provider, their sessions and
// devices, and changing the password they sign in with.
type SigningIn struct {
	users      UserStore
	accounts   AccountStore
	sessions   SessionStore
	identities IdentityStore

	images *Images         // the picture given at sign-up, or the provider's
	site   *SiteSettings   // its name in the mail of a claimed account
	emails *EmailAddresses // the new account's "Confirm your email"
	outbox *Outbox
	hasher PasswordHasher
	now    func() time.Time

	password      currentPassword
	logins        loginLimits
	devices       *deviceTokens
	registrations *AttemptLimiter

	dummyOnce sync.Once
	dummy     []byte
}

// SigningInDeps are what SigningIn is built from.
type SigningInDeps struct {
	Users      UserStore
	Accounts   AccountStore
	Sessions   SessionStore
	Identities IdentityStore
	Keys       ServerKeyStore // the key device tokens are signed with
	Images     *Images
	Site       *SiteSettings
	Emails     *EmailAddresses
	Outbox     *Outbox
	Hasher     PasswordHasher
	// Limits counts the failed logins and sign-ups, in a store all
	// instances share.
	Limits RateLimits
}

func NewSigningIn(d SigningInDeps) *SigningIn {
	devices := &deviceTokens{keys: d.Keys}
	return &SigningIn{
		users: d.Users, accounts: d.Accounts, sessions: d.Sessions, identities: d.Identities,
		images: d.Images, site: d.Site, emails: d.Emails, outbox: d.Outbox, hasher: d.Hasher, now: utcNow,
		password:      newCurrentPassword(d.Hasher, d.Limits, devices),
		logins:        newLoginLimits(d.Limits),
		devices:       devices,
		registrations: newAttemptLimiter(d.Limits, "registrations", Limit{RegistrationsPerAddressPerHour, time.Hour}),
	}
}

// SendsMail reports whether mail is set up, for the sign-in screen to
// offer what needs it.
func (s *SigningIn) SendsMail() bool { return s.outbox.Sends() }

// Signing up decodes a picture too, and tells whether an email is taken,
// so one address may try only so often. Loose enough for a household or a
// community evening on one Wi-Fi.
const RegistrationsPerAddressPerHour = 30

// errWrongPassword: no account with the email has that password.
var errWrongPassword = errors.New("wrong email or password")

// Register creates a Buyer or Seller account, with its picture if one is
// given (the web app draws the initials otherwise).
func (s *SigningIn) Register(ctx context.Context, n NewUser, image io.Reader, clientAddress string) (*User, error) {
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
func (s *SigningIn) CreateAdmin(ctx context.Context, n NewUser) (*User, error) {
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

func (s *SigningIn) emailFree(ctx context.Context, email string) error {
	_, err := s.users.UserByEmail(ctx, email)
	switch ErrorKind(err) {
	case KindNotFound:
		return nil
	case KindInternal:
		return err
	}
	return emailTaken()
}

func (s *SigningIn) createUser(ctx context.Context, n NewUser, hash []byte, emailVerified bool) (*User, error) {
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
func (s *SigningIn) Login(ctx context.Context, email, password, clientAddress, deviceToken string) (*User, error) {
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

// provePassword is the account with email when password is its own, in
// the login limits' counts of failures, and errWrongPassword otherwise:
// an unknown email, or an account that signs in only with a provider,
// costs the same bcrypt work and is refused alike. A suspended account is
// refused after its password is proven. Login and linking a provider ask
// it the same way.
func (s *SigningIn) provePassword(ctx context.Context, email, password, clientAddress, deviceToken string) (*User, error) {
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
func (s *SigningIn) dummyHash() []byte {
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
func (s *SigningIn) CurrentUser(ctx context.Context, id int64) (*User, error) {
	u, err := s.users.UserByID(ctx, id)
	if err == nil && u.Suspended(s.now()) {
		// Its sessions ended with the suspension; none outlives it.
		return nil, Errorf(KindNotFound, "User not found")
	}
	return u, err
}

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
func (s *SigningIn) SignInWith(ctx context.Context, id Identity, picture PictureFetcher) (SignedIn, error) {
	in, err := s.signInWith(ctx, id, picture)
	if err == nil && in.User != nil && in.User.Suspended(s.now()) {
		return SignedIn{}, suspendedError(in.User)
	}
	return in, err
}

func (s *SigningIn) signInWith(ctx context.Context, id Identity, picture PictureFetcher) (SignedIn, error) {
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
func (s *SigningIn) claimAccount(ctx context.Context, existing *User, id Identity) (SignedIn, error) {
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
func (s *SigningIn) createWithIdentity(ctx context.Context, id Identity, email string, picture PictureFetcher) (*User, error) {
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
func (s *SigningIn) providerPicture(ctx context.Context, fetch PictureFetcher) string {
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

// LinkWithPassword links the provider's person to the account with their
// email when they give its password, after SignInWith said PasswordNeeded,
// and returns the account to sign in. The password is checked as Login
// checks it, in the same counts of failures: an account without a password
// (or no account any more) takes none, and costs the same work.
func (s *SigningIn) LinkWithPassword(ctx context.Context, id Identity, password, clientAddress, deviceToken string) (*User, error) {
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
func (s *SigningIn) LinkProvider(ctx context.Context, actor *User, id Identity) (*User, error) {
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
func (s *SigningIn) linkTo(ctx context.Context, u *User, id Identity) error {
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

// KeepDeviceKey makes the key device tokens are signed with unless one is
// kept, so that signing in never has to write it.
func (s *SigningIn) KeepDeviceKey(ctx context.Context) error {
	_, err := s.devices.signingKey(ctx)
	return err
}

// DeviceToken is a token for the browser user just signed in on, which a
// later login of theirs from it brings.
func (s *SigningIn) DeviceToken(ctx context.Context, user *User) (string, error) {
	return s.devices.issue(ctx, user, s.now())
}

// Sessions lists actor's signed-in devices; current is this session's ID.
func (s *SigningIn) Sessions(ctx context.Context, actor *User, current string, page Page) (List[Session], error) {
	if err := RequireUser(actor); err != nil {
		return List[Session]{}, err
	}
	return s.sessions.AccountSessions(ctx, actor.ID, current, page.Clamp())
}

// EndSession signs one of actor's devices out. Another account's session
// is not found, as if it did not exist.
func (s *SigningIn) EndSession(ctx context.Context, actor *User, id string) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	return s.sessions.EndAccountSession(ctx, actor.ID, id)
}

// EndOtherSessions signs actor out everywhere; the caller signs this
// session in again.
func (s *SigningIn) EndOtherSessions(ctx context.Context, actor *User) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	return s.accounts.EndSessions(ctx, actor.ID)
}

// ChangePassword sets actor's password after checking the current one, and
// ends every session of the account: the caller signs this one in again.
// An account made through Google has no password to give: it sets its
// first one with the new password alone. Wrong current passwords count
// against the same limit as failed logins.
func (s *SigningIn) ChangePassword(ctx context.Context, actor *User, current, next, clientAddress, deviceToken string) (*User, error) {
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
