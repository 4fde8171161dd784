package api_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rehome/api"
	"rehome/app"
	"rehome/internal/wiring"
	"rehome/live"
)

// sseEvent is one block of an event stream: an event, a comment or a
// retry hint.
type sseEvent struct {
	id, event, data, comment, retry string
}

// eventStream is an open GET /api/events, read as EventSource reads it.
type eventStream struct {
	t      testing.TB
	res    *http.Response
	events chan sseEvent // closed when the stream ends
	cancel context.CancelFunc
}

// openEvents opens the event stream as c, with headers as name, value pairs.
func (c *client) openEvents(query string, headers ...string) *eventStream {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/events"+query, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		cancel()
		c.t.Fatal(err)
	}
	if res.StatusCode == http.StatusOK {
		checkAnswer(c.t, res, nil) // a stream's body would not end
	} else {
		data, err := io.ReadAll(res.Body)
		if err != nil {
			cancel()
			c.t.Fatal(err)
		}
		checkAnswer(c.t, res, data)
		res.Body = io.NopCloser(bytes.NewReader(data))
	}
	s := &eventStream{t: c.t, res: res, events: make(chan sseEvent, 1024), cancel: cancel}
	c.t.Cleanup(s.close)
	go s.read()
	return s
}

func (s *eventStream) read() {
	defer close(s.events)
	scanner := bufio.NewScanner(s.res.Body)
	var e sseEvent
	for scanner.Scan() {
		line := scanner.Text()
		if line == "" {
			s.events <- e
			e = sseEvent{}
			continue
		}
		if comment, ok := strings.CutPrefix(line, ":"); ok {
			e.comment = strings.TrimSpace(comment)
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "id":
			e.id = value
		case "event":
			e.event = value
		case "data":
			e.data = value
		case "retry":
			e.retry = value
		}
	}
}

func (s *eventStream) close() {
	s.cancel()
	s.res.Body.Close()
}

// next is the next block that is not a heartbeat comment.
func (s *eventStream) next() sseEvent {
	s.t.Helper()
	for {
		select {
		case e, open := <-s.events:
			if !open {
				s.t.Fatal("the event stream ended")
			}
			if e.comment == "" {
				if e.event != "" {
					checkEvent(s.t, e.event, e.data)
				}
				return e
			}
		case <-time.After(5 * time.Second):
			s.t.Fatal("no event within 5 s")
		}
	}
}

// pings waits for n heartbeat comments, ignoring events between them.
func (s *eventStream) pings(n int) {
	s.t.Helper()
	for n > 0 {
		select {
		case e, open := <-s.events:
			if !open {
				s.t.Fatal("the event stream ended")
			}
			if e.comment == "ping" {
				n--
			}
		case <-time.After(10 * time.Second):
			s.t.Fatal("no heartbeat within 10 s")
		}
	}
}

// markerUnread is an unread count no write of the test's makes, so the
// event carrying it is known for the marker it is.
const markerUnread = 999_999

// nothingBefore publishes a marker event for userID through hub and
// fails unless it is the next event each of userID's streams hears. The
// broker hands a stream its events in the order it numbers them, and what
// went before was published before the marker: an event a stream should
// not have heard arrives first.
func nothingBefore(hub live.Broker, userID int64, streams ...*eventStream) {
	hub.Notify(app.NewEvent(userID, app.UnreadEventData{Unread: markerUnread}))
	want := fmt.Sprintf(`{"unread":%d}`, markerUnread)
	for _, s := range streams {
		s.t.Helper()
		if got := s.next(); got.event != "unread" || got.data != want {
			s.t.Errorf("heard %+v before the marker", got)
		}
	}
}

// ends waits for the server to end the stream, and says how long it took.
func (s *eventStream) ends(within time.Duration) time.Duration {
	s.t.Helper()
	start := time.Now()
	deadline := time.After(within)
	for {
		select {
		case _, open := <-s.events:
			if !open {
				return time.Since(start)
			}
		case <-deadline:
			s.t.Fatalf("the event stream was still open after %v", within)
		}
	}
}

// peek asks GET path as c and closes the answer once its headers arrive,
// reading the body only of an error: a stream's would not end.
func (c *client) peek(path string) *response {
	c.t.Helper()
	s := c.openEvents(strings.TrimPrefix(path, "/api/events"))
	defer s.close()
	r := &response{status: s.res.StatusCode, header: s.res.Header}
	if r.status != http.StatusOK {
		var body strings.Builder
		for e := range s.events {
			body.WriteString(e.data)
		}
		r.body = []byte(body.String())
	}
	return r
}

// eventServer starts a server with a 50 ms heartbeat as start says (TLS,
// timeouts), and signs up Ann on it.
func eventServer(t *testing.T, start func(*httptest.Server)) (*env, *client, app.User) {
	t.Helper()
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	handler := m.Server(api.Config{
		Heartbeat: 50 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}).Handler()
	srv := httptest.NewUnstartedServer(handler)
	start(srv)
	t.Cleanup(srv.Close)
	t.Cleanup(m.Events.Close)
	e := &env{t: t, srv: srv, db: m.DB, svc: m.Services, hub: m.Events}
	jar, _ := cookiejar.New(nil)
	// Ann signs up on a server of the same handler without the timeouts
	// start may set, which a busy machine could exceed; her cookie then goes
	// to srv too, cookies being the host's whatever the port.
	signUp := httptest.NewServer(handler)
	defer signUp.Close()
	ann := &client{t: t, base: signUp.URL, http: &http.Client{Jar: jar, Transport: srv.Client().Transport}}
	r := ann.form("/api/auth/register", map[string]string{
		"name": "Ann", "email": "ann@example.com", "password": testPassword, "role": "Buyer",
	}, pngImage(t, 10, 10))
	expectStatus(t, r, http.StatusCreated)
	ann.base = srv.URL
	return e, ann, decode[app.User](t, r)
}
