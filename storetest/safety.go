package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"rehome/app"
)

// RunSafety checks suspensions, which end at their time and end the
// account's sessions, and blocks, which go one way and count once.
func RunSafety(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("SuspendedUntilItEnds", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea := w.user(t, "bea", app.RoleBuyer)
		before, err := w.UserByID(w.ctx, bea.ID)
		must(t, err)
		must(t, w.suspend(w.ctx, bea.ID, now.Add(time.Hour), "Spam", nil))
		after, err := w.UserByID(w.ctx, bea.ID)
		must(t, err)
		if after.SuspendedUntil == nil || !after.SuspendedUntil.Equal(now.Add(time.Hour).Truncate(time.Millisecond)) ||
			after.SuspendReason != "Spam" || after.SessionEpoch <= before.SessionEpoch {
			t.Errorf("suspended %+v, epoch before %d", after, before.SessionEpoch)
		}
		w.wantSuspended(t, bea.ID)
		now = now.Add(time.Hour)
		w.wantSuspended(t)
		must(t, w.suspend(w.ctx, bea.ID, now.Add(time.Hour), "Again", nil))
		w.wantSuspended(t, bea.ID)
		must(t, w.UnsuspendUser(w.ctx, bea.ID, nil))
		w.wantSuspended(t)
		lifted, err := w.UserByID(w.ctx, bea.ID)
		must(t, err)
		if lifted.SuspendedUntil != nil || lifted.SuspendReason != "" {
			t.Errorf("lifted %+v", lifted)
		}
	})
	t.Run("ErrSuspendAnAdmin", func(t *testing.T) {
		w := newWorld(t, open)
		ada := w.user(t, "ada", app.RoleAdmin)
		wantKind(t, w.suspend(w.ctx, ada.ID, time.Now().Add(time.Hour), "No", nil), app.KindNotFound)
		wantKind(t, w.suspend(w.ctx, 9999, time.Now().Add(time.Hour), "No", nil), app.KindNotFound)
		wantKind(t, w.UnsuspendUser(w.ctx, 9999, nil), app.KindNotFound)
	})
	t.Run("BlocksGoOneWay", func(t *testing.T) {
		w := newWorld(t, open)
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		for _, blocked := range []int64{w.seller.ID, w.seller.ID, cy.ID} {
			_, err := w.Block(w.ctx, bea.ID, blocked)
			must(t, err)
		}
		_, err := w.Block(w.ctx, bea.ID, 9999)
		wantKind(t, err, app.KindConflict)
		blocked, err := w.BlockedBy(w.ctx, bea.ID)
		must(t, err)
		slices.Sort(blocked)
		if !slices.Equal(blocked, []int64{w.seller.ID, cy.ID}) {
			t.Errorf("bea blocked %v", blocked)
		}
		if none, err := w.BlockedBy(w.ctx, w.seller.ID); err != nil || len(none) != 0 {
			t.Errorf("the seller blocked %v, %v", none, err)
		}
		for _, pair := range [][2]int64{{bea.ID, w.seller.ID}, {w.seller.ID, bea.ID}} {
			if either, err := w.EitherBlocked(w.ctx, pair[0], pair[1]); err != nil || !either {
				t.Errorf("EitherBlocked(%v) = %v, %v", pair, either, err)
			}
		}
		if either, err := w.EitherBlocked(w.ctx, w.seller.ID, cy.ID); err != nil || either {
			t.Errorf("EitherBlocked(seller, cy) = %v, %v", either, err)
		}
		list, err := w.Blocks(w.ctx, bea.ID, app.Page{Limit: 10})
		must(t, err)
		if list.Total != 2 || len(list.Items) != 2 {
			t.Errorf("bea's blocks %+v", list)
		}
		must(t, w.Unblock(w.ctx, bea.ID, w.seller.ID))
		must(t, w.Unblock(w.ctx, bea.ID, w.seller.ID))
		if either, err := w.EitherBlocked(w.ctx, bea.ID, w.seller.ID); err != nil || either {
			t.Errorf("still blocked: %v, %v", either, err)
		}
	})
	t.Run("SuspensionAndDeletionCancelTheSellersBookings", func(t *testing.T) {
		for _, deleted := range []bool{false, true} {
			w := newWorld(t, open)
			bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
			otherSeller := w.user(t, "olga", app.RoleSeller)
			table, chair := w.product(t, "Table"), w.product(t, "Chair")
			lamp := w.newProduct("Lamp")
			lamp.SellerID = otherSeller.ID
			must(t, w.CreateProduct(w.ctx, lamp))
			beas, cys, beasChair := w.book(t, table, bea), w.book(t, table, cy), w.book(t, chair, bea)
			elsewhere := w.book(t, lamp, bea)
			paid := w.book(t, chair, cy)
			must(t, w.CancelBooking(w.ctx, beasChair.ID))
			must(t, w.MarkPaid(w.ctx, paid.ID))
			want := app.CancelSellerSuspended
			if deleted {
				want = app.CancelSellerDeleted
				must(t, w.DeleteUser(w.ctx, w.seller.ID, nil))
			} else {
				cancelled, err := w.SuspendUser(w.ctx, w.seller.ID, time.Now().Add(time.Hour), "Spam", nil)
				must(t, err)
				var ids []int64
				for _, b := range cancelled {
					if b.Status != app.BookingCancelled || b.CancelReason != want {
						t.Errorf("answered %+v", b)
					}
					ids = append(ids, b.ID)
				}
				slices.Sort(ids)
				if !slices.Equal(ids, []int64{beas.ID, cys.ID}) {
					t.Errorf("suspension cancelled %v, want %d and %d", ids, beas.ID, cys.ID)
				}
			}
			for id, state := range map[int64]struct {
				status app.BookingStatus
				reason string
			}{
				beas.ID: {app.BookingCancelled, want}, cys.ID: {app.BookingCancelled, want},
				beasChair.ID: {app.BookingCancelled, ""}, paid.ID: {app.BookingPaid, ""}, elsewhere.ID: {app.BookingBooked, ""},
			} {
				b, err := w.BookingByID(w.ctx, id)
				must(t, err)
				if b.Status != state.status || b.CancelReason != state.reason {
					t.Errorf("deleted %v: booking %d is %s (%q), want %s (%q)", deleted, id, b.Status, b.CancelReason, state.status, state.reason)
				}
			}
		}
	})
	t.Run("BlockCancelsOpenBookingsBetweenThem", func(t *testing.T) {
		for _, sellerBlocks := range []bool{true, false} {
			w := newWorld(t, open)
			bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
			table, chair := w.product(t, "Table"), w.product(t, "Chair")
			beas, cys := w.book(t, table, bea), w.book(t, table, cy)
			beasChair := w.book(t, chair, bea)
			must(t, w.CancelBooking(w.ctx, beasChair.ID))
			beasAgain := w.book(t, chair, bea)
			blocker, blocked := bea.ID, w.seller.ID
			if sellerBlocks {
				blocker, blocked = blocked, blocker
			}
			cancelled, err := w.Block(w.ctx, blocker, blocked)
			must(t, err)
			var ids []int64
			for _, b := range cancelled {
				if b.Status != app.BookingCancelled || b.BuyerID != bea.ID || b.SellerID != w.seller.ID || b.Product == "" {
					t.Errorf("answered %+v", b)
				}
				ids = append(ids, b.ID)
			}
			slices.Sort(ids)
			if !slices.Equal(ids, []int64{beas.ID, beasAgain.ID}) {
				t.Errorf("seller blocks %v: cancelled %v, want %d and %d", sellerBlocks, ids, beas.ID, beasAgain.ID)
			}
			for id, want := range map[int64]app.BookingStatus{beas.ID: app.BookingCancelled, beasAgain.ID: app.BookingCancelled,
				cys.ID: app.BookingBooked, beasChair.ID: app.BookingCancelled} {
				if got := w.bookingStatus(t, id); got != want {
					t.Errorf("booking %d is %s, want %s", id, got, want)
				}
			}
			if got := w.productStatus(t, chair.ID); got != app.StatusAvailable {
				t.Errorf("the chair, its one booking cancelled, is %s", got)
			}
			if got := w.productStatus(t, table.ID); got != app.StatusReserved {
				t.Errorf("the table, booked by cy still, is %s", got)
			}
			again, err := w.Block(w.ctx, blocker, blocked)
			if err != nil || len(again) != 0 {
				t.Errorf("blocking again cancelled %v, %v", again, err)
			}
		}
	})
}

// suspend is SuspendUser, for the tests that look at the account alone.
func (w *world) suspend(ctx context.Context, id int64, until time.Time, reason string, audit *app.AuditEntry) error {
	_, err := w.SuspendUser(ctx, id, until, reason, audit)
	return err
}

func (w *world) wantSuspended(t *testing.T, ids ...int64) {
	t.Helper()
	got, err := w.SuspendedUsers(w.ctx)
	must(t, err)
	if !slices.Equal(got, ids) && !(len(got) == 0 && len(ids) == 0) {
		t.Errorf("suspended %v, want %v", got, ids)
	}
}
