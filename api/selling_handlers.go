package api

import "net/http"

// startSelling makes the signed-in Buyer a Seller, answered as GET
// /api/auth/me answers.
func (s *Server) startSelling(w http.ResponseWriter, r *http.Request) error {
	user, err := s.profiles.StartSelling(r.Context(), actor(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, user.JSON())
	return nil
}

func (s *Server) sellerProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	profile, err := s.profiles.SellerProfile(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, profile)
	return nil
}
