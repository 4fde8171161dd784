package api

import (
	"net/http"

	"rehome/app"
)

// listSessions lists the signed-in person's sessions, this one marked current.
func (s *Server) listSessions(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.signingIn.Sessions(r.Context(), actor(r), app.SessionID(s.sessions.Token(r.Context())), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// endSession signs out one of the person's sessions; ending this one is
// signing out.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	id := pathParam(r, "id")
	err := s.signingIn.EndSession(r.Context(), actor(r), id)
	if err == nil && id == app.SessionID(s.sessions.Token(r.Context())) {
		err = s.sessions.Destroy(r.Context())
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
