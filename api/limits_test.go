package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"rehome/app"
)

func TestUploadsPerHourAreLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	picture := pngImage(t, 4, 4)
	for i := range app.UploadsPerHour {
		if r := c.form("/api/images", nil, picture); r.status != http.StatusCreated {
			t.Fatalf("upload %d: status %d %s", i+1, r.status, r.body)
		}
	}
	r := c.form("/api/images", nil, picture)
	expectError(t, r, http.StatusTooManyRequests, "Too many uploads. Try again later.", nil)
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s <= 0 {
		t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
	}
	other, _ := e.register("Olga Other", "olga@example.com", app.RoleSeller)
	expectStatus(t, other.form("/api/images", nil, picture), http.StatusCreated)
}

func TestRegistrationsPerAddressAreLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// One household: every sign-up comes from the same address.
	const home = "127.0.9.9"
	for i := range app.RegistrationsPerAddressPerHour {
		r := e.clientFrom(home).form("/api/auth/register",
			registerForm(fmt.Sprintf("Buyer %d", i), fmt.Sprintf("buyer%d@example.com", i), "Buyer"), pngImage(t, 4, 4))
		expectStatus(t, r, http.StatusCreated)
	}
	r := e.clientFrom(home).form("/api/auth/register", registerForm("One Toomany", "toomany@example.com", "Buyer"), pngImage(t, 4, 4))
	expectError(t, r, http.StatusTooManyRequests, "Too many sign-ups from your network. Try again later.", nil)
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s <= 0 {
		t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
	}
	if sessionCookie(r) != nil {
		t.Errorf("a refused registration set a session cookie")
	}
	// The refusal stored nothing, and other addresses may still sign up.
	expectStatus(t, e.client().form("/api/auth/register", registerForm("One Toomany", "toomany@example.com", "Buyer"),
		pngImage(t, 4, 4)), http.StatusCreated)
}
