package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"rehome/app"
)

func TestCategories(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	picture := pngImage(t, 60, 40)

	t.Run("admin creates a category", func(t *testing.T) {
		r := admin.form("/api/categories", map[string]string{"name": "  Tables  "}, picture)
		expectStatus(t, r, http.StatusCreated)
		got := decode[map[string]any](t, r)
		if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, []string{"count", "id", "image", "name", "thumb_url", "time"}) {
			t.Errorf("keys %v, want count, id, image, name, thumb_url, time", keys)
		}
		if id, _ := got["id"].(float64); id <= 0 {
			t.Errorf("id %v, want a positive number", got["id"])
		}
		if got["name"] != "Tables" {
			t.Errorf("name %#v, want the trimmed name Tables", got["name"])
		}
		image, _ := got["image"].(string)
		if !strings.HasPrefix(image, "/images/") {
			t.Errorf("image %q, want a URL under /images/", image)
		} else {
			expectStatus(t, admin.send("GET", image, "", nil), http.StatusOK)
		}
		checkTime(t, got["time"])
	})

	for _, name := range []string{"sofas", "Beds", "Lamps & Lights", "Étagères"} {
		expectStatus(t, admin.form("/api/categories", map[string]string{"name": name}, picture), http.StatusCreated)
	}

	t.Run("list sorted by name ignoring case", func(t *testing.T) {
		r := e.client().call("GET", "/api/categories", nil)
		expectStatus(t, r, http.StatusOK)
		list := decode[app.List[app.Category]](t, r)
		var names []string
		for _, c := range list.Items {
			names = append(names, c.Name)
			if c.ID <= 0 || !strings.HasPrefix(c.Image, "/images/") || c.Created.IsZero() {
				t.Errorf("category %+v lacks an id, image or time", c)
			}
		}
		want := []string{"Beds", "Lamps & Lights", "sofas", "Tables", "Étagères"}
		if !slices.Equal(names, want) {
			t.Errorf("names %q, want %q", names, want)
		}
		if list.Total != len(want) {
			t.Errorf("total %d, want %d", list.Total, len(want))
		}
	})

	taken := map[string]string{"name": "A category with this name already exists"}
	cases := []formRefusal{
		{"same name in lower case", map[string]string{"name": "tables"}, picture, http.StatusConflict, taken["name"], taken},
		{"same name in upper case with spaces", map[string]string{"name": " TABLES "}, picture, http.StatusConflict, taken["name"], taken},
		{"same non-ASCII name in another case", map[string]string{"name": "ÉTAGÈRES"}, picture, http.StatusConflict, taken["name"], taken},
		{"nothing sent", nil, nil, http.StatusUnprocessableEntity, "Please correct the highlighted fields",
			map[string]string{"name": app.RequiredMessage, "image": app.RequiredMessage}},
		{"no image", map[string]string{"name": "Chairs"}, nil, http.StatusUnprocessableEntity, "",
			map[string]string{"image": app.RequiredMessage}},
		{"blank name", map[string]string{"name": "   "}, picture, http.StatusUnprocessableEntity, "",
			map[string]string{"name": app.RequiredMessage}},
		{"name with a slash", map[string]string{"name": "Tables/Chairs"}, picture, http.StatusUnprocessableEntity, "",
			map[string]string{"name": "Use letters, numbers and spaces"}},
		{"name with a question mark", map[string]string{"name": "Chairs?"}, picture, http.StatusUnprocessableEntity, "",
			map[string]string{"name": "Use letters, numbers and spaces"}},
		{"name of 61 characters", map[string]string{"name": strings.Repeat("a", 61)}, picture, http.StatusUnprocessableEntity, "",
			map[string]string{"name": "Use at most 60 characters"}},
		{"a text file as image", map[string]string{"name": "Chairs"}, []byte("hello"), http.StatusUnsupportedMediaType,
			"Use a JPEG, PNG, GIF or WebP image", map[string]string{"image": "Use a JPEG, PNG, GIF or WebP image"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			expectError(t, admin.form("/api/categories", tc.form, tc.image), tc.status, tc.message, tc.fields)
		})
	}
	t.Run("JSON instead of a multipart form", func(t *testing.T) {
		expectError(t, admin.call("POST", "/api/categories", map[string]string{"name": "Chairs"}),
			http.StatusUnsupportedMediaType, "Send the form as multipart/form-data", nil)
	})
	t.Run("refusals added nothing", func(t *testing.T) {
		if got := decode[app.List[app.Category]](t, e.client().call("GET", "/api/categories", nil)).Total; got != 5 {
			t.Errorf("total %d, want 5", got)
		}
	})
}

func TestCategoryPage(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	made := s.createProducts(t, s.sellerUser, "Tables", 105)
	newestFirst := slices.Clone(made)
	slices.Reverse(newestFirst)
	chair := s.createProducts(t, s.sellerUser, "Chairs", 1)[0]
	buyer, _ := s.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)

	page := func(t *testing.T, path string) app.List[app.Product] {
		t.Helper()
		r := buyer.call("GET", path, nil)
		expectStatus(t, r, http.StatusOK)
		return decode[app.List[app.Product]](t, r)
	}

	cases := []struct {
		name string
		path string
		want []int64
	}{
		{"default limit is 24, newest first", "/api/categories/Tables", newestFirst[:24]},
		{"limit 10", "/api/categories/Tables?limit=10", newestFirst[:10]},
		{"second page", "/api/categories/Tables?limit=10&offset=10", newestFirst[10:20]},
		{"limit 0 means the default", "/api/categories/Tables?limit=0", newestFirst[:24]},
		{"last page is short", "/api/categories/Tables?limit=100&offset=100", newestFirst[100:]},
		{"offset past the end", "/api/categories/Tables?offset=200", []int64{}},
		{"name in lower case", "/api/categories/tables?limit=3", newestFirst[:3]},
		{"name in upper case", "/api/categories/TABLES?limit=3", newestFirst[:3]},
		{"another category", "/api/categories/Chairs", []int64{chair}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			list := page(t, tc.path)
			if got := ids(list); !slices.Equal(got, tc.want) {
				t.Errorf("ids %v, want %v", got, tc.want)
			}
			wantTotal := 105
			if tc.name == "another category" {
				wantTotal = 1
			}
			if list.Total != wantTotal {
				t.Errorf("total %d, want %d", list.Total, wantTotal)
			}
		})
	}

	t.Run("pages are disjoint and cover everything", func(t *testing.T) {
		seen := map[int64]bool{}
		for offset := 0; offset < 105; offset += 24 {
			for _, id := range ids(page(t, fmt.Sprintf("/api/categories/Tables?limit=24&offset=%d", offset))) {
				if seen[id] {
					t.Errorf("product %d on two pages", id)
				}
				seen[id] = true
			}
		}
		if len(seen) != 105 {
			t.Errorf("pages hold %d products, want 105", len(seen))
		}
	})

	t.Run("an empty page is an empty list, not null", func(t *testing.T) {
		r := buyer.call("GET", "/api/categories/Tables?offset=500", nil)
		expectStatus(t, r, http.StatusOK)
		if !strings.Contains(string(r.body), `"items":[]`) {
			t.Errorf("body %s, want items []", r.body)
		}
	})

	t.Run("an empty category", func(t *testing.T) {
		expectStatus(t, s.admin.form("/api/categories", map[string]string{"name": "Living Room"}, pngImage(t, 10, 10)), http.StatusCreated)
		list := page(t, "/api/categories/Living%20Room")
		if len(list.Items) != 0 || list.Total != 0 {
			t.Errorf("list %+v, want empty", list)
		}
	})

	bad := []struct {
		name   string
		path   string
		status int
		fields map[string]string
	}{
		{"unknown category", "/api/categories/Spaceships", http.StatusNotFound, nil},
		{"negative limit", "/api/categories/Tables?limit=-1", http.StatusBadRequest, map[string]string{"limit": "Must be a whole number of at least 0"}},
		{"limit in words", "/api/categories/Tables?limit=abc", http.StatusBadRequest, map[string]string{"limit": "Must be a whole number of at least 0"}},
		{"negative offset", "/api/categories/Tables?offset=-5", http.StatusBadRequest, map[string]string{"offset": "Must be a whole number of at least 0"}},
		{"fractional offset", "/api/categories/Tables?offset=1.5", http.StatusBadRequest, map[string]string{"offset": "Must be a whole number of at least 0"}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			expectError(t, buyer.call("GET", tc.path, nil), tc.status, "", tc.fields)
		})
	}
}

// A web client builds the category URL with encodeURIComponent, which turns
// '&' into %26. The server must decode it.
func TestCategoryPageDecodesPercentEncodedNames(t *testing.T) {
	s := newShop(t)
	expectStatus(t, s.admin.form("/api/categories", map[string]string{"name": "Lamps & Lights"}, pngImage(t, 10, 10)), http.StatusCreated)
	s.createProducts(t, s.sellerUser, "Lamps & Lights", 1)
	r := s.seller.call("GET", "/api/categories/Lamps%20%26%20Lights", nil)
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.List[app.Product]](t, r).Total; got != 1 {
		t.Errorf("total %d, want 1", got)
	}
}
