package app

import (
	"sync"
	"time"
)

// Store is everything the marketplace keeps.
//
// Each store method is atomic: it runs in one transaction, and what its
// comment says happens whole or not at all. The comment says what it
// checks there and, where callers can race, how the race ends. A store
// keeps that under its own concurrency: SQLite's one writer keeps it
// trivially, a store whose writers run side by side must decide each race
// by a conditional update, a constraint or a held row, never by a read
// before the write. Not found and conflict are Errors of those kinds; not
// found is never a nil result. A rule the SQLite store keeps by trigger or
// constraint is named, for another store to keep too. Package storetest
// checks these promises against any store.
type Store interface {
	UserStore
	CategoryStore
	ProductStore
	ImageStore
	BookingStore
	ReportStore
	AdvertStore
	IdempotencyStore
	IdentityStore
	PaymentStore
	SearchStore
	AuditStore
	PasswordResetStore
	AccountStore
	ExportStore
	MailQueue
	EmailChangeStore
	EmailVerificationStore
	SessionStore
	ConversationStore
	PushStore
	SiteStore
	PostStore
	SellingStore
}

// Service holds the marketplace's rules. Every method that acts for someone
// takes the acting user (nil when nobody is signed in) and checks the policy
// before touching the store.
type Service struct {
	store  Store
	hasher PasswordHasher
	mail   *MailSettings // nil: no mail is sent
	now    func() time.Time

	logins          loginLimits
	registrations   *AttemptLimiter
	forgotByAddress *AttemptLimiter
	forgotByEmail   *AttemptLimiter
	emailChanges    *AttemptLimiter
	verifyMails     *AttemptLimiter

	dummyOnce sync.Once
	dummy     []byte

	site          *SiteSettings
	notifications *Notifications
	bookings      *Bookings
	conversations *Conversations
	images        *Images
	notices       *Notices
}

const (
	// Decoding a picture costs a fraction of a second of CPU and up to a few
	// hundred MB, so one account may not keep the server busy with uploads.
	UploadsPerHour = 120
	// Signing up decodes a picture too, and tells whether an email is taken,
	// so one address may try only so often. Loose enough for a household or
	// a community evening on one Wi-Fi.
	RegistrationsPerAddressPerHour = 30
)

func NewService(store Store, images *Images, hasher PasswordHasher, site *SiteSettings, notifications *Notifications, bookings *Bookings, conversations *Conversations, notices *Notices) *Service {
	s := &Service{
		store:         store,
		images:        images,
		hasher:        hasher,
		now:           utcNow,
		site:          site,
		notifications: notifications,
		bookings:      bookings,
		conversations: conversations,
		notices:       notices,
	}
	s.UseRateLimits(NewMemoryRateLimits())
	return s
}

// UseRateLimits keeps the counts of every rate limit in limits, such as a
// store all instances share. Call it before the service is used.
func (s *Service) UseRateLimits(limits RateLimits) {
	s.logins = newLoginLimits(limits)
	s.registrations = newAttemptLimiter(limits, "registrations", Limit{RegistrationsPerAddressPerHour, time.Hour})
	s.forgotByAddress = newAttemptLimiter(limits, "forgot by address", Limit{ForgotPasswordPerAddressPerHour, time.Hour})
	s.forgotByEmail = newAttemptLimiter(limits, "forgot by email", Limit{ForgotPasswordMailsPerHour, time.Hour})
	s.emailChanges = newAttemptLimiter(limits, "email changes", Limit{EmailChangesPerHour, time.Hour})
	s.verifyMails = newAttemptLimiter(limits, "verify mails", Limit{EmailVerificationsPerHour, time.Hour})
}

// utcNow is the services' clock.
func utcNow() time.Time { return time.Now().UTC() }

// RequireUser refuses anonymous callers.
func RequireUser(actor *User) error {
	if actor == nil {
		return Errorf(KindUnauthorized, "Please log in")
	}
	return nil
}

// Allow turns a policy decision into an error: unauthorized for nobody,
// forbidden for a signed-in user the policy refuses.
func Allow(actor *User, ok bool) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	if !ok {
		return Errorf(KindForbidden, "You are not allowed to do that")
	}
	return nil
}
