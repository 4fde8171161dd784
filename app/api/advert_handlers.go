package api

import (
	"context"
	"fmt"
	"net/http"
)

type advertRequest struct {
	ProductID int64 `json:"product_id"`
}

func (s *Server) advertise(w http.ResponseWriter, r *http.Request) {
	var in advertRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	product, err := s.svc.Advertise(r.Context(), actor(r), in.ProductID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, product)
}

// advertisedProducts is the home page's list: public, see publicLists.
func (s *Server) advertisedProducts(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page = page.Clamp()
	key := fmt.Sprintf("advertised?limit=%d&offset=%d", page.Limit, page.Offset)
	err = s.public.serve(w, r, s.svc.CatalogueVersion(), key, func(ctx context.Context) (any, error) {
		return s.svc.AdvertisedProducts(ctx, page)
	})
	if err != nil {
		s.writeError(w, r, err)
	}
}

// removeAdvert takes the product {id} off the home page.
func (s *Server) removeAdvert(w http.ResponseWriter, r *http.Request) {
	s.deleteByID(w, r, s.svc.RemoveAdvert)
}
