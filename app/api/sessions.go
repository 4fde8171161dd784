package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"rehome/app"
)

// SessionStore keeps sessions with what they say of their owner, so that
// people can list and end their sessions.
type SessionStore interface {
	scs.CtxStore
	CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error
}

// ownedSessions is the store scs writes through: it reads the owner out of
// each session it commits, and the device from the request.
type ownedSessions struct{ SessionStore }

func (o ownedSessions) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	return o.CommitOwned(ctx, token, data, expiry, sessionOwner(ctx, data))
}

func (o ownedSessions) Commit(token string, data []byte, expiry time.Time) error {
	return o.CommitCtx(context.Background(), token, data, expiry)
}

// Session keys besides the user and epoch (server.go): Unix seconds.
const (
	sessionSignedInKey = "signed_in"
	sessionSeenKey     = "seen"
)

// lastSeenEvery is how stale a session's last-seen time may get. Keeping it
// to the second would write the session on every request.
const lastSeenEvery = 5 * time.Minute

type userAgentKey struct{}

// sessionOwner reads whose a session is out of its data; a signed-out
// session has none.
func sessionOwner(ctx context.Context, data []byte) app.SessionOwner {
	_, values, err := sessionCodec{}.Decode(data)
	if err != nil {
		return app.SessionOwner{}
	}
	number := func(key string) int64 { n, _ := values[key].(int64); return n }
	id := number(sessionUserKey)
	if id == 0 {
		return app.SessionOwner{}
	}
	userAgent, _ := ctx.Value(userAgentKey{}).(string)
	return app.SessionOwner{
		UserID:   id,
		Device:   deviceName(userAgent),
		SignedIn: time.Unix(number(sessionSignedInKey), 0).UTC(),
		LastSeen: time.Unix(number(sessionSeenKey), 0).UTC(),
	}
}

// noteSeen keeps the session's last-seen time within lastSeenEvery.
// Sessions from before the session list learn when they signed in now.
func (s *Server) noteSeen(ctx context.Context) {
	now := time.Now().Unix()
	if now-s.sessions.GetInt64(ctx, sessionSeenKey) < int64(lastSeenEvery/time.Second) {
		return
	}
	s.sessions.Put(ctx, sessionSeenKey, now)
	if s.sessions.GetInt64(ctx, sessionSignedInKey) == 0 {
		s.sessions.Put(ctx, sessionSignedInKey, now)
	}
}

// deviceName says which browser on which system a User-Agent is, in the
// words people know their devices by: "Chrome on Android".
func deviceName(userAgent string) string {
	browser := firstMatch(userAgent, []nameRule{
		{"EdgA/", "Edge"}, {"Edg/", "Edge"}, {"SamsungBrowser/", "Samsung Internet"}, {"OPR/", "Opera"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chromium/", "Chromium"},
		{"Chrome/", "Chrome"}, {"Safari/", "Safari"},
	})
	system := firstMatch(userAgent, []nameRule{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"CrOS", "ChromeOS"},
		{"Windows", "Windows"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	})
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return system
	}
	return "Unknown device"
}

type nameRule struct{ token, name string }

func firstMatch(s string, rules []nameRule) string {
	for _, r := range rules {
		if strings.Contains(s, r.token) {
			return r.name
		}
	}
	return ""
}

// listSessions lists the signed-in person's sessions, this one marked current.
func (s *Server) listSessions(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.svc.Sessions(r.Context(), actor(r), app.SessionID(s.sessions.Token(r.Context())), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// endSession signs out one of the person's sessions; ending this one is
// signing out.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	id := pathParam(r, "id")
	err := s.svc.EndSession(r.Context(), actor(r), id)
	if err == nil && id == app.SessionID(s.sessions.Token(r.Context())) {
		err = s.sessions.Destroy(r.Context())
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
