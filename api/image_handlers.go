package api

import (
	"net/http"

	"rehome/app"
)

func (s *Server) uploadImage(w http.ResponseWriter, r *http.Request) {
	// Refuse before reading ten megabytes from a stranger.
	if err := app.RequireUser(actor(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	file, err := formImage(w, r)
	if err == nil && file == nil {
		err = &app.Error{Kind: app.KindInvalid, Message: app.RequiredMessage, Fields: map[string]string{"image": app.RequiredMessage}}
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer file.Close()
	img, err := s.pictures.UploadImage(r.Context(), actor(r), file)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, img)
}
