package api

import (
	"context"
	"net/http"

	"rehome/app"
)

// listCategories is public, see httpcache.PublicLists.
func (s *Server) listCategories(w http.ResponseWriter, r *http.Request) {
	err := s.public.Serve(w, r, s.catalogueVersion(), "categories", func(ctx context.Context) (any, error) {
		categories, err := s.catalogue.Categories(ctx)
		return app.List[app.Category]{Items: categories, Total: len(categories)}, err
	})
	if err != nil {
		s.writeError(w, r, err)
	}
}

func (s *Server) createCategory(w http.ResponseWriter, r *http.Request) {
	// Decide before reading the upload; the service checks again.
	if err := app.Allow(actor(r), app.CanCreateCategory(actor(r))); err != nil {
		s.writeError(w, r, err)
		return
	}
	image, err := formImage(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if image != nil {
		defer image.Close()
	}
	category, err := s.catalogue.CreateCategory(r.Context(), actor(r), app.NewCategory{Name: r.PostFormValue("name")}, image)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, category)
}

func (s *Server) categoryProducts(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.catalogue.CategoryProducts(r.Context(), actor(r), pathParam(r, "name"), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
