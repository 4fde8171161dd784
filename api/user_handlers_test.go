package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"testing"

	"rehome/app"
)

// mpPeople is a server with an admin, two sellers and two buyers, made in
// that order.
type mpPeople struct {
	*env
	admin             *client
	adminUser         app.User
	seller, seller2   *client
	sellerU, seller2U app.User
	buyer, buyer2     *client
	buyerU, buyer2U   app.User
}

func newMPPeople(t *testing.T) *mpPeople {
	t.Helper()
	e := newEnv(t)
	p := &mpPeople{env: e}
	p.admin, p.adminUser = e.admin("admin@example.com")
	p.seller, p.sellerU = e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	p.seller2, p.seller2U = e.register("Olga Other", "olga@example.com", app.RoleSeller)
	p.buyer, p.buyerU = e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	p.buyer2, p.buyer2U = e.register("Bob Buyer", "bob@example.com", app.RoleBuyer)
	return p
}

func mpUserIDs(list app.List[mpUser]) []int64 {
	out := []int64{}
	for _, u := range list.Items {
		out = append(out, u.ID)
	}
	return out
}

func TestAdminUserLists(t *testing.T) {
	t.Parallel()
	p := newMPPeople(t)

	t.Run("all users, oldest first", func(t *testing.T) {
		r := p.admin.call("GET", "/api/users", nil)
		expectStatus(t, r, http.StatusOK)
		list := decode[app.List[mpUser]](t, r)
		want := []int64{p.adminUser.ID, p.sellerU.ID, p.seller2U.ID, p.buyerU.ID, p.buyer2U.ID}
		if got := mpUserIDs(list); !slices.Equal(got, want) || list.Total != 5 {
			t.Fatalf("ids %v (total %d), want %v", got, list.Total, want)
		}
		roles := []app.Role{app.RoleAdmin, app.RoleSeller, app.RoleSeller, app.RoleBuyer, app.RoleBuyer}
		for i, u := range list.Items {
			if u.Role != roles[i] {
				t.Errorf("%s has role %s, want %s", u.Email, u.Role, roles[i])
			}
			if (u.Role == app.RoleSeller) != (u.Verified != nil) {
				t.Errorf("%s (%s): verified %v; only sellers carry it", u.Email, u.Role, u.Verified)
			}
		}
		if u := list.Items[1]; u.Name != "Sam Seller" || u.Email != "sam@example.com" || u.Phone != "+1 555 0100" || *u.Verified {
			t.Errorf("seller %+v", u)
		}
		// Every item has the spec's columns, and never a password hash.
		raw := decode[app.List[map[string]any]](t, r)
		for _, item := range raw.Items {
			keys := slices.Sorted(maps.Keys(item))
			for _, k := range []string{"id", "name", "email", "phone", "location", "role"} {
				if !slices.Contains(keys, k) {
					t.Errorf("item %v has no %s", item, k)
				}
			}
			// The operator vouched for the admin's email; nothing proved the others'.
			if item["email_verified"] != (item["role"] == string(app.RoleAdmin)) {
				t.Errorf("%v: email_verified %v", item["email"], item["email_verified"])
			}
			for _, k := range keys {
				if !slices.Contains([]string{"id", "name", "email", "phone", "location", "role", "image", "verified", "email_verified", "show_phone", "has_password",
					"suspended_until", "suspend_reason", "language"}, k) {
					t.Errorf("item shows %s", k)
				}
			}
		}
	})
	t.Run("buyers", func(t *testing.T) {
		list := mpGet[mpUser](t, p.admin, "/api/buyers")
		if got := mpUserIDs(list); !slices.Equal(got, []int64{p.buyerU.ID, p.buyer2U.ID}) || list.Total != 2 {
			t.Errorf("buyers %v (total %d)", got, list.Total)
		}
		for _, u := range list.Items {
			if u.Role != app.RoleBuyer || u.Verified != nil {
				t.Errorf("buyer %+v", u)
			}
		}
	})
	t.Run("sellers", func(t *testing.T) {
		list := mpGet[mpUser](t, p.admin, "/api/sellers")
		if got := mpUserIDs(list); !slices.Equal(got, []int64{p.sellerU.ID, p.seller2U.ID}) || list.Total != 2 {
			t.Errorf("sellers %v (total %d)", got, list.Total)
		}
		for _, u := range list.Items {
			if u.Role != app.RoleSeller || u.Verified == nil || *u.Verified {
				t.Errorf("seller %+v", u)
			}
		}
	})
	t.Run("pages", func(t *testing.T) {
		list := mpGet[mpUser](t, p.admin, "/api/users?limit=2&offset=2")
		if got := mpUserIDs(list); !slices.Equal(got, []int64{p.seller2U.ID, p.buyerU.ID}) || list.Total != 5 {
			t.Errorf("page %v (total %d)", got, list.Total)
		}
		list = mpGet[mpUser](t, p.admin, "/api/sellers?offset=2")
		if len(list.Items) != 0 || list.Items == nil || list.Total != 2 {
			t.Errorf("past the end %+v", list)
		}
		expectStatus(t, p.admin.call("GET", "/api/buyers?limit=x", nil), http.StatusBadRequest)
	})
	t.Run("only admins", func(t *testing.T) {
		for _, path := range []string{"/api/users", "/api/buyers", "/api/sellers"} {
			expectError(t, p.seller.call("GET", path, nil), http.StatusForbidden, "You are not allowed to do that", nil)
			expectStatus(t, p.buyer.call("GET", path, nil), http.StatusForbidden)
			expectStatus(t, p.client().call("GET", path, nil), http.StatusUnauthorized)
		}
	})
}

func TestPromoteToAdmin(t *testing.T) {
	t.Parallel()
	p := newMPPeople(t)
	path := fmt.Sprintf("/api/users/admin/%d", p.buyerU.ID)

	// Who else may not: TestAuthorization.
	for i := range 2 {
		r := p.admin.call("PUT", path, nil)
		expectStatus(t, r, http.StatusOK)
		if u := decode[mpUser](t, r); u.ID != p.buyerU.ID || u.Role != app.RoleAdmin || u.Email != "bea@example.com" {
			t.Errorf("promotion %d answered %s", i+1, r.body)
		}
	}
	t.Run("the promoted user is an admin at once", func(t *testing.T) {
		expectStatus(t, p.buyer.call("GET", "/api/users", nil), http.StatusOK)
		r := p.buyer.call("GET", "/api/users/admin/bea@example.com", nil)
		if v := decode[map[string]bool](t, r); !v["isAdmin"] {
			t.Errorf("role check %s", r.body)
		}
	})
	t.Run("no longer a buyer", func(t *testing.T) {
		if got := mpUserIDs(mpGet[mpUser](t, p.admin, "/api/buyers")); !slices.Equal(got, []int64{p.buyer2U.ID}) {
			t.Errorf("buyers %v", got)
		}
	})
	t.Run("an admin promoting themself", func(t *testing.T) {
		expectStatus(t, p.admin.call("PUT", fmt.Sprintf("/api/users/admin/%d", p.adminUser.ID), nil), http.StatusOK)
	})
	for _, bad := range []string{"999", "abc", "bea@example.com"} {
		t.Run("unknown "+bad, func(t *testing.T) {
			expectStatus(t, p.admin.call("PUT", "/api/users/admin/"+bad, nil), http.StatusNotFound)
		})
	}
}

func TestDeleteUserOfTheWrongRole(t *testing.T) {
	t.Parallel()
	p := newMPPeople(t)
	cases := []struct {
		path, message string
	}{
		{fmt.Sprintf("/api/buyers/%d", p.sellerU.ID), "No buyer with this id"},
		{fmt.Sprintf("/api/buyers/%d", p.adminUser.ID), "No buyer with this id"},
		{fmt.Sprintf("/api/sellers/%d", p.buyerU.ID), "No seller with this id"},
		{fmt.Sprintf("/api/sellers/%d", p.adminUser.ID), "No seller with this id"},
		{"/api/users/999", "User not found"},
		{"/api/buyers/999", "User not found"},
		{"/api/sellers/abc", ""},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			expectError(t, p.admin.call("DELETE", tc.path, nil), http.StatusNotFound, tc.message, nil)
		})
	}
	t.Run("everybody is still there", func(t *testing.T) {
		if list := mpGet[mpUser](t, p.admin, "/api/users"); list.Total != 5 {
			t.Errorf("users %v", mpUserIDs(list))
		}
		if got := mpUserIDs(mpGet[mpUser](t, p.admin, "/api/sellers")); !slices.Contains(got, p.sellerU.ID) {
			t.Errorf("sellers %v", got)
		}
		expectStatus(t, p.seller.call("GET", "/api/auth/me", nil), http.StatusOK)
		expectStatus(t, p.buyer.call("GET", "/api/auth/me", nil), http.StatusOK)
	})
	t.Run("the right role", func(t *testing.T) {
		expectStatus(t, p.admin.call("DELETE", fmt.Sprintf("/api/buyers/%d", p.buyer2U.ID), nil), http.StatusNoContent)
		expectStatus(t, p.admin.call("DELETE", fmt.Sprintf("/api/buyers/%d", p.buyer2U.ID), nil), http.StatusNotFound)
		expectStatus(t, p.admin.call("DELETE", fmt.Sprintf("/api/sellers/%d", p.seller2U.ID), nil), http.StatusNoContent)
		expectStatus(t, p.admin.call("DELETE", fmt.Sprintf("/api/users/%d", p.buyerU.ID), nil), http.StatusNoContent)
		if got := mpUserIDs(mpGet[mpUser](t, p.admin, "/api/users")); !slices.Equal(got, []int64{p.adminUser.ID, p.sellerU.ID}) {
			t.Errorf("users left %v", got)
		}
	})
	t.Run("only admins delete", func(t *testing.T) {
		for _, path := range []string{"/api/users/%d", "/api/sellers/%d"} {
			expectStatus(t, p.seller.call("DELETE", fmt.Sprintf(path, p.sellerU.ID), nil), http.StatusForbidden)
			expectStatus(t, p.client().call("DELETE", fmt.Sprintf(path, p.sellerU.ID), nil), http.StatusUnauthorized)
		}
	})
}

func TestAdminCannotDeleteThemself(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a, aUser := e.admin("a@example.com")
	b, bUser := e.admin("b@example.com")
	expectError(t, a.call("DELETE", fmt.Sprintf("/api/users/%d", aUser.ID), nil), http.StatusConflict,
		"You cannot delete your own account", nil)

	// Two admins: A may delete B, which leaves A the only one.
	expectStatus(t, a.call("DELETE", fmt.Sprintf("/api/users/%d", bUser.ID), nil), http.StatusNoContent)
	expectNobody(t, b.call("GET", "/api/auth/me", nil))
	expectStatus(t, b.call("GET", "/api/users", nil), http.StatusUnauthorized)
	expectError(t, a.call("DELETE", fmt.Sprintf("/api/users/%d", aUser.ID), nil), http.StatusConflict,
		"You cannot delete your own account", nil)
	expectStatus(t, a.call("GET", "/api/auth/me", nil), http.StatusOK)
	list := mpGet[mpUser](t, a, "/api/users")
	if got := mpUserIDs(list); !slices.Equal(got, []int64{aUser.ID}) {
		t.Errorf("users %v", got)
	}
}

func TestVerifySeller(t *testing.T) {
	t.Parallel()
	p := newMPPeople(t)
	path := fmt.Sprintf("/api/sellers/%d", p.sellerU.ID)

	// Who else may not: TestAuthorization.
	for i := range 2 {
		r := p.admin.call("PUT", path, nil)
		expectStatus(t, r, http.StatusOK)
		if u := decode[mpUser](t, r); u.ID != p.sellerU.ID || u.Role != app.RoleSeller || u.Verified == nil || !*u.Verified {
			t.Errorf("verification %d answered %s", i+1, r.body)
		}
	}
	t.Run("the sellers list shows it", func(t *testing.T) {
		for _, u := range mpGet[mpUser](t, p.admin, "/api/sellers").Items {
			if want := u.ID == p.sellerU.ID; *u.Verified != want {
				t.Errorf("%s verified %v, want %v", u.Email, *u.Verified, want)
			}
		}
	})
	t.Run("not a seller", func(t *testing.T) {
		expectError(t, p.admin.call("PUT", fmt.Sprintf("/api/sellers/%d", p.buyerU.ID), nil), http.StatusNotFound, "No seller with this id", nil)
		expectError(t, p.admin.call("PUT", fmt.Sprintf("/api/sellers/%d", p.adminUser.ID), nil), http.StatusNotFound, "No seller with this id", nil)
		expectStatus(t, p.admin.call("PUT", "/api/sellers/999", nil), http.StatusNotFound)
		r := p.admin.call("GET", "/api/users/seller/verified/bea@example.com", nil)
		if v := decode[map[string]bool](t, r); v["isVerified"] {
			t.Errorf("the buyer reads as verified: %s", r.body)
		}
	})
}

func TestRoleChecks(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	seller, _ := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	buyer, _ := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)

	cases := []struct {
		name string
		c    *client
		path string
		want map[string]bool
	}{
		{"admin is admin", admin, "/api/users/admin/admin@example.com", map[string]bool{"isAdmin": true}},
		{"admin is not a seller", admin, "/api/users/seller/admin@example.com", map[string]bool{"isSeller": false}},
		{"admin is not a verified seller", admin, "/api/users/seller/verified/admin@example.com", map[string]bool{"isVerified": false}},
		{"seller is not admin", seller, "/api/users/admin/seller@example.com", map[string]bool{"isAdmin": false}},
		{"seller is seller", seller, "/api/users/seller/seller@example.com", map[string]bool{"isSeller": true}},
		{"new seller is not verified", seller, "/api/users/seller/verified/seller@example.com", map[string]bool{"isVerified": false}},
		{"buyer is not admin", buyer, "/api/users/admin/buyer@example.com", map[string]bool{"isAdmin": false}},
		{"buyer is not seller", buyer, "/api/users/seller/buyer@example.com", map[string]bool{"isSeller": false}},
		{"buyer is not verified", buyer, "/api/users/seller/verified/buyer@example.com", map[string]bool{"isVerified": false}},
		{"own email in another case", seller, "/api/users/seller/SELLER@Example.COM", map[string]bool{"isSeller": true}},
		{"admin asks about a seller", admin, "/api/users/seller/seller@example.com", map[string]bool{"isSeller": true}},
		{"admin asks about a buyer", admin, "/api/users/seller/Buyer@example.com", map[string]bool{"isSeller": false}},
		{"admin asks about an unknown email: admin", admin, "/api/users/admin/nobody@example.com", map[string]bool{"isAdmin": false}},
		{"admin asks about an unknown email: seller", admin, "/api/users/seller/nobody@example.com", map[string]bool{"isSeller": false}},
		{"admin asks about an unknown email: verified", admin, "/api/users/seller/verified/nobody@example.com", map[string]bool{"isVerified": false}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.c.call("GET", tc.path, nil)
			expectStatus(t, r, http.StatusOK)
			if got := decode[map[string]bool](t, r); !maps.Equal(got, tc.want) {
				t.Errorf("%s = %s, want %v", tc.path, r.body, tc.want)
			}
		})
	}
}

// A web client builds these URLs with encodeURIComponent, which turns '@'
// into %40 and '+' into %2B. The server must decode them.
func TestRoleChecksDecodePercentEncodedEmails(t *testing.T) {
	e := newEnv(t)
	seller, _ := e.register("Sam Seller", "sam+shop@example.com", app.RoleSeller)
	for _, path := range []string{"/api/users/seller/sam%2Bshop%40example.com", "/api/users/seller/sam+shop%40example.com"} {
		r := seller.call("GET", path, nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[map[string]bool](t, r); !got["isSeller"] {
			t.Errorf("%s = %s, want isSeller true", path, r.body)
		}
	}
}
