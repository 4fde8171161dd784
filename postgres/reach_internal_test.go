package postgres

import (
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestUnreachable: what says the database could not be reached, or takes
// no more connections, and what is an answer of the database's.
func TestUnreachable(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"connection refused", fmt.Errorf("query: %w", refused), true},
		{"connection broken off", fmt.Errorf("failed to receive message: %w", io.ErrUnexpectedEOF), true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"the server shuts down", &pgconn.PgError{Code: "57P01"}, true},
		{"the server is starting", &pgconn.PgError{Code: "57P03"}, true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"a unique violation", &pgconn.PgError{Code: codeUniqueViolation}, false},
		{"a wrong password", &pgconn.PgError{Code: "28P01"}, false},
		{"the disk is full", &pgconn.PgError{Code: codeDiskFull}, false},
		{"no rows", pgx.ErrNoRows, false},
		{"a bug of ours", errors.New("cannot scan NULL into *string"), false},
	}
	for _, tc := range cases {
		if got := unreachable(tc.err); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
