// Package eventstream is the transport of the live event streams: Server-
// Sent Events written on a connection taken over from net/http, or over
// HTTP/2 in the handler, with a heartbeat and a deadline on every write.
// Who may open a stream and what it carries is the handler's (api) and
// the hub's (live) business.
//
// Over HTTP/1.1 the stream leaves net/http once it has started: it keeps
// the connection and one goroutine of its own, not net/http's buffers and
// the goroutine beneath the middleware (about 30 KB a stream, which 1,000
// open tabs would have taken past the server's memory budget,
// docs/benchmarks.md).
package eventstream

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"rehome/live"
)

// Event stream timing: the client waits retryAfter before reconnecting;
// a comment every heartbeat keeps proxies from closing an idle stream.
// Each write must be taken within stalledWrite, or the client is gone or
// not reading.
const (
	retryAfter = 5 * time.Second
	// DefaultHeartbeat is how often a stream sends a comment unless told.
	DefaultHeartbeat = 25 * time.Second
	stalledWrite     = time.Minute
)

var (
	retryText = []byte("retry: " + strconv.Itoa(int(retryAfter/time.Millisecond)) + "\n\n")
	pingText  = []byte(": ping\n\n")
)

// Prepare sets an event stream's headers and lifts the server's deadlines
// for it. A HEAD request is answered there (answered is true); an error
// means the connection cannot carry a stream, and nothing was written.
func Prepare(w http.ResponseWriter, r *http.Request) (answered bool, err error) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	if r.ProtoMajor == 1 {
		// Close-delimited rather than chunked, as the Server-Sent Events
		// specification suggests: once the connection is ours, what is
		// written on it is the stream.
		h.Set("Transfer-Encoding", "identity")
	}
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return true, nil
	}
	rc := http.NewResponseController(w)
	return false, errors.Join(rc.SetWriteDeadline(time.Now().Add(stalledWrite)), rc.SetReadDeadline(time.Time{}))
}

// LastEventID is the id of the last event the client received, from the
// header EventSource sends on reconnecting or, for tests, the query. An id
// that is not a number asks for a reset as an unknown one does.
func LastEventID(r *http.Request) (id int64, resuming bool) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("last_event_id")
	}
	if v == "" {
		return 0, false
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return -1, true
	}
	return id, true
}

// Feed is what one stream sends, and how it ends.
type Feed struct {
	Stream *live.Stream
	Resume live.Resume // sent first
	// Heartbeat is how often a comment is sent and StillOpen asked.
	Heartbeat time.Duration
	// StillOpen says whether the stream may go on, for what the hub was
	// not told (a session that ended elsewhere).
	StillOpen func() bool
	// Close ends the subscription; it is called once, when the stream ends.
	Close func()
}

// Serve starts the answer of a request Prepare prepared and sends f's
// frames, until the client goes, the hub closes the stream or StillOpen
// says no. Over HTTP/1.1 it returns at once, the stream going on with the
// connection.
func Serve(w http.ResponseWriter, r *http.Request, f Feed) {
	// A session saved as the answer starts may fail, and its error be the
	// answer instead.
	w.WriteHeader(http.StatusOK)
	if w.Header().Get("Content-Type") != "text/event-stream" {
		f.Close()
		return
	}
	w.Write(retryText)
	if f.Resume.Reset {
		w.Write(live.ResetText)
	}
	for _, missed := range f.Resume.Missed {
		w.Write(missed.Text)
	}
	rc := http.NewResponseController(w)
	if err := rc.Flush(); err != nil {
		f.Close()
		return
	}
	if conn, _, err := rc.Hijack(); err == nil {
		go f.pump(newConnSink(conn))
		return
	}
	// HTTP/2 does not give its connection away: the stream stays here.
	f.pump(&writerSink{w: w, rc: rc, done: r.Context().Done()})
}

// pump sends the stream's frames to sink, with a heartbeat, until one of
// them ends or StillOpen says no.
func (f Feed) pump(sink eventSink) {
	defer sink.close()
	defer f.Close()
	heartbeat := time.NewTicker(f.Heartbeat)
	defer heartbeat.Stop()
	for {
		select {
		case <-sink.gone():
			return
		case frame, open := <-f.Stream.Frames:
			if !open {
				if f.Stream.Ended() == live.Superseded {
					sink.send(live.SupersededText)
				}
				return
			}
			if sink.send(frame.Text) != nil {
				return
			}
		case <-heartbeat.C:
			if !f.StillOpen() || sink.send(pingText) != nil {
				return
			}
		}
	}
}
