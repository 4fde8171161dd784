package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"rehome/internal/wiring"

	"rehome/app"
	"rehome/internal/benchdata"
)

// benchData is 'rehome bench-data': a large data set for benchmarks, written
// into an empty marketplace (a data directory, or --database-url). Every account gets the password read from
// standard input, hashed once.
func benchData(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome bench-data", stderr)
	location := locationFlags(fs)
	var size benchdata.Size
	fs.IntVar(&size.Products, "products", 100_000, "listings, spread evenly over the categories")
	fs.IntVar(&size.Users, "users", 2_000, "accounts: one admin, a quarter sellers, the rest buyers")
	fs.IntVar(&size.Bookings, "bookings", 20_000, "bookings of random listings by random buyers")
	fs.IntVar(&size.Categories, "categories", 20, "categories")
	fs.IntVar(&size.Adverts, "adverts", 50, "adverts on the newest available listings")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	loc, err := location()
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 2
	}
	return withPassword(stdin, stderr, func(password string) error {
		if len(password) < app.MinPasswordLength || len(password) > app.MaxPasswordBytes {
			return fmt.Errorf("give the accounts' password on standard input: %d to %d characters",
				app.MinPasswordLength, app.MaxPasswordBytes)
		}
		m, err := wiring.Open(ctx, loc, wiring.Settings{Hasher: hasher()})
		if err != nil {
			return err
		}
		defer m.Close()
		hash, err := hasher().Hash(password)
		if err != nil {
			return err
		}
		return benchdata.Fill(ctx, m.Store, m.Images, hash, size, slog.New(slog.NewTextHandler(stdout, nil)))
	})
}
