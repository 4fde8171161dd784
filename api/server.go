// Package api is the HTTP face of the marketplace: the routes, the
// handlers, the middleware, decoding requests and answering them. The rules
// live in package app; the mechanisms the handlers stand on each have a
// package of their own beneath this one: httpcache (gzip, ETags, the public
// lists kept), wire (the hand encoder of products), eventstream (the live
// event streams' transport), sessions (the session manager, its codec and
// store), clientaddr (who sent a request) and webapp (the web app's files);
// and oidc, beside payments and push, signs people in with Google. None of
// them imports this package, and app imports none of them.
//
// Two things the server keeps go to the store without the service, each
// through a port the composition root (internal/wiring) hands to New:
//
//   - Config.SessionStore keeps the session blobs scs reads and writes by
//     token on every request, before anyone is known (see package sessions).
//   - Config.Idempotency claims the Idempotency-Key of a booking, report,
//     handover, review or message before its work, keeps the answer of the
//     request that did it, and replays that to a retry (idempotency.go).
//     What is kept is an HTTP answer, its status and bytes, which the
//     service never sees: replaying it is the HTTP layer's work, so it is
//     middleware, not a service method, and the store's
//     app.IdempotencyStore is its port. Only the store's cleanup
//     forgets old answers.
package api

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/go-chi/chi/v5"

	"rehome/api/clientaddr"
	"rehome/api/eventstream"
	"rehome/api/httpcache"
	"rehome/api/sessions"
	"rehome/api/webapp"
	"rehome/api/wire"
	"rehome/app"
	"rehome/live"
	"rehome/oidc"
)

// Services are the marketplace's rules the handlers call, one service per
// noun.
type Services struct {
	Catalogue      *app.Catalogue
	Images         *app.Images
	Bookings       *app.Bookings
	Conversations  *app.Conversations
	SigningIn      *app.SigningIn
	Profiles       *app.Profiles
	Moderation     *app.Moderation
	Blocking       *app.Blocking
	PasswordResets *app.PasswordResets
	EmailAddresses *app.EmailAddresses
	Exports        *app.Exports
	Reports        *app.Reports
	Posts          *app.Posts
	Site           *app.SiteSettings
	Notifications  *app.Notifications
	Audit          *app.Audit
	// Reminders run in the background, not behind an endpoint.
	Reminders *app.PickupReminders
}

// Config is what the server is built from.
type Config struct {
	Services Services
	// CatalogueVersion changes after every write that may change what the
	// public lists (categories, advertised products) show: while it stays
	// the same, the lists kept are answered again. It is read as each API
	// request begins: reading it brings what the marketplace keeps of the
	// catalogue up to date with the writes of other instances (wiring).
	CatalogueVersion func() uint64
	SessionStore     sessions.Store       // see package sessions
	Idempotency      app.IdempotencyStore // first answers replayed to retries, see idempotency.go
	Images           http.Handler         // serves stored images by file name
	Web              fs.FS                // the built web app
	SecureCookies    bool
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto headers are believed.
	TrustedProxies []netip.Prefix
	// OIDC, when set, offers "Sign in with Google".
	OIDC *oidc.Config
	// PublicURL is the address people use, for the links the server makes
	// (password reset). Empty: the origin each request came to.
	PublicURL string
	// Health reports whether the server can do its work, for /healthz.
	Health func(context.Context) Health
	// DemoWritten, when set, is closed once the demo marketplace is
	// written; until then every request is answered that it is being
	// prepared (preparing.go). Nil: no demo is being written.
	DemoWritten <-chan struct{}
	Logger      *slog.Logger

	// Events hands events to the live event streams; nil: a hub of the
	// server's own that nothing notifies.
	Events live.Broker
	// Heartbeat is how often an event stream sends a comment and checks
	// its session; 0: every 25 seconds.
	Heartbeat time.Duration
	// Now is the clock of the sign-in steps' time limits; nil: time.Now.
	Now func() time.Time
	// IdempotencyWait is how long a request waits for the answer of
	// another doing the work of its Idempotency-Key; 0: 10 seconds.
	IdempotencyWait time.Duration
}

// Server holds what the handlers share.
type Server struct {
	catalogue      *app.Catalogue
	pictures       *app.Images
	bookings       *app.Bookings
	conversations  *app.Conversations
	signingIn      *app.SigningIn
	profiles       *app.Profiles
	moderation     *app.Moderation
	blocking       *app.Blocking
	passwordResets *app.PasswordResets
	emailAddresses *app.EmailAddresses
	exports        *app.Exports
	reports        *app.Reports
	posts          *app.Posts
	settings       *app.SiteSettings
	notifications  *app.Notifications
	audit          *app.Audit

	catalogueVersion func() uint64 // see Config.CatalogueVersion
	sessions         *scs.SessionManager
	images           http.Handler
	webApp           *webapp.Files
	log              *slog.Logger
	router           chi.Routes // the root router, to tell which methods a path allows
	answers          app.IdempotencyStore
	answerWait       time.Duration // see Config.IdempotencyWait
	public           *httpcache.PublicLists

	origins   *clientaddr.Resolver
	health    func(context.Context) Health
	oidc      *oidc.Client // nil without a provider
	publicURL string       // see Config.PublicURL

	demoWritten <-chan struct{} // see Config.DemoWritten

	hub       live.Broker
	heartbeat time.Duration
	now       func() time.Time // see Config.Now
}

func New(cfg Config) *Server {
	sm := sessions.NewManager(cfg.SessionStore, cfg.SecureCookies)
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	svc := cfg.Services
	s := &Server{catalogue: svc.Catalogue, pictures: svc.Images, bookings: svc.Bookings, conversations: svc.Conversations,
		signingIn: svc.SigningIn, profiles: svc.Profiles, moderation: svc.Moderation, blocking: svc.Blocking, passwordResets: svc.PasswordResets, emailAddresses: svc.EmailAddresses,
		exports: svc.Exports, reports: svc.Reports, posts: svc.Posts, settings: svc.Site,
		notifications: svc.Notifications, audit: svc.Audit, catalogueVersion: cfg.CatalogueVersion,
		sessions: sm, images: cfg.Images, log: logger, answers: cfg.Idempotency,
		public: httpcache.NewPublicLists(wire.Encode), origins: clientaddr.New(cfg.TrustedProxies), health: cfg.Health,
		oidc: oidc.New(cfg.OIDC), publicURL: strings.TrimSuffix(cfg.PublicURL, "/")}
	sm.ErrorFunc = s.sessionFailed
	pages := &entryPages{srv: s, pages: map[string]*keptPage{}}
	s.webApp = webapp.New(cfg.Web, pages.page)
	pages.web = s.webApp
	s.hub, s.heartbeat = cfg.Events, cfg.Heartbeat
	s.now = cfg.Now
	if s.now == nil {
		s.now = time.Now
	}
	s.demoWritten = cfg.DemoWritten
	s.answerWait = cfg.IdempotencyWait
	if s.answerWait <= 0 {
		s.answerWait = 10 * time.Second
	}
	if s.hub == nil {
		s.hub = live.New()
	}
	if s.heartbeat <= 0 {
		s.heartbeat = eventstream.DefaultHeartbeat
	}
	return s
}
