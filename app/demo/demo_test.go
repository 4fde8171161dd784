package demo_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/app/demo"
	"rehome/sqlite"
	"rehome/uploads"
)

func TestFill(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "rehome.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	images, err := uploads.New(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	svc := app.NewService(db, images, app.BcryptHasher{Cost: bcrypt.MinCost})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))

	if err := demo.Fill(ctx, svc, quiet); err != nil {
		t.Fatal(err)
	}
	categories, err := svc.Categories(ctx)
	if err != nil || len(categories) < 8 {
		t.Fatalf("%d categories, %v", len(categories), err)
	}
	buyer, err := db.UserByEmail(ctx, "buyer@rehome.test")
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, c := range categories {
		list, err := svc.CategoryProducts(ctx, buyer, c.Name, app.Page{})
		if err != nil {
			t.Fatal(err)
		}
		listed += list.Total
	}
	if listed == 0 {
		t.Error("the demo lists no products")
	}

	// A second start finds the database filled and adds nothing.
	if err := demo.Fill(ctx, svc, quiet); err != nil {
		t.Fatal(err)
	}
	again, _ := svc.Categories(ctx)
	if len(again) != len(categories) {
		t.Errorf("second fill: %d categories, want %d", len(again), len(categories))
	}
}
