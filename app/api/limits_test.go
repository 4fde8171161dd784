package api_test

import (
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
