package app_test

import (
	"testing"

	"rehome/app"
)

func TestPolicies(t *testing.T) {
	admin := &app.User{ID: 1, Role: app.RoleAdmin, Email: "admin@example.com"}
	seller := &app.User{ID: 2, Role: app.RoleSeller, Email: "sam@example.com"}
	other := &app.User{ID: 3, Role: app.RoleSeller, Email: "olga@example.com"}
	buyer := &app.User{ID: 4, Role: app.RoleBuyer, Email: "bea@example.com"}
	product := &app.Product{SellerID: seller.ID}
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"admin deletes any product", app.CanDeleteProduct(admin, product), true},
		{"seller deletes own product", app.CanDeleteProduct(seller, product), true},
		{"other seller deletes it", app.CanDeleteProduct(other, product), false},
		{"buyer deletes it", app.CanDeleteProduct(buyer, product), false},
		{"nobody deletes it", app.CanDeleteProduct(nil, product), false},
		{"buyer checks own roles", app.CanCheckRoles(buyer, " BEA@example.com"), true},
		{"buyer checks another's roles", app.CanCheckRoles(buyer, "sam@example.com"), false},
		{"seller lists products", app.CanCreateProduct(seller), true},
		{"admin lists products", app.CanCreateProduct(admin), false},
		{"admin adds a category", app.CanCreateCategory(admin), true},
		{"seller adds a category", app.CanCreateCategory(seller), false},
		{"nobody browses members' listings", app.CanBrowse(nil, false), false},
		{"nobody browses public listings", app.CanBrowse(nil, true), true},
		{"buyer browses members' listings", app.CanBrowse(buyer, false), true},
		{"buyer starts selling", app.CanStartSelling(buyer), true},
		{"seller starts selling again", app.CanStartSelling(seller), true},
		{"admin starts selling", app.CanStartSelling(admin), false},
		{"nobody starts selling", app.CanStartSelling(nil), false},
		{"seller books another's product", app.CanBook(other, product), true},
		{"seller books own product", app.CanBook(seller, product), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
