package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

var publicLists = []string{"/api/categories", "/api/advertised", "/api/advertised?limit=5&offset=1"}

// etagOf reads a public list as an anonymous visitor and checks its caching headers.
func etagOf(t *testing.T, e *env, path string) (string, string) {
	t.Helper()
	r := e.client().call("GET", path, nil)
	expectStatus(t, r, http.StatusOK)
	etag := r.header.Get("ETag")
	if !strings.HasPrefix(etag, `W/"`) || !strings.HasSuffix(etag, `"`) {
		t.Fatalf("%s: ETag %q, want a weak ETag", path, etag)
	}
	if cc := r.header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("%s: Cache-Control %q, want no-cache (keep, but ask every time)", path, cc)
	}
	if vary := strings.Join(r.header.Values("Vary"), ","); !strings.Contains(vary, "Accept-Encoding") {
		t.Errorf("%s: Vary %q, want Accept-Encoding", path, vary)
	}
	return etag, string(r.body)
}

func TestPublicListsRevalidate(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	s.mpProduct(t, "Tables")
	for _, path := range publicLists {
		t.Run(path, func(t *testing.T) {
			etag, body := etagOf(t, s.env, path)
			r := s.client().send("GET", path, "", nil, "If-None-Match", etag)
			expectStatus(t, r, http.StatusNotModified)
			if len(r.body) != 0 || r.header.Get("ETag") != etag {
				t.Errorf("304 with %d bytes and ETag %q", len(r.body), r.header.Get("ETag"))
			}
			// Browsers send the ETag back as they got it; lists and * match too.
			for _, match := range []string{strings.TrimPrefix(etag, "W/"), `"other", ` + etag, "*"} {
				expectStatus(t, s.client().send("GET", path, "", nil, "If-None-Match", match), http.StatusNotModified)
			}
			expectStatus(t, s.client().send("GET", path, "", nil, "If-None-Match", `W/"other"`), http.StatusOK)
			if again, againBody := etagOf(t, s.env, path); again != etag || againBody != body {
				t.Errorf("unchanged list answered differently: %s %s, then %s %s", etag, body, again, againBody)
			}
			expectStatus(t, s.client().send("HEAD", path, "", nil, "If-None-Match", etag), http.StatusNotModified)
		})
	}
	t.Run("signed-in visitors get the same answers", func(t *testing.T) {
		etag, _ := etagOf(t, s.env, "/api/categories")
		r := s.seller.send("GET", "/api/categories", "", nil, "If-None-Match", etag)
		expectStatus(t, r, http.StatusNotModified)
		if r.header.Get("Set-Cookie") != "" {
			t.Error("a public list touched the session")
		}
	})
}

// TestPublicListsWithoutTheDatabase closes the database: an unchanged list
// is still answered, from memory.
func TestPublicListsWithoutTheDatabase(t *testing.T) {
	if onPostgres {
		t.Skip("on PostgreSQL the catalogue's version is the database's: an instance that cannot read it answers nothing from memory")
	}
	s := newShop(t)
	s.mpProduct(t, "Tables")
	etags := map[string]string{}
	for _, path := range publicLists {
		etags[path], _ = etagOf(t, s.env, path)
	}
	s.db.Close()
	for _, path := range publicLists {
		expectStatus(t, s.client().send("GET", path, "", nil, "If-None-Match", etags[path]), http.StatusNotModified)
		expectStatus(t, s.client().call("GET", path, nil), http.StatusOK)
	}
	// A page not asked for before needs the database, which is gone.
	expectStatus(t, s.client().call("GET", "/api/advertised?limit=7", nil), http.StatusInternalServerError)
}

func TestPublicListsChangeWithTheCatalogue(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := t.Context()
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	product := s.mpProduct(t, "Tables")
	advertised := s.mpProduct(t, "Tables")
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": advertised}), http.StatusCreated)
	other, otherUser := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	otherPicture := other.upload(pngImage(t, 20, 20))
	r := other.call("POST", "/api/products", productBody("Chairs", otherPicture.URL))
	expectStatus(t, r, http.StatusCreated)
	olgasProduct := decode[app.Product](t, r).ID
	expectStatus(t, other.call("POST", "/api/advertised", map[string]any{"product_id": olgasProduct}), http.StatusCreated)

	changes := []struct {
		name   string
		change func(t *testing.T)
	}{
		{"a category is created", func(t *testing.T) {
			expectStatus(t, s.admin.form("/api/categories", map[string]string{"name": "Lamps"}, pngImage(t, 10, 10)), http.StatusCreated)
		}},
		{"a product is listed", func(t *testing.T) { s.mpProduct(t, "Chairs") }},
		{"an advert is created", func(t *testing.T) {
			expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": product}), http.StatusCreated)
		}},
		{"an advert is removed", func(t *testing.T) {
			expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/advertised/%d", product), nil), http.StatusNoContent)
		}},
		{"a seller is verified", func(t *testing.T) {
			expectStatus(t, s.admin.call("PUT", fmt.Sprintf("/api/sellers/%d", otherUser.ID), nil), http.StatusOK)
		}},
		{"a product is sold", func(t *testing.T) {
			b := mpBook(t, bea, advertised)
			expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", b.ID), nil), http.StatusOK)
		}},
		{"a product is deleted", func(t *testing.T) {
			expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/products/%d", product), nil), http.StatusNoContent)
		}},
		{"a seller is deleted", func(t *testing.T) {
			expectStatus(t, s.admin.call("DELETE", fmt.Sprintf("/api/sellers/%d", otherUser.ID), nil), http.StatusNoContent)
		}},
	}
	for _, tc := range changes {
		t.Run(tc.name, func(t *testing.T) {
			before := map[string]string{}
			for _, path := range publicLists {
				before[path], _ = etagOf(t, s.env, path)
			}
			tc.change(t)
			for _, path := range publicLists {
				after, _ := etagOf(t, s.env, path)
				if after == before[path] {
					t.Errorf("%s: ETag %s did not change", path, after)
				}
				expectStatus(t, s.client().send("GET", path, "", nil, "If-None-Match", before[path]), http.StatusOK)
			}
		})
	}
	t.Run("the answers show the changes", func(t *testing.T) {
		if _, body := etagOf(t, s.env, "/api/categories"); !strings.Contains(body, `"Lamps"`) {
			t.Errorf("categories %s lack Lamps", body)
		}
		if _, body := etagOf(t, s.env, "/api/advertised"); body != `{"items":[],"total":0}`+"\n" {
			t.Errorf("advertised %s, want none left", body)
		}
	})
	t.Run("sign-ins leave the lists alone", func(t *testing.T) {
		before, _ := etagOf(t, s.env, "/api/advertised")
		if _, err := s.svc.SigningIn.Login(ctx, "bea@example.com", testPassword, "test", ""); err != nil {
			t.Fatal(err)
		}
		if after, _ := etagOf(t, s.env, "/api/advertised"); after != before {
			t.Errorf("ETag %s became %s", before, after)
		}
	})
}

// TestPublicListsAfterARestart: on SQLite a new process opens the store
// afresh, with a catalogue version of its own, so its ETags must not match
// the old process's. On PostgreSQL the version is the database's, shared
// by every instance of one build: a restarted instance, like any other,
// answers 304 for an unchanged list.
func TestPublicListsAfterARestart(t *testing.T) {
	e := newEnv(t)
	etag, _ := etagOf(t, e, "/api/categories")
	restarted := serverAt(t, e.dir, false)
	want := http.StatusOK
	if onPostgres {
		want = http.StatusNotModified
	}
	expectStatus(t, restarted.client().send("GET", "/api/categories", "", nil, "If-None-Match", etag), want)
}
