package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"syscall"
	"testing"

	"rehome/app"
)

// noRoomToWrite makes every write to a file by this process fail, as on a
// full disk, until the returned function lifts the limit. The limit holds
// for the whole process, so the test using it must not run in parallel
// (parallel tests wait for the others to finish).
func noRoomToWrite(t *testing.T) (lift func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	// The Go runtime ignores SIGXFSZ: a write past the limit returns EFBIG.
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 0, Max: old.Max}); err != nil {
		t.Fatal(err)
	}
	lifted := false
	lift = func() {
		if !lifted {
			lifted = true
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Cleanup(lift)
	return lift
}

func TestAFullDiskRefusesWritesAndRecovers(t *testing.T) {
	sqliteOnly(t)
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 8, 8)), http.StatusCreated)
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	picture := seller.upload(pngImage(t, 40, 30))
	r := seller.call("POST", "/api/products", productBody("Tables", picture.URL))
	expectStatus(t, r, http.StatusCreated)
	product := decode[app.Product](t, r)
	before := e.fingerprint(t)

	lift := noRoomToWrite(t)
	const full = "The server cannot save anything right now: its disk is full. Please try again later."
	refused := []struct {
		name string
		do   func() *response
	}{
		{"a new listing", func() *response { return seller.call("POST", "/api/products", productBody("Tables", picture.URL)) }},
		{"a picture", func() *response { return seller.form("/api/images", nil, pngImage(t, 20, 20)) }},
		{"a sign-up", func() *response {
			return e.client().form("/api/auth/register", registerForm("New Buyer", "new@example.com", "Buyer"), pngImage(t, 8, 8))
		}},
		{"a sign-in", func() *response {
			return e.client().call("POST", "/api/auth/login", map[string]string{"email": "sam@example.com", "password": testPassword})
		}},
		{"a deletion", func() *response { return seller.call("DELETE", fmt.Sprintf("/api/products/%d", product.ID), nil) }},
	}
	for _, tc := range refused {
		r := tc.do()
		expectError(t, r, http.StatusServiceUnavailable, full, nil)
		if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s <= 0 {
			t.Errorf("%s: Retry-After %q", tc.name, r.header.Get("Retry-After"))
		}
	}
	reads := []string{"/api/categories", "/api/categories/Tables", fmt.Sprintf("/api/products/%d", product.ID), "/api/auth/me", "/"}
	for _, path := range reads {
		expectStatus(t, seller.call("GET", path, nil), http.StatusOK)
	}
	expectStatus(t, e.client().call("GET", "/healthz", nil), http.StatusServiceUnavailable)
	if after := e.fingerprint(t); after != before {
		t.Errorf("refused writes changed what is stored:\nbefore\n%s\nafter\n%s", before, after)
	}

	// Room again: the same server takes writes, without a restart.
	lift()
	expectStatus(t, e.client().call("GET", "/healthz", nil), http.StatusOK)
	expectStatus(t, seller.call("POST", "/api/products", productBody("Tables", picture.URL)), http.StatusCreated)
	expectStatus(t, seller.form("/api/images", nil, pngImage(t, 20, 20)), http.StatusCreated)
	expectStatus(t, e.client().form("/api/auth/register", registerForm("New Buyer", "new@example.com", "Buyer"), pngImage(t, 8, 8)),
		http.StatusCreated)
	expectStatus(t, seller.call("DELETE", fmt.Sprintf("/api/products/%d", product.ID), nil), http.StatusNoContent)
}
