package app

import (
	"context"
	"time"
)

// Login limits, in failures per LoginFailureWindow. The tight limit is per
// account and client address together, so a stranger guessing an account's
// password locks out only themselves, not its owner on another network. The
// account-wide limit is much looser, for guesses spread over many
// addresses, and holds back only strangers: a browser bringing the
// account's device token (device.go) is not refused by it until that token
// has failed LoginFailuresPerDevice times itself. The per-address one stops
// one machine walking through many emails.
const (
	LoginFailuresPerAccountAndAddress = 10
	LoginFailuresPerAccount           = 100
	LoginFailuresPerAddress           = 100
	LoginFailuresPerDevice            = 10
	LoginFailureWindow                = 15 * time.Minute
)

// loginLimits counts failed logins and wrong current passwords alike.
type loginLimits struct {
	pair, account, address, device *AttemptLimiter
}

func newLoginLimits(limits RateLimits) loginLimits {
	return loginLimits{
		pair:    newAttemptLimiter(limits, "login failures per account and address", Limit{LoginFailuresPerAccountAndAddress, LoginFailureWindow}),
		account: newAttemptLimiter(limits, "login failures per account", Limit{LoginFailuresPerAccount, LoginFailureWindow}),
		address: newAttemptLimiter(limits, "login failures per address", Limit{LoginFailuresPerAddress, LoginFailureWindow}),
		device:  newAttemptLimiter(limits, "login failures per device", Limit{LoginFailuresPerDevice, LoginFailureWindow}),
	}
}

// loginAttempt is one try at an account's password.
type loginAttempt struct {
	email, clientAddress string
	// device is the nonce of the account's device token the browser
	// brought, or empty: a stranger's.
	device string
}

// pairKey joins an email and a client address; neither holds a NUL.
func pairKey(email, clientAddress string) string { return email + "\x00" + clientAddress }

// wait is how long a must wait before it may be tried, or 0.
func (l loginLimits) wait(a loginAttempt, now time.Time) time.Duration {
	wait := max(l.pair.RetryAfter(pairKey(a.email, a.clientAddress), now), l.address.RetryAfter(a.clientAddress, now))
	if a.device != "" && l.device.RetryAfter(a.device, now) == 0 {
		return wait
	}
	return max(wait, l.account.RetryAfter(a.email, now))
}

// failed counts a failure everywhere, a device's account-wide too: a
// stolen token's guesses are guesses all the same.
func (l loginLimits) failed(a loginAttempt, now time.Time) {
	l.pair.Record(pairKey(a.email, a.clientAddress), now)
	l.account.Record(a.email, now)
	l.address.Record(a.clientAddress, now)
	if a.device != "" {
		l.device.Record(a.device, now)
	}
}

// succeeded forgets this browser's failures: its owner is in. The
// account-wide count stays until its window moves on: were it forgotten,
// strangers would get a fresh allowance each time the owner signs in,
// which their device token lets them do while strangers are refused.
func (l loginLimits) succeeded(a loginAttempt) {
	l.pair.Reset(pairKey(a.email, a.clientAddress))
	if a.device != "" {
		l.device.Reset(a.device)
	}
}

// currentPassword asks for an account's password before a change only its
// owner may make. Its wrong passwords count against the login limits, in
// the same counts as Login's.
type currentPassword struct {
	hasher PasswordHasher
	logins loginLimits
	// devices reads the browser's device token: the owner, signed in on
	// their own browser, is not refused by the account-wide limit that
	// strangers ran down, as at login; their change of password may be
	// just what those strangers call for.
	devices *deviceTokens
	now     func() time.Time
}

func newCurrentPassword(hasher PasswordHasher, limits RateLimits, devices *deviceTokens) currentPassword {
	return currentPassword{hasher: hasher, logins: newLoginLimits(limits), devices: devices, now: utcNow}
}

// check asks for the account's password before a change
// only its owner may make; wrong ones count like failed logins.
func (s currentPassword) check(ctx context.Context, actor *User, hash []byte, password, field, clientAddress, deviceToken string) error {
	if password == "" {
		return &Error{Kind: KindInvalid, Message: "Please correct the highlighted fields", Fields: map[string]string{field: RequiredMessage}}
	}
	now := s.now()
	attempt := loginAttempt{email: actor.Email, clientAddress: clientAddress}
	var err error
	if attempt.device, err = s.devices.device(ctx, deviceToken, actor, now); err != nil {
		return err
	}
	if wait := s.logins.wait(attempt, now); wait > 0 {
		return rateLimited("Too many failed attempts. Try again later.", wait)
	}
	if err := s.hasher.Compare(hash, password); err != nil {
		s.logins.failed(attempt, now)
		return &Error{Kind: KindInvalid, Message: WrongPasswordMessage, Fields: map[string]string{field: WrongPasswordMessage}}
	}
	return nil
}
