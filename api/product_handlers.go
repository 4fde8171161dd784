package api

import "net/http"

func (s *Server) createProduct(w http.ResponseWriter, r *http.Request) {
	var body productBody
	if err := decodeIgnoring(w, r, productBodyIgnoring, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	product, err := s.catalogue.CreateProduct(r.Context(), actor(r), body.input())
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
	product, err := s.catalogue.Product(r.Context(), actor(r), id)
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
	var patch productPatch
	if err := decodeIgnoring(w, r, productPatchIgnoring, &patch); err != nil {
		s.writeError(w, r, err)
		return
	}
	product, err := s.catalogue.EditProduct(r.Context(), actor(r), id, patch.changes())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, product)
}

func (s *Server) deleteProduct(w http.ResponseWriter, r *http.Request) {
	s.deleteByID(w, r, s.catalogue.DeleteProduct)
}

func (s *Server) searchProducts(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	result, err := s.catalogue.SearchProducts(r.Context(), actor(r), searchInput(r.URL.Query()), page)
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
	list, err := s.catalogue.SellerProducts(r.Context(), actor(r), pathParam(r, "email"), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
