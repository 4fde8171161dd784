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
	"rehome/live"
)

// Config is what the server is built from.
type Config struct {
	Service       *app.Service
	SessionStore  SessionStore
	Idempotency   app.IdempotencyStore // answers to retried bookings and reports
	Images        http.Handler         // serves stored images by file name
	Web           fs.FS                // the built web app
	SecureCookies bool
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto headers are believed.
	TrustedProxies []netip.Prefix
	// OIDC, when set, offers "Sign in with Google".
	OIDC *OIDCConfig
	// PublicURL is the address people use, for the links the server makes
	// (password reset). Empty: the origin each request came to.
	PublicURL string
	// Health reports whether the server can do its work, for /healthz.
	Health func(context.Context) error
	Logger *slog.Logger

	// Events hands events to the live event streams; nil: a hub of the
	// server's own that nothing notifies.
	Events live.Broker
	// Heartbeat is how often an event stream sends a comment and checks
	// its session; 0: every 25 seconds.
	Heartbeat time.Duration
}

// Server holds what the handlers share.
type Server struct {
	svc      *app.Service
	sessions *scs.SessionManager
	images   http.Handler
	web      fs.FS
	log      *slog.Logger
	router   chi.Routes // the root router, to tell which methods a path allows
	answers  app.IdempotencyStore
	public   *publicLists

	trustedProxies []netip.Prefix
	health         func(context.Context) error
	oidc           *oidcClient // nil without a provider
	publicURL      string      // see Config.PublicURL

	hub       live.Broker
	heartbeat time.Duration
}

// People stay signed in on their own phone for a month. There is no idle
// timeout on purpose: scs would then rewrite the session on every request,
// turning each page view into a database write.
const (
	sessionLifetime   = 30 * 24 * time.Hour
	sessionCookieName = "rehome_session"
	sessionUserKey    = "user_id"
	sessionEpochKey   = "session_epoch" // the account's app.User.SessionEpoch at sign-in
)

func New(cfg Config) *Server {
	sm := scs.New()
	sm.Store = ownedSessions{cfg.SessionStore}
	sm.Lifetime = sessionLifetime
	sm.Cookie.Name = sessionCookieName
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = cfg.SecureCookies
	sm.Cookie.Path = "/"
	sm.Cookie.Persist = true
	sm.Codec = sessionCodec{}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	s := &Server{svc: cfg.Service, sessions: sm, images: cfg.Images, web: cfg.Web, log: logger, answers: cfg.Idempotency,
		public: newPublicLists(), trustedProxies: cfg.TrustedProxies, health: cfg.Health,
		oidc: newOIDCClient(cfg.OIDC), publicURL: strings.TrimSuffix(cfg.PublicURL, "/")}
	sm.ErrorFunc = s.sessionFailed
	s.hub, s.heartbeat = cfg.Events, cfg.Heartbeat
	if s.hub == nil {
		s.hub = live.New()
	}
	if s.heartbeat <= 0 {
		s.heartbeat = defaultHeartbeat
	}
	return s
}
