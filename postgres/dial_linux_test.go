package postgres

import (
	"context"
	"net"
	"testing"

	"golang.org/x/sys/unix"

	"rehome/internal/pgtest"
)

// TestConnectionsFindADeadServer: the store's connections, and those its
// listeners make from the same settings, probe a silent server and give
// up on unacknowledged data, rather than wait on a dead one for hours.
func TestConnectionsFindADeadServer(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	tcp, ok := conn.Conn().PgConn().Conn().(*net.TCPConn)
	if !ok {
		t.Fatalf("the connection is a %T, not TCP", conn.Conn().PgConn().Conn())
	}
	raw, err := tcp.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct{ level, option, value int }{
		"SO_KEEPALIVE":     {unix.SOL_SOCKET, unix.SO_KEEPALIVE, 1},
		"TCP_KEEPIDLE":     {unix.IPPROTO_TCP, unix.TCP_KEEPIDLE, int(deadIdle.Seconds())},
		"TCP_KEEPINTVL":    {unix.IPPROTO_TCP, unix.TCP_KEEPINTVL, int(deadEvery.Seconds())},
		"TCP_KEEPCNT":      {unix.IPPROTO_TCP, unix.TCP_KEEPCNT, deadCount},
		"TCP_USER_TIMEOUT": {unix.IPPROTO_TCP, unix.TCP_USER_TIMEOUT, int(deadUnanswered.Milliseconds())},
	}
	for name, o := range want {
		var got int
		var getErr error
		if err := raw.Control(func(fd uintptr) { got, getErr = unix.GetsockoptInt(int(fd), o.level, o.option) }); err != nil {
			t.Fatal(err)
		}
		if getErr != nil || got != o.value {
			t.Errorf("%s is %d (%v), want %d", name, got, getErr, o.value)
		}
	}
}
