// Package sessions is how the server keeps people signed in: scs's
// session manager set up for the marketplace, a compact codec for the
// session data, and the store it writes through.
//
// The session store is a port of its own, not a service method: scs reads
// and writes opaque session blobs by token on every request, before any
// handler knows who is asking, and the service never sees those blobs. The
// composition root (internal/wiring) passes the store to api.Config;
// the store implements it beside app.SessionStore, the port through which
// the service lists and ends a person's sessions. What links the two is
// app.SessionOwner, which this package reads out of each blob it commits.
package sessions

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"rehome/app"
)

// Store keeps sessions with what they say of their owner, so that people
// can list and end their sessions.
type Store interface {
	scs.CtxStore
	CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error
}

// People stay signed in on their own phone for a month. There is no idle
// timeout on purpose: scs would then rewrite the session on every request,
// turning each page view into a database write.
const (
	lifetime = 30 * 24 * time.Hour
	// CookieName is the session's cookie.
	CookieName = "rehome_session"
)

// What a session holds, all int64: UserKey is the signed-in user's id,
// EpochKey the account's app.User.SessionEpoch at sign-in, SignedInKey and
// SeenKey Unix seconds.
const (
	UserKey     = "user_id"
	EpochKey    = "session_epoch"
	SignedInKey = "signed_in"
	SeenKey     = "seen"
)

// NewManager is the session manager that keeps sessions in store, with
// cookies sent only over HTTPS when secure.
func NewManager(store Store, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = ownedSessions{store}
	sm.Lifetime = lifetime
	sm.Cookie.Name = CookieName
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Path = "/"
	sm.Cookie.Persist = true
	sm.Codec = Codec{}
	return sm
}

// ownedSessions is the store scs writes through: it reads the owner out of
// each session it commits, and the device from the request.
type ownedSessions struct{ Store }

func (o ownedSessions) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	return o.CommitOwned(ctx, token, data, expiry, owner(ctx, data))
}

func (o ownedSessions) Commit(token string, data []byte, expiry time.Time) error {
	return o.CommitCtx(context.Background(), token, data, expiry)
}

// lastSeenEvery is how stale a session's last-seen time may get. Keeping it
// to the second would write the session on every request.
const lastSeenEvery = 5 * time.Minute

type userAgentKey struct{}

// WithUserAgent carries the request's User-Agent to the store, which keeps
// the device a session is on.
func WithUserAgent(ctx context.Context, userAgent string) context.Context {
	return context.WithValue(ctx, userAgentKey{}, userAgent)
}

// owner reads whose a session is out of its data; a signed-out session
// has none.
func owner(ctx context.Context, data []byte) app.SessionOwner {
	_, values, err := Codec{}.Decode(data)
	if err != nil {
		return app.SessionOwner{}
	}
	number := func(key string) int64 { n, _ := values[key].(int64); return n }
	id := number(UserKey)
	if id == 0 {
		return app.SessionOwner{}
	}
	userAgent, _ := ctx.Value(userAgentKey{}).(string)
	return app.SessionOwner{
		UserID:   id,
		Device:   DeviceName(userAgent),
		SignedIn: time.Unix(number(SignedInKey), 0).UTC(),
		LastSeen: time.Unix(number(SeenKey), 0).UTC(),
	}
}

// NoteSeen keeps the session's last-seen time within lastSeenEvery.
// Sessions from before the session list learn when they signed in now.
func NoteSeen(ctx context.Context, sm *scs.SessionManager) {
	now := time.Now().Unix()
	if now-sm.GetInt64(ctx, SeenKey) < int64(lastSeenEvery/time.Second) {
		return
	}
	sm.Put(ctx, SeenKey, now)
	if sm.GetInt64(ctx, SignedInKey) == 0 {
		sm.Put(ctx, SignedInKey, now)
	}
}

// DeviceName says which browser on which system a User-Agent is, in the
// words people know their devices by: "Chrome on Android".
func DeviceName(userAgent string) string {
	browser, system := Device(userAgent)
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

// Device names the browser and the system a User-Agent is, each "" when
// it does not say.
func Device(userAgent string) (browser, system string) {
	browser = firstMatch(userAgent, []nameRule{
		{"EdgA/", "Edge"}, {"Edg/", "Edge"}, {"SamsungBrowser/", "Samsung Internet"}, {"OPR/", "Opera"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chromium/", "Chromium"},
		{"Chrome/", "Chrome"}, {"Safari/", "Safari"},
	})
	system = firstMatch(userAgent, []nameRule{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"CrOS", "ChromeOS"},
		{"Windows", "Windows"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	})
	return browser, system
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
