package storetest

import (
	"fmt"
	"testing"
	"time"

	"rehome/app"
)

// runPushEndsWithSession: every write that ends a session deletes the
// subscriptions made in it, and leaves those of the sessions it does not
// end, the person's own and other people's.
func runPushEndsWithSession(open func(t *testing.T) Stores) func(t *testing.T) {
	return func(t *testing.T) {
		type ending struct {
			name string
			// end ends the session "a" of ann; "b", also ann's, lasts
			// unless the write ends every session of the account.
			end      func(t *testing.T, w *world, ann *app.User)
			bothEnds bool
		}
		cases := []ending{
			{"logout", func(t *testing.T, w *world, ann *app.User) { must(t, w.DeleteCtx(w.ctx, "a")) }, false},
			{"a session ended from the list", func(t *testing.T, w *world, ann *app.User) {
				must(t, w.EndAccountSession(w.ctx, ann.ID, app.SessionID("a")))
			}, false},
			{"expiry", func(t *testing.T, w *world, ann *app.User) {
				// a expires in a day; b lasts a month. Past a's expiry it
				// gets nothing at once, and cleanup deletes it with a.
				later := time.Now().Add(2 * 24 * time.Hour)
				w.SetClock(func() time.Time { return later })
				if subs := w.endpoints(t, ann); subs != "b" {
					t.Errorf("past a's expiry, before cleanup: %q, want b", subs)
				}
				_, err := w.DeleteExpired(w.ctx)
				must(t, err)
				w.SetClock(time.Now)
			}, false},
			{"a new password", func(t *testing.T, w *world, ann *app.User) {
				_, err := w.SetPassword(w.ctx, ann.ID, []byte("new hash"))
				must(t, err)
			}, true},
			{"signed out everywhere", func(t *testing.T, w *world, ann *app.User) {
				_, err := w.EndSessions(w.ctx, ann.ID)
				must(t, err)
			}, true},
			{"a password reset", func(t *testing.T, w *world, ann *app.User) {
				must(t, w.CreatePasswordReset(w.ctx, app.PasswordReset{UserID: ann.ID, Email: ann.Email, TokenHash: []byte("t"), Expires: time.Now().Add(time.Hour)}))
				_, err := w.UsePasswordReset(w.ctx, []byte("t"), []byte("reset hash"), time.Now())
				must(t, err)
			}, true},
			{"the account claimed by its email's owner", func(t *testing.T, w *world, ann *app.User) {
				_, _, err := w.ClaimAccount(w.ctx, app.AccountClaim{UserID: ann.ID, Email: ann.Email, Provider: "google", Subject: "g-1"})
				must(t, err)
			}, true},
			{"a suspension", func(t *testing.T, w *world, ann *app.User) {
				must(t, w.suspend(w.ctx, ann.ID, time.Now().Add(time.Hour), "Spam", nil))
			}, true},
			{"the account deleted", func(t *testing.T, w *world, ann *app.User) {
				must(t, w.DeleteUser(w.ctx, ann.ID, nil))
			}, true},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				w := newWorld(t, open)
				ann := w.user(t, "ann", app.RoleBuyer)
				w.sessionUntil(t, ann, "a", time.Now().Add(24*time.Hour))
				w.sessionUntil(t, ann, "b", time.Now().Add(30*24*time.Hour))
				w.subscribe(t, ann, "a")
				w.subscribe(t, ann, "b")
				w.subscribe(t, w.seller, "sam's")
				tc.end(t, w, ann)
				want := "b"
				if tc.bothEnds {
					want = ""
				}
				if got := w.endpoints(t, ann); got != want {
					t.Errorf("ann's endpoints %q, want %q", got, want)
				}
				if got := w.endpoints(t, w.seller); got != "sam's" {
					t.Errorf("sam's endpoints %q, want his own kept", got)
				}
				// What is gone is gone, not only hidden: the session's
				// token signed in again does not bring it back.
				if tc.name != "the account deleted" {
					w.sessionUntil(t, ann, "a", time.Now().Add(24*time.Hour))
					if got := w.endpoints(t, ann); got != want {
						t.Errorf("with a signed in again: %q, want %q", got, want)
					}
				}
			})
		}
	}
}

// subscribe subscribes u's browser named name from the session token name.
func (w *world) subscribe(t *testing.T, u *app.User, name string) {
	t.Helper()
	if _, found, err := w.FindCtx(w.ctx, name); err != nil || !found {
		w.session(t, u, name)
	}
	from := app.PushFrom{Session: app.SessionID(name), Browser: "Firefox", System: "Android"}
	_, err := w.SavePushSubscription(w.ctx, u.ID, from, app.PushSubscription{Endpoint: "https://push.example.net/" + name,
		Keys: app.PushKeys{P256dh: "key", Auth: "auth"}})
	must(t, err)
}

// endpoints names the browsers u's notes go to, oldest first.
func (w *world) endpoints(t *testing.T, u *app.User) string {
	t.Helper()
	subs, err := w.PushSubscriptions(w.ctx, u.ID)
	must(t, err)
	return names(subs, func(s app.PushSubscription) string {
		return s.Endpoint[len("https://push.example.net/"):]
	})
}

// runPushDevices: a person's devices, this session's first, then the
// newest, with when each last got a note; removed one at a time, and only
// by their person.
func runPushDevices(open func(t *testing.T) Stores) func(t *testing.T) {
	return func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now().Truncate(time.Millisecond)
		w.SetClock(func() time.Time { return now })
		bea := w.user(t, "bea", app.RoleBuyer)
		for i, name := range []string{"phone", "laptop", "tablet"} {
			now = now.Add(time.Duration(i) * time.Minute)
			w.subscribe(t, bea, name)
		}
		w.subscribe(t, w.seller, "sam's")
		devices, err := w.PushDevices(w.ctx, bea.ID, app.SessionID("laptop"))
		must(t, err)
		if got := names(devices, func(d app.PushDevice) string { return fmt.Sprint(d.Current) }); got != "true false false" {
			t.Errorf("current %q, want the laptop's first", got)
		}
		subs, err := w.PushSubscriptions(w.ctx, bea.ID)
		must(t, err)
		ids := map[string]int64{}
		for _, s := range subs {
			ids[s.Endpoint[len("https://push.example.net/"):]] = s.ID
		}
		if devices[0].ID != ids["laptop"] || devices[1].ID != ids["tablet"] || devices[2].ID != ids["phone"] {
			t.Errorf("devices %+v, want laptop, tablet, phone (%v)", devices, ids)
		}
		for _, d := range devices {
			if d.Browser != "Firefox" || d.System != "Android" || d.LastSent != nil || d.Created.IsZero() {
				t.Errorf("device %+v", d)
			}
		}
		now = now.Add(time.Hour)
		must(t, w.PushSent(w.ctx, ids["phone"]))
		devices, err = w.PushDevices(w.ctx, bea.ID, "")
		must(t, err)
		for _, d := range devices {
			if sent := d.LastSent != nil && d.LastSent.Equal(now); sent != (d.ID == ids["phone"]) || d.Current {
				t.Errorf("device %+v, last sent at %v only for the phone, none current", d, now)
			}
		}

		wantKind(t, w.DeletePushDevice(w.ctx, w.seller.ID, ids["phone"]), app.KindNotFound)
		must(t, w.DeletePushDevice(w.ctx, bea.ID, ids["phone"]))
		wantKind(t, w.DeletePushDevice(w.ctx, bea.ID, ids["phone"]), app.KindNotFound)
		if got := w.endpoints(t, bea); got != "laptop tablet" {
			t.Errorf("after removing the phone: %q", got)
		}
		if got := w.endpoints(t, w.seller); got != "sam's" {
			t.Errorf("sam's: %q", got)
		}
	}
}
