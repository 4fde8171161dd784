package api

import (
	"net/http"

	"rehome/app"
)

// site answers the site's settings to anyone: the web app shows its name,
// texts and links on every screen.
func (s *Server) site(w http.ResponseWriter, r *http.Request) {
	site, err := s.settings.Site(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, site)
}

// updateSite changes the settings the body names (admins only).
func (s *Server) updateSite(w http.ResponseWriter, r *http.Request) {
	if err := app.Allow(actor(r), app.CanEditSite(actor(r))); err != nil {
		s.writeError(w, r, err)
		return
	}
	var patch app.SitePatch
	if err := decodeJSON(w, r, &patch); err != nil {
		s.writeError(w, r, err)
		return
	}
	site, err := s.settings.UpdateSite(r.Context(), actor(r), patch)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, site)
}
