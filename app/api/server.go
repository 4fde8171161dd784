// Package api is the HTTP face of the marketplace: routing, sessions,
// decoding requests and encoding answers. The rules live in package app.
package api

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"rehome/app"
)

// Config is what the server is built from.
type Config struct {
	Service       *app.Service
	SessionStore  scs.Store
	Images        http.Handler // serves stored images by file name
	Web           fs.FS        // the built web app
	SecureCookies bool
	Logger        *slog.Logger
}

// Server holds what the handlers share.
type Server struct {
	svc      *app.Service
	sessions *scs.SessionManager
	images   http.Handler
	web      fs.FS
	log      *slog.Logger
}

// Session lifetimes: people stay signed in on their own phone for weeks, but
// an abandoned session ends after two idle weeks.
const (
	sessionLifetime    = 60 * 24 * time.Hour
	sessionIdleTimeout = 14 * 24 * time.Hour
	sessionCookieName  = "rehome_session"
	sessionUserKey     = "user_id"
)

func New(cfg Config) *Server {
	sm := scs.New()
	sm.Store = cfg.SessionStore
	sm.Lifetime = sessionLifetime
	sm.IdleTimeout = sessionIdleTimeout
	sm.Cookie.Name = sessionCookieName
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = cfg.SecureCookies
	sm.Cookie.Path = "/"
	sm.Cookie.Persist = true
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	s := &Server{svc: cfg.Service, sessions: sm, images: cfg.Images, web: cfg.Web, log: logger}
	sm.ErrorFunc = s.writeError
	return s
}
