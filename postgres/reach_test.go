package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
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

// TestTheConnectionsOfAFullServerAreKept: a server that refuses one
// connection more, its connection limit spent, still serves those the
// store holds; they are kept, to be used as soon as a read finds it back.
func TestTheConnectionsOfAFullServerAreKept(t *testing.T) {
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgtest.Server())
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { admin.Close(context.Background()) })
	// Superusers have no connection limit: the store connects as a role
	// that owns its database.
	b := make([]byte, 6)
	rand.Read(b)
	role := "limited_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, `CREATE ROLE `+role+` LOGIN`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec(context.Background(), `DROP ROLE `+role) })
	u, err := url.Parse(pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if _, err := admin.Exec(ctx, `ALTER DATABASE `+name+` OWNER TO `+role); err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	db, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.UseLogger(slog.New(slog.NewTextHandler(&testlog.Buffer{}, nil)))
	// The store holds as many connections as its database now takes:
	// every one of its pool's, and its listener's.
	var held []*pgxpool.Conn
	for len(held) < 2 || db.Pool().Stat().IdleConns() > 0 {
		c, err := db.Pool().Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	limit := len(held) + 1
	if _, err := admin.Exec(ctx, `ALTER DATABASE `+name+` CONNECTION LIMIT `+strconv.Itoa(limit)); err != nil {
		t.Fatal(err)
	}

	if err := db.Ping(ctx); err == nil {
		t.Fatal("a connection more than the limit was taken")
	}
	for _, c := range held {
		c.Release()
	}
	if idle := db.Pool().Stat().IdleConns(); idle != int32(len(held)) {
		t.Errorf("%d connections kept, want the %d that work", idle, len(held))
	}
	if err := db.Ping(ctx); err != nil {
		t.Errorf("a read on the connections kept: %v", err)
	}
}
