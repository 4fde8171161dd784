package sqlite_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// mpUser stores an account of role.
func mpUser(t testing.TB, db *sqlite.DB, name string, role app.Role) *app.User {
	t.Helper()
	u := &app.User{Name: name, Email: name + "@example.com", Role: role}
	must(t, db.CreateUser(context.Background(), u, []byte("hash")))
	return u
}

// mpBook stores a booking of p by buyer the way the service builds one.
func (f *fixture) mpBook(t testing.TB, p *app.Product, buyer *app.User) *app.Booking {
	t.Helper()
	b, err := f.mpTryBook(p, buyer)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fixture) mpTryBook(p *app.Product, buyer *app.User) (*app.Booking, error) {
	id := p.ID
	b := &app.Booking{
		ProductID: &id, Product: p.Name, Category: f.category.Name, Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: "Station", BuyerID: buyer.ID, BuyerName: buyer.Name, BuyerEmail: buyer.Email,
		BuyerPhone: "555 0100", SellerID: p.SellerID, Status: app.BookingBooked,
	}
	return b, f.db.CreateBooking(context.Background(), b)
}

func mpStatus(t testing.TB, db *sqlite.DB, id int64) app.BookingStatus {
	t.Helper()
	b, err := db.BookingByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b.Status
}

func mpProductStatus(t testing.TB, db *sqlite.DB, id int64) app.ProductStatus {
	t.Helper()
	p, err := db.ProductByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p.Status
}

func mpWantKind(t testing.TB, err error, kind app.Kind) {
	t.Helper()
	if app.ErrorKind(err) != kind {
		t.Fatalf("got %v, want %s", err, kind)
	}
}

func mpAdvertised(t testing.TB, db *sqlite.DB) []int64 {
	t.Helper()
	list, err := db.AdvertisedProducts(context.Background(), app.Page{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := []int64{}
	for _, p := range list.Items {
		out = append(out, p.ID)
	}
	if list.Total != len(out) {
		t.Errorf("advertised total %d, %d items", list.Total, len(out))
	}
	return out
}

func mpReports(t testing.TB, db *sqlite.DB) map[int64]app.ReportedProduct {
	t.Helper()
	list, err := db.ReportedProducts(context.Background(), app.Page{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]app.ReportedProduct{}
	for _, r := range list.Items {
		out[*r.ProductID] = r
	}
	if list.Total != len(out) || len(list.Items) != len(out) {
		t.Errorf("reports total %d, %d items, %d products", list.Total, len(list.Items), len(out))
	}
	return out
}

func TestMarkPaid(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	other := f.product(t, "chair")
	b1, b2, b3 := mpUser(t, f.db, "b1", app.RoleBuyer), mpUser(t, f.db, "b2", app.RoleBuyer), mpUser(t, f.db, "b3", app.RoleBuyer)
	k1, k2, k3 := f.mpBook(t, p, b1), f.mpBook(t, p, b2), f.mpBook(t, p, b3)
	elsewhere := f.mpBook(t, other, b2)
	must(t, f.db.CancelBooking(ctx, k3.ID))
	must(t, f.db.CreateAdvert(ctx, p.ID))
	must(t, f.db.CreateAdvert(ctx, other.ID))

	must(t, f.db.MarkPaid(ctx, k1.ID))
	for id, want := range map[int64]app.BookingStatus{k1.ID: app.BookingPaid, k2.ID: app.BookingCancelled,
		k3.ID: app.BookingCancelled, elsewhere.ID: app.BookingBooked} {
		if got := mpStatus(t, f.db, id); got != want {
			t.Errorf("booking %d is %s, want %s", id, got, want)
		}
	}
	if got := mpProductStatus(t, f.db, p.ID); got != app.StatusSold {
		t.Errorf("product %s, want Sold", got)
	}
	if got := mpProductStatus(t, f.db, other.ID); got != app.StatusReserved {
		t.Errorf("other product %s, want Reserved: its booking is open", got)
	}
	if got := mpAdvertised(t, f.db); len(got) != 1 || got[0] != other.ID {
		t.Errorf("advertised %v, want only %d", got, other.ID)
	}
	t.Run("sold products leave the category page, not the seller's", func(t *testing.T) {
		list, _ := f.db.CategoryProducts(ctx, f.category, app.Page{Limit: 10})
		if list.Total != 1 || list.Items[0].ID != other.ID {
			t.Errorf("category %+v", list)
		}
		list, _ = f.db.SellerProducts(ctx, f.seller.ID, app.Page{Limit: 10})
		if list.Total != 2 {
			t.Errorf("seller's %+v", list)
		}
	})
	t.Run("again", func(t *testing.T) {
		mpWantKind(t, f.db.MarkPaid(ctx, k1.ID), app.KindConflict)
	})
	t.Run("a cancelled booking", func(t *testing.T) {
		mpWantKind(t, f.db.MarkPaid(ctx, k2.ID), app.KindConflict)
	})
	t.Run("unknown", func(t *testing.T) {
		mpWantKind(t, f.db.MarkPaid(ctx, 999), app.KindNotFound)
	})
	t.Run("booking a sold product", func(t *testing.T) {
		_, err := f.mpTryBook(p, mpUser(t, f.db, "late", app.RoleBuyer))
		mpWantKind(t, err, app.KindConflict)
	})
	t.Run("advertising a sold product", func(t *testing.T) {
		mpWantKind(t, f.db.CreateAdvert(ctx, p.ID), app.KindConflict)
	})
	t.Run("cancelling a paid booking", func(t *testing.T) {
		mpWantKind(t, f.db.CancelBooking(ctx, k1.ID), app.KindConflict)
		if got := mpStatus(t, f.db, k1.ID); got != app.BookingPaid {
			t.Errorf("booking %s", got)
		}
	})
}

// TestMarkPaidIsOneTransaction makes the last step of MarkPaid fail and
// checks that none of the earlier ones stuck.
func TestMarkPaidIsOneTransaction(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	k1 := f.mpBook(t, p, mpUser(t, f.db, "b1", app.RoleBuyer))
	k2 := f.mpBook(t, p, mpUser(t, f.db, "b2", app.RoleBuyer))
	must(t, f.db.CreateAdvert(ctx, p.ID))
	if err := f.db.ExecForTest(ctx, `CREATE TRIGGER keep_adverts BEFORE DELETE ON adverts BEGIN SELECT RAISE(ABORT, 'no'); END`); err != nil {
		t.Fatal(err)
	}
	if err := f.db.MarkPaid(ctx, k1.ID); err == nil {
		t.Fatal("MarkPaid succeeded although removing the advert failed")
	}
	if got := mpProductStatus(t, f.db, p.ID); got != app.StatusReserved {
		t.Errorf("product %s after a failed payment, want Reserved as before", got)
	}
	if s1, s2 := mpStatus(t, f.db, k1.ID), mpStatus(t, f.db, k2.ID); s1 != app.BookingBooked || s2 != app.BookingBooked {
		t.Errorf("bookings %s, %s after a failed payment", s1, s2)
	}
	if got := mpAdvertised(t, f.db); len(got) != 1 {
		t.Errorf("advertised %v", got)
	}
}

func TestCancelBookingStore(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	buyer := mpUser(t, f.db, "b1", app.RoleBuyer)
	b := f.mpBook(t, p, buyer)
	t.Run("same buyer twice", func(t *testing.T) {
		_, err := f.mpTryBook(p, buyer)
		mpWantKind(t, err, app.KindConflict)
	})
	must(t, f.db.CancelBooking(ctx, b.ID))
	if got := mpStatus(t, f.db, b.ID); got != app.BookingCancelled {
		t.Errorf("status %s", got)
	}
	t.Run("twice is harmless", func(t *testing.T) {
		must(t, f.db.CancelBooking(ctx, b.ID))
	})
	t.Run("booking again after cancelling", func(t *testing.T) {
		again := f.mpBook(t, p, buyer)
		if again.ID == b.ID || again.Created.IsZero() {
			t.Errorf("booking %+v", again)
		}
		list, _ := f.db.BuyerBookings(ctx, buyer.ID, app.Page{Limit: 10})
		if list.Total != 2 || list.Items[0].ID != again.ID {
			t.Errorf("orders %+v", list)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		mpWantKind(t, f.db.CancelBooking(ctx, 999), app.KindNotFound)
		_, err := f.db.BookingByID(ctx, 999)
		mpWantKind(t, err, app.KindNotFound)
	})
	t.Run("unknown product", func(t *testing.T) {
		_, err := f.mpTryBook(&app.Product{ID: 999, SellerID: f.seller.ID}, buyer)
		mpWantKind(t, err, app.KindNotFound)
	})
}

func TestReportsStore(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	q := f.product(t, "chair")
	b1, b2, b3 := mpUser(t, f.db, "b1", app.RoleBuyer), mpUser(t, f.db, "b2", app.RoleBuyer), mpUser(t, f.db, "b3", app.RoleBuyer)

	must(t, f.db.CreateReport(ctx, p.ID, b1.ID, "broken"))
	mpWantKind(t, f.db.CreateReport(ctx, p.ID, b1.ID, "still broken"), app.KindConflict)
	if r := mpReports(t, f.db)[p.ID]; r.Reports != 1 || r.Reason != "broken" {
		t.Errorf("after a refused report: %+v", r)
	}
	must(t, f.db.CreateReport(ctx, p.ID, b2.ID, "stolen photo"))
	must(t, f.db.CreateReport(ctx, p.ID, b3.ID, ""))
	must(t, f.db.CreateReport(ctx, q.ID, b1.ID, ""))
	reports := mpReports(t, f.db)
	if r := reports[p.ID]; r.Reports != 3 || r.Reason != "stolen photo" || r.Product != "table" || r.ResalePrice != 2550 ||
		r.Seller != "Sam" || r.SellerEmail != "sam@example.com" || r.Image != f.image.URL {
		t.Errorf("table's report %+v", r)
	}
	if r := reports[q.ID]; r.Reports != 1 || r.Reason != "" {
		t.Errorf("chair's report %+v", r)
	}
	t.Run("most recently reported first", func(t *testing.T) {
		list, _ := f.db.ReportedProducts(ctx, app.Page{Limit: 1})
		if list.Total != 2 || len(list.Items) != 1 || *list.Items[0].ProductID != q.ID {
			t.Errorf("first page %+v", list)
		}
	})
	t.Run("unknown product", func(t *testing.T) {
		if err := f.db.CreateReport(ctx, 999, b1.ID, ""); err == nil {
			t.Error("a report of an unknown product was stored")
		}
	})
	t.Run("dismiss", func(t *testing.T) {
		mpWantKind(t, f.db.DismissReport(ctx, 999, nil), app.KindNotFound)
		id := mpReports(t, f.db)[p.ID].ID
		must(t, f.db.DismissReport(ctx, id, nil))
		mpWantKind(t, f.db.DismissReport(ctx, id, nil), app.KindNotFound)
		if _, still := mpReports(t, f.db)[p.ID]; still {
			t.Error("the dismissed report is listed")
		}
		if _, err := f.db.ProductByID(ctx, p.ID); err != nil {
			t.Errorf("the product went with its report: %v", err)
		}
		// Its reporters are forgotten: they may report again.
		must(t, f.db.CreateReport(ctx, p.ID, b1.ID, "again"))
		if r := mpReports(t, f.db)[p.ID]; r.Reports != 1 || r.Reason != "again" {
			t.Errorf("report after dismissal %+v", r)
		}
	})
	t.Run("deleting the product removes its report", func(t *testing.T) {
		must(t, f.db.DeleteProduct(ctx, q.ID))
		if _, still := mpReports(t, f.db)[q.ID]; still {
			t.Error("a deleted product is still reported")
		}
	})
}

func TestAdvertsStore(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	q := f.product(t, "chair")
	must(t, f.db.CreateAdvert(ctx, q.ID))
	must(t, f.db.CreateAdvert(ctx, p.ID))
	mpWantKind(t, f.db.CreateAdvert(ctx, p.ID), app.KindConflict)
	mpWantKind(t, f.db.CreateAdvert(ctx, 999), app.KindNotFound)
	if got := mpAdvertised(t, f.db); len(got) != 2 || got[0] != p.ID || got[1] != q.ID {
		t.Errorf("advertised %v, want newest advert first [%d %d]", got, p.ID, q.ID)
	}
	must(t, f.db.DeleteAdvert(ctx, p.ID))
	mpWantKind(t, f.db.DeleteAdvert(ctx, p.ID), app.KindNotFound)
	mpWantKind(t, f.db.DeleteAdvert(ctx, 999), app.KindNotFound)
	must(t, f.db.DeleteProduct(ctx, q.ID))
	if got := mpAdvertised(t, f.db); len(got) != 0 {
		t.Errorf("advertised %v after deleting the product", got)
	}
}

func TestDeleteProductCancelsOpenBookings(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	sold := f.product(t, "chair")
	b1, b2 := mpUser(t, f.db, "b1", app.RoleBuyer), mpUser(t, f.db, "b2", app.RoleBuyer)
	open := f.mpBook(t, p, b1)
	cancelled := f.mpBook(t, p, b2)
	must(t, f.db.CancelBooking(ctx, cancelled.ID))
	paid := f.mpBook(t, sold, b1)
	must(t, f.db.MarkPaid(ctx, paid.ID))
	for _, id := range []int64{p.ID, sold.ID} {
		must(t, f.db.DeleteProduct(ctx, id))
	}
	for id, want := range map[int64]app.BookingStatus{open.ID: app.BookingCancelled, cancelled.ID: app.BookingCancelled, paid.ID: app.BookingPaid} {
		b, err := f.db.BookingByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != want || b.ProductID != nil || b.Product == "" || b.Price != 2550 || b.Image != f.image.URL {
			t.Errorf("booking %d: %+v, want %s with its snapshot and no product", id, b, want)
		}
	}
	list, _ := f.db.SellerBookings(ctx, f.seller.ID, app.Page{Limit: 10})
	if list.Total != 3 {
		t.Errorf("the seller's buyers %+v", list)
	}
	mpWantKind(t, f.db.MarkPaid(ctx, open.ID), app.KindConflict)
}

func TestDeleteUserStore(t *testing.T) {
	ctx := context.Background()

	t.Run("the last admin stays", func(t *testing.T) {
		db := mustOpenDB(t)
		only := mpUser(t, db, "root", app.RoleAdmin)
		mpWantKind(t, db.DeleteUser(ctx, only.ID, nil), app.KindConflict)
		if _, err := db.UserByID(ctx, only.ID); err != nil {
			t.Fatal(err)
		}
		second := mpUser(t, db, "second", app.RoleAdmin)
		must(t, db.DeleteUser(ctx, only.ID, nil))
		mpWantKind(t, db.DeleteUser(ctx, second.ID, nil), app.KindConflict)
		mpWantKind(t, db.DeleteUser(ctx, 999, nil), app.KindNotFound)
	})

	t.Run("a seller", func(t *testing.T) {
		f := newFixture(t)
		p, q := f.product(t, "table"), f.product(t, "chair")
		otherSeller := mpUser(t, f.db, "olga", app.RoleSeller)
		kept := &app.Product{CategoryID: f.category.ID, SellerID: otherSeller.ID, Name: "lamp", Description: "d", Image: f.image.URL,
			ThumbURL: f.image.ThumbURL, Condition: app.ConditionGood, Location: "Town", OriginalPrice: new(app.Cents(100)), ResalePrice: 50,
			Contact: app.SellerContact{Phone: "555 0100"}, PurchaseYear: new(2020), UsePeriod: new("1 year"), Status: app.StatusAvailable}
		must(t, f.db.CreateProduct(ctx, kept))
		buyer := mpUser(t, f.db, "bea", app.RoleBuyer)
		open, paid := f.mpBook(t, p, buyer), f.mpBook(t, q, buyer)
		must(t, f.db.MarkPaid(ctx, paid.ID))
		// The seller was buying too.
		own := f.mpBook(t, kept, f.seller)
		for _, id := range []int64{p.ID, kept.ID} {
			must(t, f.db.CreateAdvert(ctx, id))
			must(t, f.db.CreateReport(ctx, id, buyer.ID, "x"))
		}
		// The seller reported someone else's product along with the buyer.
		must(t, f.db.CreateReport(ctx, kept.ID, f.seller.ID, "y"))

		must(t, f.db.DeleteUser(ctx, f.seller.ID, nil))
		if _, err := f.db.UserByID(ctx, f.seller.ID); app.ErrorKind(err) != app.KindNotFound {
			t.Errorf("user: %v", err)
		}
		for _, id := range []int64{p.ID, q.ID} {
			if _, err := f.db.ProductByID(ctx, id); app.ErrorKind(err) != app.KindNotFound {
				t.Errorf("product %d: %v", id, err)
			}
		}
		if got := mpAdvertised(t, f.db); len(got) != 1 || got[0] != kept.ID {
			t.Errorf("advertised %v", got)
		}
		reports := mpReports(t, f.db)
		if len(reports) != 1 || reports[kept.ID].Reports != 1 {
			t.Errorf("reports %+v", reports)
		}
		orders, _ := f.db.BuyerBookings(ctx, buyer.ID, app.Page{Limit: 10})
		if orders.Total != 2 {
			t.Fatalf("orders %+v", orders)
		}
		for _, b := range orders.Items {
			want := map[int64]app.BookingStatus{open.ID: app.BookingCancelled, paid.ID: app.BookingPaid}[b.ID]
			if b.Status != want || b.ProductID != nil || b.SellerID != 0 || b.Price != 2550 || b.Product == "" {
				t.Errorf("order %+v, want %s", b, want)
			}
		}
		b, _ := f.db.BookingByID(ctx, own.ID)
		if b.Status != app.BookingCancelled || b.BuyerID != 0 || b.BuyerName != "Sam" || b.ProductID == nil {
			t.Errorf("the seller's own order %+v", b)
		}
		if list, _ := f.db.SellerBookings(ctx, otherSeller.ID, app.Page{Limit: 10}); list.Total != 1 {
			t.Errorf("the other seller's buyers %+v", list)
		}
		// The product is free for the next buyer.
		if _, err := f.mpTryBook(kept, buyer); err != nil {
			t.Error(err)
		}
	})

	t.Run("a buyer", func(t *testing.T) {
		f := newFixture(t)
		p, q := f.product(t, "table"), f.product(t, "chair")
		bea, bob := mpUser(t, f.db, "bea", app.RoleBuyer), mpUser(t, f.db, "bob", app.RoleBuyer)
		open := f.mpBook(t, p, bea)
		paid := f.mpBook(t, q, bea)
		must(t, f.db.MarkPaid(ctx, paid.ID))
		must(t, f.db.CreateReport(ctx, p.ID, bea.ID, "only bea"))
		must(t, f.db.CreateReport(ctx, q.ID, bea.ID, "bea"))
		must(t, f.db.CreateReport(ctx, q.ID, bob.ID, ""))

		must(t, f.db.DeleteUser(ctx, bea.ID, nil))
		list, _ := f.db.SellerBookings(ctx, f.seller.ID, app.Page{Limit: 10})
		if list.Total != 2 {
			t.Fatalf("the seller's buyers %+v", list)
		}
		for _, b := range list.Items {
			want := map[int64]app.BookingStatus{open.ID: app.BookingCancelled, paid.ID: app.BookingPaid}[b.ID]
			if b.Status != want || b.BuyerName != "bea" || b.BuyerEmail != "bea@example.com" || b.BuyerID != 0 || b.ProductID == nil {
				t.Errorf("booking %+v, want %s", b, want)
			}
		}
		reports := mpReports(t, f.db)
		if _, still := reports[p.ID]; still {
			t.Error("a report nobody stands behind any more is listed")
		}
		// The count drops, and so does the reason the gone account gave.
		if r := reports[q.ID]; r.Reports != 1 || r.Reason != "" || len(reports) != 1 {
			t.Errorf("reports %+v", reports)
		}
		if _, err := f.db.ProductByID(ctx, p.ID); err != nil {
			t.Errorf("the seller's product went: %v", err)
		}
		if _, err := f.mpTryBook(p, bob); err != nil {
			t.Errorf("booking after the buyer left: %v", err)
		}
	})
}

// TestDeletedUserIDIsNotReused: IDs name accounts in sessions, so a new
// account must never get a deleted account's ID.
func TestDeletedUserIDIsNotReused(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	mpUser(t, db, "first", app.RoleBuyer)
	last := mpUser(t, db, "last", app.RoleBuyer)
	must(t, db.DeleteUser(ctx, last.ID, nil))
	next := mpUser(t, db, "next", app.RoleBuyer)
	if next.ID == last.ID {
		t.Fatalf("the new account got the deleted account's id %d", next.ID)
	}
}

// TestConcurrentBookingsStore races buyers for one product while it is paid
// for: no booking stays open on a sold product.
func TestConcurrentBookingsStore(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	first := f.mpBook(t, p, mpUser(t, f.db, "first", app.RoleBuyer))
	buyers := make([]*app.User, 30)
	for i := range buyers {
		buyers[i] = mpUser(t, f.db, fmt.Sprintf("b%02d", i), app.RoleBuyer)
	}
	start := make(chan struct{})
	errs := make([]error, len(buyers))
	var payErr error
	var wg sync.WaitGroup
	for i, b := range buyers {
		wg.Go(func() {
			<-start
			_, errs[i] = f.mpTryBook(p, b)
		})
	}
	wg.Go(func() {
		<-start
		payErr = f.db.MarkPaid(ctx, first.ID)
	})
	close(start)
	wg.Wait()
	if payErr != nil {
		t.Fatal(payErr)
	}
	for i, err := range errs {
		if err != nil && app.ErrorKind(err) != app.KindConflict {
			t.Errorf("buyer %d: %v", i, err)
		}
	}
	list, _ := f.db.SellerBookings(ctx, f.seller.ID, app.Page{Limit: 100})
	for _, b := range list.Items {
		if b.Status == app.BookingBooked {
			t.Errorf("booking %d is open on a sold product", b.ID)
		}
		if (b.Status == app.BookingPaid) != (b.ID == first.ID) {
			t.Errorf("booking %d is %s", b.ID, b.Status)
		}
	}
}

// TestWritesByAVanishedAccount: a request authenticated just before its
// account was deleted reaches the store with a user ID that no longer
// exists. The store should answer with a kind the API maps to a 4xx, not
// an internal error (a 500).
func TestWritesByAVanishedAccount(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	gone := mpUser(t, f.db, "gone", app.RoleBuyer)
	must(t, f.db.DeleteUser(ctx, gone.ID, nil))
	_, bookErr := f.mpTryBook(p, gone)
	reportErr := f.db.CreateReport(ctx, p.ID, gone.ID, "")
	if bookErr == nil || reportErr == nil {
		t.Fatalf("stored for a deleted account: booking %v, report %v", bookErr, reportErr)
	}
	if app.ErrorKind(bookErr) == app.KindInternal || app.ErrorKind(reportErr) == app.KindInternal {
		t.Fatalf("CreateBooking / CreateReport for an account deleted meanwhile fail with an untranslated "+
			"foreign-key error (booking: %v; report: %v), which the API answers with 500", bookErr, reportErr)
	}
}
