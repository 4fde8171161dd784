package storetest

import (
	"fmt"
	"testing"

	"rehome/app"
)

// racers is how many goroutines race where more than two may.
const racers = 8

// RunRaces checks the promises about concurrent calls, with real
// goroutines released at once against the store, each side of a race
// going first in turn.
func RunRaces(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("OneBuyerBooksOnce", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			p, bea := w.product(t, "Table"), w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			wantOneWinner(t, race(racers, round, func(int) error { return w.CreateBooking(w.ctx, w.newBooking(p, bea)) }))
			if open, err := w.OpenBookingsOf(w.ctx, p.ID); err != nil || len(open) != 1 {
				t.Errorf("open bookings %d, %v; want 1", len(open), err)
			}
		}
	})
	t.Run("TwoBuyersPayForOneProduct", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			p := w.product(t, "Table")
			bookings := []*app.Booking{
				w.book(t, p, w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)),
				w.book(t, p, w.user(t, fmt.Sprint("cy", round), app.RoleBuyer)),
			}
			winner := wantOneWinner(t, race(2, round, func(i int) error { return w.MarkPaid(w.ctx, bookings[i].ID) }))
			if got := w.bookingStatus(t, bookings[winner].ID); got != app.BookingPaid {
				t.Errorf("the winner's booking is %s", got)
			}
			if got := w.bookingStatus(t, bookings[1-winner].ID); got != app.BookingCancelled {
				t.Errorf("the loser's booking is %s, want Cancelled", got)
			}
			if got := w.productStatus(t, p.ID); got != app.StatusSold {
				t.Errorf("product is %s", got)
			}
		}
	})
	t.Run("DoublePayment", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			b := w.book(t, w.product(t, "Table"), w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			wantOneWinner(t, race(racers, round, func(int) error { return w.MarkPaid(w.ctx, b.ID) }))
		}
	})
	t.Run("OneEventDeliveredTwiceAtOnce", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			b := w.book(t, w.product(t, "Table"), w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			dones := make([]bool, racers)
			errs := race(racers, round, func(i int) (err error) {
				dones[i], err = w.MarkPaidByEvent(w.ctx, fmt.Sprint("evt_", round), b.ID)
				return err
			})
			acted := 0
			for i, err := range errs {
				must(t, err)
				if dones[i] {
					acted++
				}
			}
			if acted != 1 {
				t.Errorf("the event was acted on %d times", acted)
			}
		}
	})
	t.Run("CancelAgainstPayment", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			b := w.book(t, w.product(t, "Table"), w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			calls := []func() error{func() error { return w.CancelBooking(w.ctx, b.ID) }, func() error { return w.MarkPaid(w.ctx, b.ID) }}
			winner := wantOneWinner(t, race(2, round, func(i int) error { return calls[i]() }))
			if got, want := w.bookingStatus(t, b.ID), []app.BookingStatus{app.BookingCancelled, app.BookingPaid}[winner]; got != want {
				t.Errorf("booking is %s, want %s", got, want)
			}
		}
	})
	t.Run("BookingAgainstSale", func(t *testing.T) {
		// Either the new booking comes first and the sale calls it off, or
		// it comes after and is refused: never an open booking of a sold
		// product.
		w := newWorld(t, open)
		for round := range rounds {
			p := w.product(t, "Table")
			paid := w.book(t, p, w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			late := w.newBooking(p, w.user(t, fmt.Sprint("cy", round), app.RoleBuyer))
			errs := race(2, round, func(i int) error {
				if i == 0 {
					return w.MarkPaid(w.ctx, paid.ID)
				}
				return w.CreateBooking(w.ctx, late)
			})
			must(t, errs[0])
			if err := errs[1]; err != nil {
				wantKind(t, err, app.KindConflict)
			} else if got := w.bookingStatus(t, late.ID); got != app.BookingCancelled {
				t.Errorf("a booking made before the sale is %s, want Cancelled", got)
			}
			if open, err := w.OpenBookingsOf(w.ctx, p.ID); err != nil || len(open) != 0 {
				t.Errorf("the sold product has %d open bookings (%v)", len(open), err)
			}
		}
	})
	t.Run("BookingAgainstDeletion", func(t *testing.T) {
		// The deletion always succeeds; the booking either fails or is
		// called off with the product.
		w := newWorld(t, open)
		for round := range rounds {
			p := w.product(t, "Table")
			bea := w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			b := w.newBooking(p, bea)
			errs := race(2, round, func(i int) error {
				if i == 0 {
					return w.DeleteProduct(w.ctx, p.ID)
				}
				return w.CreateBooking(w.ctx, b)
			})
			must(t, errs[0])
			if err := errs[1]; err != nil {
				if k := app.ErrorKind(err); k != app.KindNotFound && k != app.KindConflict {
					t.Fatalf("booking a product being deleted: %v", err)
				}
			} else if got := w.bookingStatus(t, b.ID); got != app.BookingCancelled {
				t.Errorf("the booking of a deleted product is %s, want Cancelled", got)
			}
			if open, err := w.OpenBookingsWith(w.ctx, bea.ID); err != nil || len(open) != 0 {
				t.Errorf("open bookings of a deleted product: %+v (%v)", open, err)
			}
		}
	})
	t.Run("TwoEditsOfOneListing", func(t *testing.T) {
		// Each edit writes all of a listing's own fields: what is stored
		// is one edit whole, never a mix of the two.
		w := newWorld(t, open)
		for round := range rounds {
			p := w.product(t, "Table")
			edits := make([]*app.Product, 2)
			for i := range edits {
				edit := *p
				edit.Name, edit.Description, edit.ResalePrice = fmt.Sprintf("Table %d", i), fmt.Sprintf("Edit %d", i), app.Cents(1000*(i+1))
				edits[i] = &edit
			}
			for _, err := range race(2, round, func(i int) error { return w.UpdateProduct(w.ctx, edits[i]) }) {
				must(t, err)
			}
			got, err := w.ProductByID(w.ctx, p.ID)
			must(t, err)
			if !sameEdit(got, edits[0]) && !sameEdit(got, edits[1]) {
				t.Errorf("stored %q %q %d, a mix of two edits", got.Name, got.Description, got.ResalePrice)
			}
		}
	})
	t.Run("EditAgainstSale", func(t *testing.T) {
		// The edit lands before the sale, or is refused after it.
		w := newWorld(t, open)
		for round := range rounds {
			p := w.product(t, "Table")
			b := w.book(t, p, w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			edit := *p
			edit.Name = "Oak table"
			errs := race(2, round, func(i int) error {
				if i == 0 {
					return w.MarkPaid(w.ctx, b.ID)
				}
				return w.UpdateProduct(w.ctx, &edit)
			})
			must(t, errs[0])
			got, err := w.ProductByID(w.ctx, p.ID)
			must(t, err)
			if errs[1] == nil && got.Name != "Oak table" {
				t.Errorf("an edit that succeeded is lost: %q", got.Name)
			}
			if errs[1] != nil {
				wantKind(t, errs[1], app.KindConflict)
				if got.Name != "Table" {
					t.Errorf("a refused edit changed the name to %q", got.Name)
				}
			}
		}
	})
	t.Run("AdvertAgainstSale", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			p := w.product(t, "Table")
			b := w.book(t, p, w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			errs := race(2, round, func(i int) error {
				if i == 0 {
					return w.MarkPaid(w.ctx, b.ID)
				}
				return w.CreateAdvert(w.ctx, p.ID)
			})
			must(t, errs[0])
			if errs[1] != nil {
				wantKind(t, errs[1], app.KindConflict)
			}
			if got, err := w.ProductByID(w.ctx, p.ID); err != nil || got.Advertised {
				t.Errorf("a sold product is advertised (%v)", err)
			}
		}
	})
	t.Run("PostsWithOneSlug", func(t *testing.T) {
		w := newWorld(t, open)
		seen := map[string]bool{}
		for round := range rounds {
			posts := make([]*app.Post, racers)
			for i := range posts {
				posts[i] = w.newPost("fair" + string(rune('a'+round)))
			}
			for _, err := range race(racers, round, func(i int) error { return w.CreatePost(w.ctx, posts[i], nil) }) {
				must(t, err)
			}
			for _, p := range posts {
				if seen[p.Slug] {
					t.Errorf("two posts took slug %q", p.Slug)
				}
				seen[p.Slug] = true
			}
		}
		list, err := w.Posts(w.ctx, app.Page{Limit: 100})
		must(t, err)
		if list.Total != rounds*racers {
			t.Errorf("%d posts stored, want %d", list.Total, rounds*racers)
		}
	})
	t.Run("RegistrationsWithOneEmail", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			email := fmt.Sprintf("ann%d@example.com", round)
			winner := wantOneWinner(t, race(racers, round, func(i int) error {
				u := &app.User{Name: fmt.Sprint("Ann ", i), Email: email, Role: app.RoleBuyer}
				return w.CreateUser(w.ctx, u, []byte("hash"))
			}))
			got, err := w.UserByEmail(w.ctx, email)
			must(t, err)
			if got.Name != fmt.Sprint("Ann ", winner) {
				t.Errorf("the account is %q, the winner was Ann %d", got.Name, winner)
			}
		}
	})
	t.Run("CategoriesWithOneName", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			wantOneWinner(t, race(racers, round, func(int) error {
				return w.CreateCategory(w.ctx, &app.Category{Name: fmt.Sprint("Garden ", round), Image: w.image.URL}, nil)
			}))
		}
	})
}

func sameEdit(got, edit *app.Product) bool {
	return got.Name == edit.Name && got.Description == edit.Description && got.ResalePrice == edit.ResalePrice
}
