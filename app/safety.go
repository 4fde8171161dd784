package app

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"
)

// Safety is what people and admins do when something goes wrong: a person
// blocks another, an admin suspends an account.

// MaxSuspensionDays bounds a suspension; longer is what deleting is for.
const MaxSuspensionDays = 365

// SuspendInput is the body of POST /api/users/{id}/suspend.
type SuspendInput struct {
	Days   int    `json:"days"`
	Reason string `json:"reason"`
}

func (in *SuspendInput) Validate(v *Validator) {
	in.Reason = CleanLine(in.Reason)
	v.Check(in.Days >= 1 && in.Days <= MaxSuspensionDays, "days", fmt.Sprintf("Choose 1 to %d days", MaxSuspensionDays))
	v.Required(in.Reason, "reason")
	v.Check(utf8.RuneCountInString(in.Reason) <= 500, "reason", "Use at most 500 characters")
}

// BlockedUser is one person someone blocked, as GET /api/blocks lists them.
type BlockedUser struct {
	ID    int64     `json:"id"`
	Name  string    `json:"name"`
	Image string    `json:"image"`
	Since time.Time `json:"since"`
}

// SafetyStore keeps suspensions and blocks.
type SafetyStore interface {
	// SuspendUser suspends an account until then, with reason, ends its
	// sessions (a raised session epoch), cancels the bookings still Booked
	// of its products (CancelSellerSuspended) and records audit, in one
	// transaction, answering the bookings it cancelled; an admin's
	// account, or an unknown one, is not found.
	SuspendUser(ctx context.Context, id int64, until time.Time, reason string, audit *AuditEntry) ([]Booking, error)
	// UnsuspendUser lifts a suspension, if any, and records audit; an
	// unknown account is not found.
	UnsuspendUser(ctx context.Context, id int64, audit *AuditEntry) error
	// SuspendedUsers are the accounts suspended at the store's now.
	SuspendedUsers(ctx context.Context) ([]int64, error)
	// Block records that blocker blocked blocked (again: nothing changes)
	// and, in the same transaction, cancels the bookings still Booked
	// between the two, whichever of them booked, answering those it
	// cancelled; an unknown account is not found.
	Block(ctx context.Context, blocker, blocked int64) ([]Booking, error)
	// Unblock removes a block, if there is one.
	Unblock(ctx context.Context, blocker, blocked int64) error
	// Blocks lists whom blocker blocked, newest first.
	Blocks(ctx context.Context, blocker int64, page Page) (List[BlockedUser], error)
	// BlockedBy lists the IDs of everyone blocker blocked.
	BlockedBy(ctx context.Context, blocker int64) ([]int64, error)
	// EitherBlocked says whether a blocked b or b blocked a.
	EitherBlocked(ctx context.Context, a, b int64) (bool, error)
}

// Suspended says whether u is suspended at now.
func (u *User) Suspended(now time.Time) bool {
	return u.SuspendedUntil != nil && now.Before(*u.SuspendedUntil)
}

// suspendedError is what a suspended person is told when they sign in.
func suspendedError(u *User) error {
	return Errorf(KindForbidden, "Your account is suspended until %s: %s",
		u.SuspendedUntil.UTC().Format("2 January 2006, 15:04 UTC"), u.SuspendReason)
}

// hiddenSellers are the sellers whose listings viewer does not see: those
// suspended now, and those viewer blocked.
func hiddenSellers(ctx context.Context, safety SafetyStore, viewer *User) ([]int64, error) {
	hidden, err := safety.SuspendedUsers(ctx)
	if err != nil || viewer == nil {
		return hidden, err
	}
	blocked, err := safety.BlockedBy(ctx, viewer.ID)
	// A new slice: the store may keep the one of the suspended.
	return slices.Concat(hidden, blocked), err
}

// withoutSellers drops the products of the sellers in hidden from list. A
// page may come out shorter than asked: the lists are kept for everyone,
// and what one viewer does not see is taken out of their copy.
func withoutSellers(list []Product, hidden []int64) []Product {
	if len(hidden) == 0 {
		return list
	}
	return slices.DeleteFunc(slices.Clone(list), func(p Product) bool { return slices.Contains(hidden, p.SellerID) })
}

// refuseBlocked refuses what a and b may not do together once either
// blocked the other.
func refuseBlocked(ctx context.Context, safety SafetyStore, a, b int64, message string) error {
	blocked, err := safety.EitherBlocked(ctx, a, b)
	if err != nil {
		return err
	}
	if blocked {
		return Errorf(KindForbidden, "%s", message)
	}
	return nil
}

// suspendedFor says whether a suspension hides sellerID's listings from
// viewer (nil: a visitor, or a link preview): from all but admins.
func suspendedFor(ctx context.Context, safety SafetyStore, viewer *User, sellerID int64) (bool, error) {
	if viewer.IsAdmin() {
		return false, nil
	}
	suspended, err := safety.SuspendedUsers(ctx)
	return slices.Contains(suspended, sellerID), err
}
