package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// checkTime checks a JSON time: RFC 3339 in UTC, dated today or so.
func checkTime(t *testing.T, raw any) {
	t.Helper()
	s, _ := raw.(string)
	parsed, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Errorf("time %#v is not RFC 3339: %v", raw, err)
		return
	}
	if !strings.HasSuffix(s, "Z") {
		t.Errorf("time %q is not in UTC", s)
	}
	if _, err := time.Parse(time.DateOnly, s[:10]); err != nil {
		t.Errorf("time %q does not start with a date", s)
	}
	if d := time.Since(parsed); d < -time.Minute || d > time.Hour {
		t.Errorf("time %q is not about now", s)
	}
}

// shop is a server with an admin, a seller, a category Tables and a picture
// the seller uploaded.
type shop struct {
	*env
	admin      *client
	adminUser  app.User
	seller     *client
	sellerUser app.User
	picture    app.Image
}

func newShop(t *testing.T) *shop {
	t.Helper()
	return shopOn(t, newEnv(t))
}

// shopOn is newShop on the server e.
func shopOn(t *testing.T, e *env) *shop {
	t.Helper()
	admin, adminUser := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 30, 20)), http.StatusCreated)
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Chairs"}, pngImage(t, 30, 20)), http.StatusCreated)
	seller, sellerUser := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	return &shop{env: e, admin: admin, adminUser: adminUser, seller: seller, sellerUser: sellerUser, picture: seller.upload(pngImage(t, 50, 50))}
}

// createProducts lists n products through the service, which is quicker
// than the API, and returns their IDs in the order they were made.
func (s *shop) createProducts(t *testing.T, seller app.User, category string, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	actor, err := s.svc.SigningIn.CurrentUser(ctx, seller.ID)
	if err != nil {
		t.Fatal(err)
	}
	picture, err := s.svc.Images.UploadImage(ctx, actor, bytes.NewReader(pngImage(t, 16, 16)))
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, n)
	for i := range n {
		p, err := s.svc.Catalogue.CreateProduct(ctx, actor, app.ProductInput{
			Category: category, Product: fmt.Sprintf("Item %d", i), Description: "Sturdy.", Image: picture.URL,
			Location: "Riverside", OriginalPrice: "100", ResalePrice: "40", PurchaseYear: "2020", UsePeriod: "2 years",
		})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = p.ID
	}
	return ids
}

func TestCreateProduct(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	year := time.Now().UTC().Year()

	cases := []struct {
		name   string
		change map[string]any // nil deletes the key
		check  map[string]any // expected values in the answer
	}{
		{"numeric and string prices", map[string]any{"original_price": 500, "resale_price": "120.50"},
			map[string]any{"original_price": 500.0, "resale_price": 120.5}},
		{"number with two decimals", map[string]any{"original_price": json.RawMessage("120.50"), "resale_price": 120.5},
			map[string]any{"original_price": 120.5, "resale_price": 120.5}},
		{"free", map[string]any{"original_price": "10", "resale_price": 0},
			map[string]any{"original_price": 10.0, "resale_price": 0.0}},
		{"cents", map[string]any{"original_price": " 0.05 ", "resale_price": "0.5"},
			map[string]any{"original_price": 0.05, "resale_price": 0.5}},
		{"condition defaults to Excellent", map[string]any{"condition": nil}, map[string]any{"condition": "Excellent"}},
		{"condition Fair", map[string]any{"condition": "Fair"}, map[string]any{"condition": "Fair"}},
		{"seller fields come from the account", map[string]any{"seller_id": 999, "seller": "Mallory", "seller_email": "x@y.z", "seller_verified": true, "time": "1999-01-01T00:00:00Z"},
			map[string]any{"seller_id": float64(s.sellerUser.ID), "seller": "Sam Seller", "seller_email": "seller@example.com", "seller_verified": false}},
		{"seller phone is optional", map[string]any{"seller_phone": nil}, map[string]any{"seller_phone": nil}},
		{"seller phone blank", map[string]any{"seller_phone": "  "}, map[string]any{"seller_phone": nil}},
		{"seller phone given", map[string]any{"seller_phone": " +44 20 7946 0000 "}, map[string]any{"seller_phone": "+44 20 7946 0000"}},
		{"purchase year as a string", map[string]any{"purchase_year": "2019"}, map[string]any{"purchase_year": 2019.0}},
		{"purchase year this year", map[string]any{"purchase_year": year}, map[string]any{"purchase_year": float64(year)}},
		{"purchase year 1900", map[string]any{"purchase_year": 1900}, map[string]any{"purchase_year": 1900.0}},
		{"category in another case", map[string]any{"category": "tables"}, map[string]any{"category": "Tables"}},
		{"text fields trimmed", map[string]any{"product": "  Oak table ", "location": " Riverside ", "use_period": " 5 years "},
			map[string]any{"product": "Oak table", "location": "Riverside", "use_period": "5 years"}},
		// A name, category, price, condition, location and photo are all a listing needs.
		{"optional details left out", map[string]any{"description": nil, "original_price": nil, "purchase_year": nil, "use_period": nil},
			map[string]any{"description": "", "original_price": nil, "purchase_year": nil, "use_period": nil, "resale_price": 120.5}},
		{"optional details blank", map[string]any{"description": " ", "original_price": "", "purchase_year": " ", "use_period": "  "},
			map[string]any{"description": "", "original_price": nil, "purchase_year": nil, "use_period": nil}},
		{"optional details null", map[string]any{"original_price": json.RawMessage("null"), "purchase_year": json.RawMessage("null"), "use_period": json.RawMessage("null")},
			map[string]any{"original_price": nil, "purchase_year": nil, "use_period": nil}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := productBody("Tables", s.picture.URL)
			for k, v := range tc.change {
				if v == nil {
					delete(body, k)
				} else {
					body[k] = v
				}
			}
			r := s.seller.call("POST", "/api/products", body)
			expectStatus(t, r, http.StatusCreated)
			got := decode[map[string]any](t, r)
			for k, v := range tc.check {
				if got[k] != v {
					t.Errorf("%s = %#v, want %#v", k, got[k], v)
				}
			}
			for _, k := range []string{"original_price", "purchase_year", "use_period"} {
				if _, ok := got[k]; !ok {
					t.Errorf("%s missing: an absent value is null", k)
				}
			}
			if got["status"] != "Available" || got["thumb_url"] != s.picture.ThumbURL {
				t.Errorf("status %v, thumb_url %v; want Available and %s", got["status"], got["thumb_url"], s.picture.ThumbURL)
			}
		})
	}
}

func TestCreateProductRefusesBadInput(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	nextYear := time.Now().UTC().Year() + 1
	yearMessage := "Enter a year between 1900 and " + strconv.Itoa(nextYear-1)
	const amount = "Enter an amount such as 120 or 120.50"

	type change map[string]any // nil deletes the key
	cases := []struct {
		name    string
		change  change
		status  int
		field   string
		message string
	}{
		{"no category", change{"category": nil}, 422, "category", app.RequiredMessage},
		{"no product name", change{"product": nil}, 422, "product", app.RequiredMessage},
		{"blank product name", change{"product": "   "}, 422, "product", app.RequiredMessage},
		{"no image", change{"image": nil}, 422, "image", app.RequiredMessage},
		{"no location", change{"location": nil}, 422, "location", app.RequiredMessage},
		{"null resale price", change{"resale_price": json.RawMessage("null")}, 422, "resale_price", app.RequiredMessage},
		{"no resale price", change{"resale_price": nil}, 422, "resale_price", app.RequiredMessage},
		{"negative price", change{"original_price": -5}, 422, "original_price", amount},
		{"negative price as a string", change{"resale_price": "-5"}, 422, "resale_price", amount},
		{"three decimals", change{"resale_price": json.RawMessage("120.505")}, 422, "resale_price", amount},
		{"three decimals as a string", change{"original_price": "1.234"}, 422, "original_price", amount},
		{"words for a price", change{"resale_price": "abc"}, 422, "resale_price", amount},
		{"price with a currency sign", change{"resale_price": "$120"}, 422, "resale_price", amount},
		{"price beyond ten million", change{"original_price": "10000000.01"}, 422, "original_price", amount},
		{"condition Broken", change{"condition": "Broken"}, 422, "condition", "Choose Excellent, Good or Fair"},
		{"condition in lower case", change{"condition": "good"}, 422, "condition", "Choose Excellent, Good or Fair"},
		{"unknown category", change{"category": "Spaceships"}, 422, "category", "Choose one of the categories"},
		{"image on another host", change{"image": "https://elsewhere.example/x.jpg"}, 422, "image", "Upload the image first"},
		{"image this server never issued", change{"image": "/images/ffffffffffffffffffffffffffffffff.jpg"}, 422, "image", "Upload the image first"},
		{"thumbnail instead of the image", change{"image": "THUMB"}, 422, "image", "Upload the image first"},
		{"purchase year 1800", change{"purchase_year": 1800}, 422, "purchase_year", yearMessage},
		{"purchase year next year", change{"purchase_year": nextYear}, 422, "purchase_year", yearMessage},
		{"purchase year in words", change{"purchase_year": "last year"}, 422, "purchase_year", yearMessage},
		{"phone in words", change{"seller_phone": "call me"}, 422, "seller_phone", app.PhoneMessage},
		{"phone too short", change{"seller_phone": "12345"}, 422, "seller_phone", app.PhoneMessage},
		{"product name of 121 characters", change{"product": strings.Repeat("x", 121)}, 422, "product", "Use at most 120 characters"},
		{"unknown field colour", change{"colour": "red"}, 400, "colour", "Unknown field"},
		{"price of the wrong JSON type", change{"condition": 3}, 400, "condition", "Wrong type"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := productBody("Tables", s.picture.URL)
			for k, v := range tc.change {
				switch {
				case v == nil:
					delete(body, k)
				case v == "THUMB":
					body[k] = s.picture.ThumbURL
				default:
					body[k] = v
				}
			}
			expectError(t, s.seller.call("POST", "/api/products", body), tc.status, "", map[string]string{tc.field: tc.message})
		})
	}

	t.Run("empty object names every required field", func(t *testing.T) {
		r := s.seller.call("POST", "/api/products", `{}`)
		want := map[string]string{}
		for _, f := range []string{"category", "product", "image", "location", "resale_price"} {
			want[f] = app.RequiredMessage
		}
		// condition defaults to Excellent; description, original_price,
		// purchase_year, use_period and seller_phone are optional.
		expectError(t, r, http.StatusUnprocessableEntity, "Please correct the highlighted fields", want)
	})

	for name, body := range map[string]string{
		"JSON array":     `[` + mustJSON(t, productBody("Tables", s.picture.URL)) + `]`,
		"malformed JSON": `{"category": "Tables",`,
		"two objects":    mustJSON(t, productBody("Tables", s.picture.URL)) + `{}`,
	} {
		t.Run(name, func(t *testing.T) {
			expectError(t, s.seller.call("POST", "/api/products", body), http.StatusBadRequest, "", nil)
		})
	}
	t.Run("price is boolean", func(t *testing.T) {
		body := strings.Replace(mustJSON(t, productBody("Tables", s.picture.URL)), `"original_price":500`, `"original_price":true`, 1)
		expectError(t, s.seller.call("POST", "/api/products", body), http.StatusBadRequest, "",
			map[string]string{"original_price": "Wrong type"})
	})
	t.Run("somebody else's picture", func(t *testing.T) {
		other, _ := s.register("Olga Other", "olga@example.com", app.RoleSeller)
		expectError(t, other.call("POST", "/api/products", productBody("Tables", s.picture.URL)),
			http.StatusUnprocessableEntity, "", map[string]string{"image": "Upload the image first"})
	})
	t.Run("form instead of JSON", func(t *testing.T) {
		expectError(t, s.seller.form("/api/products", map[string]string{"category": "Tables"}, nil),
			http.StatusUnsupportedMediaType, "Send the request body as application/json", nil)
	})

	t.Run("refusals listed nothing", func(t *testing.T) {
		r := s.seller.call("GET", "/api/myproducts/seller@example.com", nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.List[app.Product]](t, r).Total; got != 0 {
			t.Errorf("the seller has %d products, want 0", got)
		}
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestGetProduct(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	created := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
	expectStatus(t, created, http.StatusCreated)
	id := decode[app.Product](t, created).ID

	t.Run("every field, for its seller", func(t *testing.T) {
		r := s.seller.call("GET", fmt.Sprintf("/api/products/%d", id), nil)
		expectStatus(t, r, http.StatusOK)
		got := decode[map[string]any](t, r)
		want := map[string]any{
			"id": float64(id), "category": "Tables", "product": "Oak table", "description": "Solid oak, seats six.",
			"image": s.picture.URL, "thumb_url": s.picture.ThumbURL, "condition": "Good", "location": "Riverside",
			"original_price": 500.0, "resale_price": 120.5, "seller_id": float64(s.sellerUser.ID), "seller": "Sam Seller", "seller_email": "seller@example.com",
			"seller_phone": "+1 555 0100", "seller_verified": false, "purchase_year": 2019.0, "use_period": "5 years",
			"status": "Available", "images": []any{s.picture.URL}, "thumbs": []any{s.picture.ThumbURL},
			"dimensions": nil, "my_booking_id": nil, "advertised": false,
			"seller_rating": map[string]any{"average": 0.0, "count": 0.0},
		}
		expectJSONFields(t, got, want, "time")
		checkTime(t, got["time"])
		// A product's own page alone carries its seller's rating.
		delete(got, "seller_rating")
		if posted := decode[map[string]any](t, created); !reflect.DeepEqual(posted, got) {
			t.Errorf("GET answer %v differs from the POST answer %v", got, posted)
		}
	})

	t.Run("every field but the seller's contact details, for a stranger", func(t *testing.T) {
		buyerClient, _ := s.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
		r := buyerClient.call("GET", fmt.Sprintf("/api/products/%d", id), nil)
		expectStatus(t, r, http.StatusOK)
		got := decode[map[string]any](t, r)
		want := decode[map[string]any](t, created)
		delete(want, "seller_email")
		delete(want, "seller_phone")
		want["seller_rating"] = map[string]any{"average": 0.0, "count": 0.0}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("GET answer %v, want %v", got, want)
		}
	})

	for _, path := range []string{"/api/products/999999", "/api/products/abc", "/api/products/0", "/api/products/-1", "/api/products/1.5"} {
		t.Run("not found "+path, func(t *testing.T) {
			expectError(t, s.seller.call("GET", path, nil), http.StatusNotFound, "", nil)
		})
	}
}

// ids lists the IDs of a page of products.
func ids(list app.List[app.Product]) []int64 {
	out := make([]int64, len(list.Items))
	for i, p := range list.Items {
		out[i] = p.ID
	}
	return out
}

func TestMyProducts(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	made := s.createProducts(t, s.sellerUser, "Tables", 3)
	made = append(made, s.createProducts(t, s.sellerUser, "Chairs", 2)...)
	newestFirst := slices.Clone(made)
	slices.Reverse(newestFirst)
	_, other := s.register("Olga Other", "other@example.com", app.RoleSeller)
	s.createProducts(t, other, "Tables", 2)

	cases := []pageCase{
		{"seller sees own products in every category", s.seller, "/api/myproducts/seller@example.com", newestFirst, 5},
		{"email in another case", s.seller, "/api/myproducts/Seller@EXAMPLE.com", newestFirst, 5},
		{"admin sees them too", s.admin, "/api/myproducts/seller@example.com", newestFirst, 5},
		{"first page", s.seller, "/api/myproducts/seller@example.com?limit=2", newestFirst[:2], 5},
		{"second page", s.seller, "/api/myproducts/seller@example.com?limit=2&offset=2", newestFirst[2:4], 5},
		{"last page", s.admin, "/api/myproducts/seller@example.com?limit=2&offset=4", newestFirst[4:], 5},
		{"a seller without products", s.admin, "/api/myproducts/admin@example.com", []int64{}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.c.call("GET", tc.path, nil)
			expectStatus(t, r, http.StatusOK)
			list := decode[app.List[app.Product]](t, r)
			if got := ids(list); !slices.Equal(got, tc.want) {
				t.Errorf("ids %v, want %v", got, tc.want)
			}
			if list.Total != tc.total {
				t.Errorf("total %d, want %d", list.Total, tc.total)
			}
			for _, p := range list.Items {
				if p.SellerEmail != "seller@example.com" && tc.total > 0 {
					t.Errorf("product %d belongs to %s", p.ID, p.SellerEmail)
				}
			}
		})
	}

	t.Run("admin asking about an unknown email", func(t *testing.T) {
		expectError(t, s.admin.call("GET", "/api/myproducts/nobody@example.com", nil), http.StatusNotFound, "", nil)
	})
	t.Run("a seller asking about an unknown email learns nothing", func(t *testing.T) {
		expectError(t, s.seller.call("GET", "/api/myproducts/nobody@example.com", nil), http.StatusForbidden,
			"You are not allowed to do that", nil)
	})
	t.Run("bad paging", func(t *testing.T) {
		expectError(t, s.seller.call("GET", "/api/myproducts/seller@example.com?limit=x", nil), http.StatusBadRequest, "",
			map[string]string{"limit": "Must be a whole number of at least 0"})
	})
}

func TestDeleteProduct(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	keep := s.createProducts(t, s.sellerUser, "Tables", 1)[0]
	gone := s.createProducts(t, s.sellerUser, "Tables", 1)[0]
	path := fmt.Sprintf("/api/products/%d", gone)

	r := s.seller.call("DELETE", path, nil)
	expectStatus(t, r, http.StatusNoContent)
	if len(r.body) != 0 {
		t.Errorf("body %q, want none", r.body)
	}

	t.Run("the product is gone", func(t *testing.T) {
		expectError(t, s.seller.call("GET", path, nil), http.StatusNotFound, "Product not found", nil)
	})
	t.Run("it left the category page", func(t *testing.T) {
		list := decode[app.List[app.Product]](t, s.seller.call("GET", "/api/categories/Tables", nil))
		if got := ids(list); !slices.Equal(got, []int64{keep}) || list.Total != 1 {
			t.Errorf("category holds %v (total %d), want only %d", got, list.Total, keep)
		}
	})
	t.Run("it left the seller's list", func(t *testing.T) {
		list := decode[app.List[app.Product]](t, s.seller.call("GET", "/api/myproducts/seller@example.com", nil))
		if got := ids(list); !slices.Equal(got, []int64{keep}) || list.Total != 1 {
			t.Errorf("seller has %v (total %d), want only %d", got, list.Total, keep)
		}
	})
	t.Run("deleting twice", func(t *testing.T) {
		expectError(t, s.seller.call("DELETE", path, nil), http.StatusNotFound, "Product not found", nil)
	})
	t.Run("deleting a non-number", func(t *testing.T) {
		expectError(t, s.seller.call("DELETE", "/api/products/abc", nil), http.StatusNotFound, "", nil)
	})
	t.Run("the other product is untouched", func(t *testing.T) {
		expectStatus(t, s.seller.call("GET", fmt.Sprintf("/api/products/%d", keep), nil), http.StatusOK)
	})
}

// TestEditClearsOptionalDetails: an optional detail sent as null, or as "",
// is cleared; one not sent stays.
func TestEditClearsOptionalDetails(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	details := []string{"description", "original_price", "purchase_year", "use_period"}
	for _, clear := range []struct {
		name  string
		value any
	}{{"null", nil}, {"blank", ""}} {
		for _, detail := range details {
			t.Run(clear.name+" "+detail, func(t *testing.T) {
				path := fmt.Sprintf("/api/products/%d", s.mpProduct(t, "Tables"))
				before := decode[map[string]any](t, s.seller.call("GET", path, nil))
				r := s.seller.call("PATCH", path, map[string]any{detail: clear.value})
				expectStatus(t, r, http.StatusOK)
				got := decode[map[string]any](t, r)
				for _, other := range details {
					want := before[other]
					if other == detail {
						want = nil
						if detail == "description" {
							want = ""
						}
					}
					if want != nil && before[other] == nil {
						t.Fatalf("the product has no %s to keep", other)
					}
					if got[other] != want {
						t.Errorf("%s %v, want %v", other, got[other], want)
					}
				}
			})
		}
	}
}
