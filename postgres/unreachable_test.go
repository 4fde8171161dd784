package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"rehome/postgres"
)

// TestUnreachable: a server not there or not ready is worth waiting for;
// one that answered no is not.
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
