package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

// setPublicListings has an admin open the listings to visitors, or close them.
func setPublicListings(t testing.TB, admin *client, on bool) {
	t.Helper()
	expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"public_listings": on}), http.StatusOK)
}

// TestPublicListings: visitors are asked to log in to see listings, until
// the admins make them public; then every page of listings answers them,
// and stops again once the admins close them.
func TestPublicListings(t *testing.T) {
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 60, 40)), http.StatusCreated)
	seller, sellerUser := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	r := seller.call("POST", "/api/products", productBody("Tables", seller.upload(pngImage(t, 50, 50)).URL))
	expectStatus(t, r, http.StatusCreated)
	product := decode[app.Product](t, r).ID
	visitor := e.client()
	buyer, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)

	pages := []string{
		"/api/categories/Tables",
		fmt.Sprintf("/api/products/%d", product),
		"/api/products?q=oak",
		"/api/products?sort=newest",
		fmt.Sprintf("/api/products?seller=%d", sellerUser.ID),
		fmt.Sprintf("/api/users/%d/profile", sellerUser.ID),
	}
	expect := func(t *testing.T, c *client, want int) {
		t.Helper()
		for _, path := range pages {
			if r := c.call("GET", path, nil); r.status != want {
				t.Errorf("%s: status %d, want %d; %s", path, r.status, want, r.body)
			}
		}
	}
	t.Run("members only, the default", func(t *testing.T) {
		expect(t, visitor, http.StatusUnauthorized)
		expect(t, buyer, http.StatusOK)
	})
	t.Run("public", func(t *testing.T) {
		setPublicListings(t, admin, true)
		expect(t, visitor, http.StatusOK)
		expect(t, buyer, http.StatusOK)
		// Acting still needs an account.
		expectStatus(t, visitor.call("POST", "/api/booked", map[string]any{"product_id": product, "location": "Riverside"}), http.StatusUnauthorized)
		expectStatus(t, visitor.call("POST", fmt.Sprintf("/api/products/%d/messages", product), map[string]string{"text": "Hi"}), http.StatusUnauthorized)
		expectStatus(t, visitor.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "Scam"}), http.StatusUnauthorized)
	})
	t.Run("closed again", func(t *testing.T) {
		setPublicListings(t, admin, false)
		// Answers the visitor had while they were public are not kept for them.
		expect(t, visitor, http.StatusUnauthorized)
	})
}

// TestStartSelling: a Buyer's account becomes a Seller's in one call,
// recorded in the audit log, and can list at once; again, nothing changes;
// an admin's account cannot sell.
func TestStartSelling(t *testing.T) {
	e := newEnv(t)
	admin, adminUser := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 60, 40)), http.StatusCreated)
	buyer, buyerUser := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	picture := buyer.upload(pngImage(t, 50, 50)).URL
	expectStatus(t, buyer.call("POST", "/api/products", productBody("Tables", picture)), http.StatusForbidden)

	r := buyer.call("POST", "/api/auth/me/selling", nil)
	expectStatus(t, r, http.StatusOK)
	me := decode[map[string]any](t, buyer.call("GET", "/api/auth/me", nil))
	started := decode[map[string]any](t, r)
	if started["role"] != "Seller" || started["id"] != float64(buyerUser.ID) || started["verified"] != false {
		t.Errorf("answer %v, want the account as a Seller", started)
	}
	if fmt.Sprint(started) != fmt.Sprint(me) {
		t.Errorf("answer %v, want what GET /api/auth/me answers: %v", started, me)
	}
	expectStatus(t, buyer.call("POST", "/api/products", productBody("Tables", picture)), http.StatusCreated)

	log := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil))
	var found int
	for _, entry := range log.Items {
		if entry.Action == app.AuditStartSelling {
			found++
			if entry.ActorID == nil || *entry.ActorID != buyerUser.ID || entry.TargetID != buyerUser.ID || !strings.Contains(entry.Target, "Bea Buyer") {
				t.Errorf("audit entry %+v, want Bea starting to sell", entry)
			}
		}
	}
	if found != 1 {
		t.Errorf("%d start_selling entries in the audit log, want 1", found)
	}

	t.Run("again", func(t *testing.T) {
		before := e.fingerprint(t)
		r := buyer.call("POST", "/api/auth/me/selling", nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[map[string]any](t, r); got["role"] != "Seller" {
			t.Errorf("role %v, want Seller", got["role"])
		}
		if diff := fingerprintDiff(before, e.fingerprint(t)); diff != "" {
			t.Errorf("starting again changed:\n%s", diff)
		}
	})
	t.Run("an admin", func(t *testing.T) {
		expectStatus(t, admin.call("POST", "/api/auth/me/selling", nil), http.StatusConflict)
		if u := decode[map[string]any](t, admin.call("GET", "/api/auth/me", nil)); u["role"] != "Admin" || u["id"] != float64(adminUser.ID) {
			t.Errorf("admin is now %v", u)
		}
	})
	t.Run("a visitor", func(t *testing.T) {
		expectStatus(t, e.client().call("POST", "/api/auth/me/selling", nil), http.StatusUnauthorized)
	})
}

// TestSellerBuysAsBuyersDo: a Seller books, messages and reports other
// people's listings as a Buyer does, never their own.
func TestSellerBuysAsBuyersDo(t *testing.T) {
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 60, 40)), http.StatusCreated)
	sam, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	olga, _ := e.register("Olga Other", "olga@example.com", app.RoleSeller)
	list := func(c *client) int64 {
		r := c.call("POST", "/api/products", productBody("Tables", c.upload(pngImage(t, 50, 50)).URL))
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Product](t, r).ID
	}
	samsTable, olgasTable := list(sam), list(olga)
	book := func(c *client, product int64) *response {
		return c.call("POST", "/api/booked", map[string]any{"product_id": product, "location": "Riverside", "buyer_phone": "+1 555 0199"})
	}
	r := book(olga, samsTable)
	expectStatus(t, r, http.StatusCreated)
	booking := decode[app.Booking](t, r).ID
	expectStatus(t, book(olga, olgasTable), http.StatusForbidden)
	orders := decode[app.List[app.Booking]](t, olga.call("GET", "/api/booked", nil))
	if orders.Total != 1 || orders.Items[0].ID != booking {
		t.Errorf("Olga's orders %+v, want her booking %d", orders, booking)
	}
	expectStatus(t, olga.call("POST", fmt.Sprintf("/api/products/%d/messages", samsTable), map[string]string{"text": "Still there?"}), http.StatusCreated)
	expectStatus(t, olga.call("POST", fmt.Sprintf("/api/products/%d/messages", olgasTable), map[string]string{"text": "Still there?"}), http.StatusForbidden)
	expectStatus(t, olga.call("POST", fmt.Sprintf("/api/booked/%d/messages", booking), map[string]string{"text": "Tomorrow?"}), http.StatusCreated)
	// Paid in person: the seller, Sam, confirms it; not Olga, who booked.
	expectStatus(t, olga.call("POST", fmt.Sprintf("/api/booked/%d/paid", booking), nil), http.StatusForbidden)
	expectStatus(t, sam.call("POST", fmt.Sprintf("/api/booked/%d/paid", booking), nil), http.StatusOK)
}

// TestSellerProfile: a seller's card counts what they have for sale and
// sold, and carries no way to reach them; a buyer who never listed, and an
// unknown account, have none.
func TestSellerProfile(t *testing.T) {
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 60, 40)), http.StatusCreated)
	r := e.client().form("/api/auth/register", map[string]string{"name": "Sam Seller", "email": "sam@example.com",
		"password": testPassword, "role": "Seller", "phone": "+1 555 0101"}, pngImage(t, 40, 30))
	expectStatus(t, r, http.StatusCreated)
	samUser := decode[app.User](t, r)
	sam := e.client()
	expectStatus(t, sam.call("POST", "/api/auth/login", map[string]string{"email": "sam@example.com", "password": testPassword}), http.StatusOK)
	expectStatus(t, sam.call("PATCH", "/api/auth/me", map[string]any{"show_phone": true}), http.StatusOK)
	other, otherUser := e.register("Olga Other", "olga@example.com", app.RoleSeller)
	buyer, buyerUser := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	list := func(c *client, name string) int64 {
		body := productBody("Tables", c.upload(pngImage(t, 50, 50)).URL)
		body["product"] = name
		r := c.call("POST", "/api/products", body)
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Product](t, r).ID
	}
	table, _, sold := list(sam, "Oak table"), list(sam, "Oak chair"), list(sam, "Oak desk")
	list(other, "Pine table")
	r = buyer.call("POST", "/api/booked", map[string]any{"product_id": sold, "location": "Riverside", "buyer_phone": "+1 555 0199"})
	expectStatus(t, r, http.StatusCreated)
	expectStatus(t, sam.call("POST", fmt.Sprintf("/api/booked/%d/paid", decode[app.Booking](t, r).ID), nil), http.StatusOK)
	// Reserved is still for sale.
	expectStatus(t, buyer.call("POST", "/api/booked", map[string]any{"product_id": table, "location": "Riverside", "buyer_phone": "+1 555 0199"}), http.StatusCreated)
	expectStatus(t, admin.call("PUT", fmt.Sprintf("/api/sellers/%d", samUser.ID), nil), http.StatusOK)

	r = buyer.call("GET", fmt.Sprintf("/api/users/%d/profile", samUser.ID), nil)
	expectStatus(t, r, http.StatusOK)
	got := decode[map[string]any](t, r)
	expectJSONFields(t, got, map[string]any{"id": float64(samUser.ID), "name": "Sam Seller", "image": samUser.Image,
		"verified": true, "sells": true, "listings": float64(2), "sold": float64(1), "rating": map[string]any{"average": 0.0, "count": 0.0}, "no_shows": 0.0, "no_show_list": []any{}},
		"member_since")
	if since, _ := got["member_since"].(string); !strings.HasPrefix(since, "20") {
		t.Errorf("member_since %v, want a time", got["member_since"])
	}
	for _, secret := range []string{"sam@example.com", "+1 555 0101", "+1 555 0100"} {
		if strings.Contains(string(r.body), secret) {
			t.Errorf("profile shows %q: %s", secret, r.body)
		}
	}
	r = buyer.call("GET", fmt.Sprintf("/api/users/%d/profile", otherUser.ID), nil)
	expectStatus(t, r, http.StatusOK)
	expectJSONFields(t, decode[map[string]any](t, r), map[string]any{"id": float64(otherUser.ID), "name": "Olga Other",
		"image": otherUser.Image, "verified": false, "sells": true, "listings": float64(1), "sold": float64(0),
		"rating": map[string]any{"average": 0.0, "count": 0.0}, "no_shows": 0.0, "no_show_list": []any{}}, "member_since")

	expectStatus(t, other.call("GET", fmt.Sprintf("/api/users/%d/profile", buyerUser.ID), nil), http.StatusNotFound)
	expectStatus(t, other.call("GET", "/api/users/999999/profile", nil), http.StatusNotFound)
	expectStatus(t, other.call("GET", "/api/users/abc/profile", nil), http.StatusNotFound)

	t.Run("their listings for sale", func(t *testing.T) {
		r := buyer.call("GET", fmt.Sprintf("/api/products?seller=%d&limit=1", samUser.ID), nil)
		expectStatus(t, r, http.StatusOK)
		page := decode[app.SearchResult](t, r)
		if page.Total != 2 || len(page.Items) != 1 || page.Items[0].SellerID != samUser.ID {
			t.Fatalf("first page %+v, want 1 of Sam's 2 for sale", page)
		}
		r = buyer.call("GET", fmt.Sprintf("/api/products?seller=%d&limit=1&offset=1", samUser.ID), nil)
		next := decode[app.SearchResult](t, r)
		if len(next.Items) != 1 || next.Items[0].SellerID != samUser.ID || next.Items[0].ID == page.Items[0].ID || next.Items[0].ID == sold {
			t.Errorf("second page %+v, want Sam's other listing for sale", next)
		}
		expectStatus(t, buyer.call("GET", "/api/products?seller=nobody", nil), http.StatusUnprocessableEntity)
	})
}

// TestNoVisitorSeesContactDetails: with the listings public, a visitor
// reads every answer open to them and finds nobody's email or phone, even
// of a seller who shows their phone to members.
func TestNoVisitorSeesContactDetails(t *testing.T) {
	w := newContactWorld(t)
	setPublicListings(t, w.admin.c, true)
	expectStatus(t, w.sam.c.call("PATCH", "/api/auth/me", map[string]any{"show_phone": true}), http.StatusOK)
	reads := []string{
		"/api/site",
		"/api/categories",
		"/api/categories/Tables?limit=100",
		"/api/products?limit=100",
		"/api/products?q=oak",
		"/api/products?sort=newest",
		"/api/products?category=Tables&sort=price_asc",
		"/api/products?status=Available&status=Reserved&status=Sold",
		fmt.Sprintf("/api/products?seller=%d", w.sam.user.ID),
		fmt.Sprintf("/api/products?seller=%d", w.olga.user.ID),
		fmt.Sprintf("/api/products/%d", w.table),
		fmt.Sprintf("/api/products/%d", w.lamp),
		fmt.Sprintf("/api/products/%d", w.chair),
		"/api/advertised",
		fmt.Sprintf("/api/users/%d/profile", w.sam.user.ID),
		fmt.Sprintf("/api/users/%d/profile", w.olga.user.ID),
		fmt.Sprintf("/api/users/%d/profile", w.bea.user.ID),
		"/api/auth/me",
	}
	// Members read them first, so that whatever is kept for them is too.
	for _, p := range w.people() {
		for _, path := range reads {
			p.c.call("GET", path, nil)
		}
	}
	for _, path := range reads {
		t.Run(path, func(t *testing.T) {
			r := w.anonymous.call("GET", path, nil)
			if r.status >= 500 {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			if r.status == http.StatusUnauthorized {
				t.Errorf("status 401 with public listings: %s", r.body)
			}
			for _, p := range w.people() {
				for _, secret := range p.secrets {
					if strings.Contains(string(r.body), secret) {
						t.Errorf("status %d shows %s's %q: %s", r.status, p.user.Name, secret, r.body)
					}
				}
			}
		})
	}
}
