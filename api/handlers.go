package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"rehome/app"
)

// Shapes of service calls that several handlers share.
type (
	bookingChange func(context.Context, *app.User, int64) (*app.Booking, error)
	deletion      func(context.Context, *app.User, int64) error
)

// deleteByID runs del for the {id} in the path and answers 204 No Content.
func (s *Server) deleteByID(w http.ResponseWriter, r *http.Request, del deletion) error {
	id, err := idParam(pathParam(r, "id"))
	if err == nil {
		err = del(r.Context(), actor(r), id)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusNotFound, errorBody{Error: "Not found"})
}

// apiMethodNotAllowed names the methods the path does allow, as RFC 9110 asks;
// chi only does that in its own plain-text handler.
func (s *Server) apiMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if s.router.Match(chi.NewRouteContext(), method, r.URL.Path) {
			allowed = append(allowed, method)
			if method == http.MethodGet {
				allowed = append(allowed, http.MethodHead) // see headAsGet in routes.go
			}
		}
	}
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: "Method not allowed"})
}
