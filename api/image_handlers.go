package api

import (
	"net/http"

	"rehome/app"
)

func (s *Server) uploadImage(w http.ResponseWriter, r *http.Request) error {
	// Refuse before reading ten megabytes from a stranger.
	if err := app.RequireUser(actor(r)); err != nil {
		return err
	}
	file, err := formImage(w, r)
	if err == nil && file == nil {
		err = &app.Error{Kind: app.KindInvalid, Message: app.RequiredMessage, Fields: map[string]string{"image": app.RequiredMessage}}
	}
	if err != nil {
		return err
	}
	defer file.Close()
	img, err := s.pictures.UploadImage(r.Context(), actor(r), file)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, img)
	return nil
}
