package api_test

import (
	"net/http"
	"slices"
	"testing"

	"rehome/app"
)

func TestRenameCategory(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	made := s.createProducts(t, s.sellerUser, "Chairs", 2)
	buyer, _ := s.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	// Read before the rename, as every visitor's list was.
	expectStatus(t, s.client().call("GET", "/api/categories", nil), http.StatusOK)
	newPicture := s.admin.upload(pngImage(t, 40, 40))

	r := s.admin.call("PATCH", "/api/categories/chairs", map[string]string{"name": " Stühle ", "image": newPicture.URL})
	expectStatus(t, r, http.StatusOK)
	renamed := decode[app.Category](t, r)
	if renamed.Name != "Stühle" || renamed.Image != newPicture.URL || renamed.ThumbURL != newPicture.ThumbURL || renamed.Count != 2 {
		t.Errorf("answered %+v", renamed)
	}

	t.Run("the list shows the new name at once", func(t *testing.T) {
		list := decode[app.List[app.Category]](t, s.client().call("GET", "/api/categories", nil))
		var names []string
		for _, c := range list.Items {
			names = append(names, c.Name)
		}
		if !slices.Equal(names, []string{"Stühle", "Tables"}) {
			t.Errorf("names %q", names)
		}
	})
	t.Run("the new name's page lists its products", func(t *testing.T) {
		r := buyer.call("GET", "/api/categories/St%C3%BChle", nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.List[app.Product]](t, r); got.Total != 2 || got.Items[0].Category != "Stühle" {
			t.Errorf("page %+v", got)
		}
	})
	t.Run("a search finds the products by the new name", func(t *testing.T) {
		got := decode[app.SearchResult](t, buyer.call("GET", "/api/products?q=st%C3%BChle", nil))
		if got.Total != 2 {
			t.Errorf("found %d", got.Total)
		}
	})
	t.Run("the API sends the former name on to the new one", func(t *testing.T) {
		r := noRedirects(buyer).send("GET", "/api/categories/CHAIRS?limit=1", "", nil)
		expectStatus(t, r, http.StatusPermanentRedirect)
		if got := r.header.Get("Location"); got != "/api/categories/St%C3%BChle?limit=1" {
			t.Errorf("Location %q", got)
		}
		followed := buyer.call("GET", "/api/categories/chairs?limit=1", nil)
		expectStatus(t, followed, http.StatusOK)
		if got := decode[app.List[app.Product]](t, followed); got.Total != 2 || len(got.Items) != 1 || got.Items[0].ID != made[1] {
			t.Errorf("followed to %+v", got)
		}
	})
	t.Run("the web app's page of the former name moves", func(t *testing.T) {
		r := noRedirects(s.client()).send("GET", "/categories/Chairs", "", nil)
		expectStatus(t, r, http.StatusMovedPermanently)
		if got := r.header.Get("Location"); got != "/categories/St%C3%BChle" {
			t.Errorf("Location %q", got)
		}
		expectStatus(t, noRedirects(s.client()).send("GET", "/categories/Tables", "", nil), http.StatusOK)
	})
	t.Run("the audit log tells", func(t *testing.T) {
		log := decode[app.List[app.AuditEntry]](t, s.admin.call("GET", "/api/audit", nil))
		if e := log.Items[0]; e.Action != app.AuditEditCategory || e.Target != "Chairs → Stühle" || e.TargetID != renamed.ID {
			t.Errorf("newest entry %+v", e)
		}
	})

	taken := map[string]string{"name": "A category with this name already exists"}
	for _, tc := range []struct {
		name    string
		path    string
		body    any
		status  int
		message string
		fields  map[string]string
	}{
		{"a taken name", "/api/categories/St%C3%BChle", map[string]string{"name": "TABLES"}, http.StatusConflict, taken["name"], taken},
		{"a blank name", "/api/categories/Tables", map[string]string{"name": " "}, http.StatusUnprocessableEntity, "",
			map[string]string{"name": app.RequiredMessage}},
		{"a name with a slash", "/api/categories/Tables", map[string]string{"name": "a/b"}, http.StatusUnprocessableEntity, "",
			map[string]string{"name": "Use letters, numbers and spaces"}},
		{"a picture someone else uploaded", "/api/categories/Tables", map[string]string{"image": s.picture.URL},
			http.StatusUnprocessableEntity, "", map[string]string{"image": "Upload the image first"}},
		{"an unknown category", "/api/categories/Sofas", map[string]string{"name": "Couches"}, http.StatusNotFound, "Category not found", nil},
		{"an unknown field", "/api/categories/Tables", map[string]string{"title": "Desks"}, http.StatusBadRequest, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.admin.call("PATCH", tc.path, tc.body)
			if tc.message == "" && tc.fields == nil {
				expectStatus(t, r, tc.status)
				return
			}
			expectError(t, r, tc.status, tc.message, tc.fields)
		})
	}
}

// noRedirects is c answering redirects as they come, unfollowed.
func noRedirects(c *client) *client {
	h := *c.http
	h.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	copied := *c
	copied.http = &h
	return &copied
}
