package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"rehome/api/eventstream"
	"rehome/app"
	"rehome/live"
)

// eventsPath is the signed-in person's live event stream. It is streamed,
// so it stays out of httpcache.CompressJSON, which holds each answer until it ends.
const eventsPath = "/api/events"

// sessionCheckTime bounds a stream's reading of its session.
const sessionCheckTime = 5 * time.Second

// events streams what happens to the signed-in person's conversations and
// bookings as Server-Sent Events (package eventstream), until the client
// goes, the server shuts down (the hub closes) or the person's session ends.
func (s *Server) events(w http.ResponseWriter, r *http.Request) error {
	user := actor(r)
	if err := app.RequireUser(user); err != nil {
		return err
	}
	answered, err := eventstream.Prepare(w, r)
	if answered {
		return nil
	}
	if err != nil {
		return err
	}
	lastID, resuming := eventstream.LastEventID(r)
	token := s.sessions.Token(r.Context())
	owner := live.Owner{UserID: user.ID, Session: app.SessionID(token), Epoch: user.SessionEpoch}
	stream, resume := s.hub.Subscribe(owner, lastID, resuming)
	// The hub closes the stream when its session ends from now on; one
	// that ended while this request was on its way is found here.
	if !s.stillSignedIn(token, user.ID) {
		s.hub.Unsubscribe(stream)
		return app.RequireUser(nil)
	}
	// The session is saved (its cookie renewed) as the answer starts.
	// When that fails, the answer is sessionFailed's error instead.
	eventstream.Serve(w, r, eventstream.Feed{
		Stream: stream, Resume: resume, Heartbeat: s.heartbeat,
		StillOpen: func() bool { return s.stillSignedIn(token, user.ID) },
		Close:     func() { s.hub.Unsubscribe(stream) },
	})
	return nil
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
