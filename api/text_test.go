package api_test

import (
	"net/http"
	"testing"

	"rehome/app"
)

// Free text loses control characters and bidirectional overrides wherever
// people type it, and text of only invisible characters counts as empty.
func TestFreeTextIsCleaned(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	const required = "This field is required"

	t.Run("a name at registration", func(t *testing.T) {
		r := s.client().form("/api/auth/register", registerForm("\u202eAnn\x01\tLee\u0085", "ann@example.com", "Buyer"), nil)
		expectStatus(t, r, http.StatusCreated)
		if got := decode[app.User](t, r).Name; got != "Ann Lee" {
			t.Errorf("name %q, want %q", got, "Ann Lee")
		}
	})
	t.Run("an invisible name at registration", func(t *testing.T) {
		r := s.client().form("/api/auth/register", registerForm("\u200b\u2060\ufeff", "zw@example.com", "Buyer"), nil)
		expectError(t, r, http.StatusUnprocessableEntity, "", map[string]string{"name": required})
	})
	t.Run("a name and location in the profile", func(t *testing.T) {
		r := s.seller.call("PATCH", "/api/auth/me", map[string]string{"name": "\u2066Sam\u2069 Seller\x1b[31m", "location": "Old\ntown\u202c"})
		expectStatus(t, r, http.StatusOK)
		if u := decode[app.User](t, r); u.Name != "Sam Seller[31m" || u.Location != "Old town" {
			t.Errorf("name %q location %q", u.Name, u.Location)
		}
		r = s.seller.call("PATCH", "/api/auth/me", map[string]string{"name": "\u3164\u200d"})
		expectError(t, r, http.StatusUnprocessableEntity, "", map[string]string{"name": required})
	})

	var product int64
	t.Run("a listing", func(t *testing.T) {
		b := productBody("Tables", s.picture.URL)
		b["product"] = "Oak\u202e table\u0007"
		b["description"] = "Solid oak,\x01 seats six.\r\n\tNo scratches\u009b"
		b["location"] = "River\nside\u2067"
		b["use_period"] = "5\u0008 years"
		r := s.seller.call("POST", "/api/products", b)
		expectStatus(t, r, http.StatusCreated)
		p := decode[app.Product](t, r)
		product = p.ID
		if p.Name != "Oak table" || p.Description != "Solid oak, seats six.\n\tNo scratches" || p.Location != "River side" || p.UsePeriod == nil || *p.UsePeriod != "5 years" {
			t.Errorf("name %q description %q location %q use period %v", p.Name, p.Description, p.Location, p.UsePeriod)
		}
	})
	t.Run("an invisible listing", func(t *testing.T) {
		b := productBody("Tables", s.picture.URL)
		b["product"] = "\u200b"
		b["description"] = "\u202e\u202c\u00ad"
		expectError(t, s.seller.call("POST", "/api/products", b), http.StatusUnprocessableEntity, "",
			map[string]string{"product": required})
		// The description is optional: an invisible one is none.
		b["product"] = "Oak table"
		r := s.seller.call("POST", "/api/products", b)
		expectStatus(t, r, http.StatusCreated)
		if p := decode[app.Product](t, r); p.Description != "" {
			t.Errorf("description %q, want none", p.Description)
		}
	})

	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	t.Run("a booking's meeting place", func(t *testing.T) {
		b := mpBookBody(product)
		b["location"] = "\u202eCentral\x01 station"
		r := bea.call("POST", "/api/booked", b)
		expectStatus(t, r, http.StatusCreated)
		if got := decode[app.Booking](t, r).Location; got != "Central station" {
			t.Errorf("location %q", got)
		}
		b["location"] = "\u2060\u200b"
		expectError(t, bea.call("POST", "/api/booked", b), http.StatusUnprocessableEntity, "", map[string]string{"location": required})
	})
	t.Run("a report's reason", func(t *testing.T) {
		expectStatus(t, bea.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "Fake\u202e listing\u0007"}), http.StatusCreated)
		if list := mpReported(t, s.admin); list.Total != 1 || list.Items[0].Reason != "Fake listing" {
			t.Errorf("reported %+v", list)
		}
	})
	t.Run("a category's name", func(t *testing.T) {
		r := s.admin.form("/api/categories", map[string]string{"name": "Lamps\u202e\x7f"}, pngImage(t, 30, 20))
		expectStatus(t, r, http.StatusCreated)
		if got := decode[map[string]any](t, r)["name"]; got != "Lamps" {
			t.Errorf("category name %q", got)
		}
	})
}
