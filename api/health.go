package api

import (
	"net/http"
)

// healthPath answers monitors and load balancers. It sits outside /api: it
// needs no session and is not something the web app calls.
const healthPath = "/healthz"

// Health is what /healthz says of this instance.
type Health struct {
	// DatabaseDown and PicturesDown say that the database, or the picture
	// store, fails to answer.
	DatabaseDown, PicturesDown bool
	// Fault is why this instance cannot serve, when what fails is its own
	// (its SQLite database, its picture directory). A PostgreSQL database
	// or object store the instances share is not: the others cannot reach
	// it either, and this one goes on serving what needs neither (the web
	// app, and pictures while only the database is down), so a load
	// balancer must keep sending it requests.
	Fault error
}

type healthBody struct {
	Status   string `json:"status"`
	Database string `json:"database,omitempty"`
	Pictures string `json:"pictures,omitempty"`
	Error    string `json:"error,omitempty"`
}

func reachability(down bool) string {
	if down {
		return "unreachable"
	}
	return "ok"
}

// healthz is 200 while this instance can serve, "degraded" when a shared
// database or object store is down, and 503 with the reason when something
// of its own fails.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	var h Health
	if s.health != nil {
		h = s.health(r.Context())
	}
	body := healthBody{Status: "ok", Database: reachability(h.DatabaseDown), Pictures: reachability(h.PicturesDown)}
	if h.Fault != nil {
		body.Status, body.Error = "unavailable", h.Fault.Error()
		writeJSON(w, http.StatusServiceUnavailable, body)
		return
	}
	if h.DatabaseDown || h.PicturesDown {
		body.Status = "degraded"
	}
	writeJSON(w, http.StatusOK, body)
}
