package api

import (
	"net/http"

	"rehome/app"
)

// listSessions lists the signed-in person's sessions, this one marked current.
func (s *Server) listSessions(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.signingIn.Sessions(r.Context(), actor(r), app.SessionID(s.sessions.Token(r.Context())), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// endSession signs out one of the person's sessions; ending this one is
// signing out.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) error {
	id := pathParam(r, "id")
	err := s.signingIn.EndSession(r.Context(), actor(r), id)
	if err == nil && id == app.SessionID(s.sessions.Token(r.Context())) {
		err = s.sessions.Destroy(r.Context())
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
