package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"rehome/api"
	"rehome/app"
	"rehome/live"
)

func TestEventStreamHeaders(t *testing.T) {
	e := newEnv(t)
	ann, _ := e.register("Ann", "ann@example.com", app.RoleBuyer)
	s := ann.openEvents("", "Accept-Encoding", "gzip")
	if s.res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", s.res.StatusCode)
	}
	for name, want := range map[string]string{
		"Content-Type": "text/event-stream", "X-Accel-Buffering": "no", "Content-Encoding": "", "Content-Length": "",
	} {
		if got := s.res.Header.Get(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if cc := s.res.Header.Values("Cache-Control"); len(cc) == 0 || cc[0] != "no-store" {
		t.Errorf("Cache-Control %q, want no-store first", cc)
	}
	// The first block arrives at once: nothing holds the answer back.
	if first := s.next(); first.retry != "5000" {
		t.Errorf("first block %+v, want retry: 5000", first)
	}

	anonymous := e.client()
	expectStatus(t, anonymous.call("GET", "/api/events", nil), http.StatusUnauthorized)
	expectStatus(t, ann.call("POST", "/api/events", nil), http.StatusMethodNotAllowed)
	// HEAD answers the headers and ends.
	head := ann.send("HEAD", "/api/events", "", nil)
	if head.status != http.StatusOK || head.header.Get("Content-Type") != "text/event-stream" || len(head.body) != 0 {
		t.Errorf("HEAD: %d %q %q", head.status, head.header.Get("Content-Type"), head.body)
	}
}

func TestEventsReachTheirPersonInOrder(t *testing.T) {
	e := newEnv(t)
	ann, annUser := e.register("Ann", "ann@example.com", app.RoleBuyer)
	bob, bobUser := e.register("Bob", "bob@example.com", app.RoleSeller)
	annTab1, annTab2, bobTab := ann.openEvents(""), ann.openEvents(""), bob.openEvents("")
	for _, s := range []*eventStream{annTab1, annTab2, bobTab} {
		s.next() // retry
	}

	product := int64(5)
	e.hub.Notify(
		app.NewEvent(annUser.ID, app.MessageEventData{ConversationID: 3, MessageID: 7}),
		app.NewEvent(bobUser.ID, app.UnreadEventData{Unread: 2}),
		app.NewEvent(annUser.ID, app.BookingEventData{BookingID: 9, ProductID: &product}),
	)
	e.hub.Notify(app.NewEvent(annUser.ID, app.UnreadEventData{Unread: 0}))

	want := []struct{ event, data string }{
		{"message", `{"conversation_id":3,"message_id":7}`},
		{"booking", `{"booking_id":9,"product_id":5}`},
		{"unread", `{"unread":0}`},
	}
	for _, tab := range []*eventStream{annTab1, annTab2} {
		var last int64
		for i, w := range want {
			got := tab.next()
			id, err := strconv.ParseInt(got.id, 10, 64)
			if err != nil || id <= last {
				t.Errorf("event %d: id %q after %d, want a larger number", i, got.id, last)
			}
			last = id
			if got.event != w.event || got.data != w.data {
				t.Errorf("event %d: %s %s, want %s %s", i, got.event, got.data, w.event, w.data)
			}
		}
	}
	nothingBefore(e.hub, annUser.ID, annTab1, annTab2)
	if got := bobTab.next(); got.event != "unread" || got.data != `{"unread":2}` {
		t.Errorf("Bob heard %+v, want only his unread count", got)
	}
	nothingBefore(e.hub, bobUser.ID, bobTab)
}

func TestEventsResume(t *testing.T) {
	e := newEnv(t)
	ann, annUser := e.register("Ann", "ann@example.com", app.RoleBuyer)
	_, bobUser := e.register("Bob", "bob@example.com", app.RoleSeller)
	unread := func(user int64, n int) app.Event {
		return app.NewEvent(user, app.UnreadEventData{Unread: n})
	}

	first := ann.openEvents("")
	first.next()
	e.hub.Notify(unread(annUser.ID, 1))
	seen := first.next()
	first.close()
	e.hub.Notify(unread(annUser.ID, 2), unread(bobUser.ID, 5), unread(annUser.ID, 3))

	t.Run("missed events are replayed", func(t *testing.T) {
		byHeader, byQuery := ann.openEvents("", "Last-Event-ID", seen.id), ann.openEvents("?last_event_id="+seen.id)
		for _, s := range []*eventStream{byHeader, byQuery} {
			s.next()
			for _, want := range []string{`{"unread":2}`, `{"unread":3}`} {
				if got := s.next(); got.data != want || got.event != "unread" {
					t.Errorf("replayed %+v, want %s", got, want)
				}
			}
		}
		nothingBefore(e.hub, annUser.ID, byHeader, byQuery)
		byHeader.close()
		byQuery.close()
	})

	last, _ := strconv.ParseInt(seen.id, 10, 64)
	for name, id := range map[string]string{
		"an id from before a restart": strconv.FormatInt(last-1_000_000, 10),
		"an id never given":           strconv.FormatInt(last+1_000_000, 10),
		"not a number":                "abc",
	} {
		t.Run(name, func(t *testing.T) {
			s := ann.openEvents("", "Last-Event-ID", id)
			s.next()
			if got := s.next(); got.event != "reset" || got.data != "{}" {
				t.Errorf("got %+v, want a reset", got)
			}
			nothingBefore(e.hub, annUser.ID, s)
			s.close()
		})
	}

	t.Run("events the server let go of", func(t *testing.T) {
		for i := range 2000 { // more than the hub keeps
			e.hub.Notify(unread(bobUser.ID, i))
		}
		s := ann.openEvents("", "Last-Event-ID", seen.id)
		s.next()
		if got := s.next(); got.event != "reset" {
			t.Errorf("got %+v, want a reset", got)
		}
		// Live events follow the reset.
		e.hub.Notify(unread(annUser.ID, 4))
		if got := s.next(); got.data != `{"unread":4}` {
			t.Errorf("got %+v after the reset, want the new event", got)
		}
	})
}

func TestEventStreamHeartbeat(t *testing.T) {
	e := serverWith(t, t.TempDir(), api.Config{Heartbeat: 50 * time.Millisecond})
	ann, _ := e.register("Ann", "ann@example.com", app.RoleBuyer)
	s := ann.openEvents("")
	s.next()
	select {
	case got := <-s.events:
		if got.comment != "ping" {
			t.Errorf("got %+v, want the comment ping", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no heartbeat")
	}
}

// A stream ends as soon as its session does, whatever ended it; a stream
// of another session of the account that still holds stays open. The
// heartbeat, which also checks the session, is an hour away: only the
// hub being told can end the stream within the test's deadline.
func TestEventStreamEndsWithItsSession(t *testing.T) {
	e := serverWith(t, t.TempDir(), api.Config{Heartbeat: time.Hour})
	admin, _ := e.admin("admin@example.com")
	n := 0
	cases := []struct {
		name string
		end  func(t *testing.T, here, elsewhere *client, user app.User)
		// Whether the stream of the other session ends too. The session
		// that signs out everywhere or sets a new password is signed in
		// again with a new cookie: its own stream ends, and reconnects.
		elsewhereEnds bool
	}{
		{"logout", func(t *testing.T, here, _ *client, _ app.User) {
			expectStatus(t, here.call("POST", "/api/auth/logout", nil), http.StatusNoContent)
		}, false},
		{"session ended from the list on another device", func(t *testing.T, here, elsewhere *client, _ app.User) {
			id := decode[app.List[app.Session]](t, here.call("GET", "/api/auth/sessions", nil)).Items[0].ID
			expectStatus(t, elsewhere.call("DELETE", "/api/auth/sessions/"+id, nil), http.StatusNoContent)
		}, false},
		{"signed out everywhere on another device", func(t *testing.T, _, elsewhere *client, _ app.User) {
			expectStatus(t, elsewhere.call("DELETE", "/api/auth/sessions", nil), http.StatusNoContent)
		}, true},
		{"password changed on another device", func(t *testing.T, _, elsewhere *client, _ app.User) {
			expectStatus(t, elsewhere.call("POST", "/api/auth/password",
				map[string]string{"current_password": testPassword, "new_password": "a new password 1"}), http.StatusOK)
		}, true},
		{"password reset", func(t *testing.T, _, _ *client, user app.User) {
			r := admin.call("POST", fmt.Sprintf("/api/users/%d/reset-link", user.ID), nil)
			expectStatus(t, r, http.StatusCreated)
			link, err := url.Parse(decode[map[string]string](t, r)["url"])
			if err != nil {
				t.Fatal(err)
			}
			expectStatus(t, e.client().call("POST", "/api/auth/password/reset",
				map[string]string{"token": link.Query().Get("token"), "password": "a new password 1"}), http.StatusOK)
		}, true},
		{"account deleted", func(t *testing.T, here, _ *client, _ app.User) {
			expectStatus(t, here.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword}), http.StatusNoContent)
		}, true},
		{"account deleted by an admin", func(t *testing.T, _, _ *client, user app.User) {
			expectStatus(t, admin.call("DELETE", fmt.Sprintf("/api/buyers/%d", user.ID), nil), http.StatusNoContent)
		}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n++
			email := fmt.Sprintf("ann%d@example.com", n)
			here, user := e.register("Ann", email, app.RoleBuyer)
			elsewhere := e.client()
			expectStatus(t, elsewhere.call("POST", "/api/auth/login", map[string]string{"email": email, "password": testPassword}), http.StatusOK)
			here.t, elsewhere.t = t, t // a failure stops this case, not the others
			s, other := here.openEvents(""), elsewhere.openEvents("")
			s.next() // retry: the stream is open
			other.next()
			tc.end(t, here, elsewhere, user)
			s.ends(10 * time.Second)
			if tc.elsewhereEnds {
				other.ends(10 * time.Second)
				return
			}
			e.hub.Notify(app.NewEvent(user.ID, app.UnreadEventData{Unread: 1}))
			if got := other.next(); got.data != `{"unread":1}` {
				t.Errorf("the other session's stream got %+v, want the event", got)
			}
		})
	}
}

// An account holds at most live.MaxStreams streams: one more closes the
// oldest, which is told why so that its tab waits before reconnecting.
func TestEventStreamsPerAccount(t *testing.T) {
	e := serverWith(t, t.TempDir(), api.Config{Heartbeat: time.Hour})
	ann, annUser := e.register("Ann", "ann@example.com", app.RoleBuyer)
	bob, _ := e.register("Bob", "bob@example.com", app.RoleBuyer)
	bobs := bob.openEvents("")
	bobs.next()
	var streams []*eventStream
	for range live.MaxStreams + 1 {
		s := ann.openEvents("")
		s.next() // retry: the hub holds it
		streams = append(streams, s)
	}
	oldest := streams[0]
	if got := oldest.next(); got.event != "superseded" {
		t.Errorf("the oldest stream got %+v, want superseded", got)
	}
	oldest.ends(10 * time.Second)
	if open := e.hub.Open(); open != live.MaxStreams+1 {
		t.Errorf("%d streams open, want Ann's %d and Bob's", open, live.MaxStreams)
	}
	e.hub.Notify(app.NewEvent(annUser.ID, app.UnreadEventData{Unread: 2}))
	for i, s := range streams[1:] {
		if got := s.next(); got.data != `{"unread":2}` {
			t.Errorf("stream %d got %+v, want the event", i+2, got)
		}
	}
}

// Over HTTP/2 the stream cannot take its connection: it stays in its
// handler, and must work the same.
func TestEventStreamOverHTTP2(t *testing.T) {
	e, ann, annUser := eventServer(t, func(srv *httptest.Server) {
		srv.EnableHTTP2 = true
		srv.StartTLS()
	})
	s := ann.openEvents("")
	if s.res.ProtoMajor != 2 {
		t.Fatalf("stream over %s, want HTTP/2", s.res.Proto)
	}
	if got := s.next(); got.retry != "5000" {
		t.Errorf("first block %+v", got)
	}
	e.hub.Notify(app.NewEvent(annUser.ID, app.UnreadEventData{Unread: 3}))
	if got := s.next(); got.event != "unread" || got.data != `{"unread":3}` {
		t.Errorf("got %+v", got)
	}
	if got := <-s.events; got.comment != "ping" {
		t.Errorf("got %+v, want a ping", got)
	}
	expectStatus(t, ann.call("POST", "/api/auth/logout", nil), http.StatusNoContent)
	s.ends(2 * time.Second)
}

// The server's read and write timeouts are for requests that end; a
// stream outlives them, over HTTP/1.1 and HTTP/2.
func TestEventStreamOutlivesTheServerTimeouts(t *testing.T) {
	for _, http2 := range []bool{false, true} {
		t.Run(fmt.Sprintf("HTTP/2 %v", http2), func(t *testing.T) {
			e, ann, annUser := eventServer(t, func(srv *httptest.Server) {
				srv.Config.ReadTimeout, srv.Config.WriteTimeout = 200*time.Millisecond, 200*time.Millisecond
				if http2 {
					srv.EnableHTTP2 = true
					srv.StartTLS()
				} else {
					srv.Start()
				}
			})
			s := ann.openEvents("")
			s.next()
			// Heartbeats every 50 ms: the fifth comes after both timeouts.
			s.pings(5)
			e.hub.Notify(app.NewEvent(annUser.ID, app.UnreadEventData{Unread: 1}))
			if got := s.next(); got.data != `{"unread":1}` {
				t.Errorf("got %+v", got)
			}
		})
	}
}
