package app

import (
	"context"
	"fmt"
	"time"
)

// Moderation is what admins do to accounts: list them, promote, verify,
// suspend and delete them, and hide reviews.
type Moderation struct {
	users    UserStore
	safety   SafetyStore
	reviews  ReviewStore
	bookings *Bookings // those a suspension or deletion calls off
	now      func() time.Time
}

// ModerationDeps are what Moderation is built from.
type ModerationDeps struct {
	Users    UserStore
	Safety   SafetyStore
	Reviews  ReviewStore
	Bookings *Bookings
}

func NewModeration(d ModerationDeps) *Moderation {
	return &Moderation{users: d.Users, safety: d.Safety, reviews: d.Reviews, bookings: d.Bookings, now: utcNow}
}

// Users lists accounts for admins: all of them, or those of one role.
func (s *Moderation) Users(ctx context.Context, actor *User, role Role, page Page) (List[User], error) {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return List[User]{}, err
	}
	return s.users.Users(ctx, role, page.Clamp())
}

// PromoteToAdmin makes an account an Admin; promoting an admin again is
// harmless, and there is no way back.
func (s *Moderation) PromoteToAdmin(ctx context.Context, actor *User, id int64) (*User, error) {
	u, err := managedUser(ctx, s.users, actor, id, "")
	if err != nil {
		return nil, err
	}
	if err := s.users.PromoteToAdmin(ctx, id, auditOf(actor, AuditPromoteUser, AuditTargetUser, id, accountName(u))); err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, id)
}

// VerifySeller marks a seller as verified; verifying twice is harmless.
func (s *Moderation) VerifySeller(ctx context.Context, actor *User, id int64) (*User, error) {
	u, err := managedUser(ctx, s.users, actor, id, RoleSeller)
	if err != nil {
		return nil, err
	}
	if err := s.users.VerifySeller(ctx, id, auditOf(actor, AuditVerifySeller, AuditTargetUser, id, accountName(u))); err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, id)
}

// DeleteUser removes an account, of the given role unless role is empty.
// Admins cannot delete themselves, and the last admin stays.
func (s *Moderation) DeleteUser(ctx context.Context, actor *User, id int64, role Role) error {
	u, err := managedUser(ctx, s.users, actor, id, role)
	if err != nil {
		return err
	}
	if u.ID == actor.ID {
		return Errorf(KindConflict, "You cannot delete your own account")
	}
	ending := s.bookings.endingBookings(ctx, 0, id)
	if err := s.users.DeleteUser(ctx, id, auditOf(actor, AuditDeleteUser, AuditTargetUser, id, accountName(u))); err != nil {
		return err
	}
	s.bookings.accountEnded(ctx, ending, id)
	return nil
}

// SuspendUser suspends an account for in.Days: its sessions end, it cannot
// sign in, and its listings are hidden until then. Its buyers' open
// bookings are cancelled, since it cannot hand anything over, and each
// buyer is told why.
func (s *Moderation) SuspendUser(ctx context.Context, actor *User, id int64, in SuspendInput) (*User, error) {
	u, err := managedUser(ctx, s.users, actor, id, "")
	if err != nil {
		return nil, err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if u.IsAdmin() {
		return nil, Errorf(KindConflict, "An admin's account cannot be suspended")
	}
	until := s.now().Add(time.Duration(in.Days) * 24 * time.Hour)
	audit := auditOf(actor, AuditSuspendUser, AuditTargetUser, id, fmt.Sprintf("%s for %d days: %s", accountName(u), in.Days, in.Reason))
	cancelled, err := s.safety.SuspendUser(ctx, id, until, in.Reason, audit)
	if err != nil {
		return nil, err
	}
	s.bookings.cancelledForBuyers(ctx, cancelled, sellerSuspendedBody)
	return s.users.UserByID(ctx, id)
}

// UnsuspendUser lifts a suspension before its end.
func (s *Moderation) UnsuspendUser(ctx context.Context, actor *User, id int64) (*User, error) {
	u, err := managedUser(ctx, s.users, actor, id, "")
	if err != nil {
		return nil, err
	}
	if err := s.safety.UnsuspendUser(ctx, id, auditOf(actor, AuditUnsuspendUser, AuditTargetUser, id, accountName(u))); err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, id)
}

// HideReview is an admin taking a review out of sight, with a reason kept
// in the audit log.
func (s *Moderation) HideReview(ctx context.Context, actor *User, id int64, in HideReviewInput) error {
	if err := Allow(actor, CanHideReviews(actor)); err != nil {
		return err
	}
	reason, err := auditReason(in.Reason)
	if err != nil {
		return err
	}
	audit := auditOf(actor, AuditHideReview, AuditTargetReview, id, reason)
	return s.reviews.HideReview(ctx, id, reason, audit)
}
