// Package api is the HTTP face of the marketplace: routing, sessions,
// decoding requests and encoding answers. The rules live in package app.
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

	"rehome/app"
	"rehome/app/api/clientaddr"
	"rehome/app/api/eventstream"
	"rehome/app/api/httpcache"
	"rehome/app/api/sessions"
	"rehome/app/api/webapp"
	"rehome/app/api/wire"
	"rehome/live"
	"rehome/oidc"
)

// Config is what the server is built from.
type Config struct {
	Service       *app.Service
	SessionStore  sessions.Store       // see package sessions
	Idempotency   app.IdempotencyStore // answers to retried bookings and reports
	Images        http.Handler         // serves stored images by file name
	Web           fs.FS                // the built web app
	SecureCookies bool
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto headers are believed.
	TrustedProxies []netip.Prefix
	// OIDC, when set, offers "Sign in with Google".
	OIDC *oidc.Config
	// PublicURL is the address people use, for the links the server makes
	// (password reset). Empty: the origin each request came to.
	PublicURL string
	// Health reports whether the server can do its work, for /healthz.
	Health func(context.Context) error
	Logger *slog.Logger

	// Events hands events to the live event streams; nil: a hub of the
	// server's own that nothing notifies.
	Events *live.Hub
	// Heartbeat is how often an event stream sends a comment and checks
	// its session; 0: every 25 seconds.
	Heartbeat time.Duration
}

// Server holds what the handlers share.
type Server struct {
	svc      *app.Service
	sessions *scs.SessionManager
	images   http.Handler
	webApp   *webapp.Files
	log      *slog.Logger
	router   chi.Routes // the root router, to tell which methods a path allows
	answers  app.IdempotencyStore
	public   *httpcache.PublicLists

	origins   *clientaddr.Resolver
	health    func(context.Context) error
	oidc      *oidc.Client // nil without a provider
	publicURL string       // see Config.PublicURL

	hub       *live.Hub
	heartbeat time.Duration
}

func New(cfg Config) *Server {
	sm := sessions.NewManager(cfg.SessionStore, cfg.SecureCookies)
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	s := &Server{svc: cfg.Service, sessions: sm, images: cfg.Images, log: logger, answers: cfg.Idempotency,
		public: httpcache.NewPublicLists(wire.Encode), origins: clientaddr.New(cfg.TrustedProxies), health: cfg.Health,
		oidc: oidc.New(cfg.OIDC), publicURL: strings.TrimSuffix(cfg.PublicURL, "/")}
	sm.ErrorFunc = s.sessionFailed
	pages := &entryPages{srv: s, pages: map[string]*keptPage{}}
	s.webApp = webapp.New(cfg.Web, pages.page)
	pages.web = s.webApp
	s.hub, s.heartbeat = cfg.Events, cfg.Heartbeat
	if s.hub == nil {
		s.hub = live.New()
	}
	if s.heartbeat <= 0 {
		s.heartbeat = eventstream.DefaultHeartbeat
	}
	return s
}
