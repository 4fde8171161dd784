package api

import (
	"net/http"

	"rehome/app"
)

// The role checks the web app's route guards ask for.

func (s *Server) isAdmin(w http.ResponseWriter, r *http.Request) {
	s.roleCheck(w, r, "isAdmin", (*app.User).IsAdmin)
}

func (s *Server) isSeller(w http.ResponseWriter, r *http.Request) {
	s.roleCheck(w, r, "isSeller", (*app.User).IsSeller)
}

func (s *Server) isVerifiedSeller(w http.ResponseWriter, r *http.Request) {
	s.roleCheck(w, r, "isVerified", func(u *app.User) bool { return u.IsSeller() && u.Verified })
}

func (s *Server) roleCheck(w http.ResponseWriter, r *http.Request, key string, has func(*app.User) bool) {
	user, err := s.svc.RoleOf(r.Context(), actor(r), pathParam(r, "user"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{key: has(user)})
}
