package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"rehome/app"
)

// TestAuthorization asks every endpoint as each kind of caller and checks the
// status: the server, not the web app, decides who may do what.
func TestAuthorization(t *testing.T) {
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	seller, sellerUser := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	other, _ := e.register("Olga Other", "other@example.com", app.RoleSeller)
	buyer, _ := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	anonymous := e.client()

	categoryImage := pngImage(t, 60, 40)
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, categoryImage), http.StatusCreated)
	picture := seller.upload(pngImage(t, 50, 50))
	newProduct := func() int64 {
		r := seller.call("POST", "/api/products", productBody("Tables", picture.URL))
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Product](t, r).ID
	}
	product := newProduct()

	callers := []struct {
		name string
		c    *client
	}{{"anonymous", anonymous}, {"buyer", buyer}, {"seller", seller}, {"other seller", other}, {"admin", admin}}

	type want [5]int // anonymous, buyer, seller, other seller, admin
	const (
		ok, created, gone = http.StatusOK, http.StatusCreated, http.StatusNoContent
		unauth, forbid    = http.StatusUnauthorized, http.StatusForbidden
	)
	n := 0
	unique := func() string { n++; return fmt.Sprint(n) }

	cases := []struct {
		name string
		want want
		do   func(c *client) *response
	}{
		{"register", want{created, created, created, created, created}, func(c *client) *response {
			id := unique()
			// A fresh client, so the callers' own sessions stay as they are.
			return e.client().form("/api/auth/register", map[string]string{"name": "New " + id, "email": "new" + id + "@example.com",
				"password": testPassword, "role": "Buyer"}, pngImage(t, 10, 10))
		}},
		{"login", want{ok, ok, ok, ok, ok}, func(c *client) *response {
			return e.client().call("POST", "/api/auth/login", map[string]string{"email": "buyer@example.com", "password": testPassword})
		}},
		{"me", want{unauth, ok, ok, ok, ok}, func(c *client) *response { return c.call("GET", "/api/auth/me", nil) }},
		{"is admin", want{unauth, forbid, ok, forbid, ok}, func(c *client) *response {
			return c.call("GET", "/api/users/admin/"+sellerUser.Email, nil)
		}},
		{"is seller", want{unauth, forbid, ok, forbid, ok}, func(c *client) *response {
			return c.call("GET", "/api/users/seller/"+sellerUser.Email, nil)
		}},
		{"is verified seller", want{unauth, forbid, ok, forbid, ok}, func(c *client) *response {
			return c.call("GET", "/api/users/seller/verified/"+sellerUser.Email, nil)
		}},
		{"upload image", want{unauth, created, created, created, created}, func(c *client) *response {
			return c.form("/api/images", nil, pngImage(t, 20, 20))
		}},
		{"list categories", want{ok, ok, ok, ok, ok}, func(c *client) *response { return c.call("GET", "/api/categories", nil) }},
		{"create category", want{unauth, forbid, forbid, forbid, created}, func(c *client) *response {
			return c.form("/api/categories", map[string]string{"name": "Category " + unique()}, categoryImage)
		}},
		{"category products", want{unauth, ok, ok, ok, ok}, func(c *client) *response { return c.call("GET", "/api/categories/Tables", nil) }},
		{"create product", want{unauth, forbid, created, created, forbid}, func(c *client) *response {
			// Each caller lists with a picture of their own; anonymous callers cannot upload one.
			image := picture.URL
			if c != anonymous {
				image = c.upload(pngImage(t, 12, 12)).URL
			}
			return c.call("POST", "/api/products", productBody("Tables", image))
		}},
		{"product", want{unauth, ok, ok, ok, ok}, func(c *client) *response {
			return c.call("GET", fmt.Sprintf("/api/products/%d", product), nil)
		}},
		{"delete product", want{unauth, forbid, gone, forbid, gone}, func(c *client) *response {
			return c.call("DELETE", fmt.Sprintf("/api/products/%d", newProduct()), nil)
		}},
		{"seller's products", want{unauth, forbid, ok, forbid, ok}, func(c *client) *response {
			return c.call("GET", "/api/myproducts/"+sellerUser.Email, nil)
		}},
		{"logout", want{gone, gone, gone, gone, gone}, func(c *client) *response {
			// Log out a throwaway session, so the callers stay signed in.
			throwaway := e.client()
			throwaway.http.Jar = nil
			return throwaway.call("POST", "/api/auth/logout", nil)
		}},
	}
	for _, tc := range cases {
		for i, caller := range callers {
			t.Run(tc.name+"/"+caller.name, func(t *testing.T) {
				r := tc.do(caller.c)
				if r.status != tc.want[i] {
					t.Errorf("status %d, want %d; body %s", r.status, tc.want[i], r.body)
				}
			})
		}
	}
}
