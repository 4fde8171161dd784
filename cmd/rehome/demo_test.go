package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"rehome/api"
	"rehome/app"
	"rehome/internal/demo"
	"rehome/internal/pgtest"
	"rehome/internal/testlog"
)

// TestServeListensBeforeTheDemoIsWritten holds the demo back until the
// server has answered that it is being prepared: the port answers from the
// start, the API with 503 and Retry-After, the health check not ready; once
// the demo is written, the marketplace answers with it.
func TestServeListensBeforeTheDemoIsWritten(t *testing.T) {
	if testing.Short() {
		t.Skip("fills the demo marketplace")
	}
	hold := make(chan struct{})
	logs := startServing(t, serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), demo: true, backupKeep: 1,
		writeDemo: func(ctx context.Context, svc api.Services, past demo.PastPickups, log *slog.Logger) error {
			select {
			case <-hold:
			case <-ctx.Done():
				return ctx.Err()
			}
			return demo.Fill(ctx, svc, past, log)
		}})
	base := listeningAt(t, logs)

	cases := []struct {
		path, wantType, wantBody string
	}{
		{"/healthz", "application/json", `"status":"preparing"`},
		{"/api/categories", "application/json", `{"error":"The demo marketplace is being prepared; try again in a few seconds."}`},
		{"/", "text/html", "The demo marketplace is being prepared"},
	}
	for _, tc := range cases {
		res, body := fetch(t, base+tc.path)
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), tc.wantType) || !strings.Contains(body, tc.wantBody) {
			t.Errorf("GET %s while preparing: %d, Retry-After %q, %s %.200s; want 503 with Retry-After, %s, %s", tc.path, res.StatusCode,
				res.Header.Get("Retry-After"), res.Header.Get("Content-Type"), body, tc.wantType, tc.wantBody)
		}
	}

	close(hold)
	waitForDemo(t, logs)
	if res, body := fetch(t, base+"/healthz"); res.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz once the demo is written: %d %s", res.StatusCode, body)
	}
	res, body := fetch(t, base+"/api/categories")
	var categories struct{ Items []struct{ Name string } }
	if err := json.Unmarshal([]byte(body), &categories); res.StatusCode != http.StatusOK || err != nil || len(categories.Items) == 0 {
		t.Errorf("GET /api/categories once the demo is written: %d %.200s (%v); want its categories", res.StatusCode, body, err)
	}
	if res, body := fetch(t, base+"/"); res.StatusCode != http.StatusOK || strings.Contains(body, "being prepared") {
		t.Errorf("GET / once the demo is written: %d %.200s; want the web app", res.StatusCode, body)
	}
}

// TestServeStopsWhenTheDemoFails: a server that cannot write its demo
// stops with the error rather than saying for ever that it is preparing it.
func TestServeStopsWhenTheDemoFails(t *testing.T) {
	logs := &testlog.Buffer{}
	cfg := serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), demo: true, backupKeep: 1,
		writeDemo: func(ctx context.Context, svc api.Services, past demo.PastPickups, log *slog.Logger) error {
			if !logs.WaitFor("Rehome is listening", time.Minute) {
				return errors.New("the server did not listen")
			}
			return errors.New("the pictures could not be drawn")
		}}
	err := runServer(context.Background(), slog.New(slog.NewTextHandler(logs, nil)), cfg)
	if err == nil || err.Error() != "demo data: the pictures could not be drawn" {
		t.Errorf("runServer: %v, want the demo's error", err)
	}
	if strings.Contains(logs.String(), "the demo marketplace is ready") {
		t.Errorf("the log says the demo is ready:\n%s", logs)
	}
}

// waitForDemo waits until the server of logs has written its demo.
func waitForDemo(t *testing.T, logs *testlog.Buffer) {
	t.Helper()
	if !logs.WaitFor("the demo marketplace is ready", time.Minute) {
		t.Fatalf("the demo was not written; log:\n%s", logs)
	}
}

// fetch GETs url and reads the answer.
func fetch(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

// TestInstancesWriteOneDemo: two instances started with --demo on one empty
// PostgreSQL database both serve it: one writes the demo, the other waits
// for it and finds it written, rather than writing it a second time and
// stopping at the first account it finds taken.
func TestInstancesWriteOneDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("fills the demo marketplace")
	}
	database := pgtest.NewDatabase(t)
	hold, writing := make(chan struct{}), make(chan struct{})
	config := func(first bool) serverConfig {
		return serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), databaseURL: database, demo: true, backupKeep: 1,
			language: app.English, currency: "usd",
			writeDemo: func(ctx context.Context, svc api.Services, past demo.PastPickups, log *slog.Logger) error {
				if first {
					close(writing)
					select {
					case <-hold:
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				return demo.Fill(ctx, svc, past, log)
			}}
	}
	first := startServing(t, config(true))
	// The first is writing (held back) before the second starts.
	select {
	case <-writing:
	case <-time.After(time.Minute):
		t.Fatalf("the first instance did not start writing the demo; log:\n%s", first)
	}
	second := startServing(t, config(false))
	close(hold)
	waitForDemo(t, first)
	waitForDemo(t, second)
	if !strings.Contains(second.String(), "demo data skipped") {
		t.Errorf("the second instance did not find the demo written; log:\n%s", second)
	}
	var counts []int
	for _, logs := range []*testlog.Buffer{first, second} {
		res, body := fetch(t, listeningAt(t, logs)+"/api/categories")
		var categories struct{ Items []struct{ Name string } }
		if err := json.Unmarshal([]byte(body), &categories); res.StatusCode != http.StatusOK || err != nil {
			t.Fatalf("GET /api/categories: %d %.200s (%v)", res.StatusCode, body, err)
		}
		counts = append(counts, len(categories.Items))
	}
	if counts[0] == 0 || counts[0] != counts[1] {
		t.Errorf("the instances list %v categories, want the demo's, the same on both", counts)
	}
}
