package postgres

import (
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// A server that goes silent on an open connection (its machine lost power
// or its network, packets dropped on the way) sends nothing that says so:
// without more, a statement waiting for its answer, or a listener waiting
// for notifications, waits for as long as the system keeps a dead
// connection, which is hours. The connections ask the other end after
// deadIdle of silence whether it is still there, deadCount times deadEvery
// apart, and give up on data it has not acknowledged after deadUnanswered
// (Linux): a dead server fails its requests with 503 within about half a
// minute, and the listeners connect again. A server that answers but is
// slow is the statement bounds' to judge (bounds.go).
const (
	deadIdle       = 15 * time.Second
	deadEvery      = 5 * time.Second
	deadCount      = 3
	deadUnanswered = 30 * time.Second
)

// dialer is how the store's connections, the listeners' included, are made.
func dialer() pgconn.DialFunc {
	d := &net.Dialer{
		KeepAliveConfig: net.KeepAliveConfig{Enable: true, Idle: deadIdle, Interval: deadEvery, Count: deadCount},
		Control:         giveUpUnanswered,
	}
	return d.DialContext
}
