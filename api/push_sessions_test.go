package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"rehome/api"
	"rehome/app"
	"rehome/internal/wiring"
	"rehome/push"
)

// postbox is a push service of the test's own: it takes every post and
// tells which path it went to.
type postbox struct {
	url   string
	posts chan string
}

func newPostbox(t *testing.T) *postbox {
	t.Helper()
	box := &postbox{posts: make(chan string, 100)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		box.posts <- r.URL.Path
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(srv.Close)
	box.url = srv.URL
	return box
}

// until collects the paths posted to until one to last, in order.
func (box *postbox) until(t *testing.T, last string) []string {
	t.Helper()
	var got []string
	for {
		select {
		case path := <-box.posts:
			got = append(got, path)
			if path == last {
				return got
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no post to %s; posts %v", last, got)
		}
	}
}

// pushing starts a server whose push notes one sender delivers, in the
// order queued, to box; it answers the server and the sender.
func pushing(t *testing.T, box *postbox, cfg api.Config) (*env, *push.Sender) {
	t.Helper()
	var sender *push.Sender
	e := serverSet(t, t.TempDir(), cfg, wiring.Settings{Push: &push.Config{Subject: "mailto:admin@example.com", AllowLoopback: true, Workers: 1}},
		func(m *wiring.Marketplace) {
			sender = m.Push
			runUntilCleanup(t, m.Push.Run)
		})
	return e, sender
}

// notifyOf has sender queue a push note for userID, as a service does
// after a write.
func notifyOf(sender *push.Sender, userID int64) {
	ev := app.NewEvent(userID, app.MessageEventData{ConversationID: 3, MessageID: 7})
	ev.Push = &app.PushNote{Kind: app.PushMessage, Title: "New message about Oak table", Body: "Ann: Does it fit in a car?",
		Link: app.Link{Screen: app.ScreenConversation, ID: 3}, Tag: "conversation-3"}
	sender.Notify(ev)
}

// currentSession is the ID of c's session.
func currentSession(t *testing.T, c *client) string {
	t.Helper()
	for _, s := range decode[app.List[app.Session]](t, c.call("GET", "/api/auth/sessions", nil)).Items {
		if s.Current {
			return s.ID
		}
	}
	t.Fatal("no current session")
	return ""
}

// TestPushEndsWithTheSession: Ann subscribes a browser in session A and
// another in session B; each way of ending A stops notes to A's browser,
// and B's browser goes on getting them unless the way ends B too. A note
// to another person, queued after Ann's, shows that Ann's went out (one
// sender delivers in the order queued).
func TestPushEndsWithTheSession(t *testing.T) {
	t.Parallel()
	type world struct {
		e            *env
		p            *provider
		admin, a, b  *client
		ann          app.User
		aURL, bURL   string
		resetToken   func() string
		annWithEmail *person
	}
	cases := []struct {
		name string
		end  func(t *testing.T, w *world)
		// keepsB says B and its browser outlast the way A ends.
		keepsB bool
	}{
		{"logout", func(t *testing.T, w *world) {
			expectStatus(t, w.a.call("POST", "/api/auth/logout", nil), http.StatusNoContent)
		}, true},
		{"signing in again on the browser, which renews its token", func(t *testing.T, w *world) {
			expectStatus(t, w.a.call("POST", "/api/auth/login", map[string]string{"email": w.ann.Email, "password": testPassword}), http.StatusOK)
		}, true},
		{"the session ended from the list", func(t *testing.T, w *world) {
			expectStatus(t, w.b.call("DELETE", "/api/auth/sessions/"+currentSession(t, w.a), nil), http.StatusNoContent)
		}, true},
		{"expiry", func(t *testing.T, w *world) {
			clocked := w.e.db.(interface{ SetClock(func() time.Time) })
			clocked.SetClock(func() time.Time { return time.Now().Add(31 * 24 * time.Hour) })
			_, err := w.e.sessions.(interface {
				DeleteExpired(context.Context) (int64, error)
			}).DeleteExpired(context.Background())
			clocked.SetClock(time.Now)
			if err != nil {
				t.Fatal(err)
			}
		}, false},
		{"signing out everywhere else", func(t *testing.T, w *world) {
			expectStatus(t, w.b.call("DELETE", "/api/auth/sessions", nil), http.StatusNoContent)
		}, false},
		{"a new password", func(t *testing.T, w *world) {
			expectStatus(t, w.b.call("POST", "/api/auth/password", map[string]string{"current_password": testPassword, "new_password": "another good one"}),
				http.StatusOK)
		}, false},
		{"a password reset", func(t *testing.T, w *world) {
			expectStatus(t, w.e.client().call("POST", "/api/auth/password/reset", map[string]string{"token": w.resetToken(), "password": "another good one"}),
				http.StatusOK)
		}, false},
		{"the account claimed with Google by its email's owner", func(t *testing.T, w *world) {
			w.p.signIn(t, w.e.client(), w.annWithEmail, "/dashboard")
		}, false},
		{"a suspension", func(t *testing.T, w *world) {
			expectStatus(t, w.admin.call("POST", fmt.Sprintf("/api/users/%d/suspend", w.ann.ID), map[string]any{"days": 3, "reason": "Spam"}),
				http.StatusOK)
		}, false},
		{"the account deleted by its person", func(t *testing.T, w *world) {
			expectStatus(t, w.a.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword}), http.StatusNoContent)
		}, false},
		{"the account deleted by an admin", func(t *testing.T, w *world) {
			expectStatus(t, w.admin.call("DELETE", fmt.Sprintf("/api/users/%d", w.ann.ID), nil), http.StatusNoContent)
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			box := newPostbox(t)
			var sender *push.Sender
			p := withProviderAnd(t, func(t *testing.T, cfg api.Config) *env {
				e, s := pushing(t, box, cfg)
				sender = s
				return e
			})
			w := &world{e: p.env, p: p, aURL: box.url + "/a", bURL: box.url + "/b"}
			w.admin, _ = w.e.admin("admin@example.com")
			w.a, w.ann = w.e.register("Ann", "ann@example.com", app.RoleSeller)
			w.b = w.e.client()
			expectStatus(t, w.b.call("POST", "/api/auth/login", map[string]string{"email": w.ann.Email, "password": testPassword}), http.StatusOK)
			w.annWithEmail = &person{MockUser: mockoidc.MockUser{Subject: "ann-at-google", Email: w.ann.Email, EmailVerified: true}}
			w.resetToken = func() string {
				r := w.admin.call("POST", fmt.Sprintf("/api/users/%d/reset-link", w.ann.ID), nil)
				expectStatus(t, r, http.StatusCreated)
				return linkToken(t, decode[map[string]string](t, r)["url"])
			}
			expectStatus(t, w.a.call("POST", "/api/push/subscriptions", browserSubscription(t, w.aURL)), http.StatusCreated)
			expectStatus(t, w.b.call("POST", "/api/push/subscriptions", browserSubscription(t, w.bURL)), http.StatusCreated)

			tc.end(t, w)

			// Someone signed in after, to post to last.
			wes, wesUser := w.e.register("Wes", "wes@example.com", app.RoleBuyer)
			expectStatus(t, wes.call("POST", "/api/push/subscriptions", browserSubscription(t, box.url+"/witness")), http.StatusCreated)
			notifyOf(sender, w.ann.ID)
			notifyOf(sender, wesUser.ID)
			want := []string{"/witness"}
			if tc.keepsB {
				want = []string{"/b", "/witness"}
			}
			if got := box.until(t, "/witness"); !slices.Equal(got, want) {
				t.Errorf("posted to %v, want %v", got, want)
			}
		})
	}
}

// TestPushDevices: a person sees the devices their notes go to, named by
// the browser and system that subscribed, and removes any of them; not
// another person's, and never their endpoints or keys.
func TestPushDevices(t *testing.T) {
	box := newPostbox(t)
	e, sender := pushing(t, box, api.Config{})
	phone, bea := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	laptop := e.client()
	expectStatus(t, laptop.call("POST", "/api/auth/login", map[string]string{"email": bea.Email, "password": testPassword}), http.StatusOK)
	other, olga := e.register("Olga Other", "olga@example.com", app.RoleSeller)
	const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
	const windows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
	subscribe := func(c *client, userAgent, path string) {
		t.Helper()
		body := strings.NewReader(mustJSON(t, browserSubscription(t, box.url+path)))
		expectStatus(t, c.send("POST", "/api/push/subscriptions", "application/json", body, "User-Agent", userAgent), http.StatusCreated)
	}
	subscribe(phone, android, "/phone")
	subscribe(laptop, windows, "/laptop")
	subscribe(other, windows, "/olga")
	// Olga's note, queued after Bea's, is posted once Bea's are done with.
	notifyBea := func() []string {
		t.Helper()
		notifyOf(sender, bea.ID)
		notifyOf(sender, olga.ID)
		return box.until(t, "/olga")
	}

	devices := func(c *client) []app.PushDevice {
		t.Helper()
		r := c.call("GET", "/api/push/subscriptions", nil)
		expectStatus(t, r, http.StatusOK)
		for _, secret := range []string{"endpoint", "p256dh", "auth", box.url} {
			if strings.Contains(string(r.body), secret) {
				t.Errorf("the list tells %q: %s", secret, r.body)
			}
		}
		return decode[app.List[app.PushDevice]](t, r).Items
	}
	list := devices(phone)
	if len(list) != 2 || !list[0].Current || list[0].Browser != "Chrome" || list[0].System != "Android" ||
		list[1].Current || list[1].Browser != "Firefox" || list[1].System != "Windows" || list[0].LastSent != nil {
		t.Fatalf("the phone lists %+v", list)
	}
	if list := devices(laptop); len(list) != 2 || !list[0].Current || list[0].System != "Windows" {
		t.Errorf("the laptop lists %+v", list)
	}

	t.Run("when each last got a note", func(t *testing.T) {
		if got := notifyBea(); !slices.Equal(got, []string{"/phone", "/laptop", "/olga"}) {
			t.Errorf("posted to %v", got)
		}
		for _, d := range devices(phone) {
			if d.LastSent == nil || d.LastSent.Before(d.Created) {
				t.Errorf("device %+v: no note sent", d)
			}
		}
	})

	t.Run("removed", func(t *testing.T) {
		olgas := devices(other)[0].ID
		for _, id := range []string{fmt.Sprint(olgas), "999999", "abc"} {
			expectError(t, phone.call("DELETE", "/api/push/subscriptions/"+id, nil), http.StatusNotFound, "", nil)
		}
		if len(devices(other)) != 1 {
			t.Error("another person's device went")
		}
		laptops := devices(phone)[1].ID
		expectStatus(t, phone.call("DELETE", fmt.Sprintf("/api/push/subscriptions/%d", laptops), nil), http.StatusNoContent)
		expectError(t, phone.call("DELETE", fmt.Sprintf("/api/push/subscriptions/%d", laptops), nil), http.StatusNotFound, "", nil)
		if list := devices(laptop); len(list) != 1 || list[0].Current {
			t.Errorf("after removing the laptop, it lists %+v", list)
		}
		if got := notifyBea(); !slices.Equal(got, []string{"/phone", "/olga"}) {
			t.Errorf("posted to %v, want only the phone of Bea's", got)
		}
	})
}
