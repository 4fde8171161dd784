// Command rehome runs the Rehome marketplace: one binary that serves the
// JSON API and the web app from an embedded SQLite database, or, for
// several instances, from PostgreSQL and an S3 object store.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `Rehome, a community marketplace for second-hand household goods.

Usage:
  rehome serve [--addr ADDR] [--data DIR] [--domain NAME] [--trusted-proxy CIDR] [--backup-every 24h] ...
  rehome serve --database-url postgres://... [--s3-url s3://...] ...  (several instances share them)
  rehome backup --data DIR --out FILE.tar.gz                   (while the server runs, or not; SQLite only)
  rehome restore --data DIR [--force] FILE.tar.gz              (with the server stopped)
  rehome admin create --name NAME --email EMAIL [--data DIR | --database-url URL]
                                                   (password on standard input)
  rehome bench-data [--data DIR | --database-url URL] [--products N] [--users N] [--bookings N] [--categories N] [--adverts N]
                                                   (a benchmark data set; password on standard input)
  rehome migrate --from DIR --to postgres://... [--s3-url s3://...] [--check]
                                                   (SQLite into an empty PostgreSQL, with the server stopped;
                                                    --check compares the two)

Run 'rehome serve -h' (or another command with -h) for the flags.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stdout, stderr)
	case "admin":
		if len(args) < 2 || args[1] != "create" {
			fmt.Fprint(stderr, usage)
			return 2
		}
		return createAdmin(ctx, args[2:], stdin, stdout, stderr)
	case "backup":
		return backupData(ctx, args[1:], stdout, stderr)
	case "restore":
		return restoreData(ctx, args[1:], stdout, stderr)
	case "migrate":
		return migrateData(ctx, args[1:], stdout, stderr)
	case "bench-data":
		return benchData(ctx, args[1:], stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "rehome: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}
