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
// and each heartbeat checks that the session still holds.
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
// bookings as Server-Sent Events, until the request ends, the server shuts
// down or the person's session ends.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	user := actor(r)
	if err := app.RequireUser(user); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The server's timeouts are for requests that end: a stream has no
	// end, but each of its writes must be taken within stalledWrite, or the
	// client is gone or not reading.
	rc := http.NewResponseController(w)
	stall := func() error { return rc.SetWriteDeadline(time.Now().Add(stalledWrite)) }
	if err := errors.Join(stall(), rc.SetReadDeadline(time.Time{})); err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	lastID, resuming := lastEventID(r)
	stream, resume := s.hub.Subscribe(user.ID, lastID, resuming)
	defer s.hub.Unsubscribe(stream)

	// The session is saved (its cookie renewed) as the answer starts.
	w.WriteHeader(http.StatusOK)
	w.Write(retryText)
	if resume.Reset {
		w.Write(live.ResetText)
	}
	for _, f := range resume.Missed {
		w.Write(f.Text)
	}
	token := s.sessions.Token(r.Context())
	heartbeat := time.NewTicker(s.heartbeat)
	defer heartbeat.Stop()
	for {
		if rc.Flush() != nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case f, open := <-stream.Frames:
			if !open {
				return
			}
			if stall() != nil || !writeFrames(w, f, stream.Frames) {
				return
			}
		case <-heartbeat.C:
			if !s.stillSignedIn(r.Context(), token, user.ID) {
				return
			}
			if stall() != nil {
				return
			}
			if _, err := w.Write(pingText); err != nil {
				return
			}
		}
	}
}

// writeFrames writes f and the frames already waiting behind it, to flush
// them together. It is false when the stream is closed or the write failed.
func writeFrames(w http.ResponseWriter, f live.Frame, more <-chan live.Frame) bool {
	for {
		if _, err := w.Write(f.Text); err != nil {
			return false
		}
		select {
		case next, open := <-more:
			if !open {
				return false
			}
			f = next
		default:
			return true
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
func (s *Server) stillSignedIn(ctx context.Context, token string, userID int64) bool {
	// A context without this request's session, which Load would keep.
	check, cancel := context.WithTimeout(context.Background(), sessionCheckTime)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	loaded, err := s.sessions.Load(check, token)
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
