package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"rehome/internal/pgcopy"
	"rehome/internal/wiring"
	"rehome/postgres"
	"rehome/sqlite"
	"rehome/uploads"
)

const migrateUsage = "rehome: usage: rehome migrate --from DATA_DIR --to postgres://... [--check] [--s3-url s3://... [--into-used-bucket]]"

// migrateData is 'rehome migrate': a whole marketplace from SQLite in a
// data directory into an empty PostgreSQL database, in one transaction,
// and its pictures into an object store; with --check, a comparison of
// the two after the copy (or of an earlier copy, when the database holds
// one already). The server is stopped meanwhile: what it wrote during the
// copy would not be copied.
func migrateData(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome migrate", stderr)
	var given settings
	to := setting{"to", "REHOME_DATABASE_URL", "", "the PostgreSQL database to copy into, postgres://user:pass@host:5432/db; it must hold no rows (env REHOME_DATABASE_URL)",
		func(s *settings) any { return &s.databaseURL }}
	from := setting{"from", "", "", "the data directory whose SQLite database is copied",
		func(s *settings) any { return &s.data }}
	if err := define(fs, &given, []setting{from, to, s3Setting}); err != nil {
		panic(err) // strings take any value
	}
	usedBucket := fs.Bool("into-used-bucket", false, "copy the pictures even into a bucket that holds pictures the data directory does not (refused otherwise: they are another marketplace's)")
	check := fs.Bool("check", false, "then compare every table's rows in the two (an earlier copy's, when the database holds one), and fail at the first difference")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if given.data == "" || given.databaseURL == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, migrateUsage)
		return 2
	}
	loc, err := locationOf(given.data, given.databaseURL, given.s3URL)
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 2
	}
	if err := migrate(ctx, loc, migrateOptions{check: *check, usedBucket: *usedBucket}, stdout); err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	return 0
}

// migrateOptions are migrate's flags.
type migrateOptions struct {
	check      bool // compare the two after the copy
	usedBucket bool // copy into a bucket holding pictures of another marketplace
}

func migrate(ctx context.Context, loc wiring.Location, opt migrateOptions, stdout io.Writer) error {
	path := filepath.Join(loc.Dir, wiring.DatabaseFile)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("no SQLite database to migrate from: %w", err)
	}
	// Opening it brings its schema up to date, so that its columns are
	// those of PostgreSQL's schema.
	from, err := sqlite.Open(ctx, path)
	if err != nil {
		return err
	}
	defer from.Close()
	to, err := postgres.Open(ctx, loc.DatabaseURL)
	if err != nil {
		return fmt.Errorf("PostgreSQL at %s: %w", wiring.RedactURL(loc.DatabaseURL), wiring.HidePassword(err, loc.DatabaseURL))
	}
	defer to.Close()
	_, read := from.Pools()

	// Everything that would refuse the copy is asked before anything is
	// written: a database holding rows (a live marketplace's, named by
	// mistake) would otherwise get the pictures before the refusal.
	// With --check, a database holding rows holds an earlier copy, whose
	// pictures went with it: it is compared, and nothing is copied.
	copyRows := true
	if err := pgcopy.CheckEmpty(ctx, read, to.Pool()); err != nil {
		if !opt.check || !errors.Is(err, pgcopy.ErrNotEmpty) {
			return fmt.Errorf("%w (nothing copied)", err)
		}
		copyRows = false
		fmt.Fprintln(stdout, "The PostgreSQL database holds a copy already: comparing it.")
	}

	// Pictures first: their copy skips those already there, so after a
	// failure running the command again goes on; the database's copy is
	// all or nothing, and refused once done.
	if loc.S3URL != "" && copyRows {
		store, err := uploads.OpenS3(ctx, loc.S3URL)
		if err != nil {
			return fmt.Errorf("object store at %s: %w", wiring.RedactURL(loc.S3URL), wiring.HidePassword(err, loc.S3URL))
		}
		imagesDir := filepath.Join(loc.Dir, wiring.ImagesDir)
		if !opt.usedBucket {
			foreign, err := store.ForeignPicture(ctx, imagesDir)
			if err != nil {
				return fmt.Errorf("object store at %s: %w", wiring.RedactURL(loc.S3URL), wiring.HidePassword(err, loc.S3URL))
			}
			if foreign != "" {
				return fmt.Errorf("the bucket at %s holds pictures that are not in %s, such as %s: it is another marketplace's; name an empty bucket, or give --into-used-bucket to copy into it all the same (nothing copied)",
					wiring.RedactURL(loc.S3URL), imagesDir, foreign)
			}
		}
		n, err := store.Import(ctx, imagesDir)
		if err != nil {
			return fmt.Errorf("pictures (the database is not copied yet): %w", wiring.HidePassword(err, loc.S3URL))
		}
		fmt.Fprintf(stdout, "Copied %d pictures into %s\n", n, wiring.RedactURL(loc.S3URL))
	}
	if copyRows {
		tables, err := pgcopy.Copy(ctx, read, to.Pool())
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Copied %s into %s\n", summary(tables), wiring.RedactURL(loc.DatabaseURL))
	}
	if !opt.check {
		fmt.Fprintln(stdout, "Compare the two with --check before serving from PostgreSQL.")
		return nil
	}
	tables, err := pgcopy.Check(ctx, read, to.Pool())
	if d := (*pgcopy.Difference)(nil); errors.As(err, &d) {
		return fmt.Errorf("SQLite and PostgreSQL differ: %w", err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "The same rows in both: %s\n", summary(tables))
	return nil
}

// summary is how many rows of the main tables, and how many tables.
func summary(tables []pgcopy.Table) string {
	rows := map[string]int64{}
	for _, t := range tables {
		rows[t.Name] = t.Rows
	}
	return fmt.Sprintf("%d users, %d listings, %d bookings (%d tables)", rows["users"], rows["products"], rows["bookings"], len(tables))
}
