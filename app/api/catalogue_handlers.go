package api

import (
	"context"
	"net/http"

	"rehome/app"
)

func (s *Server) uploadImage(w http.ResponseWriter, r *http.Request) {
	// Refuse before reading ten megabytes from a stranger.
	if err := app.RequireUser(actor(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := parseMultipart(w, r); err != nil {
		s.writeError(w, r, err)
		return
	}
	file, err := formFile(r, "image")
	if err == nil && file == nil {
		err = &app.Error{Kind: app.KindInvalid, Message: app.RequiredMessage, Fields: map[string]string{"image": app.RequiredMessage}}
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer file.Close()
	img, err := s.svc.UploadImage(r.Context(), actor(r), file)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, img)
}

// listCategories is public, see publicLists.
func (s *Server) listCategories(w http.ResponseWriter, r *http.Request) {
	err := s.public.serve(w, r, s.svc.CatalogueVersion(), "categories", func(ctx context.Context) (any, error) {
		categories, err := s.svc.Categories(ctx)
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
	if err := parseMultipart(w, r); err != nil {
		s.writeError(w, r, err)
		return
	}
	image, err := formFile(r, "image")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if image != nil {
		defer image.Close()
	}
	category, err := s.svc.CreateCategory(r.Context(), actor(r), app.NewCategory{Name: r.PostFormValue("name")}, image)
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
	list, err := s.svc.CategoryProducts(r.Context(), actor(r), pathParam(r, "name"), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) createProduct(w http.ResponseWriter, r *http.Request) {
	var in app.ProductInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	product, err := s.svc.CreateProduct(r.Context(), actor(r), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, product)
}

func (s *Server) product(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	product, err := s.svc.Product(r.Context(), actor(r), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, product)
}

func (s *Server) deleteProduct(w http.ResponseWriter, r *http.Request) {
	s.deleteByID(w, r, s.svc.DeleteProduct)
}

func (s *Server) sellerProducts(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.svc.SellerProducts(r.Context(), actor(r), pathParam(r, "email"), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
