package storetest

import (
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// RunTrust checks the handover code and the reviews it allows: a code
// kept once drawn, wrong codes counted and locking even when answered as
// errors, the right one selling as a payment does, and reviews seen only
// once both sides wrote or ReviewBlind passed, within ReviewWindow.
func RunTrust(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("CodeKeptOnceDrawn", func(t *testing.T) {
		w := newWorld(t, open)
		b := w.book(t, w.product(t, "Chair"), w.user(t, "bea", app.RoleBuyer))
		first, err := w.HandoverCode(w.ctx, b.ID, "123456")
		must(t, err)
		second, err := w.HandoverCode(w.ctx, b.ID, "654321")
		must(t, err)
		if first != "123456" || second != "123456" {
			t.Errorf("codes %q, %q", first, second)
		}
		_, err = w.HandoverCode(w.ctx, 9999, "111111")
		wantKind(t, err, app.KindNotFound)
		wantKind(t, w.HandOver(w.ctx, 9999, "111111"), app.KindNotFound)
	})
	t.Run("CodeDrawnAtBooking", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		drawn := w.newBooking(w.product(t, "Chair"), bea)
		drawn.HandoverCode = "024680"
		must(t, w.CreateBooking(w.ctx, drawn))
		older := w.book(t, w.product(t, "Desk"), bea)
		codes, err := w.HandoverCodes(w.ctx, []int64{drawn.ID, older.ID, 9999})
		must(t, err)
		if len(codes) != 1 || codes[drawn.ID] != "024680" {
			t.Errorf("codes %v, want only %d's 024680", codes, drawn.ID)
		}
		kept, err := w.HandoverCode(w.ctx, drawn.ID, "111111")
		must(t, err)
		if kept != "024680" {
			t.Errorf("the buyer is shown %q, not the code drawn at booking", kept)
		}
		read, err := w.BookingByID(w.ctx, drawn.ID)
		must(t, err)
		if read.HandoverCode != "" {
			t.Errorf("a booking read carries its code %q", read.HandoverCode)
		}
	})
	t.Run("NoCodeNoHandover", func(t *testing.T) {
		w := newWorld(t, open)
		b := w.book(t, w.product(t, "Chair"), w.user(t, "bea", app.RoleBuyer))
		wantKind(t, w.HandOver(w.ctx, b.ID, ""), app.KindInvalid)
		wantKind(t, w.HandOver(w.ctx, b.ID, "000000"), app.KindInvalid)
	})
	t.Run("WrongCodesLock", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		b := w.book(t, w.product(t, "Chair"), w.user(t, "bea", app.RoleBuyer))
		_, err := w.HandoverCode(w.ctx, b.ID, "123456")
		must(t, err)
		for range app.HandoverAttempts {
			wantKind(t, w.HandOver(w.ctx, b.ID, "999999"), app.KindInvalid)
		}
		wantKind(t, w.HandOver(w.ctx, b.ID, "123456"), app.KindRateLimited)
		now = now.Add(app.HandoverLock)
		must(t, w.HandOver(w.ctx, b.ID, "123456"))
		got, err := w.BookingByID(w.ctx, b.ID)
		must(t, err)
		if got.Status != app.BookingPaid || got.HandedOverAt == nil || !got.HandedOverAt.Equal(now.Truncate(time.Millisecond)) ||
			got.CompletedAt == nil {
			t.Errorf("handed over %+v", got)
		}
		if w.productStatus(t, *b.ProductID) != app.StatusSold {
			t.Errorf("product %s", w.productStatus(t, *b.ProductID))
		}
		wantKind(t, w.HandOver(w.ctx, b.ID, "123456"), app.KindConflict)
	})
	t.Run("LocksGrow", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		b := w.book(t, w.product(t, "Chair"), w.user(t, "bea", app.RoleBuyer))
		_, err := w.HandoverCode(w.ctx, b.ID, "123456")
		must(t, err)
		for run, lock := range []time.Duration{app.HandoverLock, 2 * app.HandoverLock, 4 * app.HandoverLock} {
			for range app.HandoverAttempts {
				wantKind(t, w.HandOver(w.ctx, b.ID, "999999"), app.KindInvalid)
			}
			now = now.Add(lock - time.Millisecond)
			if err := w.HandOver(w.ctx, b.ID, "123456"); app.ErrorKind(err) != app.KindRateLimited {
				t.Fatalf("run %d: %v before its %v lock ended", run+1, err, lock)
			}
			now = now.Add(time.Millisecond)
		}
		must(t, w.HandOver(w.ctx, b.ID, "123456"))
	})
	t.Run("WrongCodesAtOnceCountEach", func(t *testing.T) {
		w := newWorld(t, open)
		b := w.book(t, w.product(t, "Chair"), w.user(t, "bea", app.RoleBuyer))
		_, err := w.HandoverCode(w.ctx, b.ID, "123456")
		must(t, err)
		var wg sync.WaitGroup
		for range app.HandoverAttempts {
			wg.Go(func() { _ = w.HandOver(w.ctx, b.ID, "999999") })
		}
		wg.Wait()
		wantKind(t, w.HandOver(w.ctx, b.ID, "123456"), app.KindRateLimited)
	})
	t.Run("HandOverPaidByCard", func(t *testing.T) {
		w := newWorld(t, open)
		b := w.book(t, w.product(t, "Chair"), w.user(t, "bea", app.RoleBuyer))
		done, err := w.MarkPaidByEvent(w.ctx, "evt_1", b.ID)
		must(t, err)
		paid, err := w.BookingByID(w.ctx, b.ID)
		must(t, err)
		if !done || paid.CompletedAt == nil || paid.HandedOverAt != nil {
			t.Fatalf("paid by card %+v", paid)
		}
		_, err = w.HandoverCode(w.ctx, b.ID, "123456")
		must(t, err)
		must(t, w.HandOver(w.ctx, b.ID, "123456"))
		got, err := w.BookingByID(w.ctx, b.ID)
		must(t, err)
		if got.HandedOverAt == nil || !got.CompletedAt.Equal(*paid.CompletedAt) {
			t.Errorf("handed over %+v, completed when paid %v", got, paid.CompletedAt)
		}
	})
	t.Run("RemindersClaimedOnce", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea := w.user(t, "bea", app.RoleBuyer)
		b := w.book(t, w.product(t, "Chair"), bea)
		later := w.book(t, w.product(t, "Desk"), bea)
		w.agreePickup(t, b, bea, now.Add(3*time.Hour))
		w.agreePickup(t, later, bea, now.Add(30*time.Hour))
		claim := func(stage app.ReminderStage, from, to time.Duration) []int64 {
			due, err := w.ClaimReminders(w.ctx, stage, from, to)
			must(t, err)
			var ids []int64
			for _, d := range due {
				ids = append(ids, d.ID)
			}
			return ids
		}
		if got := claim(app.ReminderDayBefore, 2*time.Hour, 24*time.Hour); len(got) != 1 || got[0] != b.ID {
			t.Errorf("claimed %v, want [%d]", got, b.ID)
		}
		if got := claim(app.ReminderDayBefore, 2*time.Hour, 24*time.Hour); len(got) != 0 {
			t.Errorf("claimed again %v", got)
		}
		if got := claim(app.ReminderSoon, 0, 4*time.Hour); len(got) != 1 {
			t.Errorf("the other stage claimed %v", got)
		}
		// A new pickup time is reminded again.
		w.agreePickup(t, b, bea, now.Add(5*time.Hour))
		if got := claim(app.ReminderDayBefore, 2*time.Hour, 24*time.Hour); len(got) != 1 || got[0] != b.ID {
			t.Errorf("after a new pickup time, claimed %v", got)
		}
		must(t, w.CancelBooking(w.ctx, later.ID))
		now = now.Add(10 * time.Hour)
		if got := claim(app.ReminderDayBefore, 2*time.Hour, 24*time.Hour); len(got) != 0 {
			t.Errorf("a cancelled booking was claimed: %v", got)
		}
	})
	t.Run("ReviewsSeenOnceBothWrote", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea := w.user(t, "bea", app.RoleBuyer)
		b := w.handedOver(t, bea)
		byBuyer := w.review(b, true, 4)
		must(t, w.AddReview(w.ctx, byBuyer))
		wantKind(t, w.AddReview(w.ctx, w.review(b, true, 2)), app.KindConflict)
		w.wantReviews(t, w.seller.ID, 0, app.Rating{})
		now = now.Add(time.Hour)
		bySeller := w.review(b, false, 5)
		must(t, w.AddReview(w.ctx, bySeller))
		if !bySeller.VisibleFrom.Equal(now.Truncate(time.Millisecond)) {
			t.Errorf("the second review is seen from %v, want now", bySeller.VisibleFrom)
		}
		w.wantReviews(t, w.seller.ID, 1, app.Rating{Average: 4, Count: 1})
		w.wantReviews(t, bea.ID, 1, app.Rating{Average: 5, Count: 1})
		got, err := w.BookingByID(w.ctx, b.ID)
		must(t, err)
		if !got.BuyerReviewed || !got.SellerReviewed {
			t.Errorf("reviewed %v, %v", got.BuyerReviewed, got.SellerReviewed)
		}
	})
	t.Run("ReviewAloneSeenAfterBlind", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		b := w.handedOver(t, w.user(t, "bea", app.RoleBuyer))
		must(t, w.AddReview(w.ctx, w.review(b, true, 3)))
		now = now.Add(app.ReviewBlind - time.Millisecond)
		w.wantReviews(t, w.seller.ID, 0, app.Rating{})
		now = now.Add(time.Millisecond)
		w.wantReviews(t, w.seller.ID, 1, app.Rating{Average: 3, Count: 1})
	})
	t.Run("ReviewWindowCloses", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea := w.user(t, "bea", app.RoleBuyer)
		open := w.book(t, w.product(t, "Desk"), bea)
		wantKind(t, w.AddReview(w.ctx, w.review(open, true, 5)), app.KindConflict)
		b := w.handedOver(t, bea)
		now = now.Add(app.ReviewWindow)
		wantKind(t, w.AddReview(w.ctx, w.review(b, true, 5)), app.KindConflict)
	})
	t.Run("HiddenReviewsLeaveTheRating", func(t *testing.T) {
		w := newWorld(t, open)
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		reviews := []*app.Review{}
		for _, buyer := range []*app.User{bea, cy} {
			b := w.handedOver(t, buyer)
			for _, byBuyer := range []bool{true, false} {
				r := w.review(b, byBuyer, 1+len(reviews))
				must(t, w.AddReview(w.ctx, r))
				reviews = append(reviews, r)
			}
		}
		w.wantReviews(t, w.seller.ID, 2, app.Rating{Average: 2, Count: 2})
		must(t, w.HideReview(w.ctx, reviews[0].ID, "Rude", nil))
		w.wantReviews(t, w.seller.ID, 1, app.Rating{Average: 3, Count: 1})
		wantKind(t, w.HideReview(w.ctx, 9999, "Rude", nil), app.KindNotFound)
	})
	t.Run("NoShowAnsweredOnceAndRemoved", func(t *testing.T) {
		w := newWorld(t, open)
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		var noShows []*app.Booking
		for range 2 {
			b := w.book(t, w.product(t, "Chair"), bea)
			w.agreePickup(t, b, bea, time.Now().Add(-app.NoShowAfter-time.Minute))
			must(t, w.MarkNoShow(w.ctx, b.ID, app.NoShowBuyer))
			noShows = append(noShows, b)
		}
		first, second := noShows[0], noShows[1]
		wantKind(t, w.AnswerNoShow(w.ctx, first.ID, w.seller.ID, "Not me"), app.KindNotFound)
		wantKind(t, w.AnswerNoShow(w.ctx, first.ID, cy.ID, "Not me"), app.KindNotFound)
		must(t, w.AnswerNoShow(w.ctx, first.ID, bea.ID, "The bus broke down"))
		wantKind(t, w.AnswerNoShow(w.ctx, first.ID, bea.ID, "Again"), app.KindConflict)
		list, err := w.NoShowsOf(w.ctx, bea.ID, app.NoShowsCounted)
		must(t, err)
		if len(list) != 2 || list[0].BookingID != second.ID || list[0].Answer != "" ||
			list[1].BookingID != first.ID || list[1].Answer != "The bus broke down" || list[1].At.IsZero() {
			t.Errorf("bea's no-shows %+v", list)
		}
		if b, err := w.BookingByID(w.ctx, first.ID); err != nil || b.NoShowAnswer != "The bus broke down" {
			t.Errorf("the booking %+v, %v", b, err)
		}
		must(t, w.RemoveNoShow(w.ctx, first.ID, nil))
		wantKind(t, w.RemoveNoShow(w.ctx, first.ID, nil), app.KindNotFound)
		list, err = w.NoShowsOf(w.ctx, bea.ID, app.NoShowsCounted)
		must(t, err)
		if len(list) != 1 || list[0].BookingID != second.ID {
			t.Errorf("after the removal, bea's no-shows %+v", list)
		}
		if b, err := w.BookingByID(w.ctx, first.ID); err != nil || b.NoShow != "" || b.NoShowAnswer != "" || b.Status != app.BookingDeclined {
			t.Errorf("the booking after the removal %+v, %v", b, err)
		}
		none, err := w.NoShowsOf(w.ctx, cy.ID, app.NoShowsCounted)
		if err != nil || none == nil || len(none) != 0 {
			t.Errorf("cy's no-shows %#v, %v", none, err)
		}
	})
}

// agreePickup has the seller propose at for b and buyer accept it.
func (w *world) agreePickup(t *testing.T, b *app.Booking, buyer *app.User, at time.Time) {
	t.Helper()
	p, err := w.ProductByID(w.ctx, *b.ProductID)
	must(t, err)
	c := &app.Conversation{ProductRef: p.ID, BuyerID: buyer.ID, SellerID: w.seller.ID,
		Product: app.ConversationProduct{ID: &p.ID, Name: p.Name}}
	m := &app.Message{SenderID: w.seller.ID, PickupAt: &at}
	must(t, w.AddMessage(w.ctx, c, m))
	_, err = w.AcceptPickup(w.ctx, c.ID, m.ID)
	must(t, err)
}

// handedOver is buyer's booking of a new product, handed over.
func (w *world) handedOver(t *testing.T, buyer *app.User) *app.Booking {
	t.Helper()
	b := w.book(t, w.product(t, "Lamp"), buyer)
	_, err := w.HandoverCode(w.ctx, b.ID, "246810")
	must(t, err)
	must(t, w.HandOver(w.ctx, b.ID, "246810"))
	return b
}

// review is one side's review of the other, as the service builds it.
func (w *world) review(b *app.Booking, byBuyer bool, rating int) *app.Review {
	author, subject, name := b.BuyerID, b.SellerID, b.BuyerName
	if !byBuyer {
		author, subject, name = b.SellerID, b.BuyerID, w.seller.Name
	}
	return &app.Review{BookingID: b.ID, AuthorID: &author, AuthorName: name, SubjectID: subject, ByBuyer: byBuyer,
		Role: app.ReviewRole(byBuyer), Rating: rating}
}

// wantReviews checks what others see of userID: how many reviews, newest
// first, and the rating.
func (w *world) wantReviews(t *testing.T, userID int64, count int, rating app.Rating) {
	t.Helper()
	list, err := w.ReviewsOf(w.ctx, userID, app.Page{Limit: 10})
	must(t, err)
	if list.Total != count || len(list.Items) != count {
		t.Errorf("%d reviews of %d seen, want %d: %+v", list.Total, userID, count, list.Items)
	}
	for i := 1; i < len(list.Items); i++ {
		if list.Items[i].VisibleFrom.After(list.Items[i-1].VisibleFrom) {
			t.Errorf("not newest first: %+v", list.Items)
		}
	}
	got, err := w.RatingOf(w.ctx, userID)
	must(t, err)
	if got != rating {
		t.Errorf("rating of %d %+v, want %+v", userID, got, rating)
	}
}
