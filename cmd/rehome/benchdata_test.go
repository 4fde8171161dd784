package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rehome/internal/benchdata"
	"rehome/internal/testlog"
)

func TestBenchData(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	args := []string{"bench-data", "--data", dir, "--products", "300", "--users", "12", "--bookings", "40",
		"--categories", "3", "--adverts", "2"}
	code, stdout, stderr := cli(t, "bench password\n", args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "benchmark data written") || !strings.Contains(stdout, "products=300") {
		t.Errorf("stdout %q, want the summary", stdout)
	}
	if testing.Short() {
		return
	}
	// Every account has the one password (hashed at the production cost).
	u, err := login(t, dir, benchdata.BuyerEmail(1), "bench password")
	if err != nil || u.Email != benchdata.BuyerEmail(1) {
		t.Errorf("login as %s: %+v %v", benchdata.BuyerEmail(1), u, err)
	}

	failures := []struct {
		name, stdin string
		args        []string
		code        int
		stderr      string
	}{
		{"into a full database", "bench password\n", args, 1, "rehome: the database is not empty\n"},
		{"a short password", "short\n", []string{"bench-data", "--data", t.TempDir()}, 1, "rehome: give the accounts' password on standard input: 8 to 72 characters\n"},
		{"bad sizes", "bench password\n", []string{"bench-data", "--data", t.TempDir(), "--users", "1"}, 1, "rehome: at least 3 accounts: an admin, a seller and a buyer\n"},
		{"an unknown flag", "", []string{"bench-data", "--widgets", "3"}, 2, "flag provided but not defined: -widgets"},
	}
	for _, tc := range failures {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := cli(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tc.code, tc.stderr)
			}
		})
	}
}

func TestCheckLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{
		"": true, "127.0.0.1:6060": true, "127.0.0.2:0": true, "[::1]:6060": true, "localhost:6060": true,
		"0.0.0.0:6060": false, ":6060": false, "192.168.1.5:6060": false, "example.com:6060": false, "6060": false,
	} {
		if err := checkLoopback(addr); (err == nil) != ok {
			t.Errorf("%q: %v", addr, err)
		}
	}
	code, _, stderr := cli(t, "", "serve", "--pprof", "0.0.0.0:6060")
	if code != 2 || !strings.Contains(stderr, "not a loopback address") {
		t.Errorf("serve --pprof 0.0.0.0:6060: exit %d, stderr %q", code, stderr)
	}
}

// TestPprof serves profiles on their own loopback listener, and only there.
func TestPprof(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs testlog.Buffer
	served := make(chan error, 1)
	go func() {
		served <- runServer(ctx, slog.New(slog.NewTextHandler(&logs, nil)),
			serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), pprof: "127.0.0.1:0"})
	}()
	site := regexp.MustCompile(`msg="Rehome is listening" url=(http://\S+)`)
	profiles := regexp.MustCompile(`msg="profiles are served" url=(http://\S+)`)
	if !logs.WaitFor("Rehome is listening", time.Minute) || !logs.WaitFor("profiles are served", time.Minute) {
		t.Fatalf("server did not start; log:\n%s", logs.String())
	}
	siteAt, profilesAt := site.FindStringSubmatch(logs.String()), profiles.FindStringSubmatch(logs.String())
	if siteAt == nil || profilesAt == nil {
		t.Fatalf("no addresses in the log:\n%s", logs.String())
	}
	base, pprofURL := siteAt[1], profilesAt[1]
	body := func(url string) (int, string) {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(data)
	}
	if status, page := body(pprofURL); status != 200 || !strings.Contains(page, "goroutine") {
		t.Errorf("%s: status %d, want the pprof index", pprofURL, status)
	}
	if status, page := body(pprofURL + "heap?debug=1"); status != 200 || !strings.Contains(page, "heap profile") {
		t.Errorf("heap profile: status %d", status)
	}
	if _, page := body(base + "/debug/pprof/"); strings.Contains(page, "goroutine") {
		t.Error("the marketplace's own address serves profiles")
	}
	cancel()
	if err := <-served; err != nil {
		t.Errorf("server stopped with %v", err)
	}
}
