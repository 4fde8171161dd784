package app

import "context"

// Blocking is a person blocking another, silently, and lifting it.
type Blocking struct {
	users    UserStore
	safety   SafetyStore
	bookings *Bookings // those a block calls off
}

// BlockingDeps are what Blocking is built from.
type BlockingDeps struct {
	Users    UserStore
	Safety   SafetyStore
	Bookings *Bookings
}

func NewBlocking(d BlockingDeps) *Blocking {
	return &Blocking{users: d.Users, safety: d.Safety, bookings: d.Bookings}
}

// Block stops blocked from messaging the actor or booking their listings,
// and hides blocked's listings from the actor. blocked is not told of the
// block; an open booking between them is cancelled, since they can no
// longer arrange its pickup, and both are told only that it was.
func (s *Blocking) Block(ctx context.Context, actor *User, id int64) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	if id == actor.ID {
		return Errorf(KindConflict, "You cannot block yourself")
	}
	if _, err := s.users.UserByID(ctx, id); err != nil {
		return err
	}
	cancelled, err := s.safety.Block(ctx, actor.ID, id)
	if err != nil {
		return err
	}
	s.bookings.bookingsCancelled(ctx, cancelled, bookingCancelledBody)
	return nil
}

// Unblock lifts the actor's block of someone.
func (s *Blocking) Unblock(ctx context.Context, actor *User, id int64) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	return s.safety.Unblock(ctx, actor.ID, id)
}

// Blocks lists whom the actor blocked.
func (s *Blocking) Blocks(ctx context.Context, actor *User, page Page) (List[BlockedUser], error) {
	if err := RequireUser(actor); err != nil {
		return List[BlockedUser]{}, err
	}
	return s.safety.Blocks(ctx, actor.ID, page.Clamp())
}
