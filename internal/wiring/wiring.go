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

	// Notices are what the services tell people as it happens.
	Notices   *app.Notices
	notifiers app.Notifiers // see addNotifier
	// Outbox is how the services send mail, once UseMail turns it on.
	Outbox *app.Outbox
	// Events tells open tabs what happens, as it happens.
	Events live.Broker

	sessions sessionStore // the store of scs sessions, see Server
	// caches are above the store, for the signed-in request's session and
	// account; they forget what the store's change feed tells.
	caches *cache.Caches
	build  uint64 // see catalogueVersion
}

// Open opens the database and picture store at loc, creating the data
// directory, its database and its picture directory when they are missing
// (a PostgreSQL database must exist: its schema is brought up to date),
// with passwords hashed by hasher. The passwords in loc's URLs are never
// in the errors it returns.
func Open(ctx context.Context, loc Location, hasher app.PasswordHasher) (*Marketplace, error) {
	if err := os.MkdirAll(loc.Dir, 0o750); err != nil {
		return nil, err
	}
	m := &Marketplace{Notices: &app.Notices{}, Outbox: &app.Outbox{}}
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
	m.Services = services(cachedStore{m.Store, m.caches}, m.Images, hasher, m.Notices, m.Outbox, limits)
	m.Services.Notifications.UsePushTargets(push.TargetsOf(push.Config{}))
	// The push keys are made as the marketplace first opens, so that
	// reading the public key never writes.
	if _, err := m.Services.Notifications.VAPIDKeys(ctx); err != nil {
		return nil, errors.Join(err, m.Store.Close())
	}
	// So is the key of device tokens, so that signing in never writes it.
	if err := m.Services.Accounts.KeepDeviceKey(ctx); err != nil {
		return nil, errors.Join(err, m.Store.Close())
	}
	m.useLiveEvents(events)
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
	return app.NewMemoryRateLimits(), live.New(), nil
}

// services hands each service the parts of the store it uses.
func services(db Store, images *uploads.Store, hasher app.PasswordHasher, notices *app.Notices, outbox *app.Outbox,
	limits app.RateLimits) api.Services {
	site := app.NewSiteSettings(db)
	// Mails and push notes are written in each person's language.
	site.UseTranslator(translations.Translate)
	notices.SpeakWith(site, db)
	notifications := app.NewNotifications(db)
	bookings := app.NewBookings(db, db, db, db, db, db, notices, db, outbox, site)
	conversations := app.NewConversations(db, db, bookings, notices, limits)
	pictures := app.NewImages(db, images, limits)
	emails := app.NewEmailAddresses(db, db, db, db, site, outbox, hasher, limits, db)
	return api.Services{
		Catalogue:     app.NewCatalogue(db, db, db, db, db, pictures, site, bookings),
		Images:        pictures,
		Bookings:      bookings,
		Conversations: conversations,
		Accounts: app.NewAccounts(app.AccountStores{Users: db, Accounts: db, Sessions: db, Selling: db, Identities: db, Reviews: db, Safety: db, Keys: db},
			pictures, site, bookings, emails, outbox, hasher, limits),
		EmailAddresses: emails,
		PasswordResets: app.NewPasswordResets(db, db, site, outbox, hasher, limits),
		Exports:        app.NewExports(db, bookings, db, db, conversations, notifications),
		Reports:        app.NewReports(db, db, db, db, db),
		Posts:          app.NewPosts(db),
		Site:           site,
		Notifications:  notifications,
		Audit:          app.NewAudit(db),
		Reminders:      app.NewPickupReminders(db, db, db, db, outbox, site, notices),
	}
}

// Close closes the event streams open here (and on PostgreSQL stops
// hearing the other instances' events), then the store.
func (m *Marketplace) Close() error {
	m.Events.Close()
	return m.Store.Close()
}

// UseMail turns mail on: it is queued in the database and handed to sender
// as from, with links to publicURL. The caller runs the courier it returns.
func (m *Marketplace) UseMail(sender mail.Sender, from *netmail.Address, publicURL string, log *slog.Logger) *mail.Courier {
	courier := mail.NewCourier(m.Store, sender, from, log)
	m.Outbox.Use(app.MailSettings{URL: webroutes.URL(publicURL), Queued: courier.Wake})
	return courier
}

// catalogueVersion tags the public lists this server keeps. On PostgreSQL
// the store's version is the database's, the same on every instance and
// after a restart, so that every instance answers an unchanged list with
// 304; it is told apart by build, because a new release may answer the
// same version with other bytes, which no browser must be told it has.
// On SQLite the store's version starts afresh in each process.
func (m *Marketplace) catalogueVersion() uint64 { return m.Store.CatalogueVersion() ^ m.build }

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

// useLiveEvents sends the services' events to the open event streams
// through events, and ends a stream as soon as the store ends its session.
func (m *Marketplace) useLiveEvents(events live.Broker) {
	m.Events = events
	m.addNotifier(m.Events)
	m.Store.OnSessionsEnded(m.Events.EndSessions)
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

// UsePush sends the push notes of events to people's phones as cfg says.
// The caller runs the sender it returns.
func (m *Marketplace) UsePush(ctx context.Context, cfg push.Config, log *slog.Logger) (*push.Sender, error) {
	keys, err := m.Services.Notifications.VAPIDKeys(ctx)
	if err != nil {
		return nil, err
	}
	m.Services.Notifications.UsePushTargets(push.TargetsOf(cfg))
	sender := push.New(m.Store, keys, cfg, log)
	m.addNotifier(sender)
	return sender, nil
}

// addNotifier has n told every event, beside the notifiers added before.
func (m *Marketplace) addNotifier(n app.Notifier) {
	m.notifiers = append(m.notifiers, n)
	m.Notices.Use(m.notifiers)
}
