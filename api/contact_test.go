package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

// contactPerson is an account of the contact tests with the details that are
// theirs: their email, their profile's phone, and any phone they gave a
// listing or a booking.
type contactPerson struct {
	c       *client
	user    app.User
	secrets []string
}

// registerPerson signs up an account with a phone of its own, so that
// finding a phone in an answer says whose it is.
func registerPerson(e *env, name, email, phone string, role app.Role) *contactPerson {
	e.t.Helper()
	c := e.client()
	r := c.form("/api/auth/register", map[string]string{
		"name": name, "email": email, "password": testPassword, "role": string(role), "phone": phone,
	}, pngImage(e.t, 40, 30))
	expectStatus(e.t, r, http.StatusCreated)
	return &contactPerson{c: c, user: decode[app.User](e.t, r), secrets: []string{email, phone}}
}

// contactWorld is a marketplace where everyone has done something: Sam
// sells a table (advertised, with its own phone) and a lamp (with none),
// Olga a chair; Bea booked the table and asked about it; Sid asked about
// the lamp and reported it.
type contactWorld struct {
	e                      *env
	admin, sam, olga       *contactPerson
	bea, sid               *contactPerson
	anonymous              *client
	table, lamp, chair     int64
	beaBooking             int64
	samConversationWithSid int64
}

func newContactWorld(t *testing.T) *contactWorld {
	e := newEnv(t)
	w := &contactWorld{e: e, anonymous: e.client()}
	adminClient, adminUser := e.admin("admin@example.com")
	w.admin = &contactPerson{c: adminClient, user: adminUser, secrets: []string{"admin@example.com"}}
	expectStatus(t, adminClient.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 60, 40)), http.StatusCreated)
	w.sam = registerPerson(e, "Sam Seller", "sam@example.com", "+1 555 0101", app.RoleSeller)
	w.olga = registerPerson(e, "Olga Other", "olga@example.com", "+1 555 0102", app.RoleSeller)
	w.bea = registerPerson(e, "Bea Buyer", "bea@example.com", "+1 555 0103", app.RoleBuyer)
	w.sid = registerPerson(e, "Sid Stranger", "sid@example.com", "+1 555 0104", app.RoleBuyer)

	list := func(p *contactPerson, name, phone string) int64 {
		body := productBody("Tables", p.c.upload(pngImage(t, 50, 50)).URL)
		body["product"] = name
		if phone == "" {
			delete(body, "seller_phone")
		} else {
			body["seller_phone"] = phone
			p.secrets = append(p.secrets, phone)
		}
		r := p.c.call("POST", "/api/products", body)
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Product](t, r).ID
	}
	w.table = list(w.sam, "Oak table", "+1 555 0111")
	w.lamp = list(w.sam, "Brass lamp", "")
	w.chair = list(w.olga, "Oak chair", "+1 555 0112")
	expectStatus(t, w.sam.c.call("POST", "/api/advertised", map[string]any{"product_id": w.table}), http.StatusCreated)

	r := w.bea.c.call("POST", "/api/booked", map[string]any{"product_id": w.table, "location": "Riverside", "buyer_phone": "+1 555 0113"})
	expectStatus(t, r, http.StatusCreated)
	w.bea.secrets = append(w.bea.secrets, "+1 555 0113")
	w.beaBooking = decode[app.Booking](t, r).ID
	message := func(p *contactPerson, product int64) int64 {
		r := p.c.call("POST", fmt.Sprintf("/api/products/%d/messages", product), map[string]string{"text": "Is it still there?"})
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Message](t, r).ConversationID
	}
	message(w.bea, w.table)
	w.samConversationWithSid = message(w.sid, w.lamp)
	expectStatus(t, w.sid.c.call("POST", "/api/reported", map[string]any{"product_id": w.lamp, "reason": "Not brass"}), http.StatusCreated)
	return w
}

func (w *contactWorld) people() []*contactPerson {
	return []*contactPerson{w.admin, w.sam, w.olga, w.bea, w.sid}
}

// TestNoStrangerSeesContactDetails reads every list and detail the API has
// as people who are none of the others' seller, buyer or admin (a buyer
// with no booking, another seller, an anonymous visitor) and finds no
// email or phone but their own in any answer, whatever its status.
func TestNoStrangerSeesContactDetails(t *testing.T) {
	w := newContactWorld(t)
	reads := []string{
		"/api/categories",
		"/api/categories/Tables?limit=100",
		"/api/products?limit=100",
		"/api/products?q=oak",
		"/api/products?sort=newest",
		"/api/products?category=Tables&sort=price_asc",
		fmt.Sprintf("/api/products/%d", w.table),
		fmt.Sprintf("/api/products/%d", w.lamp),
		fmt.Sprintf("/api/products/%d", w.chair),
		"/api/advertised",
		"/api/myproducts/sam@example.com",
		"/api/myproducts/olga@example.com",
		"/api/booked",
		fmt.Sprintf("/api/booked/%d", w.beaBooking),
		"/api/mybuyers",
		"/api/conversations",
		"/api/conversations/unread",
		fmt.Sprintf("/api/conversations/%d", w.samConversationWithSid),
		fmt.Sprintf("/api/conversations/%d/messages", w.samConversationWithSid),
		"/api/reported",
		"/api/users",
		"/api/buyers",
		"/api/sellers",
		"/api/audit",
		"/api/auth/me",
		"/api/auth/me/export",
		"/api/auth/sessions",
		"/api/users/admin/sam@example.com",
		"/api/users/seller/verified/sam@example.com",
		"/api/push/preferences",
	}
	strangers := []struct {
		name string
		c    *client
		self *contactPerson
	}{{"buyer with no booking", w.sid.c, w.sid}, {"other seller", w.olga.c, w.olga}, {"anonymous", w.anonymous, nil}}
	for _, s := range strangers {
		for _, path := range reads {
			t.Run(s.name+" "+path, func(t *testing.T) {
				r := s.c.call("GET", path, nil)
				if r.status >= 500 {
					t.Fatalf("status %d: %s", r.status, r.body)
				}
				for _, p := range w.people() {
					if p == s.self {
						continue
					}
					for _, secret := range p.secrets {
						if strings.Contains(string(r.body), secret) {
							t.Errorf("status %d shows %s's %q: %s", r.status, p.user.Name, secret, r.body)
						}
					}
				}
			})
		}
	}
}

// sees is what a viewer gets of a product's seller's contact details.
type sees int

const (
	nothing sees = iota
	phoneOnly
	emailOnly // the seller and admins, of a listing without a phone
	emailAndPhone
)

// contactSeen reads product id at path as c and says what of its seller's
// contact details it carries, and whether the answer holds the product.
func contactSeen(t *testing.T, c *client, path string, id int64) (sees, bool) {
	t.Helper()
	r := c.call("GET", path, nil)
	if r.status != http.StatusOK {
		return nothing, false
	}
	var products []map[string]any
	if strings.HasPrefix(path, "/api/products/") {
		products = []map[string]any{decode[map[string]any](t, r)}
	} else {
		products = decode[app.List[map[string]any]](t, r).Items
	}
	for _, p := range products {
		if p["id"] != float64(id) {
			continue
		}
		email, hasEmail := p["seller_email"]
		phone, hasPhone := p["seller_phone"]
		switch {
		case hasEmail && hasPhone && email != "" && phone != "":
			return emailAndPhone, true
		case hasPhone && !hasEmail && phone != "":
			return phoneOnly, true
		case hasEmail && !hasPhone && email != "":
			return emailOnly, true
		case !hasEmail && !hasPhone:
			return nothing, true
		}
		t.Fatalf("%s: seller_email %#v, seller_phone %#v", path, email, phone)
	}
	return nothing, false
}

// TestSellerContactByViewer: a product's seller and admins see its
// seller's email and phone; a buyer while their booking is open or paid,
// and everyone signed in when the seller shows their phone, see the phone;
// nobody else sees either, in any list or page of it, whoever read the
// same list before them.
func TestSellerContactByViewer(t *testing.T) {
	w := newContactWorld(t)
	type viewers struct{ sam, sid, admin, olga, bea, anonymous sees }
	check := func(t *testing.T, id int64, want viewers, paths ...string) {
		t.Helper()
		order := []struct {
			name string
			c    *client
			want sees
		}{{"Sam", w.sam.c, want.sam}, {"Sid", w.sid.c, want.sid}, {"admin", w.admin.c, want.admin},
			{"Olga", w.olga.c, want.olga}, {"Bea", w.bea.c, want.bea}, {"anonymous", w.anonymous, want.anonymous}}
		for _, path := range paths {
			for _, v := range order {
				got, found := contactSeen(t, v.c, path, id)
				if found && got != v.want {
					t.Errorf("%s at %s sees %d, want %d", v.name, path, got, v.want)
				}
				if !found && v.c != w.anonymous && !strings.HasPrefix(path, "/api/myproducts/") {
					t.Errorf("%s at %s: product %d is not there", v.name, path, id)
				}
			}
		}
	}
	tableEverywhere := []string{fmt.Sprintf("/api/products/%d", w.table), "/api/categories/Tables?limit=100",
		"/api/products?q=oak", "/api/products?sort=newest", "/api/advertised", "/api/myproducts/sam@example.com"}

	t.Run("booked", func(t *testing.T) {
		check(t, w.table, viewers{sam: emailAndPhone, admin: emailAndPhone, bea: phoneOnly}, tableEverywhere...)
	})
	t.Run("no phone given", func(t *testing.T) {
		r := w.sam.c.call("GET", fmt.Sprintf("/api/products/%d", w.lamp), nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[map[string]any](t, r); got["seller_email"] != "sam@example.com" || got["seller_phone"] != nil {
			t.Errorf("seller_email %v, seller_phone %v; want Sam's email and no phone", got["seller_email"], got["seller_phone"])
		}
		r = w.sam.c.call("PATCH", fmt.Sprintf("/api/products/%d", w.lamp), map[string]any{"product": "Brass desk lamp"})
		expectStatus(t, r, http.StatusOK)
	})
	t.Run("the seller shows their phone", func(t *testing.T) {
		r := w.sam.c.call("PATCH", "/api/auth/me", map[string]any{"show_phone": true})
		expectStatus(t, r, http.StatusOK)
		if got := decode[map[string]any](t, r); got["show_phone"] != true {
			t.Fatalf("show_phone %v after setting it", got["show_phone"])
		}
		if got := decode[map[string]any](t, w.sam.c.call("GET", "/api/auth/me", nil)); got["show_phone"] != true {
			t.Errorf("GET /api/auth/me: show_phone %v", got["show_phone"])
		}
		check(t, w.table, viewers{sam: emailAndPhone, admin: emailAndPhone, bea: phoneOnly, sid: phoneOnly, olga: phoneOnly},
			tableEverywhere...)
		// Without a phone on the listing there is none to show.
		check(t, w.lamp, viewers{sam: emailOnly, admin: emailOnly}, fmt.Sprintf("/api/products/%d", w.lamp))
		expectStatus(t, w.sam.c.call("PATCH", "/api/auth/me", map[string]any{"show_phone": false}), http.StatusOK)
		check(t, w.table, viewers{sam: emailAndPhone, admin: emailAndPhone, bea: phoneOnly}, tableEverywhere...)
	})
	t.Run("a booking cancelled", func(t *testing.T) {
		r := w.sid.c.call("POST", "/api/booked", map[string]any{"product_id": w.table, "location": "Riverside", "buyer_phone": "+1 555 0114"})
		expectStatus(t, r, http.StatusCreated)
		check(t, w.table, viewers{sam: emailAndPhone, admin: emailAndPhone, bea: phoneOnly, sid: phoneOnly}, tableEverywhere...)
		expectStatus(t, w.sid.c.call("DELETE", fmt.Sprintf("/api/booked/%d", decode[app.Booking](t, r).ID), nil), http.StatusOK)
		check(t, w.table, viewers{sam: emailAndPhone, admin: emailAndPhone, bea: phoneOnly}, tableEverywhere...)
	})
	t.Run("a booking declined", func(t *testing.T) {
		expectStatus(t, w.sam.c.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", w.beaBooking), nil), http.StatusOK)
		check(t, w.table, viewers{sam: emailAndPhone, admin: emailAndPhone}, tableEverywhere...)
	})
	t.Run("a booking paid", func(t *testing.T) {
		r := w.bea.c.call("POST", "/api/booked", map[string]any{"product_id": w.chair, "location": "Riverside", "buyer_phone": "+1 555 0113"})
		expectStatus(t, r, http.StatusCreated)
		expectStatus(t, w.olga.c.call("POST", fmt.Sprintf("/api/booked/%d/paid", decode[app.Booking](t, r).ID), nil), http.StatusOK)
		check(t, w.chair, viewers{olga: emailAndPhone, admin: emailAndPhone, bea: phoneOnly}, fmt.Sprintf("/api/products/%d", w.chair))
	})
}
