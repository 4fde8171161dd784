package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"rehome/app"
)

func TestAdvertise(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	products := s.createProducts(t, s.sellerUser, "Tables", 6)
	otherSeller, _ := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	advertise := func(c *client, id int64) *response {
		return c.call("POST", "/api/advertised", map[string]any{"product_id": id})
	}

	r := advertise(s.seller, products[0])
	expectStatus(t, r, http.StatusCreated)
	if p := decode[app.Product](t, r); p.ID != products[0] || p.Name != "Item 0" || p.Status != app.StatusAvailable {
		t.Errorf("advertise answered %+v", p)
	}
	t.Run("twice", func(t *testing.T) {
		expectError(t, advertise(s.seller, products[0]), http.StatusConflict, "This product is already advertised", nil)
	})
	t.Run("not by others", func(t *testing.T) {
		expectStatus(t, advertise(otherSeller, products[1]), http.StatusForbidden)
		expectStatus(t, advertise(bea, products[1]), http.StatusForbidden)
		expectStatus(t, advertise(s.admin, products[1]), http.StatusForbidden)
		expectStatus(t, advertise(s.client(), products[1]), http.StatusUnauthorized)
	})
	t.Run("unknown product", func(t *testing.T) {
		expectError(t, advertise(s.seller, 999), http.StatusNotFound, "Product not found", nil)
	})
	t.Run("no product_id", func(t *testing.T) {
		expectError(t, s.seller.call("POST", "/api/advertised", map[string]any{}), http.StatusUnprocessableEntity, "",
			map[string]string{"product_id": app.RequiredMessage})
	})
	t.Run("unknown field", func(t *testing.T) {
		expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": products[1], "product": "x"}), http.StatusBadRequest)
	})
	t.Run("a sold product", func(t *testing.T) {
		b := mpBook(t, bea, products[5])
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", b.ID), nil), http.StatusOK)
		expectError(t, advertise(s.seller, products[5]), http.StatusConflict, "Only available products can be advertised", nil)
	})
	t.Run("removing", func(t *testing.T) {
		path := fmt.Sprintf("/api/advertised/%d", products[0])
		expectStatus(t, bea.call("DELETE", path, nil), http.StatusForbidden)
		expectStatus(t, otherSeller.call("DELETE", path, nil), http.StatusForbidden)
		expectStatus(t, s.client().call("DELETE", path, nil), http.StatusUnauthorized)
		r := s.seller.call("DELETE", path, nil)
		expectStatus(t, r, http.StatusNoContent)
		if len(r.body) != 0 {
			t.Errorf("body %q", r.body)
		}
		expectError(t, s.seller.call("DELETE", path, nil), http.StatusNotFound, "This product is not advertised", nil)
		expectError(t, s.seller.call("DELETE", fmt.Sprintf("/api/advertised/%d", products[1]), nil), http.StatusNotFound,
			"This product is not advertised", nil)
		expectError(t, s.seller.call("DELETE", "/api/advertised/999", nil), http.StatusNotFound, "Product not found", nil)
		// An admin may take any advert down.
		expectStatus(t, advertise(s.seller, products[0]), http.StatusCreated)
		expectStatus(t, s.admin.call("DELETE", path, nil), http.StatusNoContent)
	})
	t.Run("pages, newest advert first", func(t *testing.T) {
		// Advertised out of listing order: the list follows the adverts.
		order := []int64{products[3], products[1], products[4], products[0], products[2]}
		for _, id := range order {
			expectStatus(t, advertise(s.seller, id), http.StatusCreated)
		}
		newestFirst := slices.Clone(order)
		slices.Reverse(newestFirst)
		anonymous := s.client()
		for _, tc := range []struct {
			query string
			want  []int64
		}{
			{"", newestFirst},
			{"?limit=2", newestFirst[:2]},
			{"?limit=2&offset=2", newestFirst[2:4]},
			{"?limit=2&offset=4", newestFirst[4:]},
			{"?offset=5", []int64{}},
		} {
			list := mpGet[app.Product](t, anonymous, "/api/advertised"+tc.query)
			if got := ids(list); !slices.Equal(got, tc.want) || list.Total != 5 {
				t.Errorf("%s: ids %v (total %d), want %v (total 5)", tc.query, got, list.Total, tc.want)
			}
		}
		expectStatus(t, anonymous.call("GET", "/api/advertised?limit=-1", nil), http.StatusBadRequest)
	})
	t.Run("deleting the product takes the advert down", func(t *testing.T) {
		expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/products/%d", products[2]), nil), http.StatusNoContent)
		list := mpGet[app.Product](t, bea, "/api/advertised")
		if mpHasProduct(list, products[2]) || list.Total != 4 {
			t.Errorf("advertised %v (total %d)", ids(list), list.Total)
		}
	})
}
