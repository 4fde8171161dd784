package api

import (
	"net/http"

	"rehome/api/webapp"
)

// manifest is the web app's manifest with the site's name.
func (s *Server) manifest(w http.ResponseWriter, r *http.Request) {
	built := s.webApp.File(webapp.ManifestFile)
	if built == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	site, err := s.settings.Site(r.Context())
	if err != nil {
		s.log.Error("the site's settings for the manifest", "err", err)
		built.Serve(w, r)
		return
	}
	named, err := s.webApp.Manifest(site.Name)
	if err != nil {
		s.log.Error("the built manifest", "err", err)
	}
	named.Serve(w, r)
}
