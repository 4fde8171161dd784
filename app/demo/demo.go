// Package demo fills an empty marketplace with people, categories and
// listings, so a fresh 'rehome serve --demo' shows a living site. Everything
// goes through the service, under the same rules as real users, and every
// picture is drawn here: nothing is downloaded.
package demo

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"log/slog"

	"rehome/app"
)

// Fill adds the demo content unless the marketplace already has categories.
func Fill(ctx context.Context, svc *app.Service, log *slog.Logger) error {
	existing, err := svc.Categories(ctx)
	if err != nil {
		return err
	}
	if len(existing) > 0 {
		log.Info("demo data skipped: the database is not empty")
		return nil
	}
	passwords := map[string]string{}
	register := func(n app.NewUser, picture int) (*app.User, error) {
		n.Password = password()
		passwords[n.Email] = n.Password
		if n.Role == app.RoleAdmin {
			return svc.CreateAdmin(ctx, n)
		}
		return svc.Register(ctx, n, bytes.NewReader(avatar(picture)))
	}
	admin, err := register(app.NewUser{Name: "Ada Admin", Email: "admin@rehome.test", Role: app.RoleAdmin}, 0)
	if err != nil {
		return err
	}
	seller, err := register(app.NewUser{Name: "Sam Seller", Email: "seller@rehome.test", Role: app.RoleSeller,
		Phone: "+1 555 0100", Location: "Riverside"}, 1)
	if err != nil {
		return err
	}
	if _, err := register(app.NewUser{Name: "Bea Buyer", Email: "buyer@rehome.test", Role: app.RoleBuyer,
		Phone: "+1 555 0199", Location: "Old Town"}, 2); err != nil {
		return err
	}
	for i, c := range categories {
		if _, err := svc.CreateCategory(ctx, admin, app.NewCategory{Name: c.name}, bytes.NewReader(picture(c.kind, i))); err != nil {
			return fmt.Errorf("category %s: %w", c.name, err)
		}
	}
	for i, p := range products {
		img, err := svc.UploadImage(ctx, seller, bytes.NewReader(picture(categoryKind(p.category), i+1)))
		if err != nil {
			return err
		}
		in := app.ProductInput{
			Category: p.category, Product: p.name, Description: p.description, Image: img.URL,
			Condition: p.condition, Location: p.location,
			OriginalPrice: app.NumberText(p.original), ResalePrice: app.NumberText(p.resale),
			PurchaseYear: app.NumberText(fmt.Sprint(p.year)), UsePeriod: p.usePeriod,
		}
		if _, err := svc.CreateProduct(ctx, seller, in); err != nil {
			return fmt.Errorf("product %s: %w", p.name, err)
		}
	}
	for _, email := range []string{"admin@rehome.test", "seller@rehome.test", "buyer@rehome.test"} {
		log.Info("demo account (password shown only now)", "email", email, "password", passwords[email])
	}
	return nil
}

// password makes a random demo password, so a demo left running in public
// does not open with a well-known one.
func password() string {
	b := make([]byte, 9)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
