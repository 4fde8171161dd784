package app_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"rehome/api"
	"rehome/app"
	"rehome/internal/testpicture"
	"rehome/internal/wiring"
)

// market is a marketplace on a real SQLite database in a temp dir, its
// services built as the server builds them (wiring.Open), asked without
// HTTP: the rules are tested here, the HTTP tests keep the authorization
// and contract tables.
type market struct {
	t     *testing.T
	ctx   context.Context
	svc   api.Services
	admin *app.User
	// picture is a photo the first seller uploaded, for listings.
	picture string
	people  int
}

func newMarket(t *testing.T) *market {
	t.Helper()
	ctx := context.Background()
	m, err := wiring.Open(ctx, wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	mk := &market{t: t, ctx: ctx, svc: m.Services}
	if mk.admin, err = m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: "Ada Admin", Email: "admin@example.com",
		Password: "a long password"}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Services.Catalogue.CreateCategory(ctx, mk.admin, app.NewCategory{Name: "Tables"}, png()); err != nil {
		t.Fatal(err)
	}
	return mk
}

// png is a small picture, for a category or a listing.
func png() *bytes.Reader { return bytes.NewReader(testpicture.FlatPNG(16, 16, testpicture.RGB)) }

// person signs up someone new with role.
func (mk *market) person(name string, role app.Role) *app.User {
	mk.t.Helper()
	mk.people++
	u, err := mk.svc.SigningIn.Register(mk.ctx, app.NewUser{Name: name, Email: fmt.Sprintf("person%d@example.com", mk.people),
		Password: "a long password", Role: role, Phone: "+1 555 0100"}, nil, "192.0.2.1")
	if err != nil {
		mk.t.Fatal(err)
	}
	return u
}

// product lists a table of seller's.
func (mk *market) product(seller *app.User) *app.Product {
	mk.t.Helper()
	if mk.picture == "" {
		img, err := mk.svc.Images.UploadImage(mk.ctx, seller, png())
		if err != nil {
			mk.t.Fatal(err)
		}
		mk.picture = img.URL
	}
	p, err := mk.svc.Catalogue.CreateProduct(mk.ctx, seller, app.ProductInput{
		Category: "Tables", Product: "Oak table", Description: "Solid oak, seats six.", Image: mk.picture,
		Location: "Riverside", OriginalPrice: "100", ResalePrice: "40", PurchaseYear: "2020", UsePeriod: "2 years",
	})
	if err != nil {
		mk.t.Fatal(err)
	}
	return p
}

// book has buyer book p, which must succeed.
func (mk *market) book(buyer *app.User, p *app.Product) *app.Booking {
	mk.t.Helper()
	b, err := mk.svc.Bookings.Book(mk.ctx, buyer, bookingOf(p))
	if err != nil {
		mk.t.Fatal(err)
	}
	return b
}

func bookingOf(p *app.Product) app.BookingInput {
	return app.BookingInput{ProductID: p.ID, Location: "Market square", BuyerPhone: "+1 555 0199"}
}

// wantKind fails unless err is of kind want, or nil when want is "".
func wantKind(t *testing.T, what string, err error, want app.Kind) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("%s: %v, want it to succeed", what, err)
		}
		return
	}
	if got := app.ErrorKind(err); got != want {
		t.Errorf("%s: %v (kind %q), want kind %q", what, err, got, want)
	}
}
