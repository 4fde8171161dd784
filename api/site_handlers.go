package api

import (
	"net/http"

	"rehome/app"
)

// site answers the site's settings to anyone: the web app shows its name,
// texts and links on every screen.
func (s *Server) site(w http.ResponseWriter, r *http.Request) error {
	site, err := s.settings.Site(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, site)
	return nil
}

// updateSite changes the settings the body names (admins only).
func (s *Server) updateSite(w http.ResponseWriter, r *http.Request) error {
	if err := app.Allow(actor(r), app.CanEditSite(actor(r))); err != nil {
		return err
	}
	var patch app.SitePatch
	if err := decodeJSON(w, r, &patch); err != nil {
		return err
	}
	site, err := s.settings.UpdateSite(r.Context(), actor(r), patch)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, site)
	return nil
}

// searchSynonyms answers the search's synonym groups (admins).
func (s *Server) searchSynonyms(w http.ResponseWriter, r *http.Request) error {
	groups, err := s.settings.Synonyms(r.Context(), actor(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, groups)
	return nil
}

// setSearchSynonyms replaces every synonym group (admins): the body is the
// groups, [["couch", "sofa"], ...], and the answer the groups as kept.
func (s *Server) setSearchSynonyms(w http.ResponseWriter, r *http.Request) error {
	if err := app.Allow(actor(r), app.CanEditSite(actor(r))); err != nil {
		return err
	}
	var groups [][]string
	if err := decodeJSON(w, r, &groups); err != nil {
		return err
	}
	kept, err := s.settings.SetSynonyms(r.Context(), actor(r), groups)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, kept)
	return nil
}
