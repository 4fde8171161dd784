// Package stripemock runs stripe-mock, Stripe's API simulator (pinned in
// tools/stripe-mock), for the tests of card payments.
package stripemock

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/internal/testlog"
)

// binary is stripe-mock, built once for the test run.
var binary = sync.OnceValues(func() (string, error) {
	// One place, overwritten by each run, rather than a new copy each time.
	dir := filepath.Join(os.TempDir(), "rehome-test-tools")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	// The module's go.mod, wherever the test runs from.
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("find the module: %w", err)
	}
	modfile := filepath.Join(filepath.Dir(strings.TrimSpace(string(gomod))), "tools", "stripe-mock", "go.mod")
	bin := filepath.Join(dir, "stripe-mock")
	build := exec.Command("go", "build", "-modfile="+modfile, "-o", bin, "github.com/stripe/stripe-mock") // #nosec G204 -- the module's own pinned tool, built into a temp dir of the tests
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build stripe-mock: %v\n%s", err, out)
	}
	return bin, nil
})

// Start runs stripe-mock on a free loopback port until the test ends, and
// returns its API address.
func Start(t testing.TB) string {
	t.Helper()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	// Its HTTPS listener would take port 12112 unless told otherwise.
	cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", "127.0.0.1:") // #nosec G204 -- the binary built above, on a loopback port
	out := &testlog.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if !out.WaitFor("Listening for HTTP at address: "+addr, time.Minute) {
		t.Fatalf("stripe-mock did not start:\n%s", out)
	}
	return "http://" + addr
}
