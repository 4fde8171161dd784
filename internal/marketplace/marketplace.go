// Package marketplace puts the parts together on a data directory: the
// store, the stored pictures, the services over them and the HTTP server.
// The rehome command and the tests that run the whole server use it, so
// what is tested is wired as what runs.
package marketplace

import (
	"context"
	"errors"
	"log/slog"
	netmail "net/mail"
	"os"
	"path/filepath"
	"time"

	"rehome/app"
	"rehome/app/api"
	"rehome/internal/webroutes"
	"rehome/live"
	"rehome/mail"
	"rehome/push"
	"rehome/pwa"
	"rehome/sqlite"
	"rehome/uploads"
)

// What a data directory holds.
const (
	DatabaseFile = "rehome.db"
	ImagesDir    = "images"
	BackupsDir   = "backups" // scheduled backups
	ACMEDir      = "acme"    // certificates from an ACME certificate authority
)

// Marketplace is the parts open on one data directory.
type Marketplace struct {
	DB     *sqlite.DB
	Images *uploads.Store
	// Services are the marketplace's rules, each over the parts of DB it
	// uses: this is the one place that hands them out.
	Services api.Services

	// Notices are what the services tell people as it happens.
	Notices   *app.Notices
	notifiers app.Notifiers // see addNotifier
	// Outbox is how the services send mail, once UseMail turns it on.
	Outbox *app.Outbox
	// Events tells open tabs what happens, as it happens.
	Events live.Broker
}

// Open opens the database and picture store in dir, creating both when they
// are missing, with passwords hashed by hasher.
func Open(ctx context.Context, dir string, hasher app.PasswordHasher) (*Marketplace, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	db, err := sqlite.Open(ctx, filepath.Join(dir, DatabaseFile))
	if err != nil {
		return nil, err
	}
	images, err := uploads.New(filepath.Join(dir, ImagesDir))
	if err != nil {
		return nil, errors.Join(err, db.Close())
	}
	notices := &app.Notices{}
	limits := app.NewMemoryRateLimits() // one process counts alone
	outbox := &app.Outbox{}
	m := &Marketplace{DB: db, Images: images, Notices: notices, Outbox: outbox,
		Services: services(db, images, hasher, notices, outbox, limits)}
	m.Services.Notifications.UsePushTargets(push.TargetsOf(push.Config{}))
	// The push keys are made as the marketplace first opens, so that
	// reading the public key never writes.
	if _, err := m.Services.Notifications.VAPIDKeys(ctx); err != nil {
		return nil, errors.Join(err, db.Close())
	}
	m.useLiveEvents()
	return m, nil
}

// services hands each service the parts of the store it uses.
func services(db *sqlite.DB, images *uploads.Store, hasher app.PasswordHasher, notices *app.Notices, outbox *app.Outbox,
	limits app.RateLimits) api.Services {
	site := app.NewSiteSettings(db)
	notifications := app.NewNotifications(db)
	bookings := app.NewBookings(db, db, db, db, notices)
	conversations := app.NewConversations(db, db, bookings, notices, limits)
	pictures := app.NewImages(db, images, limits)
	emails := app.NewEmailAddresses(db, db, db, db, site, outbox, hasher, limits)
	return api.Services{
		Catalogue:     app.NewCatalogue(db, db, db, db, db, pictures, site, bookings),
		Images:        pictures,
		Bookings:      bookings,
		Conversations: conversations,
		Accounts: app.NewAccounts(app.AccountStores{Users: db, Accounts: db, Sessions: db, Selling: db, Identities: db},
			pictures, site, bookings, emails, outbox, hasher, limits),
		EmailAddresses: emails,
		PasswordResets: app.NewPasswordResets(db, db, site, outbox, hasher, limits),
		Exports:        app.NewExports(db, db, db, db, conversations, notifications),
		Reports:        app.NewReports(db, db),
		Posts:          app.NewPosts(db),
		Site:           site,
		Notifications:  notifications,
		Audit:          app.NewAudit(db),
	}
}

func (m *Marketplace) Close() error { return m.DB.Close() }

// UseMail turns mail on: it is queued in the database and handed to sender
// as from, with links to publicURL. The caller runs the courier it returns.
func (m *Marketplace) UseMail(sender mail.Sender, from *netmail.Address, publicURL string, log *slog.Logger) *mail.Courier {
	courier := mail.NewCourier(m.DB, sender, from, log)
	m.Outbox.Use(app.MailSettings{URL: webroutes.URL(publicURL), Queued: courier.Wake})
	return courier
}

// Server is the HTTP server of the marketplace, with the web app built into
// this binary. cfg says how it is deployed (cookies, proxies, logger); the
// parts it serves are filled in from m.
func (m *Marketplace) Server(cfg api.Config) *api.Server {
	cfg.Services = m.Services
	cfg.CatalogueVersion = m.DB.CatalogueVersion
	// The two ports the server reaches the store through without the
	// service (package api's doc says why).
	cfg.SessionStore = m.DB.Sessions()
	cfg.Idempotency = m.DB
	cfg.Images = m.Images.Handler()
	if cfg.Web == nil {
		cfg.Web = pwa.Files()
	}
	cfg.Health = m.Health
	cfg.Events = m.Events
	return api.New(cfg)
}

// useLiveEvents sends the services' events to the open event streams, and
// ends a stream as soon as the store ends its session.
func (m *Marketplace) useLiveEvents() {
	m.Events = live.New() // one process: its own hub is the broker
	m.addNotifier(m.Events)
	m.DB.OnSessionsEnded(m.Events.EndSessions)
}

// healthTimeout bounds a health check: a database that takes longer to
// answer one read is not healthy for visitors either.
const healthTimeout = 2 * time.Second

// Health is nil when the database answers a read and pictures can be
// stored, and otherwise says which of them fails.
func (m *Marketplace) Health(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	return errors.Join(m.DB.Ping(ctx), m.Images.CheckWritable())
}

// UsePush sends the push notes of events to people's phones as cfg says.
// The caller runs the sender it returns.
func (m *Marketplace) UsePush(ctx context.Context, cfg push.Config, log *slog.Logger) (*push.Sender, error) {
	keys, err := m.Services.Notifications.VAPIDKeys(ctx)
	if err != nil {
		return nil, err
	}
	m.Services.Notifications.UsePushTargets(push.TargetsOf(cfg))
	sender := push.New(m.DB, keys, cfg, log)
	m.addNotifier(sender)
	return sender, nil
}

// addNotifier has n told every event, beside the notifiers added before.
func (m *Marketplace) addNotifier(n app.Notifier) {
	m.notifiers = append(m.notifiers, n)
	m.Notices.Use(m.notifiers)
}
