package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"rehome/app"
)

func TestBookRefusesBadInput(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)

	with := func(changes map[string]any) map[string]any {
		body := mpBookBody(product)
		for k, v := range changes {
			if v == nil {
				delete(body, k)
			} else {
				body[k] = v
			}
		}
		return body
	}
	const required = "This field is required"
	invalid := []struct {
		name   string
		body   map[string]any
		fields map[string]string
	}{
		{"no product_id", with(map[string]any{"product_id": nil}), map[string]string{"product_id": required}},
		{"product_id 0", with(map[string]any{"product_id": 0}), map[string]string{"product_id": required}},
		{"negative product_id", with(map[string]any{"product_id": -3}), map[string]string{"product_id": required}},
		{"no location", with(map[string]any{"location": nil}), map[string]string{"location": required}},
		{"blank location", with(map[string]any{"location": "   "}), map[string]string{"location": required}},
		{"long location", with(map[string]any{"location": strings.Repeat("a", 201)}), map[string]string{"location": "Use at most 200 characters"}},
		{"no buyer_phone", with(map[string]any{"buyer_phone": nil}), map[string]string{"buyer_phone": required}},
		{"blank buyer_phone", with(map[string]any{"buyer_phone": " "}), map[string]string{"buyer_phone": required}},
		{"phone with letters", with(map[string]any{"buyer_phone": "call me 555 0100"}), map[string]string{"buyer_phone": app.PhoneMessage}},
		{"phone of 5 digits", with(map[string]any{"buyer_phone": "+1 2345"}), map[string]string{"buyer_phone": app.PhoneMessage}},
		{"phone of 21 digits", with(map[string]any{"buyer_phone": strings.Repeat("1", 21)}), map[string]string{"buyer_phone": app.PhoneMessage}},
		{"phone with a dot", with(map[string]any{"buyer_phone": "555.010.0000"}), map[string]string{"buyer_phone": app.PhoneMessage}},
		{"nothing", map[string]any{}, map[string]string{"product_id": required, "location": required, "buyer_phone": required}},
		// Input is checked before the product is looked up.
		{"unknown product and no phone", with(map[string]any{"product_id": 999, "buyer_phone": nil}), map[string]string{"buyer_phone": required}},
	}
	for _, tc := range invalid {
		t.Run(tc.name, func(t *testing.T) {
			expectError(t, bea.call("POST", "/api/booked", tc.body), http.StatusUnprocessableEntity,
				"Please correct the highlighted fields", tc.fields)
		})
	}

	// Everything the server fills in is refused from the body, and nothing is stored.
	for _, field := range []string{"price", "product", "category", "image", "buyer_name", "buyer_email", "status", "seller_id", "id"} {
		t.Run("body field "+field, func(t *testing.T) {
			expectError(t, bea.call("POST", "/api/booked", with(map[string]any{field: "1"})), http.StatusBadRequest,
				fmt.Sprintf("Unknown field %q", field), map[string]string{field: "Unknown field"})
		})
	}
	t.Run("nothing was stored", func(t *testing.T) {
		if list := mpGet[app.Booking](t, bea, "/api/booked"); list.Total != 0 {
			t.Fatalf("orders %+v", list)
		}
		if list := mpGet[app.Booking](t, s.seller, "/api/mybuyers"); list.Total != 0 {
			t.Fatalf("my buyers %+v", list)
		}
	})

	malformed := []struct {
		name, body string
	}{
		{"product_id as text", `{"product_id":"5","location":"x","buyer_phone":"5550100"}`},
		{"not JSON", `product_id=5`},
		{"two objects", `{"product_id":5}{"product_id":6}`},
		{"empty", ``},
	}
	for _, tc := range malformed {
		t.Run(tc.name, func(t *testing.T) {
			expectStatus(t, bea.call("POST", "/api/booked", tc.body), http.StatusBadRequest)
		})
	}
	t.Run("form instead of JSON", func(t *testing.T) {
		expectStatus(t, bea.form("/api/booked", map[string]string{"product_id": "1"}, nil), http.StatusUnsupportedMediaType)
	})
	t.Run("anonymous", func(t *testing.T) {
		expectError(t, s.client().call("POST", "/api/booked", mpBookBody(product)), http.StatusUnauthorized, "Please log in", nil)
	})
	t.Run("unknown product", func(t *testing.T) {
		expectError(t, bea.call("POST", "/api/booked", mpBookBody(999)), http.StatusNotFound, "Product not found", nil)
	})
	t.Run("own product", func(t *testing.T) {
		expectError(t, s.seller.call("POST", "/api/booked", mpBookBody(product)), http.StatusForbidden,
			"You cannot book your own product", nil)
	})
	t.Run("deleted product", func(t *testing.T) {
		gone := s.mpProduct(t, "Chairs")
		expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/products/%d", gone), nil), http.StatusNoContent)
		expectError(t, bea.call("POST", "/api/booked", mpBookBody(gone)), http.StatusNotFound, "Product not found", nil)
	})
}

func TestBookTakesEverythingElseFromTheDatabase(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, beaUser := s.register("Bea Buyer", "Bea@Example.com", app.RoleBuyer)
	r := bea.call("POST", "/api/booked", map[string]any{"product_id": product, "location": "  Market square ", "buyer_phone": " 555 0100 "})
	expectStatus(t, r, http.StatusCreated)
	got := decode[map[string]any](t, r)
	want := map[string]any{
		"product_id": float64(product), "product": "Oak table", "category": "Tables", "image": s.picture.URL,
		"thumb_url": s.picture.ThumbURL, "price": 120.5, "location": "Market square", "buyer_id": float64(beaUser.ID), "buyer_name": "Bea Buyer",
		"buyer_email": "bea@example.com", "buyer_phone": "555 0100", "status": "Booked", "decline_reason": "",
		"pickup_at": nil, "conversation_id": nil, "handed_over_at": nil, "review_until": nil, "buyer_reviewed": false,
		"seller_reviewed": false, "no_show": "", "cancel_reason": "", "no_show_answer": "", "new": false,
	}
	expectJSONFields(t, got, want, "id", "time")
	checkTime(t, got["time"])
	if beaUser.Email != "bea@example.com" {
		t.Errorf("account email %q", beaUser.Email)
	}
	// The list shows what POST answered.
	list := mpGet[map[string]any](t, bea, "/api/booked")
	if len(list.Items) != 1 || !maps.Equal(list.Items[0], got) {
		t.Errorf("listed %v, posted %v", list.Items, got)
	}
}

func TestBookTwice(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	bob, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	first := mpBook(t, bea, product)
	expectError(t, bea.call("POST", "/api/booked", mpBookBody(product)), http.StatusConflict, "You have already booked this product", nil)
	// Another buyer may hold a booking for the same product at the same time.
	mpBook(t, bob, product)

	expectStatus(t, bea.call("DELETE", fmt.Sprintf("/api/booked/%d", first.ID), nil), http.StatusOK)
	again := mpBook(t, bea, product)
	if again.ID == first.ID || again.Status != app.BookingBooked {
		t.Errorf("booking again gave %+v", again)
	}
	list := mpGet[app.Booking](t, bea, "/api/booked")
	if list.Total != 2 || list.Items[0].ID != again.ID || list.Items[0].Status != app.BookingBooked ||
		list.Items[1].ID != first.ID || list.Items[1].Status != app.BookingCancelled {
		t.Errorf("orders %+v", list)
	}
	expectError(t, bea.call("POST", "/api/booked", mpBookBody(product)), http.StatusConflict, "You have already booked this product", nil)
}

func TestBookingList(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	products := s.createProducts(t, s.sellerUser, "Tables", 5)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	bob, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	var made []int64
	for _, p := range products {
		made = append(made, mpBook(t, bea, p).ID)
	}
	bobsOrder := mpBook(t, bob, products[0]).ID
	newestFirst := slices.Clone(made)
	slices.Reverse(newestFirst)
	bookingIDs := func(list app.List[app.Booking]) []int64 {
		out := []int64{}
		for _, b := range list.Items {
			out = append(out, b.ID)
		}
		return out
	}

	cases := []pageCase{
		{"own orders by default", bea, "/api/booked", newestFirst, 5},
		{"own orders by email", bea, "/api/booked?email=bea@example.com", newestFirst, 5},
		{"own orders, email in another case", bea, "/api/booked?email=BEA@example.com", newestFirst, 5},
		{"first page", bea, "/api/booked?limit=2", newestFirst[:2], 5},
		{"second page", bea, "/api/booked?limit=2&offset=2", newestFirst[2:4], 5},
		{"last page", bea, "/api/booked?limit=2&offset=4", newestFirst[4:], 5},
		{"past the end", bea, "/api/booked?offset=10", []int64{}, 5},
		{"limit 0 means the default", bea, "/api/booked?limit=0", newestFirst, 5},
		{"the other buyer's own", bob, "/api/booked", []int64{bobsOrder}, 1},
		{"an admin reading a buyer's orders", s.admin, "/api/booked?email=bea@example.com", newestFirst, 5},
		{"an admin's own orders", s.admin, "/api/booked", []int64{}, 0},
		{"a seller's own orders as a buyer", s.seller, "/api/booked", []int64{}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			list := mpGet[app.Booking](t, tc.c, tc.path)
			if got := bookingIDs(list); !slices.Equal(got, tc.want) {
				t.Errorf("ids %v, want %v", got, tc.want)
			}
			if list.Total != tc.total {
				t.Errorf("total %d, want %d", list.Total, tc.total)
			}
		})
	}
	t.Run("every field of an item", func(t *testing.T) {
		list := mpGet[map[string]any](t, bea, "/api/booked?limit=1")
		item := list.Items[0]
		for _, key := range []string{"id", "product_id", "product", "image", "price", "status", "time"} {
			if _, ok := item[key]; !ok {
				t.Errorf("item has no %s: %v", key, item)
			}
		}
		if item["product"] != "Item 4" || item["price"] != 40.0 || item["status"] != "Booked" {
			t.Errorf("item %v", item)
		}
	})
	t.Run("another buyer's orders", func(t *testing.T) {
		expectError(t, bob.call("GET", "/api/booked?email=bea@example.com", nil), http.StatusForbidden, "You are not allowed to do that", nil)
		expectError(t, s.seller.call("GET", "/api/booked?email=bea@example.com", nil), http.StatusForbidden, "", nil)
	})
	t.Run("unknown email", func(t *testing.T) {
		expectStatus(t, s.admin.call("GET", "/api/booked?email=nobody@example.com", nil), http.StatusNotFound)
		// Others learn nothing about which emails exist.
		expectError(t, bob.call("GET", "/api/booked?email=nobody@example.com", nil), http.StatusForbidden, "You are not allowed to do that", nil)
	})
	t.Run("anonymous", func(t *testing.T) {
		expectStatus(t, s.client().call("GET", "/api/booked", nil), http.StatusUnauthorized)
		expectStatus(t, s.client().call("GET", "/api/booked?email=bea@example.com", nil), http.StatusUnauthorized)
	})
	t.Run("bad paging", func(t *testing.T) {
		expectError(t, bea.call("GET", "/api/booked?limit=x", nil), http.StatusBadRequest, "",
			map[string]string{"limit": "Must be a whole number of at least 0"})
		expectError(t, bea.call("GET", "/api/booked?offset=-1", nil), http.StatusBadRequest, "",
			map[string]string{"offset": "Must be a whole number of at least 0"})
	})
	t.Run("my buyers pages", func(t *testing.T) {
		list := mpGet[app.Booking](t, s.seller, "/api/mybuyers?limit=2&offset=1")
		want := append([]int64{bobsOrder}, newestFirst...)[1:3]
		if got := bookingIDs(list); !slices.Equal(got, want) || list.Total != 6 {
			t.Errorf("ids %v (total %d), want %v (total 6)", got, list.Total, want)
		}
	})
	t.Run("my buyers is for sellers", func(t *testing.T) {
		expectStatus(t, bea.call("GET", "/api/mybuyers", nil), http.StatusForbidden)
		expectStatus(t, s.admin.call("GET", "/api/mybuyers", nil), http.StatusForbidden)
		expectStatus(t, s.client().call("GET", "/api/mybuyers", nil), http.StatusUnauthorized)
		otherSeller, _ := s.register("Olga Other", "olga@example.com", app.RoleSeller)
		if list := mpGet[app.Booking](t, otherSeller, "/api/mybuyers"); list.Total != 0 || list.Items == nil {
			t.Errorf("another seller sees %+v", list)
		}
	})
}

func TestCancelBooking(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	products := s.createProducts(t, s.sellerUser, "Tables", 3)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	bob, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	booking := mpBook(t, bea, products[0])
	path := fmt.Sprintf("/api/booked/%d", booking.ID)

	t.Run("not by others", func(t *testing.T) {
		expectStatus(t, bob.call("DELETE", path, nil), http.StatusForbidden)
		expectStatus(t, s.seller.call("DELETE", path, nil), http.StatusForbidden)
		expectStatus(t, s.client().call("DELETE", path, nil), http.StatusUnauthorized)
	})
	r := bea.call("DELETE", path, nil)
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Booking](t, r); got.ID != booking.ID || got.Status != app.BookingCancelled || got.Product != "Item 0" {
		t.Errorf("cancel answered %+v", got)
	}
	t.Run("twice", func(t *testing.T) {
		// Cancelling a cancelled booking is harmless: 200 with the booking.
		r := bea.call("DELETE", path, nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.Booking](t, r); got.Status != app.BookingCancelled {
			t.Errorf("second cancel answered %+v", got)
		}
	})
	t.Run("by an admin", func(t *testing.T) {
		b := mpBook(t, bob, products[1])
		r := s.admin.call("DELETE", fmt.Sprintf("/api/booked/%d", b.ID), nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.Booking](t, r); got.Status != app.BookingCancelled {
			t.Errorf("admin cancel answered %+v", got)
		}
	})
	t.Run("a paid booking", func(t *testing.T) {
		b := mpBook(t, bea, products[2])
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", b.ID), nil), http.StatusOK)
		expectError(t, bea.call("DELETE", fmt.Sprintf("/api/booked/%d", b.ID), nil), http.StatusConflict,
			"A paid booking cannot be cancelled", nil)
		expectError(t, s.admin.call("DELETE", fmt.Sprintf("/api/booked/%d", b.ID), nil), http.StatusConflict, "", nil)
		list := mpGet[app.Booking](t, bea, "/api/booked")
		if got, _ := mpBookingByID(list, b.ID); got.Status != app.BookingPaid {
			t.Errorf("after refused cancel: %+v", got)
		}
	})
	for _, p := range []string{"/api/booked/999", "/api/booked/abc", "/api/booked/0"} {
		t.Run("unknown "+p, func(t *testing.T) {
			expectStatus(t, bea.call("DELETE", p, nil), http.StatusNotFound)
		})
	}
}

func TestConfirmPayment(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	products := s.createProducts(t, s.sellerUser, "Tables", 3)
	otherSeller, _ := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	paidPath := func(id int64) string { return fmt.Sprintf("/api/booked/%d/paid", id) }

	t.Run("a cancelled booking", func(t *testing.T) {
		b := mpBook(t, bea, products[0])
		expectStatus(t, bea.call("DELETE", fmt.Sprintf("/api/booked/%d", b.ID), nil), http.StatusOK)
		expectError(t, s.seller.call("POST", paidPath(b.ID), nil), http.StatusConflict, "This booking was cancelled", nil)
		r := s.seller.call("GET", fmt.Sprintf("/api/products/%d", products[0]), nil)
		if p := decode[app.Product](t, r); p.Status != app.StatusAvailable {
			t.Errorf("product %+v", p)
		}
	})
	t.Run("who may confirm", func(t *testing.T) {
		b := mpBook(t, bea, products[1])
		expectStatus(t, bea.call("POST", paidPath(b.ID), nil), http.StatusForbidden)
		expectStatus(t, otherSeller.call("POST", paidPath(b.ID), nil), http.StatusForbidden)
		expectStatus(t, s.client().call("POST", paidPath(b.ID), nil), http.StatusUnauthorized)
		r := s.admin.call("POST", paidPath(b.ID), nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.Booking](t, r); got.Status != app.BookingPaid {
			t.Errorf("admin confirmation answered %+v", got)
		}
	})
	t.Run("twice", func(t *testing.T) {
		b := mpBook(t, bea, products[2])
		expectStatus(t, s.seller.call("POST", paidPath(b.ID), nil), http.StatusOK)
		expectError(t, s.seller.call("POST", paidPath(b.ID), nil), http.StatusConflict, "This booking is already paid", nil)
	})
	for _, p := range []string{"/api/booked/999/paid", "/api/booked/abc/paid"} {
		t.Run("unknown "+p, func(t *testing.T) {
			expectStatus(t, s.seller.call("POST", p, nil), http.StatusNotFound)
		})
	}
}

// TestBookAgainAfterDecline: a declined booking is history, as one called
// off is: the product reads as it is for everyone, and its buyer may book
// it again.
func TestBookAgainAfterDecline(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	path := fmt.Sprintf("/api/products/%d", product)
	expectProduct := func(step string, status app.ProductStatus, mine *int64) {
		t.Helper()
		r := bea.call("GET", path, nil)
		expectStatus(t, r, http.StatusOK)
		p := decode[app.Product](t, r)
		if p.Status != status || (p.MyBookingID == nil) != (mine == nil) || (mine != nil && *p.MyBookingID != *mine) {
			t.Errorf("after %s: %s, my_booking_id %v; want %s, %v", step, p.Status, p.MyBookingID, status, mine)
		}
	}

	first := mpBook(t, bea, product)
	expectProduct("booking", app.StatusReserved, &first.ID)
	expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", first.ID), nil), http.StatusOK)
	expectProduct("the decline", app.StatusAvailable, nil)

	again := mpBook(t, bea, product)
	if again.ID == first.ID || again.Status != app.BookingBooked {
		t.Errorf("booking again gave %+v", again)
	}
	expectProduct("booking again", app.StatusReserved, &again.ID)
	expectError(t, bea.call("POST", "/api/booked", mpBookBody(product)), http.StatusConflict, "You have already booked this product", nil)
	orders := mpGet[app.Booking](t, bea, "/api/booked")
	if orders.Total != 2 || orders.Items[0].Status != app.BookingBooked || orders.Items[1].Status != app.BookingDeclined {
		t.Errorf("orders %+v", orders.Items)
	}

	// Called off by the buyer: the same.
	expectStatus(t, bea.call("DELETE", fmt.Sprintf("/api/booked/%d", again.ID), nil), http.StatusOK)
	expectProduct("calling it off", app.StatusAvailable, nil)
	third := mpBook(t, bea, product)
	expectProduct("booking a third time", app.StatusReserved, &third.ID)
}
