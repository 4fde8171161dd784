package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// serveBenchData builds rehome, writes a small data set with bench-data and
// serves it until the test ends: the real binary, as make bench drives it.
// It returns the server and its data directory.
func serveBenchData(ctx context.Context, t *testing.T, products, users, bookings int) (*server, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds rehome and runs it")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rehome")
	if out, err := exec.Command("go", "build", "-o", bin, "rehome/cmd/rehome").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "data")
	cmd := exec.Command(bin, "bench-data", "--data", data, "--products", strconv.Itoa(products),
		"--users", strconv.Itoa(users), "--bookings", strconv.Itoa(bookings), "--categories", "3")
	cmd.Stdin = strings.NewReader(benchPassword + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bench-data: %v\n%s", err, out)
	}
	srv, err := startServer(ctx, bin, data, filepath.Join(dir, "serve.log"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.stop() })
	return srv, data
}
