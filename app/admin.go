package app

import "context"

// Users lists accounts for admins: all of them, or those of one role.
func (s *Service) Users(ctx context.Context, actor *User, role Role, page Page) (List[User], error) {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return List[User]{}, err
	}
	return s.store.Users(ctx, role, page.Clamp())
}

// PromoteToAdmin makes an account an Admin; promoting an admin again is
// harmless, and there is no way back.
func (s *Service) PromoteToAdmin(ctx context.Context, actor *User, id int64) (*User, error) {
	if _, err := s.managedUser(ctx, actor, id, ""); err != nil {
		return nil, err
	}
	if err := s.store.PromoteToAdmin(ctx, id); err != nil {
		return nil, err
	}
	return s.store.UserByID(ctx, id)
}

// VerifySeller marks a seller as verified; verifying twice is harmless.
func (s *Service) VerifySeller(ctx context.Context, actor *User, id int64) (*User, error) {
	if _, err := s.managedUser(ctx, actor, id, RoleSeller); err != nil {
		return nil, err
	}
	if err := s.store.VerifySeller(ctx, id); err != nil {
		return nil, err
	}
	return s.store.UserByID(ctx, id)
}

// DeleteUser removes an account, of the given role unless role is empty.
// Admins cannot delete themselves, and the last admin stays.
func (s *Service) DeleteUser(ctx context.Context, actor *User, id int64, role Role) error {
	u, err := s.managedUser(ctx, actor, id, role)
	if err != nil {
		return err
	}
	if u.ID == actor.ID {
		return Errorf(KindConflict, "You cannot delete your own account")
	}
	return s.store.DeleteUser(ctx, id)
}

// managedUser loads an account for an admin; an account of another role than
// the path names is not found there.
func (s *Service) managedUser(ctx context.Context, actor *User, id int64, role Role) (*User, error) {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return nil, err
	}
	u, err := s.store.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if role != "" && u.Role != role {
		return nil, Errorf(KindNotFound, "No %s with this id", map[Role]string{RoleBuyer: "buyer", RoleSeller: "seller"}[role])
	}
	return u, nil
}
