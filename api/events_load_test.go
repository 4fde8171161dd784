package api_test

import (
	"bytes"
	"fmt"
	"net"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"rehome/app"
	"rehome/live"
)

// rawStream opens GET /api/events over a bare TCP connection with c's
// session cookie and reads up to the first block (retry), then leaves the
// connection as it is: nothing on this side reads or buffers more.
func (c *client) rawStream(t testing.TB) net.Conn {
	t.Helper()
	u, _ := url.Parse(c.base)
	var cookies []string
	for _, k := range c.http.Jar.Cookies(u) {
		cookies = append(cookies, k.String())
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_, err = conn.Write([]byte("GET /api/events HTTP/1.1\r\nHost: " + u.Host + "\r\nAccept: text/event-stream\r\nCookie: " +
		strings.Join(cookies, "; ") + "\r\n\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	// The first block ends the first read or two: headers, then retry.
	var head []byte
	buf := make([]byte, 1024)
	for !bytes.Contains(head, []byte("retry: 5000\n\n")) {
		n, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("reading the stream's start: %v; got %q", err, head)
		}
		head = append(head, buf[:n]...)
	}
	if !bytes.HasPrefix(head, []byte("HTTP/1.1 200")) {
		t.Fatalf("stream answered %q", head)
	}
	conn.SetReadDeadline(time.Time{})
	return conn
}

// wantOpen fails unless the hub holds n open streams. Nothing to wait
// for: a stream is in the hub before its first block is written, and
// Notify closes a stream that fell behind before it returns.
func (e *env) wantOpen(t testing.TB, n int) {
	t.Helper()
	if open := e.hub.Open(); open != n {
		t.Fatalf("%d streams open, want %d", open, n)
	}
}

// A client that stops reading is dropped rather than slowing Notify down,
// and the others go on hearing their events.
func TestSlowEventStreamDoesNotBlockNotify(t *testing.T) {
	e := newEnv(t)
	slow, slowUser := e.register("Sid Slow", "slow@example.com", app.RoleBuyer)
	fast, fastUser := e.register("Fay Fast", "fast@example.com", app.RoleBuyer)
	slow.rawStream(t) // never read again
	other := fast.openEvents("")
	other.next()
	e.wantOpen(t, 2)

	// 20 MB for the slow client: more than loopback's socket buffers hold.
	data := paddedEvent{Padding: strings.Repeat("x", 4096)}
	// A Notify that waited for the slow client would wait for it to read,
	// which it never does: the loop would not end.
	notified := make(chan time.Duration, 1)
	go func() {
		var slowest time.Duration
		for range 5000 {
			start := time.Now()
			e.hub.Notify(app.NewEvent(slowUser.ID, data))
			slowest = max(slowest, time.Since(start))
		}
		notified <- slowest
	}()
	select {
	case slowest := <-notified:
		t.Logf("the slowest Notify took %v", slowest)
	case <-time.After(20 * time.Second):
		t.Fatal("Notify is held up by a client that does not read")
	}
	e.wantOpen(t, 1)
	e.hub.Notify(app.NewEvent(fastUser.ID, app.UnreadEventData{Unread: 1}))
	if got := other.next(); got.data != `{"unread":1}` {
		t.Errorf("the other stream heard %+v", got)
	}
}

// TestEventStreamMemory opens 1,000 streams and weighs what the process
// holds for each: heap and goroutine stacks after collections. Both ends
// are in this process, but the client end is a bare TCP connection (a
// file descriptor and a few hundred bytes), so nearly all of it is the
// server's. Measured: 8 to 10 KB, about half of it the stacks of the
// stream's two goroutines (the one that writes and the one that notices
// the client leave), the rest the connection, the hub's channel of 16
// frames and the heartbeat's ticker. Were a stream to stay inside
// net/http, its buffers (10 KB) and the goroutine beneath the middleware
// (16 KB of stack) would take this past the bound.
func TestEventStreamMemory(t *testing.T) {
	const streams = 1000
	const bound = 16 << 10
	e := newEnv(t)
	// Each account holds at most live.MaxStreams: 1,000 tabs are those
	// of 125 people.
	var people []*client
	var events []app.Event
	for i := range streams / live.MaxStreams {
		c, u := e.register("Ann", fmt.Sprintf("ann%d@example.com", i), app.RoleBuyer)
		people = append(people, c)
		events = append(events, app.NewEvent(u.ID, app.UnreadEventData{Unread: 1}))
	}
	warm, _ := e.register("Warm", "warm@example.com", app.RoleBuyer)
	warm.rawStream(t) // warm up: pools, the database's connections
	e.wantOpen(t, 1)

	before := heldMemory()
	start := time.Now()
	conns := make([]net.Conn, 0, streams)
	for i := range streams {
		conns = append(conns, people[i/live.MaxStreams].rawStream(t))
	}
	e.wantOpen(t, streams+1)
	opened := time.Since(start)
	after := heldMemory()
	perStream := (int64(after) - int64(before)) / streams
	t.Logf("%d streams opened in %v; %d bytes held per stream", streams, opened, perStream)
	if perStream > bound {
		t.Errorf("%d bytes held per open stream, want at most %d", perStream, bound)
	}

	// One event reaches every stream.
	start = time.Now()
	e.hub.Notify(events...)
	buf := make([]byte, 256)
	for i, c := range conns {
		c.SetReadDeadline(time.Now().Add(time.Minute))
		var got []byte
		for !bytes.Contains(got, []byte("data: {\"unread\":1}\n\n")) {
			n, err := c.Read(buf)
			if err != nil {
				t.Fatalf("stream %d: %v after %q", i, err, got)
			}
			got = append(got, buf[:n]...)
		}
	}
	t.Logf("one event reached all %d streams in %v", streams, time.Since(start))
}

// heldMemory is the heap in use and the goroutine stacks, after a
// collection.
func heldMemory() uint64 {
	for range 6 {
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}

// paddedEvent is a message event made large, to fill a stream's buffers.
type paddedEvent struct {
	Padding string `json:"padding"`
}

func (paddedEvent) EventType() app.EventType { return app.EventMessage }
