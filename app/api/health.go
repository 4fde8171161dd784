package api

import (
	"net/http"
)

// healthPath answers monitors and load balancers. It sits outside /api: it
// needs no session and is not something the web app calls.
const healthPath = "/healthz"

type healthBody struct {
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
}

// healthz is 200 when the server can read its database and store pictures,
// and 503 with the reason otherwise.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.health != nil {
		if err := s.health(r.Context()); err != nil {
			writeJSON(w, http.StatusServiceUnavailable, healthBody{Status: "unavailable", Error: err.Error()})
			return
		}
	}
	writeJSON(w, http.StatusOK, healthBody{Status: "ok"})
}
