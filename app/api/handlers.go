package api

import (
	"context"
	"net/http"

	"rehome/app"
)

// Shapes of service calls that several handlers share.
type (
	bookingChange func(context.Context, *app.User, int64) (*app.Booking, error)
	deletion      func(context.Context, *app.User, int64) error
)

// deleteByID runs del for the {id} in the path and answers 204 No Content.
func (s *Server) deleteByID(w http.ResponseWriter, r *http.Request, del deletion) {
	id, err := idParam(pathParam(r, "id"))
	if err == nil {
		err = del(r.Context(), actor(r), id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
