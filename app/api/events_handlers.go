package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"rehome/app"
	"rehome/live"
)

// eventsPath is the signed-in person's live event stream. It is streamed,
// so it stays out of compressJSON, which holds each answer until it ends.
const eventsPath = "/api/events"

// Event stream timing: the client waits retryAfter before reconnecting;
// a comment every heartbeat keeps proxies from closing an idle stream,
// and each heartbeat checks that the session still holds. Each write must
// be taken within stalledWrite, or the client is gone or not reading.
const (
	retryAfter       = 5 * time.Second
	defaultHeartbeat = 25 * time.Second
	sessionCheckTime = 5 * time.Second
	stalledWrite     = time.Minute
)

var (
	retryText = []byte("retry: " + strconv.Itoa(int(retryAfter/time.Millisecond)) + "\n\n")
	pingText  = []byte(": ping\n\n")
)

// events streams what happens to the signed-in person's conversations and
// bookings as Server-Sent Events, until the client goes, the server shuts
// down (the hub closes) or the person's session ends.
//
// Over HTTP/1.1 the stream leaves net/http once it has started: it keeps
// the connection and one goroutine of its own, not net/http's buffers and
// the goroutine beneath the middleware (about 30 KB a stream, which 1,000
// open tabs would have taken past the server's memory budget,
// docs/benchmarks.md).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	user := actor(r)
	if err := app.RequireUser(user); err != nil {
		s.writeError(w, r, err)
		return
	}
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
		return
	}
	rc := http.NewResponseController(w)
	if err := errors.Join(rc.SetWriteDeadline(time.Now().Add(stalledWrite)), rc.SetReadDeadline(time.Time{})); err != nil {
		s.writeError(w, r, err)
		return
	}
	lastID, resuming := lastEventID(r)
	token := s.sessions.Token(r.Context())
	owner := live.Owner{UserID: user.ID, Session: app.SessionID(token), Epoch: user.SessionEpoch}
	stream, resume := s.hub.Subscribe(owner, lastID, resuming)
	// The hub closes the stream when its session ends from now on; one
	// that ended while this request was on its way is found here.
	if !s.stillSignedIn(token, user.ID) {
		s.hub.Unsubscribe(stream)
		s.writeError(w, r, app.RequireUser(nil))
		return
	}

	// The session is saved (its cookie renewed) as the answer starts.
	// When that fails, the answer is sessionFailed's error instead.
	w.WriteHeader(http.StatusOK)
	if h.Get("Content-Type") != "text/event-stream" {
		s.hub.Unsubscribe(stream)
		return
	}
	w.Write(retryText)
	if resume.Reset {
		w.Write(live.ResetText)
	}
	for _, f := range resume.Missed {
		w.Write(f.Text)
	}
	if err := rc.Flush(); err != nil {
		s.hub.Unsubscribe(stream)
		return
	}
	if conn, _, err := rc.Hijack(); err == nil {
		go s.stream(newConnSink(conn), stream, token, user.ID)
		return
	}
	// HTTP/2 does not give its connection away: the stream stays here.
	s.stream(&writerSink{w: w, rc: rc, done: r.Context().Done()}, stream, token, user.ID)
}

// stream sends stream's frames to sink, with a heartbeat, until one of
// them ends or the session behind token no longer belongs to userID. The
// hub ends the stream as soon as its session ends; the heartbeat's check
// is there for what the hub was not told.
func (s *Server) stream(sink eventSink, stream *live.Stream, token string, userID int64) {
	defer sink.close()
	defer s.hub.Unsubscribe(stream)
	heartbeat := time.NewTicker(s.heartbeat)
	defer heartbeat.Stop()
	for {
		select {
		case <-sink.gone():
			return
		case f, open := <-stream.Frames:
			if !open {
				if stream.Ended() == live.Superseded {
					sink.send(live.SupersededText)
				}
				return
			}
			if sink.send(f.Text) != nil {
				return
			}
		case <-heartbeat.C:
			if !s.stillSignedIn(token, userID) || sink.send(pingText) != nil {
				return
			}
		}
	}
}

// lastEventID is the id of the last event the client received, from the
// header EventSource sends on reconnecting or, for tests, the query. An id
// that is not a number asks for a reset as an unknown one does.
func lastEventID(r *http.Request) (id int64, resuming bool) {
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

// stillSignedIn reads the session behind token again, as a new request
// would, and says whether it still belongs to userID. A store that cannot
// answer for now leaves the stream open.
func (s *Server) stillSignedIn(token string, userID int64) bool {
	// A context of its own: Load keeps a session already in its context.
	ctx, cancel := context.WithTimeout(context.Background(), sessionCheckTime)
	defer cancel()
	loaded, err := s.sessions.Load(ctx, token)
	if err != nil {
		s.log.Warn("event stream: session check", "err", err)
		return true
	}
	user, err := s.sessionUser(loaded)
	switch {
	case errors.Is(err, errSessionEnded), err == nil && (user == nil || user.ID != userID):
		return false
	case err != nil:
		s.log.Warn("event stream: session check", "err", err)
	}
	return true
}
