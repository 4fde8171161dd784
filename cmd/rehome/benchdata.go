package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"rehome/app"
	"rehome/internal/benchdata"
)

// benchData is 'rehome bench-data': a large data set for benchmarks, written
// into an empty data directory. Every account gets the password read from
// standard input, hashed once.
func benchData(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome bench-data", stderr)
	data := dataFlag(fs)
	var size benchdata.Size
	fs.IntVar(&size.Products, "products", 100_000, "listings, spread evenly over the categories")
	fs.IntVar(&size.Users, "users", 2_000, "accounts: one admin, a quarter sellers, the rest buyers")
	fs.IntVar(&size.Bookings, "bookings", 20_000, "bookings of random listings by random buyers")
	fs.IntVar(&size.Categories, "categories", 20, "categories")
	fs.IntVar(&size.Adverts, "adverts", 50, "adverts on the newest available listings")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	password, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		fmt.Fprintf(stderr, "rehome: reading the password: %v\n", err)
		return 1
	}
	password = strings.TrimRight(password, "\r\n")
	if len(password) < app.MinPasswordLength || len(password) > app.MaxPasswordBytes {
		fmt.Fprintf(stderr, "rehome: give the accounts' password on standard input: %d to %d characters\n",
			app.MinPasswordLength, app.MaxPasswordBytes)
		return 1
	}
	db, images, err := openData(ctx, *data)
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	defer db.Close()
	hash, err := hasher().Hash(password)
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	log := slog.New(slog.NewTextHandler(stdout, nil))
	if err := benchdata.Fill(ctx, db, images, hash, size, log); err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	return 0
}
