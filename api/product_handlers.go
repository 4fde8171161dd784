package api

import "net/http"

func (s *Server) createProduct(w http.ResponseWriter, r *http.Request) error {
	var body productBody
	if err := decodeIgnoring(w, r, productBodyIgnoring, &body); err != nil {
		return err
	}
	product, err := s.catalogue.CreateProduct(r.Context(), actor(r), body.input())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, product)
	return nil
}

func (s *Server) product(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	product, err := s.catalogue.Product(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, product)
	return nil
}

func (s *Server) editProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	var patch productPatch
	if err := decodeIgnoring(w, r, productPatchIgnoring, &patch); err != nil {
		return err
	}
	product, err := s.catalogue.EditProduct(r.Context(), actor(r), id, patch.changes())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, product)
	return nil
}

func (s *Server) deleteProduct(w http.ResponseWriter, r *http.Request) error {
	return s.deleteByID(w, r, s.catalogue.DeleteProduct)
}

func (s *Server) searchProducts(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	result, err := s.catalogue.SearchProducts(r.Context(), actor(r), searchInput(r.URL.Query()), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, result)
	return nil
}

func (s *Server) sellerProducts(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.catalogue.SellerProducts(r.Context(), actor(r), pathParam(r, "email"), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}
