package api

import (
	"net/http"

	"rehome/app"
)

func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	var in app.ReportInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.reports.Report(r.Context(), actor(r), in); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The reported thing, under the key it was given by.
	kind, id := in.Target()
	writeJSON(w, http.StatusCreated, map[string]int64{string(kind) + "_id": id})
}

func (s *Server) reportedProducts(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.reports.ReportedProducts(r.Context(), actor(r), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// auditLog lists the admins' actions; it lives with the reports, the other
// list only admins read.
func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.audit.AuditLog(r.Context(), actor(r), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) dismissReport(w http.ResponseWriter, r *http.Request) {
	s.deleteByID(w, r, s.reports.DismissReport)
}
