package postgres

import (
	"context"
	"errors"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unreachable tells whether err, from Open, is of a server that could not
// be reached now: a connection refused or cut, a host not found yet, a
// server starting up, shutting down or out of connections. Waiting may
// cure those, as when the machine boots and Rehome starts before
// PostgreSQL. A server that answered no (a wrong password, no such
// database, a statement that failed) is not: waiting would hide it.
func Unreachable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code[:2] {
		case "08", // connection exception
			"53", // insufficient resources, such as too many connections
			"57": // operator intervention: starting up, shutting down
			return true
		}
		return false
	}
	var netErr net.Error
	var connectErr *pgconn.ConnectError
	return errors.As(err, &connectErr) || errors.As(err, &netErr) || pgconn.Timeout(err) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}
