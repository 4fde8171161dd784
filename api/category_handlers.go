package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"rehome/app"
	"rehome/internal/webroutes"
)

// listCategories is public, see httpcache.PublicLists.
func (s *Server) listCategories(w http.ResponseWriter, r *http.Request) error {
	return s.public.Serve(w, r, s.catalogueVersion(), "categories", s.readCategories)
}

func (s *Server) readCategories(ctx context.Context) (any, error) {
	categories, err := s.catalogue.Categories(ctx)
	return app.List[app.Category]{Items: categories, Total: len(categories)}, err
}

func (s *Server) createCategory(w http.ResponseWriter, r *http.Request) error {
	// Decide before reading the upload; the service checks again.
	if err := app.Allow(actor(r), app.CanCreateCategory(actor(r))); err != nil {
		return err
	}
	image, err := formImage(w, r)
	if err != nil {
		return err
	}
	if image != nil {
		defer image.Close()
	}
	category, err := s.catalogue.CreateCategory(r.Context(), actor(r), app.NewCategory{Name: r.PostFormValue("name")}, image)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, category)
	return nil
}

func (s *Server) categoryProducts(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	name := pathParam(r, "name")
	list, err := s.catalogue.CategoryProducts(r.Context(), actor(r), name, page)
	if app.ErrorKind(err) == app.KindNotFound {
		if now, renamedErr := s.catalogue.RenamedCategory(r.Context(), name); renamedErr == nil {
			redirect(w, r, "/api/categories/"+url.PathEscape(now), http.StatusPermanentRedirect)
			return nil
		}
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// categoryPatch is the body of PATCH /api/categories/{name}: the fields sent change.
type categoryPatch struct {
	Name  *string `json:"name"`
	Image *string `json:"image"`
}

func (s *Server) editCategory(w http.ResponseWriter, r *http.Request) error {
	var patch categoryPatch
	if err := decodeJSON(w, r, &patch); err != nil {
		return err
	}
	category, err := s.catalogue.EditCategory(r.Context(), actor(r), pathParam(r, "name"),
		app.CategoryChanges{Name: patch.Name, Image: patch.Image})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, category)
	return nil
}

// redirect sends r on to path, with its query, without a body: the API
// answers JSON or nothing.
func redirect(w http.ResponseWriter, r *http.Request, path string, status int) {
	if r.URL.RawQuery != "" {
		path += "?" + r.URL.RawQuery
	}
	w.Header().Set("Location", path)
	w.WriteHeader(status)
}

// renamedCategories sends the web app's page of a category's former name
// to the page of its name now, so links shared before a rename keep
// working, and search engines learn the new address.
func (s *Server) renamedCategories(next http.Handler) http.Handler {
	prefix := webroutes.Prefix("category")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if name, ok := strings.CutPrefix(r.URL.Path, prefix); ok && name != "" && !strings.Contains(name, "/") {
			if now, err := s.catalogue.RenamedCategory(r.Context(), name); err == nil {
				redirect(w, r, categoryPath(now), http.StatusMovedPermanently)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
