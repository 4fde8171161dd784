package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/internal/testlog"
)

// forward accepts connections on l and joins each to one it opens to
// target, until the test ends.
func forward(t *testing.T, l net.Listener, target string) {
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			in, err := l.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
}

// TestServeWaitsForTheDatabase: started while nothing answers at its
// database's address, the server keeps trying, says so in its log and
// answers 503 "starting" meanwhile; once PostgreSQL answers there, it
// serves the marketplace without being started again.
func TestServeWaitsForTheDatabase(t *testing.T) {
	database, err := url.Parse(pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	server := database.Host
	// An address where nothing listens, until the forwarder does.
	reserved, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	database.Host = reserved.Addr().String()
	reserved.Close()

	ctx, cancel := context.WithCancel(context.Background())
	logs := &testlog.Buffer{}
	served := make(chan error, 1)
	cfg := serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), databaseURL: database.String(), backupKeep: 1, language: app.English, currency: "usd"}
	go func() { served <- runServer(ctx, slog.New(slog.NewTextHandler(logs, nil)), cfg) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("server stopped with %v", err)
		}
	}()
	if !logs.WaitFor("waiting for the database", time.Minute) {
		t.Fatalf("no word of the wait; log:\n%s", logs)
	}
	m := regexp.MustCompile(`answering_starting_at=(http://\S+)`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no address in the log:\n%s", logs)
	}
	base := m[1]

	for _, path := range []string{"/healthz", "/api/categories", "/"} {
		res, body := fetch(t, base+path)
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
			t.Errorf("GET %s while waiting: %d, Retry-After %q; want 503 with one", path, res.StatusCode, res.Header.Get("Retry-After"))
		}
		if path == "/healthz" && body != `{"status":"starting"}`+"\n" && body != `{"status":"starting"}` {
			t.Errorf("GET /healthz while waiting: %q", body)
		}
	}

	l, err := net.Listen("tcp", database.Host)
	if err != nil {
		t.Fatalf("the database's address is taken: %v", err)
	}
	forward(t, l, server)
	// The server says it listens once the marketplace serves, not before.
	if !logs.WaitFor("Rehome is listening", time.Minute) {
		t.Fatalf("the log does not say the server listens:\n%s", logs)
	}
	if res, body := fetch(t, base+"/healthz"); res.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz once the database answers: %d %s", res.StatusCode, body)
	}
	if res, body := fetch(t, base+"/api/categories"); res.StatusCode != http.StatusOK {
		t.Errorf("GET /api/categories once the database answers: %d %.200s", res.StatusCode, body)
	}
}

// TestServeStopsWhileWaiting: told to stop while it waits for its
// database, the server stops at once, without an error.
func TestServeStopsWhileWaiting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	logs := &testlog.Buffer{}
	served := make(chan error, 1)
	cfg := serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), databaseURL: "postgres://rehome@127.0.0.1:1/market?sslmode=disable", backupKeep: 1}
	go func() { served <- runServer(ctx, slog.New(slog.NewTextHandler(logs, nil)), cfg) }()
	if !logs.WaitFor("waiting for the database", time.Minute) {
		t.Fatalf("no word of the wait; log:\n%s", logs)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("stopped with %v, want nil", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not stop")
	}
}
