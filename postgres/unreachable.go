package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"rehome/app"
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
	if errors.Is(err, app.ErrUnreachable) {
		return true // a serving pool's call that already said so (reach.go)
	}
	var said *pgconn.PgError
	if errors.As(err, &said) {
		return strings.HasPrefix(said.Code, "08") || unreachableCodes[said.Code]
	}
	var connect *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connect) || errors.As(err, &netErr) || pgconn.Timeout(err) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// Server states that say the database is not there to answer: the class of
// connection exceptions (08, by its prefix) and of a server going down or
// starting up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
// cannot_connect_now), and a server that takes no more connections (53300
// too_many_connections: its max_connections is spent, see docs/deploy.md).
var unreachableCodes = map[string]bool{"57P01": true, "57P02": true, "57P03": true, "53300": true}

// tooManyConnections tells whether err is a server refusing a connection
// because its max_connections, or the database's or role's limit, is spent.
func tooManyConnections(err error) bool {
	var said *pgconn.PgError
	return errors.As(err, &said) && said.Code == "53300"
}
