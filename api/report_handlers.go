package api

import (
	"net/http"

	"rehome/app"
)

func (s *Server) report(w http.ResponseWriter, r *http.Request) error {
	var in app.ReportInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.reports.Report(r.Context(), actor(r), in); err != nil {
		return err
	}
	// The reported thing, under the key it was given by.
	kind, id := in.Target()
	writeJSON(w, http.StatusCreated, map[string]int64{string(kind) + "_id": id})
	return nil
}

func (s *Server) reportedProducts(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.reports.ReportedProducts(r.Context(), actor(r), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// auditLog lists the admins' actions; it lives with the reports, the other
// list only admins read.
func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.audit.AuditLog(r.Context(), actor(r), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

func (s *Server) dismissReport(w http.ResponseWriter, r *http.Request) error {
	return s.deleteByID(w, r, s.reports.DismissReport)
}
