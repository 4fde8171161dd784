package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"rehome/internal/backup"
)

// backupData is 'rehome backup': the data directory into one archive, while
// the server may be running.
func backupData(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome backup", stderr)
	location := locationFlags(fs)
	out := fs.String("out", "", "the archive to write, such as rehome-backup.tar.gz")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	loc, err := location()
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 2
	}
	if loc.DatabaseURL != "" {
		fmt.Fprintf(stderr, "rehome: %v\n", backup.ErrPostgres)
		return 1
	}
	data := &loc.Dir
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "rehome: usage: rehome backup --data DIR --out FILE.tar.gz")
		return 2
	}
	if _, err := os.Stat(*data); err != nil {
		fmt.Fprintf(stderr, "rehome: no data directory to back up: %v\n", err)
		return 1
	}
	m, err := backup.Create(ctx, *data, *out)
	if err != nil {
		fmt.Fprintf(stderr, "rehome: backup failed: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Backed up %d users, %d listings, %d bookings and %d pictures to %s\n",
		m.Counts["users"], m.Counts["listings"], m.Counts["bookings"], m.Images, *out)
	if loc.S3URL != "" {
		fmt.Fprintln(stdout, "The pictures are in the object store, not in this archive: keep them with its versioning.")
	}
	return 0
}

// restoreData is 'rehome restore': an archive from 'rehome backup' into a
// data directory, with the server stopped.
func restoreData(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome restore", stderr)
	location := locationFlags(fs)
	force := fs.Bool("force", false, "replace what the data directory holds (its backups/ and acme/ are kept)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// The archive may come before or after the flags.
	archive, extra := fs.Arg(0), 0
	if fs.NArg() > 1 {
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return 2
		}
		extra = fs.NArg()
	}
	if archive == "" || extra > 0 {
		fmt.Fprintln(stderr, "rehome: usage: rehome restore --data DIR [--force] FILE.tar.gz")
		return 2
	}
	loc, err := location()
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 2
	}
	if loc.DatabaseURL != "" {
		fmt.Fprintln(stderr, "rehome: a marketplace kept in PostgreSQL is restored with pg_restore from a pg_dump, not from a rehome backup")
		return 1
	}
	data := &loc.Dir
	m, err := backup.Restore(ctx, archive, *data, *force)
	if errors.Is(err, backup.ErrNotEmpty) {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v; nothing was changed\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Restored %d users, %d listings, %d bookings and %d pictures from the backup of %s into %s\n",
		m.Counts["users"], m.Counts["listings"], m.Counts["bookings"], m.Images, m.Created.Format("2006-01-02 15:04 UTC"), *data)
	return 0
}
