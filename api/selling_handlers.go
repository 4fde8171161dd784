package api

import "net/http"

// startSelling makes the signed-in Buyer a Seller, answered as GET
// /api/auth/me answers.
func (s *Server) startSelling(w http.ResponseWriter, r *http.Request) {
	user, err := s.profiles.StartSelling(r.Context(), actor(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, user.JSON())
}

func (s *Server) sellerProfile(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	profile, err := s.profiles.SellerProfile(r.Context(), actor(r), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, profile)
}
