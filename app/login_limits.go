package app

import "time"

// Login limits, in failures per LoginFailureWindow. The tight limit is per
// account and client address together, so a stranger guessing an account's
// password locks out only themselves, not its owner on another network. The
// account-wide limit is much looser, for guesses spread over many
// addresses; the per-address one stops one machine walking through many
// emails.
const (
	LoginFailuresPerAccountAndAddress = 10
	LoginFailuresPerAccount           = 100
	LoginFailuresPerAddress           = 100
	LoginFailureWindow                = 15 * time.Minute
)

// loginLimits counts failed logins and wrong current passwords alike.
type loginLimits struct {
	pair, account, address *AttemptLimiter
}

func newLoginLimits(limits RateLimits) loginLimits {
	return loginLimits{
		pair:    newAttemptLimiter(limits, "login failures per account and address", Limit{LoginFailuresPerAccountAndAddress, LoginFailureWindow}),
		account: newAttemptLimiter(limits, "login failures per account", Limit{LoginFailuresPerAccount, LoginFailureWindow}),
		address: newAttemptLimiter(limits, "login failures per address", Limit{LoginFailuresPerAddress, LoginFailureWindow}),
	}
}

// pairKey joins an email and a client address; neither holds a NUL.
func pairKey(email, clientAddress string) string { return email + "\x00" + clientAddress }

// wait is how long email may not be tried from clientAddress, or 0.
func (l loginLimits) wait(email, clientAddress string, now time.Time) time.Duration {
	return max(l.pair.RetryAfter(pairKey(email, clientAddress), now),
		l.account.RetryAfter(email, now), l.address.RetryAfter(clientAddress, now))
}

func (l loginLimits) failed(email, clientAddress string, now time.Time) {
	l.pair.Record(pairKey(email, clientAddress), now)
	l.account.Record(email, now)
	l.address.Record(clientAddress, now)
}

// succeeded forgets the account's failures: its owner is in.
func (l loginLimits) succeeded(email, clientAddress string) {
	l.pair.Reset(pairKey(email, clientAddress))
	l.account.Reset(email)
}

// currentPassword asks for an account's password before a change only its
// owner may make. Its wrong passwords count against the login limits, in
// the same counts as Login's.
type currentPassword struct {
	hasher PasswordHasher
	logins loginLimits
	now    func() time.Time
}

func newCurrentPassword(hasher PasswordHasher, limits RateLimits) currentPassword {
	return currentPassword{hasher: hasher, logins: newLoginLimits(limits), now: utcNow}
}

// check asks for the account's password before a change
// only its owner may make; wrong ones count like failed logins.
func (s currentPassword) check(actor *User, hash []byte, password, field, clientAddress string) error {
	if password == "" {
		return &Error{Kind: KindInvalid, Message: "Please correct the highlighted fields", Fields: map[string]string{field: RequiredMessage}}
	}
	now := s.now()
	if wait := s.logins.wait(actor.Email, clientAddress, now); wait > 0 {
		return rateLimited("Too many failed attempts. Try again later.", wait)
	}
	if err := s.hasher.Compare(hash, password); err != nil {
		s.logins.failed(actor.Email, clientAddress, now)
		return &Error{Kind: KindInvalid, Message: WrongPasswordMessage, Fields: map[string]string{field: WrongPasswordMessage}}
	}
	return nil
}
