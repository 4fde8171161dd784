package postgres_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"rehome/app"
	"rehome/postgres"
)

// shop is a store with a seller, a category and a picture to list with,
// for the tests of bookings, reports and conversations that the contract
// suite (storetest) does not cover.
type shop struct {
	db       *postgres.DB
	ctx      context.Context
	seller   *app.User
	category *app.Category
	image    *app.Image
}

func newShop(t *testing.T) *shop {
	t.Helper()
	s := &shop{db: mustOpenDB(t), ctx: context.Background()}
	s.seller = s.account(t, "Sam", app.RoleSeller)
	s.image = &app.Image{URL: "/images/shop.jpg", ThumbURL: "/images/shop-thumb.jpg", Width: 10, Height: 10}
	shopMust(t, s.db.RecordImage(s.ctx, s.image, s.seller.ID))
	s.category = &app.Category{Name: "Furniture", Image: s.image.URL, ThumbURL: s.image.ThumbURL}
	shopMust(t, s.db.CreateCategory(s.ctx, s.category, nil))
	return s
}

func (s *shop) account(t *testing.T, name string, role app.Role) *app.User {
	t.Helper()
	u := &app.User{Name: name, Email: name + "@example.com", Role: role}
	shopMust(t, s.db.CreateUser(s.ctx, u, []byte("hash")))
	return u
}

func (s *shop) listing(t *testing.T, name string) *app.Product {
	t.Helper()
	p := &app.Product{CategoryID: s.category.ID, SellerID: s.seller.ID, Name: name, Description: "Solid oak",
		Image: s.image.URL, ThumbURL: s.image.ThumbURL, Condition: app.ConditionGood, Location: "Town",
		ResalePrice: 2550, Status: app.StatusAvailable}
	shopMust(t, s.db.CreateProduct(s.ctx, p))
	return p
}

// booking is buyer's booking of p as the service builds one, not stored.
func (s *shop) booking(p *app.Product, buyer *app.User) *app.Booking {
	id := p.ID
	return &app.Booking{ProductID: &id, Product: p.Name, Category: s.category.Name, Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: "Station", BuyerID: buyer.ID, BuyerName: buyer.Name, BuyerEmail: buyer.Email,
		BuyerPhone: "555 0100", SellerID: p.SellerID, Status: app.BookingBooked}
}

func (s *shop) book(t *testing.T, p *app.Product, buyer *app.User) *app.Booking {
	t.Helper()
	b := s.booking(p, buyer)
	shopMust(t, s.db.CreateBooking(s.ctx, b))
	return b
}

func (s *shop) status(t *testing.T, bookingID int64) app.BookingStatus {
	t.Helper()
	b, err := s.db.BookingByID(s.ctx, bookingID)
	shopMust(t, err)
	return b.Status
}

func (s *shop) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := s.db.Pool().Exec(s.ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func shopMust(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func shopWantKind(t *testing.T, err error, kind app.Kind) {
	t.Helper()
	if app.ErrorKind(err) != kind {
		t.Fatalf("got %v, want kind %q", err, kind)
	}
}

// TestMarkPaidIsOneTransaction makes the last step of MarkPaid fail and
// checks that none of the earlier ones stuck.
func TestMarkPaidIsOneTransaction(t *testing.T) {
	s := newShop(t)
	p := s.listing(t, "Table")
	won, other := s.book(t, p, s.account(t, "bea", app.RoleBuyer)), s.book(t, p, s.account(t, "cy", app.RoleBuyer))
	s.exec(t, `INSERT INTO adverts (product_id, created) VALUES ($1, 0)`, p.ID)
	s.exec(t, `CREATE FUNCTION keep_adverts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$`)
	s.exec(t, `CREATE TRIGGER keep_adverts BEFORE DELETE ON adverts FOR EACH ROW EXECUTE FUNCTION keep_adverts()`)

	if err := s.db.MarkPaid(s.ctx, won.ID); err == nil {
		t.Fatal("MarkPaid succeeded although taking the advert off failed")
	}
	got, err := s.db.ProductByID(s.ctx, p.ID)
	shopMust(t, err)
	if got.Status != app.StatusReserved || !got.Advertised {
		t.Errorf("product %s, advertised %v after a failed payment; want Reserved and advertised as before", got.Status, got.Advertised)
	}
	for _, b := range []*app.Booking{won, other} {
		if status := s.status(t, b.ID); status != app.BookingBooked {
			t.Errorf("booking %d is %s after a failed payment", b.ID, status)
		}
	}
}

// TestBookingsAgainstOnePayment: many buyers book a product while its
// first booking is paid. Each booking comes before the sale and is called
// off with the rest, or after it and is refused; none stays open.
func TestBookingsAgainstOnePayment(t *testing.T) {
	s := newShop(t)
	p := s.listing(t, "Table")
	first := s.book(t, p, s.account(t, "first", app.RoleBuyer))
	buyers := make([]*app.User, 30)
	for i := range buyers {
		buyers[i] = s.account(t, fmt.Sprintf("b%02d", i), app.RoleBuyer)
	}
	start := make(chan struct{})
	errs := make([]error, len(buyers))
	var payErr error
	var wg sync.WaitGroup
	for i, buyer := range buyers {
		wg.Go(func() {
			<-start
			errs[i] = s.db.CreateBooking(s.ctx, s.booking(p, buyer))
		})
	}
	wg.Go(func() {
		<-start
		payErr = s.db.MarkPaid(s.ctx, first.ID)
	})
	close(start)
	wg.Wait()
	shopMust(t, payErr)
	for i, err := range errs {
		if err != nil && app.ErrorKind(err) != app.KindConflict {
			t.Errorf("buyer %d: %v", i, err)
		}
	}
	list, err := s.db.SellerBookings(s.ctx, s.seller.ID, app.Page{Limit: 100})
	shopMust(t, err)
	for _, b := range list.Items {
		if b.Status == app.BookingBooked {
			t.Errorf("booking %d is open on a sold product", b.ID)
		}
		if (b.Status == app.BookingPaid) != (b.ID == first.ID) {
			t.Errorf("booking %d is %s", b.ID, b.Status)
		}
	}
	if got, err := s.db.ProductByID(s.ctx, p.ID); err != nil || got.Status != app.StatusSold || got.OpenBookings != 0 {
		t.Errorf("product after the sale: %+v (%v)", got, err)
	}
}

func TestReports(t *testing.T) {
	s := newShop(t)
	table, chair := s.listing(t, "Table"), s.listing(t, "Chair")
	b1, b2, b3 := s.account(t, "b1", app.RoleBuyer), s.account(t, "b2", app.RoleBuyer), s.account(t, "b3", app.RoleBuyer)
	reports := func() map[int64]app.ReportedProduct {
		t.Helper()
		list, err := s.db.ReportedProducts(s.ctx, app.Page{Limit: 100})
		shopMust(t, err)
		byProduct := map[int64]app.ReportedProduct{}
		for _, r := range list.Items {
			byProduct[*r.ProductID] = r
		}
		if list.Total != len(byProduct) {
			t.Errorf("%d reports listed of %d", len(byProduct), list.Total)
		}
		return byProduct
	}

	shopMust(t, s.db.CreateReport(s.ctx, table.ID, b1.ID, "broken"))
	shopWantKind(t, s.db.CreateReport(s.ctx, table.ID, b1.ID, "still broken"), app.KindConflict)
	if r := reports()[table.ID]; r.Reports != 1 || r.Reason != "broken" {
		t.Errorf("after a refused report: %+v", r)
	}
	shopMust(t, s.db.CreateReport(s.ctx, table.ID, b2.ID, "stolen photo"))
	shopMust(t, s.db.CreateReport(s.ctx, table.ID, b3.ID, "")) // keeps the latest reason given
	shopMust(t, s.db.CreateReport(s.ctx, chair.ID, b1.ID, ""))
	all := reports()
	if r := all[table.ID]; r.Reports != 3 || r.Reason != "stolen photo" || r.Product != "Table" || r.ResalePrice != 2550 ||
		r.Seller != "Sam" || r.SellerEmail != "Sam@example.com" || r.Image != s.image.URL || r.Updated.IsZero() {
		t.Errorf("the table's report %+v", r)
	}
	if r := all[chair.ID]; r.Reports != 1 || r.Reason != "" {
		t.Errorf("the chair's report %+v", r)
	}
	made, err := s.db.ReportsMadeBy(s.ctx, b1.ID)
	shopMust(t, err)
	if len(made) != 2 || *made[0].ProductID != table.ID || made[0].Reason != "broken" || made[1].Product != "Chair" {
		t.Errorf("b1's reports %+v", made)
	}

	t.Run("MostRecentlyReportedFirst", func(t *testing.T) {
		for _, tc := range []struct {
			page app.Page
			want []int64
		}{
			{app.Page{Limit: 1}, []int64{chair.ID}},
			{app.Page{Limit: 1, Offset: 1}, []int64{table.ID}},
			{app.Page{Limit: 10, Offset: 2}, nil},
		} {
			list, err := s.db.ReportedProducts(s.ctx, tc.page)
			shopMust(t, err)
			var got []int64
			for _, r := range list.Items {
				got = append(got, *r.ProductID)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) || list.Total != 2 {
				t.Errorf("page %+v: %v of %d, want %v of 2", tc.page, got, list.Total, tc.want)
			}
		}
	})
	t.Run("ErrUnknownProductOrReporter", func(t *testing.T) {
		shopWantKind(t, s.db.CreateReport(s.ctx, 9999, b1.ID, ""), app.KindConflict)
		shopWantKind(t, s.db.CreateReport(s.ctx, chair.ID, 9999, ""), app.KindConflict)
	})
	t.Run("Dismiss", func(t *testing.T) {
		shopWantKind(t, s.db.DismissReport(s.ctx, 9999, nil), app.KindNotFound)
		id := reports()[table.ID].ID
		audit := &app.AuditEntry{ActorID: &s.seller.ID, ActorName: "Sam", ActorEmail: "Sam@example.com",
			Action: app.AuditDismissReport, TargetType: "report", TargetID: id}
		shopMust(t, s.db.DismissReport(s.ctx, id, audit))
		if audit.Target != "Table" || audit.ID == 0 {
			t.Errorf("audit entry %+v, want the listing's name as its target", audit)
		}
		shopWantKind(t, s.db.DismissReport(s.ctx, id, nil), app.KindNotFound)
		if _, still := reports()[table.ID]; still {
			t.Error("the dismissed report is listed")
		}
		if _, err := s.db.ProductByID(s.ctx, table.ID); err != nil {
			t.Errorf("the product went with its report: %v", err)
		}
		// Its reporters are forgotten: they may report again.
		shopMust(t, s.db.CreateReport(s.ctx, table.ID, b1.ID, "again"))
		if r := reports()[table.ID]; r.Reports != 1 || r.Reason != "again" {
			t.Errorf("the report after dismissal %+v", r)
		}
	})
}

// TestMessagesAtOnceKeepTheNewestLast: messages written at once to one
// conversation each get their place, and the conversation's last message
// is the newest of them, whichever committed last.
func TestMessagesAtOnceKeepTheNewestLast(t *testing.T) {
	s := newShop(t)
	p, bea := s.listing(t, "Lamp"), s.account(t, "bea", app.RoleBuyer)
	id := p.ID
	c := &app.Conversation{ProductRef: id, BuyerID: bea.ID, SellerID: s.seller.ID,
		Product: app.ConversationProduct{ID: &id, Name: p.Name, Image: p.Image, ThumbURL: p.ThumbURL, Price: p.ResalePrice}}
	shopMust(t, s.db.AddMessage(s.ctx, c, &app.Message{SenderID: bea.ID, Text: "Hello"}))
	const writers = 8
	for round := range 4 {
		start := make(chan struct{})
		errs := make([]error, writers)
		var wg sync.WaitGroup
		for i := range writers {
			wg.Go(func() {
				<-start
				errs[i] = s.db.AddMessageTo(s.ctx, c.ID, &app.Message{SenderID: bea.ID, Text: fmt.Sprint(round, i)})
			})
		}
		close(start)
		wg.Wait()
		for _, err := range errs {
			shopMust(t, err)
		}
		messages, err := s.db.Messages(s.ctx, c.ID, 0, 1)
		shopMust(t, err)
		got, err := s.db.ConversationByID(s.ctx, c.ID, s.seller.ID)
		shopMust(t, err)
		if want := 1 + (round+1)*writers; messages.Total != want || got.Unread != want {
			t.Fatalf("round %d: %d messages, %d unread; want %d", round, messages.Total, got.Unread, want)
		}
		if newest := messages.Items[0]; got.LastMessage == nil || got.LastMessage.ID != newest.ID {
			t.Fatalf("round %d: the last message is %+v, the newest %+v", round, got.LastMessage, newest)
		}
	}
	shopWantKind(t, s.db.AddMessageTo(s.ctx, c.ID+1, &app.Message{SenderID: bea.ID, Text: "Anyone?"}), app.KindConflict)
}

// TestBookingFindsItsConversation: a booking finds the conversation
// between its buyer and seller about its product, once there is one, and
// after the product is deleted too; the conversation keeps its snapshot.
func TestBookingFindsItsConversation(t *testing.T) {
	s := newShop(t)
	p, bea := s.listing(t, "Sofa"), s.account(t, "bea", app.RoleBuyer)
	b := s.book(t, p, bea)
	conversationOf := func() *int64 {
		t.Helper()
		list, err := s.db.BuyerBookings(s.ctx, bea.ID, app.Page{Limit: 10})
		shopMust(t, err)
		if len(list.Items) != 1 || list.Items[0].ID != b.ID {
			t.Fatalf("bea's bookings %+v", list)
		}
		return list.Items[0].ConversationID
	}
	if id := conversationOf(); id != nil {
		t.Fatalf("the booking has conversation %d before anyone wrote", *id)
	}
	productID := p.ID
	c := &app.Conversation{ProductRef: productID, BuyerID: bea.ID, SellerID: s.seller.ID,
		Product: app.ConversationProduct{ID: &productID, Name: p.Name, Price: p.ResalePrice}}
	shopMust(t, s.db.AddMessage(s.ctx, c, &app.Message{SenderID: bea.ID, Text: "Is the sofa still there?"}))
	if id := conversationOf(); id == nil || *id != c.ID {
		t.Fatalf("the booking's conversation is %v, want %d", id, c.ID)
	}
	s.exec(t, `DELETE FROM products WHERE id = $1`, p.ID)
	if id := conversationOf(); id == nil || *id != c.ID {
		t.Errorf("after the product's deletion the booking's conversation is %v, want %d", id, c.ID)
	}
	got, err := s.db.ConversationByID(s.ctx, c.ID, s.seller.ID)
	shopMust(t, err)
	if got.Product.ID != nil || got.Product.Name != "Sofa" || got.Role != app.AsSeller || got.Other.ID != bea.ID ||
		got.Unread != 1 || got.Booking == nil || got.Booking.ID != b.ID || got.LastMessage == nil || got.LastMessage.Mine {
		t.Errorf("the conversation after the product's deletion: %+v", got)
	}
}
