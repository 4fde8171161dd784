package api

import (
	"context"
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
	user, err := s.profiles.RoleOf(r.Context(), actor(r), pathParam(r, "user"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{key: has(user)})
}

func (s *Server) listUsers(role app.Role) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		page, err := pageOf(r)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		list, err := s.moderation.Users(r.Context(), actor(r), role, page)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		items := make([]any, len(list.Items))
		for i := range list.Items {
			items[i] = list.Items[i].JSON()
		}
		writeJSON(w, http.StatusOK, app.List[any]{Items: items, Total: list.Total})
	}
}

// deleteUser removes an account; on /buyers and /sellers only one of that role.
func (s *Server) deleteUser(role app.Role) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.deleteByID(w, r, func(ctx context.Context, actor *app.User, id int64) error {
			return s.moderation.DeleteUser(ctx, actor, id, role)
		})
	}
}

func (s *Server) promoteToAdmin(w http.ResponseWriter, r *http.Request) {
	s.changeUser(w, r, "user", s.moderation.PromoteToAdmin)
}

func (s *Server) verifySeller(w http.ResponseWriter, r *http.Request) {
	s.changeUser(w, r, "id", s.moderation.VerifySeller)
}

func (s *Server) changeUser(w http.ResponseWriter, r *http.Request, param string, change func(context.Context, *app.User, int64) (*app.User, error)) {
	id, err := idParam(pathParam(r, param))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	user, err := change(r.Context(), actor(r), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, user.JSON())
}
