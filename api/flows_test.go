package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// Helpers for the marketplace tests (bookings, reports, adverts, admin). They
// carry an mp prefix so they cannot clash with helpers added elsewhere.

// mpBookBody is a valid booking of product.
func mpBookBody(product int64) map[string]any {
	return map[string]any{"product_id": product, "location": "Central station", "buyer_phone": "+44 (20) 7946-0958"}
}

// mpBook books product as c and returns the booking.
func mpBook(t *testing.T, c *client, product int64) app.Booking {
	t.Helper()
	r := c.call("POST", "/api/booked", mpBookBody(product))
	expectStatus(t, r, http.StatusCreated)
	return decode[app.Booking](t, r)
}

// mpGet reads a list answer as c.
func mpGet[T any](t *testing.T, c *client, path string) app.List[T] {
	t.Helper()
	r := c.call("GET", path, nil)
	expectStatus(t, r, http.StatusOK)
	return decode[app.List[T]](t, r)
}

// mpProduct lists productBody ("Oak table", 120.50) in category as the shop's seller.
func (s *shop) mpProduct(t *testing.T, category string) int64 {
	t.Helper()
	r := s.seller.call("POST", "/api/products", productBody(category, s.picture.URL))
	expectStatus(t, r, http.StatusCreated)
	return decode[app.Product](t, r).ID
}

// mpBookingByID finds a booking in a list.
func mpBookingByID(list app.List[app.Booking], id int64) (app.Booking, bool) {
	for _, b := range list.Items {
		if b.ID == id {
			return b, true
		}
	}
	return app.Booking{}, false
}

// mpHasProduct reports whether a product list holds id.
func mpHasProduct(list app.List[app.Product], id int64) bool {
	return slices.Contains(ids(list), id)
}

func mpPath(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// TestFlowBookingToSale follows a product from listing to sale: two buyers
// book it, the seller confirms the first one's payment.
func TestFlowBookingToSale(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": product}), http.StatusCreated)
	first, firstUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	second, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	third, _ := s.register("Cy Buyer", "cy@example.com", app.RoleBuyer)

	booking := mpBook(t, first, product)
	if booking.ProductID == nil || *booking.ProductID != product || booking.Product != "Oak table" || booking.Category != "Tables" ||
		booking.Image != s.picture.URL || booking.ThumbURL != s.picture.ThumbURL || booking.Price != 12050 ||
		booking.BuyerName != "Bea Buyer" || booking.BuyerEmail != firstUser.Email || booking.BuyerPhone != "+44 (20) 7946-0958" ||
		booking.Location != "Central station" || booking.Status != app.BookingBooked || booking.ID == 0 || booking.Created.IsZero() {
		t.Fatalf("booking %+v", booking)
	}

	t.Run("the seller sees the buyer", func(t *testing.T) {
		r := s.seller.call("GET", "/api/mybuyers", nil)
		expectStatus(t, r, http.StatusOK)
		raw := decode[app.List[map[string]any]](t, r)
		if raw.Total != 1 || len(raw.Items) != 1 {
			t.Fatalf("my buyers %s", r.body)
		}
		got := raw.Items[0]
		want := map[string]any{
			"id": float64(booking.ID), "product_id": float64(product), "product": "Oak table", "price": 120.5,
			"buyer_name": "Bea Buyer", "buyer_email": "bea@example.com", "buyer_phone": "+44 (20) 7946-0958",
			"location": "Central station", "status": "Booked",
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %#v, want %#v", k, got[k], v)
			}
		}
		checkTime(t, got["time"])
	})

	other := mpBook(t, second, product)
	r := s.seller.call("POST", mpPath("/api/booked/%d/paid", booking.ID), nil)
	expectStatus(t, r, http.StatusOK)
	if paid := decode[app.Booking](t, r); paid.ID != booking.ID || paid.Status != app.BookingPaid {
		t.Fatalf("payment answered %+v", paid)
	}

	t.Run("the first booking is paid", func(t *testing.T) {
		list := mpGet[app.Booking](t, first, "/api/booked")
		if b, ok := mpBookingByID(list, booking.ID); !ok || b.Status != app.BookingPaid {
			t.Errorf("first buyer's orders %+v", list)
		}
	})
	t.Run("the second booking is cancelled", func(t *testing.T) {
		list := mpGet[app.Booking](t, second, "/api/booked")
		if b, ok := mpBookingByID(list, other.ID); !ok || b.Status != app.BookingCancelled {
			t.Errorf("second buyer's orders %+v", list)
		}
	})
	t.Run("the seller's buyers show both outcomes", func(t *testing.T) {
		list := mpGet[app.Booking](t, s.seller, "/api/mybuyers")
		statuses := map[int64]app.BookingStatus{}
		for _, b := range list.Items {
			statuses[b.ID] = b.Status
		}
		if list.Total != 2 || statuses[booking.ID] != app.BookingPaid || statuses[other.ID] != app.BookingCancelled {
			t.Errorf("my buyers %+v", list)
		}
	})
	t.Run("the product is sold", func(t *testing.T) {
		r := third.call("GET", mpPath("/api/products/%d", product), nil)
		expectStatus(t, r, http.StatusOK)
		if p := decode[app.Product](t, r); p.Status != app.StatusSold {
			t.Errorf("status %q, want Sold", p.Status)
		}
	})
	t.Run("the advert is gone", func(t *testing.T) {
		if list := mpGet[app.Product](t, s.client(), "/api/advertised"); mpHasProduct(list, product) || list.Total != 0 {
			t.Errorf("advertised %+v", list)
		}
	})
	t.Run("it left the category page", func(t *testing.T) {
		if list := mpGet[app.Product](t, third, "/api/categories/Tables"); mpHasProduct(list, product) || list.Total != 0 {
			t.Errorf("category %+v", list)
		}
	})
	t.Run("it stays in My Products as Sold", func(t *testing.T) {
		list := mpGet[app.Product](t, s.seller, "/api/myproducts/seller@example.com")
		if len(list.Items) != 1 || list.Items[0].ID != product || list.Items[0].Status != app.StatusSold {
			t.Errorf("my products %+v", list)
		}
	})
	t.Run("booking it now is a conflict", func(t *testing.T) {
		expectError(t, third.call("POST", "/api/booked", mpBookBody(product)), http.StatusConflict, "This product is already sold", nil)
		expectError(t, second.call("POST", "/api/booked", mpBookBody(product)), http.StatusConflict, "This product is already sold", nil)
	})
	t.Run("advertising it again is a conflict", func(t *testing.T) {
		expectError(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": product}), http.StatusConflict,
			"Only available products can be advertised", nil)
	})
}

// mpReported reads the admin's reported list.
func mpReported(t *testing.T, admin *client) app.List[app.ReportedProduct] {
	t.Helper()
	return mpGet[app.ReportedProduct](t, admin, "/api/reported")
}

func TestFlowReportAndDismiss(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	bob, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)

	r := bea.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "Looks broken"})
	expectStatus(t, r, http.StatusCreated)
	if got := decode[map[string]any](t, r); got["product_id"] != float64(product) {
		t.Errorf("report answered %s", r.body)
	}
	expectStatus(t, bob.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "  Photo is not theirs  "}), http.StatusCreated)

	list := mpReported(t, s.admin)
	if list.Total != 1 || len(list.Items) != 1 {
		t.Fatalf("reported %+v", list)
	}
	got := list.Items[0]
	if got.ProductID == nil || *got.ProductID != product || got.Product != "Oak table" || got.Image != s.picture.URL || got.ResalePrice != 12050 ||
		got.Reports != 2 || got.Reason != "Photo is not theirs" || got.ID == 0 || got.SellerEmail != "seller@example.com" {
		t.Errorf("reported item %+v", got)
	}

	t.Run("reporting twice", func(t *testing.T) {
		expectError(t, bea.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "again"}),
			http.StatusConflict, "You have already reported this product", nil)
		after := mpReported(t, s.admin)
		if after.Items[0].Reports != 2 || after.Items[0].Reason != "Photo is not theirs" {
			t.Errorf("a refused report changed the entry: %+v", after.Items[0])
		}
	})
	t.Run("only admins see reports", func(t *testing.T) {
		expectStatus(t, bea.call("GET", "/api/reported", nil), http.StatusForbidden)
		expectStatus(t, s.seller.call("GET", "/api/reported", nil), http.StatusForbidden)
		expectStatus(t, s.client().call("GET", "/api/reported", nil), http.StatusUnauthorized)
		expectStatus(t, bea.call("DELETE", mpPath("/api/reported/%d", got.ID), nil), http.StatusForbidden)
	})

	r = s.admin.call("DELETE", mpPath("/api/reported/%d", got.ID), nil)
	expectStatus(t, r, http.StatusNoContent)
	if len(r.body) != 0 {
		t.Errorf("body %q, want none", r.body)
	}
	if after := mpReported(t, s.admin); after.Total != 0 || len(after.Items) != 0 || after.Items == nil {
		t.Errorf("after dismissal %+v", after)
	}
	expectStatus(t, bea.call("GET", mpPath("/api/products/%d", product), nil), http.StatusOK)
	expectError(t, s.admin.call("DELETE", mpPath("/api/reported/%d", got.ID), nil), http.StatusNotFound, "Report not found", nil)

	t.Run("reporting again after the dismissal", func(t *testing.T) {
		expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": product}), http.StatusCreated)
		after := mpReported(t, s.admin)
		if after.Total != 1 || after.Items[0].Reports != 1 || after.Items[0].Reason != "" {
			t.Errorf("reported %+v", after)
		}
	})
}

func TestFlowAdminRemovesReportedListing(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	keep := s.mpProduct(t, "Chairs")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "Scam"}), http.StatusCreated)
	expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": keep}), http.StatusCreated)
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": product}), http.StatusCreated)
	booking := mpBook(t, bea, product)

	expectStatus(t, s.admin.call("DELETE", mpPath("/api/products/%d", product), nil), http.StatusNoContent)

	list := mpReported(t, s.admin)
	if list.Total != 1 || len(list.Items) != 1 || *list.Items[0].ProductID != keep {
		t.Errorf("reported %+v, want only %d", list, keep)
	}
	expectStatus(t, bea.call("GET", mpPath("/api/products/%d", product), nil), http.StatusNotFound)
	if ads := mpGet[app.Product](t, bea, "/api/advertised"); ads.Total != 0 {
		t.Errorf("advertised %+v", ads)
	}
	orders := mpGet[app.Booking](t, bea, "/api/booked")
	if b, ok := mpBookingByID(orders, booking.ID); !ok || b.Status != app.BookingCancelled || b.ProductID != nil || b.Product != "Oak table" {
		t.Errorf("orders %+v", orders)
	}
}

// TestFlowAdminDeletesSeller: the seller's listings go with everything
// hanging off them; their buyers keep their orders.
func TestFlowAdminDeletesSeller(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	booked := s.mpProduct(t, "Tables")
	reported := s.mpProduct(t, "Chairs")
	otherSeller, otherUser := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	otherPicture := otherSeller.upload(pngImage(t, 20, 20))
	r := otherSeller.call("POST", "/api/products", productBody("Tables", otherPicture.URL))
	expectStatus(t, r, http.StatusCreated)
	othersProduct := decode[app.Product](t, r).ID
	expectStatus(t, otherSeller.call("POST", "/api/advertised", map[string]any{"product_id": othersProduct}), http.StatusCreated)

	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": booked}), http.StatusCreated)
	expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": reported, "reason": "Fake"}), http.StatusCreated)
	expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": othersProduct, "reason": "Odd"}), http.StatusCreated)
	booking := mpBook(t, bea, booked)
	// The seller was also buying from someone else.
	sellersOrder := mpBook(t, s.seller, othersProduct)

	r = s.admin.call("DELETE", mpPath("/api/sellers/%d", s.sellerUser.ID), nil)
	expectStatus(t, r, http.StatusNoContent)

	t.Run("their session is dead", func(t *testing.T) {
		expectNobody(t, s.seller.call("GET", "/api/auth/me", nil))
		expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": booked}), http.StatusUnauthorized)
		expectStatus(t, s.seller.call("GET", "/api/mybuyers", nil), http.StatusUnauthorized)
	})
	t.Run("their products are gone", func(t *testing.T) {
		for _, id := range []int64{booked, reported} {
			expectStatus(t, bea.call("GET", mpPath("/api/products/%d", id), nil), http.StatusNotFound)
		}
		list := mpGet[app.Product](t, bea, "/api/categories/Tables")
		if got := ids(list); !slices.Equal(got, []int64{othersProduct}) {
			t.Errorf("Tables holds %v", got)
		}
		expectStatus(t, s.admin.call("GET", "/api/myproducts/seller@example.com", nil), http.StatusNotFound)
	})
	t.Run("their adverts are gone", func(t *testing.T) {
		list := mpGet[app.Product](t, bea, "/api/advertised")
		if got := ids(list); !slices.Equal(got, []int64{othersProduct}) || list.Total != 1 {
			t.Errorf("advertised %v (total %d)", got, list.Total)
		}
	})
	t.Run("their reports are gone", func(t *testing.T) {
		list := mpReported(t, s.admin)
		if list.Total != 1 || len(list.Items) != 1 || *list.Items[0].ProductID != othersProduct {
			t.Errorf("reported %+v", list)
		}
	})
	t.Run("the buyer keeps the order", func(t *testing.T) {
		orders := mpGet[app.Booking](t, bea, "/api/booked")
		b, ok := mpBookingByID(orders, booking.ID)
		if !ok || b.ProductID != nil || b.Product != "Oak table" || b.Price != 12050 || b.Image != s.picture.URL ||
			b.Status != app.BookingCancelled {
			t.Errorf("orders %+v", orders)
		}
		raw := decode[app.List[map[string]any]](t, bea.call("GET", "/api/booked", nil))
		if v, present := raw.Items[0]["product_id"]; !present || v != nil {
			t.Errorf("product_id %#v, want null", v)
		}
	})
	t.Run("the seller's own order is cancelled on the other side", func(t *testing.T) {
		list := mpGet[app.Booking](t, otherSeller, "/api/mybuyers")
		b, ok := mpBookingByID(list, sellersOrder.ID)
		// Called off, it no longer tells the other seller how to reach them.
		if !ok || b.Status != app.BookingCancelled || b.BuyerEmail != "" || b.BuyerPhone != "" || b.BuyerName != "Sam Seller" {
			t.Errorf("other seller's buyers %+v", list)
		}
	})
	t.Run("the account is gone from the lists", func(t *testing.T) {
		for _, path := range []string{"/api/users", "/api/sellers"} {
			for _, u := range mpGet[mpUser](t, s.admin, path).Items {
				if u.ID == s.sellerUser.ID {
					t.Errorf("%s still lists the seller", path)
				}
			}
		}
		expectStatus(t, s.admin.call("DELETE", mpPath("/api/sellers/%d", s.sellerUser.ID), nil), http.StatusNotFound)
		expectStatus(t, s.admin.call("GET", "/api/myproducts/"+otherUser.Email, nil), http.StatusOK)
	})
	t.Run("signing in again fails", func(t *testing.T) {
		expectStatus(t, s.client().call("POST", "/api/auth/login",
			map[string]string{"email": "seller@example.com", "password": testPassword}), http.StatusUnauthorized)
	})
}

// mpUser is a user as the admin lists show it, with the seller-only flag.
type mpUser struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name"`
	Email    string   `json:"email"`
	Phone    string   `json:"phone"`
	Location string   `json:"location"`
	Role     app.Role `json:"role"`
	Image    string   `json:"image"`
	Verified *bool    `json:"verified"`
}

func TestFlowAdminDeletesBuyer(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	paidProduct := s.mpProduct(t, "Chairs")
	bea, beaUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	bob, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	open := mpBook(t, bea, product)
	paid := mpBook(t, bea, paidProduct)
	expectStatus(t, s.seller.call("POST", mpPath("/api/booked/%d/paid", paid.ID), nil), http.StatusOK)
	// Bea alone reported the product; Bob's report of the other one stays.
	expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "Bea's"}), http.StatusCreated)
	expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": paidProduct}), http.StatusCreated)
	expectStatus(t, bob.call("POST", "/api/reported", map[string]any{"product_id": paidProduct}), http.StatusCreated)

	expectStatus(t, s.admin.call("DELETE", mpPath("/api/buyers/%d", beaUser.ID), nil), http.StatusNoContent)

	t.Run("their session is dead", func(t *testing.T) {
		expectNobody(t, bea.call("GET", "/api/auth/me", nil))
		expectStatus(t, bea.call("GET", "/api/booked", nil), http.StatusUnauthorized)
	})
	t.Run("the seller keeps the bookings", func(t *testing.T) {
		list := mpGet[app.Booking](t, s.seller, "/api/mybuyers")
		if list.Total != 2 {
			t.Fatalf("my buyers %+v", list)
		}
		// The paid one, not handed over yet, still says how to reach her;
		// the one called off no longer does.
		for _, want := range []app.Booking{
			{ID: open.ID, Status: app.BookingCancelled},
			{ID: paid.ID, Status: app.BookingPaid, BuyerEmail: "bea@example.com", BuyerPhone: "+44 (20) 7946-0958"},
		} {
			b, ok := mpBookingByID(list, want.ID)
			if !ok || b.BuyerName != "Bea Buyer" || b.BuyerEmail != want.BuyerEmail || b.BuyerPhone != want.BuyerPhone ||
				b.Location != "Central station" || b.Status != want.Status {
				t.Errorf("booking %d: %+v, want status %s, email %q, phone %q", want.ID, b, want.Status, want.BuyerEmail, want.BuyerPhone)
			}
		}
	})
	t.Run("the product is free again", func(t *testing.T) {
		expectStatus(t, bob.call("POST", "/api/booked", mpBookBody(product)), http.StatusCreated)
	})
	t.Run("reports with nobody behind them are gone", func(t *testing.T) {
		list := mpReported(t, s.admin)
		if list.Total != 1 || len(list.Items) != 1 || *list.Items[0].ProductID != paidProduct || list.Items[0].Reports != 1 {
			t.Errorf("reported %+v", list)
		}
	})
	t.Run("an admin asking for the buyer's orders", func(t *testing.T) {
		expectStatus(t, s.admin.call("GET", "/api/booked?email=bea@example.com", nil), http.StatusNotFound)
	})
}

func TestFlowVerifyingASellerShowsOnAllTheirProducts(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	made := s.createProducts(t, s.sellerUser, "Tables", 3)
	chair := s.createProducts(t, s.sellerUser, "Chairs", 1)[0]
	_, other := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	othersProduct := s.createProducts(t, other, "Tables", 1)[0]
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)

	verified := func(t *testing.T) map[int64]bool {
		t.Helper()
		got := map[int64]bool{}
		for _, p := range mpGet[app.Product](t, bea, "/api/categories/Tables").Items {
			got[p.ID] = p.SellerVerified
		}
		r := bea.call("GET", mpPath("/api/products/%d", chair), nil)
		expectStatus(t, r, http.StatusOK)
		got[chair] = decode[app.Product](t, r).SellerVerified
		return got
	}
	for id, v := range verified(t) {
		if v {
			t.Errorf("product %d shows a verified seller before verification", id)
		}
	}

	r := s.admin.call("PUT", mpPath("/api/sellers/%d", s.sellerUser.ID), nil)
	expectStatus(t, r, http.StatusOK)
	if u := decode[mpUser](t, r); u.Verified == nil || !*u.Verified {
		t.Errorf("verify answered %s", r.body)
	}

	got := verified(t)
	for _, id := range append(made, chair) {
		if !got[id] {
			t.Errorf("product %d does not show the seller as verified", id)
		}
	}
	if got[othersProduct] {
		t.Errorf("another seller's product %d shows as verified", othersProduct)
	}
	r = s.seller.call("GET", "/api/users/seller/verified/seller@example.com", nil)
	expectStatus(t, r, http.StatusOK)
	if v := decode[map[string]bool](t, r); !v["isVerified"] {
		t.Errorf("role check says %s", r.body)
	}
}

// TestFlowBookingSnapshotSurvivesProductDeletion: the buyer's order history
// keeps what was booked once the listing is gone, paid or not.
func TestFlowBookingSnapshotSurvivesProductDeletion(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	open := s.mpProduct(t, "Tables")
	sold := s.mpProduct(t, "Chairs")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	openBooking := mpBook(t, bea, open)
	paidBooking := mpBook(t, bea, sold)
	expectStatus(t, s.seller.call("POST", mpPath("/api/booked/%d/paid", paidBooking.ID), nil), http.StatusOK)

	expectStatus(t, s.seller.call("DELETE", mpPath("/api/products/%d", open), nil), http.StatusNoContent)
	expectStatus(t, s.seller.call("DELETE", mpPath("/api/products/%d", sold), nil), http.StatusNoContent)

	orders := mpGet[app.Booking](t, bea, "/api/booked")
	if orders.Total != 2 {
		t.Fatalf("orders %+v", orders)
	}
	for id, status := range map[int64]app.BookingStatus{openBooking.ID: app.BookingCancelled, paidBooking.ID: app.BookingPaid} {
		b, ok := mpBookingByID(orders, id)
		if !ok || b.ProductID != nil || b.Product != "Oak table" || b.Image != s.picture.URL || b.ThumbURL != s.picture.ThumbURL ||
			b.Price != 12050 || b.Status != status {
			t.Errorf("booking %d: %+v, want status %s", id, b, status)
		}
	}
	// The snapshot's picture still loads.
	if r := bea.send("GET", s.picture.URL, "", nil); r.status != http.StatusOK {
		t.Errorf("the booked picture answers %d", r.status)
	}
	t.Run("paying or cancelling after deletion", func(t *testing.T) {
		expectStatus(t, s.seller.call("POST", mpPath("/api/booked/%d/paid", openBooking.ID), nil), http.StatusConflict)
		expectError(t, bea.call("DELETE", mpPath("/api/booked/%d", paidBooking.ID), nil), http.StatusConflict,
			"A paid booking cannot be cancelled", nil)
	})
}

// TestFlowDeletedAccountsSessionStaysDead: a deleted account's old session
// must never sign anybody in again, even once a new account exists.
func TestFlowDeletedAccountsSessionStaysDead(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	gone, goneUser := e.register("Gus Gone", "gus@example.com", app.RoleBuyer)
	expectStatus(t, admin.call("DELETE", mpPath("/api/users/%d", goneUser.ID), nil), http.StatusNoContent)
	// Nobody uses the old session before the next sign-up.
	_, next := e.register("Nina Next", "nina@example.com", app.RoleSeller)
	r := gone.call("GET", "/api/auth/me", nil)
	if r.status == http.StatusOK {
		t.Fatalf("user IDs are reused (deleted id %d, new account id %d), so the deleted account's old session "+
			"now signs in as the new account: /api/auth/me answers %s", goneUser.ID, next.ID, bytes.TrimSpace(r.body))
	}
	expectNobody(t, r)
}

// mpDo is a request that reports failure instead of ending the test, for use
// from goroutines; every request gives up after a minute.
func mpDo(c *client, method, path string, body any) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, reader)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// mpOutcome is one request of the race.
type mpOutcome struct {
	who, op string
	status  int
	body    string
	err     error
}

// TestFlowConcurrentBookingRace: fifty buyers book one product at the same
// moment, each twice at once, while its seller advertises it, takes the
// advert down and confirms the first booking that shows up.
func TestFlowConcurrentBookingRace(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.createProducts(t, s.sellerUser, "Tables", 1)[0]
	const buyers = 50
	clients := make([]*client, buyers)
	emails := make([]string, buyers)
	for i := range buyers {
		emails[i] = fmt.Sprintf("buyer%02d@example.com", i)
		clients[i], _ = s.register(fmt.Sprintf("Buyer %02d", i), emails[i], app.RoleBuyer)
	}

	var mu sync.Mutex
	var outcomes []mpOutcome
	record := func(who, op string, status int, body []byte, err error) {
		mu.Lock()
		defer mu.Unlock()
		outcomes = append(outcomes, mpOutcome{who: who, op: op, status: status, body: string(body), err: err})
	}
	start := make(chan struct{})
	var paidID int64
	paidStatus := 0
	var wg, bookers sync.WaitGroup
	booked, bookedOnce := make(chan struct{}), sync.Once{}
	for i, c := range clients {
		bookers.Go(func() {
			<-start
			var inner sync.WaitGroup
			for range 2 {
				inner.Go(func() {
					status, body, err := mpDo(c, "POST", "/api/booked", mpBookBody(product))
					record(emails[i], "book", status, body, err)
					if status == http.StatusCreated {
						bookedOnce.Do(func() { close(booked) })
					}
				})
			}
			inner.Wait()
		})
	}
	wg.Go(bookers.Wait)
	wg.Go(func() { // the seller's advertising, on and off
		<-start
		for range 10 {
			status, body, err := mpDo(s.seller, "POST", "/api/advertised", map[string]any{"product_id": product})
			record("seller", "advertise", status, body, err)
			status, body, err = mpDo(s.seller, "DELETE", mpPath("/api/advertised/%d", product), nil)
			record("seller", "remove advert", status, body, err)
		}
		// Leave it advertised if it can be: selling must take it down.
		status, body, err := mpDo(s.seller, "POST", "/api/advertised", map[string]any{"product_id": product})
		record("seller", "advertise", status, body, err)
	})
	wg.Go(func() { // the seller confirms the first booking, once it is made
		<-start
		bookingsEnded := make(chan struct{})
		go func() { bookers.Wait(); close(bookingsEnded) }()
		select {
		case <-booked:
		case <-bookingsEnded: // none was made: the outcomes say so
		}
		status, body, err := mpDo(s.seller, "GET", "/api/mybuyers?limit=100", nil)
		record("seller", "my buyers", status, body, err)
		if err != nil || status != http.StatusOK {
			return
		}
		var list app.List[app.Booking]
		if err := json.Unmarshal(body, &list); err != nil {
			record("seller", "my buyers", status, body, err)
			return
		}
		for _, b := range list.Items {
			if b.Status == app.BookingBooked {
				status, body, err := mpDo(s.seller, "POST", mpPath("/api/booked/%d/paid", b.ID), nil)
				record("seller", "pay", status, body, err)
				mu.Lock()
				paidID, paidStatus = b.ID, status
				mu.Unlock()
				return
			}
		}
	})
	wg.Go(func() { // somebody browsing the home page meanwhile
		<-start
		anonymous := s.client()
		for range 20 {
			status, body, err := mpDo(anonymous, "GET", "/api/advertised", nil)
			record("visitor", "advertised", status, body, err)
		}
	})
	close(start)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Minute):
		t.Fatal("the race did not finish in 3 minutes")
	}

	expected := map[string][]int{
		"book":          {http.StatusCreated, http.StatusConflict},
		"advertise":     {http.StatusCreated, http.StatusConflict},
		"remove advert": {http.StatusNoContent, http.StatusNotFound},
		"my buyers":     {http.StatusOK},
		"pay":           {http.StatusOK},
		"advertised":    {http.StatusOK},
	}
	createdBy := map[string]int{}
	for _, o := range outcomes {
		if o.err != nil {
			t.Errorf("%s %s: %v", o.who, o.op, o.err)
			continue
		}
		if !slices.Contains(expected[o.op], o.status) {
			t.Errorf("%s %s: status %d %s", o.who, o.op, o.status, o.body)
		}
		if o.op == "book" && o.status == http.StatusCreated {
			createdBy[o.who]++
		}
		if o.op == "book" && o.status == http.StatusConflict {
			var e errorReply
			json.Unmarshal([]byte(o.body), &e)
			if e.Error != "This product is already sold" && e.Error != "You have already booked this product" {
				t.Errorf("%s: booking refused with %q", o.who, e.Error)
			}
		}
	}
	if paidID == 0 {
		t.Fatal("no booking was ever confirmed")
	}
	if paidStatus != http.StatusOK {
		t.Fatalf("confirming booking %d answered %d", paidID, paidStatus)
	}

	bookings := mpGet[app.Booking](t, s.seller, "/api/mybuyers?limit=100")
	created := 0
	for who, n := range createdBy {
		if n > 1 {
			t.Errorf("%s got %d bookings accepted at once", who, n)
		}
		created += n
	}
	if bookings.Total != created || len(bookings.Items) != created {
		t.Errorf("%d bookings stored (%d listed), %d accepted", bookings.Total, len(bookings.Items), created)
	}
	open := map[string]int{}
	paid := 0
	for _, b := range bookings.Items {
		switch b.Status {
		case app.BookingPaid:
			paid++
			if b.ID != paidID {
				t.Errorf("booking %d is paid, but %d was confirmed", b.ID, paidID)
			}
		case app.BookingBooked:
			t.Errorf("booking %d of %s is still Booked on a sold product", b.ID, b.BuyerEmail)
		}
		if b.Status != app.BookingCancelled {
			open[b.BuyerEmail]++
		}
	}
	if paid != 1 {
		t.Errorf("%d paid bookings, want 1", paid)
	}
	for who, n := range open {
		if n > 1 {
			t.Errorf("%s holds %d open bookings", who, n)
		}
	}
	r := s.seller.call("GET", mpPath("/api/products/%d", product), nil)
	expectStatus(t, r, http.StatusOK)
	if p := decode[app.Product](t, r); p.Status != app.StatusSold {
		t.Errorf("product status %q, want Sold", p.Status)
	}
	if ads := mpGet[app.Product](t, s.client(), "/api/advertised"); mpHasProduct(ads, product) || ads.Total != 0 {
		t.Errorf("the sold product is still advertised: %+v", ads)
	}
	if list := mpGet[app.Product](t, clients[0], "/api/categories/Tables"); mpHasProduct(list, product) {
		t.Error("the sold product is still on its category page")
	}
	t.Logf("%d bookings accepted, booking %d paid, %d requests in all", created, paidID, len(outcomes))
}
