package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"rehome/api/clientaddr"
	"rehome/api/sessions"
	"rehome/app"
	"rehome/internal/webroutes"
)

// logRequests writes one line per request, except the health checks a
// monitor makes every few seconds. Only the path is logged: query strings
// may carry emails, and bodies carry passwords.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == healthPath {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		s.log.Info("request", "method", r.Method, "path", r.URL.Path, "status", status,
			"client", clientaddr.Address(r), "duration", time.Since(start), "bytes", ww.BytesWritten())
	})
}

// recoverPanics turns a panic into a logged internal error, never a stack
// trace in the answer.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				// The stack says where; the client sees only 'Internal error'.
				s.writeError(w, r, fmt.Errorf("panic: %v\n%s", v, debug.Stack()))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only our own scripts: no inline ones, no
// eval. Inline styles are allowed because the toast library injects its own.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// hsts tells browsers to use HTTPS only, for two years, once they have
// reached the server over it. Subdomains are left alone: a community's
// domain may host other sites that are not ours to upgrade.
const hsts = "max-age=63072000"

// paymentContentSecurityPolicy is the payment screen's document's policy
// when card payments are set up: the default one, plus Stripe.js's script
// and frames and Stripe's API, which its Payment Element talks to. A
// policy holds for a whole document, so the web app loads that screen as a
// document of its own.
const paymentContentSecurityPolicy = "default-src 'self'; script-src 'self' https://js.stripe.com; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://*.stripe.com; font-src 'self'; " +
	"connect-src 'self' https://api.stripe.com; frame-src https://js.stripe.com https://hooks.stripe.com; " +
	"manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

const (
	permissionsPolicy        = "camera=(), microphone=(), geolocation=(), payment=()"
	paymentPermissionsPolicy = `camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")`
)

// paymentScreen is where the web app shows a booking's payment.
var paymentScreen = webroutes.Prefix("payment")

// secureHeaders are sent with every answer.
func (s *Server) secureHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if clientaddr.Of(r).HTTPS {
			h.Set("Strict-Transport-Security", hsts)
		}
		policy, permissions := contentSecurityPolicy, permissionsPolicy
		if strings.HasPrefix(r.URL.Path, paymentScreen) && s.bookings.CardPaymentsEnabled() {
			policy, permissions = paymentContentSecurityPolicy, paymentPermissionsPolicy
		}
		h.Set("Content-Security-Policy", policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Permissions-Policy", permissions)
		next.ServeHTTP(w, r)
	})
}

// noStore keeps private API answers out of shared caches.
// catalogueCurrent reads the catalogue's version before the request's own
// reads (see Config.CatalogueVersion).
func (s *Server) catalogueCurrent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.catalogueVersion != nil {
			s.catalogueVersion()
		}
		next.ServeHTTP(w, r)
	})
}

func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

// answerOnce lets the session manager's error answer be the only one: scs
// saves a changed session when the handler starts writing, and when saving
// fails it calls its ErrorFunc (sessionFailed) and then lets the handler
// write its own answer after the error's.
func answerOnce(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&onceWriter{ResponseWriter: w}, r)
	})
}

type onceWriter struct {
	http.ResponseWriter
	answered bool // by sessionFailed: later writes are dropped
}

func (o *onceWriter) WriteHeader(code int) {
	if !o.answered {
		o.ResponseWriter.WriteHeader(code)
	}
}

func (o *onceWriter) Write(b []byte) (int, error) {
	if o.answered {
		return len(b), nil
	}
	return o.ResponseWriter.Write(b)
}

func (o *onceWriter) Unwrap() http.ResponseWriter { return o.ResponseWriter }

// sessionFailed answers a request whose session could not be loaded or
// saved, and only that.
func (s *Server) sessionFailed(w http.ResponseWriter, r *http.Request, err error) {
	s.writeError(w, r, err)
	if o, ok := w.(*onceWriter); ok {
		o.answered = true
	}
}

type userKey struct{}

// authenticate puts the signed-in user, if any, in the request context. The
// account is read on every request, as fresh as the database holds it (see
// app.SigningIn.CurrentUser), so a deleted account or a changed role takes
// effect at once.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, err := s.sessionUser(r.Context())
		switch {
		case errors.Is(err, errSessionEnded):
			// Forget it in this session too.
			s.sessions.Remove(r.Context(), sessions.UserKey)
			s.sessions.Remove(r.Context(), sessions.EpochKey)
			next.ServeHTTP(w, r)
			return
		case err != nil:
			s.writeError(w, r, err)
			return
		case user == nil:
			next.ServeHTTP(w, r)
			return
		}
		sessions.NoteSeen(r.Context(), s.sessions)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey{}, user)))
	})
}

// errSessionEnded: the session names an account that is gone, or whose
// sessions were ended (a new password).
var errSessionEnded = errors.New("api: the session's account is gone or signed out")

// sessionUser is the user the session loaded in ctx is signed in as, nil
// for nobody, or errSessionEnded.
func (s *Server) sessionUser(ctx context.Context) (*app.User, error) {
	id := s.sessions.GetInt64(ctx, sessions.UserKey)
	if id == 0 {
		return nil, nil
	}
	user, err := s.signingIn.CurrentUser(ctx, id)
	if (err != nil && app.ErrorKind(err) == app.KindNotFound) ||
		(err == nil && s.sessions.GetInt64(ctx, sessions.EpochKey) != user.SessionEpoch) {
		return nil, errSessionEnded
	}
	return user, err
}

// actor is the signed-in user, or nil.
func actor(r *http.Request) *app.User {
	u, _ := r.Context().Value(userKey{}).(*app.User)
	return u
}

// refuseCrossOrigin rejects state-changing requests that a browser marks as
// coming from another origin.
func (s *Server) refuseCrossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, app.Errorf(app.KindForbidden, "Cross-origin requests are not allowed"))
	}))
	return cop.Handler(next)
}
