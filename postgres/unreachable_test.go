package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"rehome/postgres"
)

// TestUnreachable: a server not there or not ready is worth waiting for,
// and a serving store answers 503 for it; one that answered no is not.
func TestUnreachable(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"connection refused", fmt.Errorf("migrate: %w", refused), true},
		{"host not found", &net.DNSError{Err: "no such host", Name: "db.internal", IsNotFound: true}, true},
		{"starting up", &pgconn.PgError{Code: "57P03", Message: "the database system is starting up"}, true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"wrong password", &pgconn.PgError{Code: "28P01"}, false},
		{"no such database", &pgconn.PgError{Code: "3D000"}, false},
		{"a failed statement", &pgconn.PgError{Code: "42P01"}, false},
		{"connection broken off", fmt.Errorf("failed to receive message: %w", io.ErrUnexpectedEOF), true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"the server shuts down", &pgconn.PgError{Code: "57P01"}, true},
		{"a unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"the disk is full", &pgconn.PgError{Code: "53100"}, false},
		{"a query cancelled", &pgconn.PgError{Code: "57014"}, false},
		{"no rows", pgx.ErrNoRows, false},
		{"stopped", context.Canceled, false},
		{"something else", errors.New("no"), false},
		{"none", nil, false},
	}
	for _, tc := range cases {
		if got := postgres.Unreachable(tc.err); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
