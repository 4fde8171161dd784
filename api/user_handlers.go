package api

import (
	"context"
	"net/http"

	"rehome/app"
)

// The role checks the web app's route guards ask for.

func (s *Server) isAdmin(w http.ResponseWriter, r *http.Request) error {
	return s.roleCheck(w, r, "isAdmin", (*app.User).IsAdmin)
}

func (s *Server) isSeller(w http.ResponseWriter, r *http.Request) error {
	return s.roleCheck(w, r, "isSeller", (*app.User).IsSeller)
}

func (s *Server) isVerifiedSeller(w http.ResponseWriter, r *http.Request) error {
	return s.roleCheck(w, r, "isVerified", func(u *app.User) bool { return u.IsSeller() && u.Verified })
}

func (s *Server) roleCheck(w http.ResponseWriter, r *http.Request, key string, has func(*app.User) bool) error {
	user, err := s.profiles.RoleOf(r.Context(), actor(r), pathParam(r, "user"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{key: has(user)})
	return nil
}

func (s *Server) listUsers(role app.Role) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		page, err := pageOf(r)
		if err != nil {
			return err
		}
		list, err := s.moderation.Users(r.Context(), actor(r), role, page)
		if err != nil {
			return err
		}
		items := make([]any, len(list.Items))
		for i := range list.Items {
			items[i] = list.Items[i].JSON()
		}
		writeJSON(w, http.StatusOK, app.List[any]{Items: items, Total: list.Total})
		return nil
	}
}

// deleteUser removes an account; on /buyers and /sellers only one of that role.
func (s *Server) deleteUser(role app.Role) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		return s.deleteByID(w, r, func(ctx context.Context, actor *app.User, id int64) error {
			return s.moderation.DeleteUser(ctx, actor, id, role)
		})
	}
}

func (s *Server) promoteToAdmin(w http.ResponseWriter, r *http.Request) error {
	return s.changeUser(w, r, "user", s.moderation.PromoteToAdmin)
}

func (s *Server) verifySeller(w http.ResponseWriter, r *http.Request) error {
	return s.changeUser(w, r, "id", s.moderation.VerifySeller)
}

func (s *Server) changeUser(w http.ResponseWriter, r *http.Request, param string, change func(context.Context, *app.User, int64) (*app.User, error)) error {
	id, err := idParam(pathParam(r, param))
	if err != nil {
		return err
	}
	user, err := change(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, user.JSON())
	return nil
}
