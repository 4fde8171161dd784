// Package wiring puts the parts together on a data directory, or on a
// PostgreSQL database and an object store shared by several instances: the
// store, the stored pictures, the services over them and the HTTP server.
// The rehome command and the tests that run the whole server use it, so
// what is tested is wired as what runs.
package wiring

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	netmail "net/mail"
	"os"
	"path/filepath"
	"time"

	"rehome/api"
	"rehome/api/sessions"
	"rehome/app"
	"rehome/cache"
	"rehome/internal/benchdata"
	"rehome/internal/leader"
	"rehome/internal/webroutes"
	"rehome/live"
	"rehome/mail"
	"rehome/postgres"
	"rehome/push"
	"rehome/pwa"
	"rehome/ratelimits"
	"rehome/sqlite"
	"rehome/translations"
	"rehome/uploads"
)

// What a data directory holds.
const (
	DatabaseFile = "rehome.db" // unless the database is PostgreSQL
	ImagesDir    = "images"    // unless pictures are kept in an object store
	BackupsDir   = "backups"   // scheduled backups
	ACMEDir      = "acme"      // certificates from an ACME certificate authority
)

// Location is where a marketplace keeps what it holds: all of it in one
// data directory on one machine (the default), or its database and its
// pictures on servers that several instances share.
type Location struct {
	// Dir is the data directory: the SQLite database and the pictures,
	// unless DatabaseURL and S3URL say otherwise.
	Dir string
	// DatabaseURL is a PostgreSQL database, postgres://user:pass@host/db;
	// empty for SQLite in Dir.
	DatabaseURL string
	// S3URL is a bucket of an S3-compatible object store for the pictures,
	// s3://ACCESS:SECRET@host:port/bucket?region=...; empty for Dir/images.
	S3URL string
}

// Store is the database, as the marketplace uses it: SQLite (package
// sqlite) or PostgreSQL (package postgres), which keep the same promises.
// The store of scs sessions is not in it, since each package's Sessions
// returns its own type: Open takes it (see Server).
type Store interface {
	app.UserStore
	app.CategoryStore
	app.ProductStore
	app.ImageStore
	app.BookingStore
	app.ReportStore
	app.AdvertStore
	app.IdempotencyStore
	app.IdentityStore
	app.PaymentStore
	app.SearchStore
	app.AuditStore
	app.PasswordResetStore
	app.AccountStore
	app.ExportStore
	app.MailQueue
	app.EmailChangeStore
	app.EmailVerificationStore
	app.SessionStore
	app.ConversationStore
	app.PushStore
	app.PushQueue // push notes waiting for a sender
	app.SiteStore
	app.PostStore
	app.SellingStore
	app.ReviewStore
	app.SafetyStore
	app.ReminderStore
	app.ServerKeyStore
	benchdata.Store // the bulk loaders of 'rehome bench-data'
	leader.Lock     // which instance runs the periodic jobs
	// Exclusively runs fn while no other holder of name runs one, on this
	// instance or another sharing the database: one writes the demo
	// marketplace, the others wait and find it written.
	Exclusively(ctx context.Context, name string, fn func(context.Context) error) error

	// CatalogueVersion changes after every write, by any instance, that
	// may change what the public lists show.
	CatalogueVersion() uint64
	// OnSessionsEnded has ended told of the sessions each write ends.
	OnSessionsEnded(ended func(app.SessionsEnded))
	// The narrower reads the caches above the store read through.
	cache.PageStore
	cache.BookingsReader
	// Ping tells whether the database answers.
	Ping(ctx context.Context) error
	// DeleteExpiredLinks deletes the one-time links past their expiry.
	DeleteExpiredLinks(ctx context.Context) error
	Close() error
}

var (
	_ Store = (*sqlite.DB)(nil)
	_ Store = (*postgres.DB)(nil)
)

// Marketplace is the parts open on one location.
type Marketplace struct {
	// Store is the database, SQLite or PostgreSQL.
	Store Store
	// DB is Store when it is SQLite, and nil on PostgreSQL: for what only
	// SQLite has (its backups, its pools' metrics) and for tests.
	DB     *sqlite.DB
	Images *uploads.Store
	// Services are the marketplace's rules, each over the parts of Store
	// it uses: this is the one place that hands them out.
	Services api.Services

	// Courier sends the mail the services queue; nil without
	// Settings.Mail. The caller runs it.
	Courier *mail.Courier
	// Push sends the push notes of events to people's phones; nil without
	// Settings.Push. The caller runs it.
	Push *push.Sender
	// Events tells open tabs what happens, as it happens.
	Events live.Broker

	sessions sessionStore // the store of scs sessions, see Server
	// caches are above the store, for the signed-in request's session and
	// account; they forget what the store's change feed tells.
	caches *cache.Caches
	build  uint64 // see catalogueVersion
}

// Settings are how the marketplace is run, besides where it is kept: they
// are given to Open and kept while it is open, so that a change is a
// restart, as for an operator.
type Settings struct {
	// Hasher hashes passwords.
	Hasher app.PasswordHasher
	// Currency is what prices are in, an ISO 4217 code in lower case;
	// "": usd.
	Currency string
	// Language is the marketplace's until an admin chooses one; "":
	// English.
	Language app.Language
	// CardPayments takes payments by card; nil: buyers pay in person.
	CardPayments app.CardPayments
	// Mail sends the marketplace's mail; nil: none is sent, and what
	// needs it is refused.
	Mail *Mail
	// Push sends push notes to people's phones; nil: none is sent, and
	// subscriptions are judged as push.Config{} would.
	Push *push.Config
	// Notifiers are told every event, besides the open event streams and
	// the push sender: a test listens so.
	Notifiers []app.Notifier
	// Log is where the mail courier and the push sender log; nil:
	// slog.Default().
	Log *slog.Logger
}

// Mail is how the marketplace sends mail: queued in the database and
// handed to Sender as From, with links to PublicURL.
type Mail struct {
	Sender    mail.Sender
	From      *netmail.Address
	PublicURL string
}

// Open opens the database and picture store at loc, creating the data
// directory, its database and its picture directory when they are missing
// (a PostgreSQL database must exist: its schema is brought up to date),
// and the services over them, run as set says. The passwords in loc's
// URLs are never in the errors it returns.
func Open(ctx context.Context, loc Location, set Settings) (*Marketplace, error) {
	if err := os.MkdirAll(loc.Dir, 0o750); err != nil {
		return nil, err
	}
	m := &Marketplace{}
	var backing cache.SessionBacking
	if loc.DatabaseURL == "" {
		db, err := sqlite.Open(ctx, filepath.Join(loc.Dir, DatabaseFile))
		if err != nil {
			return nil, err
		}
		m.Store, m.DB, backing = db, db, db.Sessions()
	} else {
		db, err := postgres.Open(ctx, loc.DatabaseURL)
		if err != nil {
			hidden := fmt.Errorf("PostgreSQL at %s: %w", RedactURL(loc.DatabaseURL), HidePassword(err, loc.DatabaseURL))
			if postgres.Unreachable(err) {
				return nil, unreachable{hidden}
			}
			return nil, hidden
		}
		m.Store, backing = db, db.Sessions()
		m.build = buildSalt()
	}
	m.caches = cachesOf(m.Store)
	m.sessions = m.caches.SessionStore(backing)
	var err error
	if loc.S3URL == "" {
		m.Images, err = uploads.New(filepath.Join(loc.Dir, ImagesDir))
	} else if m.Images, err = uploads.OpenS3(ctx, loc.S3URL); err != nil {
		err = fmt.Errorf("object store at %s: %w", RedactURL(loc.S3URL), HidePassword(err, loc.S3URL))
	}
	if err != nil {
		return nil, errors.Join(err, m.Store.Close())
	}
	limits, events, err := shared(ctx, m.Store)
	if err != nil {
		return nil, errors.Join(err, m.Store.Close())
	}
	// The services' events go to the open event streams; a stream ends as
	// soon as the store ends its session.
	m.Events = events
	m.Store.OnSessionsEnded(m.Events.EndSessions)
	p, err := m.parts(ctx, set, limits)
	if err != nil {
		return nil, errors.Join(err, m.Store.Close())
	}
	m.Services = services(cachedStore{m.Store, m.caches, backing.Now}, p)
	// The key of device tokens is made as the marketplace first opens, so
	// that signing in never writes it.
	if err := m.Services.SigningIn.KeepDeviceKey(ctx); err != nil {
		return nil, errors.Join(err, m.Store.Close())
	}
	return m, nil
}

// unreachable is Open's error when the database could not be reached: it
// is told from others by the error Open had before hiding the password.
type unreachable struct{ error }

func (e unreachable) Unwrap() error { return e.error }

// Unreachable tells whether err, from Open, is of a PostgreSQL database
// that could not be reached now (see postgres.Unreachable): one worth
// waiting for.
func Unreachable(err error) bool { return errors.As(err, new(unreachable)) }

// shared is what the instances sharing a database must share besides it:
// the counts of the rate limits, and the broker that carries live events
// to whichever instance holds a person's open stream. On SQLite one process
// serves the marketplace, so both are its own.
func shared(ctx context.Context, store Store) (app.RateLimits, live.Broker, error) {
	if db, ok := store.(*postgres.DB); ok {
		events, err := postgres.NewBroker(ctx, db, nil)
		if err != nil {
			return nil, nil, err
		}
		return db.RateLimits(), events, nil
	}
	return ratelimits.NewMemory(), live.New(), nil
}

// parts are what the services are built over, besides the store.
type parts struct {
	pictures app.ImageIntake // where uploaded pictures are kept
	hasher   app.PasswordHasher
	limits   app.RateLimits // counted where every instance sees them
	outbox   *app.Outbox
	notifier app.Notifier // told every event
	targets  app.PushEndpoints
	currency string
	language app.Language
	cards    app.CardPayments
}

// parts are the services' parts as set says, over m's pictures and limits.
// The mail courier and the push sender are built here, before the services
// that tell them what to send.
func (m *Marketplace) parts(ctx context.Context, set Settings, limits app.RateLimits) (parts, error) {
	log := set.Log
	if log == nil {
		log = slog.Default()
	}
	// The push keys are made as the marketplace first opens, so that
	// reading the public key never writes; the push sender signs with
	// them, and is built before the services that tell it of events.
	keys, err := app.KeptVAPIDKeys(ctx, m.Store)
	if err != nil {
		return parts{}, err
	}
	notifiers := app.Notifiers{m.Events}
	targets := push.TargetsOf(push.Config{})
	if set.Push != nil {
		m.Push = push.New(m.Store, keys, *set.Push, log)
		notifiers = append(notifiers, m.Push)
		targets = push.TargetsOf(*set.Push)
	}
	var mailing *app.MailSettings
	if set.Mail != nil {
		m.Courier = mail.NewCourier(m.Store, set.Mail.Sender, set.Mail.From, log)
		mailing = &app.MailSettings{URL: webroutes.URL(set.Mail.PublicURL), Queued: m.Courier.Wake}
	}
	return parts{
		pictures: m.Images, limits: limits, hasher: set.Hasher, outbox: app.NewOutbox(app.OutboxDeps{Layout: mail.Layout, Mail: mailing}),
		notifier: append(notifiers, set.Notifiers...), targets: targets,
		currency: set.Currency, language: set.Language, cards: set.CardPayments,
	}, nil
}

// services builds every service, each over the parts of the store it uses:
// the one place that hands them out.
func services(db Store, p parts) api.Services {
	// Mails and push notes are written in each person's language.
	site := app.NewSiteSettings(app.SiteSettingsDeps{Site: db, Translate: translations.Translate, Language: p.language})
	notices := app.NewNotices(app.NoticesDeps{Site: site, Users: db, Notifier: p.notifier})
	notifications := app.NewNotifications(app.NotificationsDeps{Push: db, Targets: p.targets})
	pictures := app.NewImages(app.ImagesDeps{Images: db, Intake: p.pictures, Limits: p.limits})
	bookings := app.NewBookings(app.BookingsDeps{Bookings: db, Products: db, Payments: db, Users: db, Reviews: db, Safety: db,
		Notices: notices, Mails: db, Outbox: p.outbox, Site: site, Currency: p.currency, CardPayments: p.cards})
	conversations := app.NewConversations(app.ConversationsDeps{Conversations: db, Products: db, Bookings: bookings,
		Notices: notices, Limits: p.limits})
	emails := app.NewEmailAddresses(app.EmailAddressesDeps{Users: db, Verifications: db, Changes: db, Mails: db, Keys: db,
		Site: site, Outbox: p.outbox, Hasher: p.hasher, Limits: p.limits})
	return api.Services{
		Catalogue: app.NewCatalogue(app.CatalogueDeps{Categories: db, Products: db, Adverts: db, Search: db, Users: db,
			Images: pictures, Site: site, Bookings: bookings}),
		Images:        pictures,
		Bookings:      bookings,
		Conversations: conversations,
		SigningIn: app.NewSigningIn(app.SigningInDeps{Users: db, Accounts: db, Sessions: db, Identities: db, Keys: db,
			Images: pictures, Site: site, Emails: emails, Outbox: p.outbox, Hasher: p.hasher, Limits: p.limits}),
		Profiles: app.NewProfiles(app.ProfilesDeps{Users: db, Accounts: db, Selling: db, Reviews: db, Safety: db, Keys: db,
			Images: pictures, Site: site, Bookings: bookings, Hasher: p.hasher, Limits: p.limits}),
		Moderation:     app.NewModeration(app.ModerationDeps{Users: db, Safety: db, Reviews: db, Bookings: bookings}),
		Blocking:       app.NewBlocking(app.BlockingDeps{Users: db, Safety: db, Bookings: bookings}),
		EmailAddresses: emails,
		PasswordResets: app.NewPasswordResets(app.PasswordResetsDeps{Resets: db, Users: db, Site: site, Outbox: p.outbox,
			Hasher: p.hasher, Limits: p.limits}),
		Exports: app.NewExports(app.ExportsDeps{Products: db, Reports: db, Sessions: db, Bookings: bookings,
			Conversations: conversations, Notifications: notifications}),
		Reports:       app.NewReports(app.ReportsDeps{Reports: db, Products: db, Users: db, Conversations: db, Reviews: db}),
		Posts:         app.NewPosts(db),
		Site:          site,
		Notifications: notifications,
		Audit:         app.NewAudit(db),
		Reminders: app.NewPickupReminders(app.PickupRemindersDeps{Reminders: db, Users: db, Mails: db, Push: db,
			Outbox: p.outbox, Site: site, Notices: notices}),
	}
}

// Close closes the event streams open here (and on PostgreSQL stops
// hearing the other instances' events), then the store.
func (m *Marketplace) Close() error {
	m.Events.Close()
	return m.Store.Close()
}

// catalogueVersion tags the public lists this server keeps. On PostgreSQL
// the store's version is the database's, the same on every instance and
// after a restart, so that every instance answers an unchanged list with
// 304; it is told apart by build, because a new release may answer the
// same version with other bytes, which no browser must be told it has.
// On SQLite the store's version starts afresh in each process.
//
// On PostgreSQL, reading it also has the caches above the store forget
// what they keep of the catalogue when another instance changed it since
// (cache.Caches.SeenCatalogue): the API reads it as each request begins,
// so a write's change shows on every instance as soon as its answer is
// sent. SQLite's feed tells every write before it returns.
func (m *Marketplace) catalogueVersion() uint64 {
	v := m.Store.CatalogueVersion()
	if m.DB == nil {
		m.caches.SeenCatalogue(v)
	}
	return v ^ m.build
}

// buildSalt is a hash of this program's executable, or a random number
// when it cannot be read: the same on every instance of one build.
func buildSalt() uint64 {
	h := sha256.New()
	path, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(path); err == nil { // #nosec G304 -- this program's own executable
			_, err = io.Copy(h, f)
			f.Close()
		}
	}
	if err != nil {
		h.Reset()
		h.Write([]byte(rand.Text()))
	}
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// sessionStore is the session store of either database: scs's, and the
// deletion of expired sessions, which CleanUp calls.
type sessionStore interface {
	sessions.Store
	DeleteExpired(ctx context.Context) (int64, error)
}

// RemindEvery sends the pickup reminders due every interval until ctx
// ends. One instance runs it, the holder of the periodic jobs' lease.
func (m *Marketplace) RemindEvery(ctx context.Context, interval time.Duration, log *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		if err := m.Services.Reminders.Send(ctx); err != nil && ctx.Err() == nil {
			log.Error("send pickup reminders", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// CleanUp deletes expired sessions, idempotency answers and one-time links
// every interval until ctx ends. One instance runs it, the holder of the
// periodic jobs' lease; each step is one transaction of the store's.
func (m *Marketplace) CleanUp(ctx context.Context, interval time.Duration, log *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if _, err := m.sessions.DeleteExpired(ctx); err != nil && ctx.Err() == nil {
				log.Error("delete expired sessions", "err", err)
			}
			if _, err := m.Store.ForgetAnswersBefore(ctx, time.Now().Add(-app.IdempotencyTTL)); err != nil && ctx.Err() == nil {
				log.Error("delete old idempotency answers", "err", err)
			}
			if err := m.Store.DeleteExpiredLinks(ctx); err != nil && ctx.Err() == nil {
				log.Error("delete expired links", "err", err)
			}
		}
	}
}

// Sessions is the store of the signed-in people's sessions, which the
// server reaches without the services.
func (m *Marketplace) Sessions() sessions.Store { return m.sessions }

// Server is the HTTP server of the marketplace, with the web app built into
// this binary. cfg says how it is deployed (cookies, proxies, logger); the
// parts it serves are filled in from m.
func (m *Marketplace) Server(cfg api.Config) *api.Server {
	cfg.Services = m.Services
	cfg.CatalogueVersion = m.catalogueVersion
	// The two ports the server reaches the store through without the
	// service (package api's doc says why).
	cfg.SessionStore = m.sessions
	cfg.Idempotency = m.Store
	cfg.Images = m.Images.Handler()
	if cfg.Web == nil {
		cfg.Web = pwa.Files()
	}
	cfg.Health = m.Health
	if cfg.Logger != nil {
		if db, ok := m.Store.(*postgres.DB); ok {
			db.UseLogger(cfg.Logger)
		}
		m.Images.UseLogger(cfg.Logger)
	}
	cfg.Events = m.Events
	return api.New(cfg)
}

// healthTimeout bounds a health check: a database that takes longer to
// answer one read is not healthy for visitors either.
const healthTimeout = 2 * time.Second

// Health says whether this instance reaches the database and can store
// pictures (in its directory or its object store). Only what is its own
// (a SQLite database, a picture directory) is its fault: a PostgreSQL
// database or object store the instances share that is down leaves it
// degraded, still serving what needs neither.
func (m *Marketplace) Health(ctx context.Context) api.Health {
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	// At once, so that both down answer within one healthTimeout.
	pictures := make(chan error, 1)
	go func() { pictures <- m.Images.CheckWritableContext(ctx) }()
	// Only a SQLite database's error is shown (a fault of this instance):
	// PostgreSQL's name its host, role and database, which are the
	// operator's business, and /healthz is public.
	dbErr, picturesErr := m.Store.Ping(ctx), <-pictures
	var own []error
	if m.DB != nil {
		own = append(own, dbErr)
	}
	if !m.Images.Shared() {
		own = append(own, picturesErr)
	}
	return api.Health{DatabaseDown: dbErr != nil, PicturesDown: picturesErr != nil, Fault: errors.Join(own...)}
}
