package api

import (
	"net/http"

	"rehome/app"
)

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

func (s *Server) editProduct(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var changes app.ProductChanges
	if err := decodeJSON(w, r, &changes); err != nil {
		s.writeError(w, r, err)
		return
	}
	product, err := s.svc.EditProduct(r.Context(), actor(r), id, changes)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, product)
}

func (s *Server) deleteProduct(w http.ResponseWriter, r *http.Request) {
	s.deleteByID(w, r, s.svc.DeleteProduct)
}

func (s *Server) searchProducts(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	result, err := s.svc.SearchProducts(r.Context(), actor(r), searchInput(r.URL.Query()), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, result)
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
