package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"rehome/app"
)

// Several photos, dimensions and editing: POST and PATCH /api/products.

func TestProductPhotosAndDimensions(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	second, third := s.seller.upload(pngImage(t, 40, 30)), s.seller.upload(pngImage(t, 30, 40))
	body := productBody("Tables", "")
	delete(body, "image")
	body["images"] = []string{second.URL, s.picture.URL, third.URL}
	body["dimensions"] = map[string]any{"width_cm": 180, "depth_cm": "90.5", "height_cm": 75}
	r := s.seller.call("POST", "/api/products", body)
	expectStatus(t, r, http.StatusCreated)
	p := decode[app.Product](t, r)
	if !slices.Equal(p.Images, []string{second.URL, s.picture.URL, third.URL}) ||
		!slices.Equal(p.Thumbs, []string{second.ThumbURL, s.picture.ThumbURL, third.ThumbURL}) {
		t.Errorf("images %v thumbs %v", p.Images, p.Thumbs)
	}
	if p.Image != second.URL || p.ThumbURL != second.ThumbURL {
		t.Errorf("cover %s %s, want the first photo", p.Image, p.ThumbURL)
	}
	if d := p.Dimensions; d == nil || *d.WidthCM != 180 || *d.DepthCM != 90.5 || *d.HeightCM != 75 {
		t.Errorf("dimensions %+v", d)
	}

	someoneElses, _ := s.register("Olga Other", "other@example.com", app.RoleSeller)
	theirs := someoneElses.upload(pngImage(t, 12, 12))
	nine := make([]string, 9)
	for i := range nine {
		nine[i] = s.seller.upload(pngImage(t, 10+i, 10)).URL
	}
	for _, tc := range []struct {
		name   string
		change func(map[string]any)
		fields map[string]string
	}{
		{"no photos", func(b map[string]any) { b["images"] = []string{} }, map[string]string{"images": "Add at least one photo"}},
		{"nine photos", func(b map[string]any) { b["images"] = nine }, map[string]string{"images": "Add at most 8 photos"}},
		{"a photo twice", func(b map[string]any) { b["images"] = []string{s.picture.URL, s.picture.URL} },
			map[string]string{"images": "Add each photo once"}},
		{"someone else's photo", func(b map[string]any) { b["images"] = []string{s.picture.URL, theirs.URL} },
			map[string]string{"images": "Upload the image first"}},
		{"a photo never uploaded", func(b map[string]any) { b["images"] = []string{"/images/nope.jpg"} },
			map[string]string{"images": "Upload the image first"}},
		{"a measure of zero", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": 0} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure too large", func(b map[string]any) { b["dimensions"] = map[string]any{"height_cm": 1000.5} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure in words", func(b map[string]any) { b["dimensions"] = map[string]any{"depth_cm": "deep"} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure that rounds to zero", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`0.04`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure as text that rounds to zero", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"0.049"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a hex float", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"0x1p3"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure in exponent notation", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"1e2"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure too large to read", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"1e400"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"infinity", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"Inf"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"not a number", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"NaN"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a number too large to read", func(b map[string]any) { b["dimensions"] = map[string]any{"depth_cm": json.RawMessage(`1e400`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a negative measure", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`-5`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
		{"a measure with a sign", func(b map[string]any) { b["dimensions"] = map[string]any{"width_cm": json.RawMessage(`"+5"`)} },
			map[string]string{"dimensions": app.DimensionsMessage}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := productBody("Tables", "")
			delete(b, "image")
			b["images"] = []string{s.picture.URL}
			tc.change(b)
			before := s.fingerprint(t)
			expectError(t, s.seller.call("POST", "/api/products", b), http.StatusUnprocessableEntity, "", tc.fields)
			if after := s.fingerprint(t); after != before {
				t.Errorf("a refused listing changed the database:\n%s", fingerprintDiff(before, after))
			}
		})
	}
	t.Run("no dimensions", func(t *testing.T) {
		b := productBody("Tables", s.picture.URL)
		b["dimensions"] = map[string]any{}
		r := s.seller.call("POST", "/api/products", b)
		expectStatus(t, r, http.StatusCreated)
		if got := decode[map[string]any](t, r)["dimensions"]; got != nil {
			t.Errorf("dimensions %v, want null", got)
		}
	})
}

func TestEditProduct(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	r := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
	expectStatus(t, r, http.StatusCreated)
	listed := decode[app.Product](t, r)
	path := fmt.Sprintf("/api/products/%d", listed.ID)
	buyer, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	r = buyer.call("POST", "/api/booked", map[string]any{"product_id": listed.ID, "location": "Market", "buyer_phone": "555 0100"})
	expectStatus(t, r, http.StatusCreated)
	booking := decode[app.Booking](t, r)

	added := s.seller.upload(pngImage(t, 44, 33))
	r = s.seller.call("PATCH", path, map[string]any{
		"product": "Oak dining table", "resale_price": 99, "category": "Chairs",
		"images": []string{added.URL, s.picture.URL}, "dimensions": map[string]any{"width_cm": 160},
	})
	expectStatus(t, r, http.StatusOK)
	edited := decode[app.Product](t, r)
	if edited.Name != "Oak dining table" || edited.ResalePrice != 9900 || edited.Category != "Chairs" ||
		edited.Image != added.URL || len(edited.Images) != 2 || edited.Dimensions == nil || *edited.Dimensions.WidthCM != 160 {
		t.Errorf("edited %+v", edited)
	}
	if edited.Description != listed.Description || edited.Location != listed.Location || edited.SellerPhone != listed.SellerPhone ||
		edited.Condition != listed.Condition || *edited.PurchaseYear != *listed.PurchaseYear || !edited.Created.Equal(listed.Created) {
		t.Errorf("fields not sent changed: %+v", edited)
	}
	if edited.Status != app.StatusReserved {
		t.Errorf("status %s, want Reserved: Bea's booking is open", edited.Status)
	}
	r = buyer.call("GET", fmt.Sprintf("/api/booked/%d", booking.ID), nil)
	if got := decode[app.Booking](t, r); got.Product != "Oak table" || got.Price != 12050 {
		t.Errorf("the booking's snapshot followed the edit: %s at %v", got.Product, got.Price)
	}

	t.Run("dimensions null clears them, and the photos kept need no new upload", func(t *testing.T) {
		r := s.admin.call("PATCH", path, `{"dimensions": null, "images": [`+fmt.Sprintf("%q", s.picture.URL)+`]}`)
		expectStatus(t, r, http.StatusOK)
		if got := decode[map[string]any](t, r); got["dimensions"] != nil || got["image"] != s.picture.URL {
			t.Errorf("after the admin's edit: dimensions %v image %v", got["dimensions"], got["image"])
		}
	})
	t.Run("bad input", func(t *testing.T) {
		before := s.fingerprint(t)
		for _, tc := range []struct {
			body   any
			status int
			fields map[string]string
		}{
			{map[string]any{"product": " "}, http.StatusUnprocessableEntity, map[string]string{"product": "This field is required"}},
			{map[string]any{"category": "Sofas"}, http.StatusUnprocessableEntity, map[string]string{"category": "Choose one of the categories"}},
			{map[string]any{"images": []string{}}, http.StatusUnprocessableEntity, map[string]string{"images": "Add at least one photo"}},
			{map[string]any{"dimensions": "large"}, http.StatusUnprocessableEntity, map[string]string{"dimensions": app.DimensionsMessage}},
			{map[string]any{"resale_price": "cheap"}, http.StatusUnprocessableEntity,
				map[string]string{"resale_price": "Enter an amount such as 120 or 120.50"}},
			{map[string]any{"colour": "red"}, http.StatusBadRequest, map[string]string{"colour": "Unknown field"}},
		} {
			expectError(t, s.seller.call("PATCH", path, tc.body), tc.status, "", tc.fields)
		}
		expectError(t, s.seller.call("PATCH", "/api/products/999999", map[string]any{"product": "x"}), http.StatusNotFound, "", nil)
		if after := s.fingerprint(t); after != before {
			t.Errorf("refused edits changed the database:\n%s", fingerprintDiff(before, after))
		}
	})
	t.Run("seller fields stay the account's", func(t *testing.T) {
		r := s.seller.call("PATCH", path, map[string]any{"seller_id": 999, "seller": "Mallory", "seller_email": "m@example.com", "seller_verified": true})
		expectStatus(t, r, http.StatusOK)
		// The whole product sent back as it was read changes nothing either.
		var asRead map[string]any
		r = s.seller.call("GET", path, nil)
		expectStatus(t, r, http.StatusOK)
		asRead = decode[map[string]any](t, r)
		asRead["my_booking_id"], asRead["advertised"], asRead["status"] = 12345, true, "Sold"
		r = s.seller.call("PATCH", path, asRead)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.Product](t, r); got.SellerID != s.sellerUser.ID || got.Seller != "Sam Seller" || got.SellerEmail != "seller@example.com" || got.SellerVerified {
			t.Errorf("seller fields %d %s %s %v", got.SellerID, got.Seller, got.SellerEmail, got.SellerVerified)
		}
	})
	t.Run("a sold listing stays as it sold", func(t *testing.T) {
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", booking.ID), nil), http.StatusOK)
		expectError(t, s.seller.call("PATCH", path, map[string]any{"resale_price": 1}), http.StatusConflict,
			"A sold product cannot be edited", nil)
	})
}

// TestReservedAndMyBooking: every product a signed-in person sees says
// whether it is Reserved and which booking of it is theirs.
func TestReservedAndMyBooking(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	r := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
	expectStatus(t, r, http.StatusCreated)
	id := decode[app.Product](t, r).ID
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": id}), http.StatusCreated)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	bob, _ := s.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	anonymous := s.client()

	// seen is the product as c finds it at each place that lists it.
	seen := func(t *testing.T, c *client) map[string]app.Product {
		t.Helper()
		places := map[string]app.Product{}
		r := c.call("GET", fmt.Sprintf("/api/products/%d", id), nil)
		expectStatus(t, r, http.StatusOK)
		places["product"] = decode[app.Product](t, r)
		for place, path := range map[string]string{"category": "/api/categories/Tables", "advertised": "/api/advertised"} {
			r := c.call("GET", path, nil)
			expectStatus(t, r, http.StatusOK)
			for _, p := range decode[app.List[app.Product]](t, r).Items {
				if p.ID == id {
					places[place] = p
				}
			}
		}
		if len(places) != 3 {
			t.Fatalf("found in %v only", places)
		}
		return places
	}
	expect := func(t *testing.T, c *client, status app.ProductStatus, mine *int64) {
		t.Helper()
		for place, p := range seen(t, c) {
			if p.Status != status {
				t.Errorf("%s: status %s, want %s", place, p.Status, status)
			}
			if (p.MyBookingID == nil) != (mine == nil) || (mine != nil && *p.MyBookingID != *mine) {
				t.Errorf("%s: my_booking_id %v, want %v", place, p.MyBookingID, mine)
			}
			if !p.Advertised {
				t.Errorf("%s: not advertised", place)
			}
		}
	}
	expect(t, bea, app.StatusAvailable, nil)
	r = bea.call("POST", "/api/booked", map[string]any{"product_id": id, "location": "Market", "buyer_phone": "555 0100"})
	expectStatus(t, r, http.StatusCreated)
	beas := decode[app.Booking](t, r).ID
	expect(t, bea, app.StatusReserved, &beas)
	expect(t, bob, app.StatusReserved, nil)
	if got := decode[map[string]any](t, anonymous.call("GET", "/api/advertised", nil)); got["items"].([]any)[0].(map[string]any)["my_booking_id"] != nil {
		t.Errorf("a visitor's advertised list names a booking: %v", got)
	}

	// Bob joins the queue; the seller declines Bea, whose order says why.
	r = bob.call("POST", "/api/booked", map[string]any{"product_id": id, "location": "Station", "buyer_phone": "555 0101"})
	expectStatus(t, r, http.StatusCreated)
	bobs := decode[app.Booking](t, r).ID
	r = s.seller.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", beas), map[string]string{"reason": "  Promised to a neighbour "})
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Booking](t, r); got.Status != app.BookingDeclined || got.DeclineReason != "Promised to a neighbour" {
		t.Errorf("declined: %s %q", got.Status, got.DeclineReason)
	}
	orders := decode[app.List[app.Booking]](t, bea.call("GET", "/api/booked", nil))
	if len(orders.Items) != 1 || orders.Items[0].Status != app.BookingDeclined || orders.Items[0].DeclineReason != "Promised to a neighbour" {
		t.Errorf("Bea's orders %+v", orders.Items)
	}
	expect(t, bea, app.StatusReserved, nil) // Bob's is open; hers, declined, is history
	expectError(t, s.seller.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", beas), nil), http.StatusConflict, "", nil)

	// Bob calls his off: Available again, and his booking no longer his to view.
	expectStatus(t, bob.call("DELETE", fmt.Sprintf("/api/booked/%d", bobs), nil), http.StatusOK)
	expect(t, bob, app.StatusAvailable, nil)

	t.Run("a decline without a body", func(t *testing.T) {
		r := bob.call("POST", "/api/booked", map[string]any{"product_id": id, "location": "Station", "buyer_phone": "555 0101"})
		expectStatus(t, r, http.StatusCreated)
		r = s.seller.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", decode[app.Booking](t, r).ID), nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.Booking](t, r); got.Status != app.BookingDeclined || got.DeclineReason != "" {
			t.Errorf("declined without a reason: %s %q", got.Status, got.DeclineReason)
		}
	})
}
