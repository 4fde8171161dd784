package postgres_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"rehome/internal/pgtest"
	"rehome/internal/tcpproxy"
	"rehome/internal/testlog"
	"rehome/postgres"
)

// TestTheConnectionsOfBeforeAnOutageAreDropped: once the database is back,
// no request gets one of the connections it broke off as it went away
// (each would fail, and have the log say it is down again).
func TestTheConnectionsOfBeforeAnOutageAreDropped(t *testing.T) {
	ctx := context.Background()
	url, proxy := tcpproxy.Through(t, pgtest.NewDatabase(t))
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	logs := &testlog.Buffer{}
	db.UseLogger(slog.New(slog.NewTextHandler(logs, nil)))
	// Several connections idle in the pool, as after a busy moment.
	const idle = 4
	held := make([]*pgxpool.Conn, idle)
	for i := range held {
		if held[i], err = db.Pool().Acquire(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range held {
		c.Release()
	}

	proxy.Down()
	if err := db.Ping(ctx); err == nil {
		t.Fatal("the database answers through a proxy that is down")
	}
	proxy.Up()
	for i := range idle + 1 {
		if err := db.Ping(ctx); err != nil {
			t.Errorf("read %d once the database is back: %v", i, err)
		}
	}
	for line, want := range map[string]int{`msg="database unreachable"`: 1, `msg="database reachable again"`: 1} {
		if n := strings.Count(logs.String(), line); n != want {
			t.Errorf("%d lines with %s, want %d:\n%s", n, line, want, logs)
		}
	}
}
