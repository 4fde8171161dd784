package app_test

import (
	"strings"
	"testing"

	"rehome/app"
)

// TestSuspendRules: only admins suspend, and never an admin (who could
// otherwise lock the others out); the days and a reason are required.
func TestSuspendRules(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	other, err := mk.svc.SigningIn.CreateAdmin(mk.ctx, app.NewUser{Name: "Otto Admin", Email: "otto@example.com",
		Password: "a long password"})
	if err != nil {
		t.Fatal(err)
	}
	sam := mk.person("Sam Seller", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	week := app.SuspendInput{Days: 7, Reason: "Sold a broken fridge as new"}
	for _, tc := range []struct {
		name          string
		actor, target *app.User
		in            app.SuspendInput
		want          app.Kind
	}{
		{"ErrAnotherAdmin", mk.admin, other, week, app.KindConflict},
		{"ErrThemselves", mk.admin, mk.admin, week, app.KindConflict},
		{"ErrBySeller", sam, bea, week, app.KindForbidden},
		{"ErrByBuyer", bea, sam, week, app.KindForbidden},
		{"ErrNoDays", mk.admin, sam, app.SuspendInput{Reason: "Spam"}, app.KindInvalid},
		{"ErrTooManyDays", mk.admin, sam, app.SuspendInput{Days: 366, Reason: "Spam"}, app.KindInvalid},
		{"ErrNoReason", mk.admin, sam, app.SuspendInput{Days: 3, Reason: "  "}, app.KindInvalid},
		{"OK", mk.admin, sam, week, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := mk.svc.Moderation.SuspendUser(mk.ctx, tc.actor, tc.target.ID, tc.in)
			wantKind(t, "suspend", err, tc.want)
			if err == nil && u.SuspendedUntil == nil {
				t.Errorf("suspended %+v, with no end", u)
			}
		})
	}
	if _, err := mk.svc.SigningIn.CurrentUser(mk.ctx, other.ID); err != nil {
		t.Errorf("the other admin after a refused suspension: %v", err)
	}
}

// TestDeleteUserRules: only admins delete accounts, and not their own,
// even when another admin stays.
func TestDeleteUserRules(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	if _, err := mk.svc.SigningIn.CreateAdmin(mk.ctx, app.NewUser{Name: "Otto Admin", Email: "otto@example.com",
		Password: "a long password"}); err != nil {
		t.Fatal(err)
	}
	sam := mk.person("Sam Seller", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	for _, tc := range []struct {
		name          string
		actor, target *app.User
		role          app.Role
		want          app.Kind
		message       string // the answer's, when it says which rule refused
	}{
		// Refused before the store is asked, which would refuse it too, for
		// the audit entry that names the admin.
		{"ErrOwnAccount", mk.admin, mk.admin, "", app.KindConflict, "You cannot delete your own account"},
		{"ErrBySeller", sam, bea, "", app.KindForbidden, ""},
		{"ErrNotOfTheRole", mk.admin, bea, app.RoleSeller, app.KindNotFound, ""},
		{"OK", mk.admin, bea, app.RoleBuyer, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := mk.svc.Moderation.DeleteUser(mk.ctx, tc.actor, tc.target.ID, tc.role)
			wantKind(t, "delete", err, tc.want)
			if err != nil && !strings.Contains(err.Error(), tc.message) {
				t.Errorf("delete: %v, want %q", err, tc.message)
			}
		})
	}
}
