package api_test

import (
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

func TestReportRefusesBadInput(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	report := func(c *client, body any) *response { return c.call("POST", "/api/reported", body) }

	t.Run("long reason", func(t *testing.T) {
		expectError(t, report(bea, map[string]any{"product_id": product, "reason": strings.Repeat("x", 501)}),
			http.StatusUnprocessableEntity, "", map[string]string{"reason": "Use at most 500 characters"})
	})
	t.Run("no product_id", func(t *testing.T) {
		expectError(t, report(bea, map[string]any{"reason": "bad"}), http.StatusUnprocessableEntity, "",
			map[string]string{"product_id": "This field is required"})
	})
	t.Run("unknown product", func(t *testing.T) {
		expectError(t, report(bea, map[string]any{"product_id": 999}), http.StatusNotFound, "Product not found", nil)
	})
	t.Run("own product", func(t *testing.T) {
		expectError(t, report(s.seller, map[string]any{"product_id": product}), http.StatusForbidden, "You cannot report your own product", nil)
	})
	t.Run("anonymous", func(t *testing.T) {
		expectStatus(t, report(s.client(), map[string]any{"product_id": product}), http.StatusUnauthorized)
	})
	t.Run("the whole product as the old client sent it", func(t *testing.T) {
		expectStatus(t, report(bea, map[string]any{"product_id": product, "product": "Oak table"}), http.StatusBadRequest)
	})
	if list := mpReported(t, s.admin); list.Total != 0 {
		t.Fatalf("refused reports were stored: %+v", list)
	}
	t.Run("500 characters, counted as characters", func(t *testing.T) {
		reason := strings.Repeat("é", 500)
		expectStatus(t, report(bea, map[string]any{"product_id": product, "reason": reason}), http.StatusCreated)
		list := mpReported(t, s.admin)
		if list.Total != 1 || list.Items[0].Reason != reason {
			t.Errorf("reported %+v", list)
		}
	})
	t.Run("an admin may report", func(t *testing.T) {
		expectStatus(t, report(s.admin, map[string]any{"product_id": product}), http.StatusCreated)
		if list := mpReported(t, s.admin); list.Items[0].Reports != 2 {
			t.Errorf("reported %+v", list)
		}
	})
	t.Run("unknown report", func(t *testing.T) {
		expectError(t, s.admin.call("DELETE", "/api/reported/999", nil), http.StatusNotFound, "Report not found", nil)
		expectStatus(t, s.admin.call("DELETE", "/api/reported/abc", nil), http.StatusNotFound)
	})
}
