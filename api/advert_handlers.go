package api

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"rehome/app"
)

type advertRequest struct {
	ProductID int64 `json:"product_id"`
}

func (s *Server) advertise(w http.ResponseWriter, r *http.Request) error {
	var in advertRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	product, err := s.catalogue.Advertise(r.Context(), actor(r), in.ProductID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, product)
	return nil
}

// advertisedProducts is the home page's list: public, see httpcache.PublicLists. A
// signed-in viewer who booked one of its products, or may see a seller's
// contact details in it, gets it with their my_booking_id and those
// details, answered for them alone; everyone else gets the one list kept
// for all, which has nobody's.
func (s *Server) advertisedProducts(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	page = page.Clamp()
	key := advertisedKey(page)
	version, err := s.advertisedVersion(r.Context())
	if err != nil {
		return err
	}
	read := func(ctx context.Context) (any, error) { return s.catalogue.AdvertisedProducts(ctx, page) }
	w.Header().Add("Vary", "Cookie")
	if viewer := actor(r); viewer != nil {
		kept, err := s.public.Value(r.Context(), version, key, read)
		if err != nil {
			return err
		}
		list := kept.(app.List[app.Product])
		items, dropped, err := s.catalogue.WithoutBlocked(r.Context(), viewer, list.Items)
		if err != nil {
			return err
		}
		list.Items = slices.Clone(items)
		marked, err := s.catalogue.MarkForViewer(r.Context(), viewer, list.Items)
		if err != nil {
			return err
		}
		if marked || dropped {
			w.Header().Set("Cache-Control", "private, no-cache")
			writeJSON(w, http.StatusOK, list)
			return nil
		}
	}
	return s.public.Serve(w, r, version, key, read)
}

// advertisedKey names a page of the advertised products among the public lists.
func advertisedKey(page app.Page) string {
	return fmt.Sprintf("advertised?limit=%d&offset=%d", page.Limit, page.Offset)
}

// advertisedVersion is the version of the advertised products as visitors
// see them: a suspension hides a seller's adverts until it ends, which no
// write marks.
func (s *Server) advertisedVersion(ctx context.Context) (uint64, error) {
	suspended, err := s.catalogue.SuspendedVersion(ctx)
	return s.catalogueVersion() ^ suspended, err
}

// removeAdvert takes the product {id} off the home page.
func (s *Server) removeAdvert(w http.ResponseWriter, r *http.Request) error {
	return s.deleteByID(w, r, s.catalogue.RemoveAdvert)
}
