package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/internal/pgtest"
	"rehome/internal/testlog"
	"rehome/uploads/s3test"
)

// TestTwoInstancesBehindALoadBalancer runs two real binaries on one
// PostgreSQL database and one object store, behind HAProxy on loopback, as
// docs/deploy.md's "Past one machine" sets them up: whichever instance
// answers, people see one marketplace. It needs PostgreSQL
// (make test-postgres) and HAProxy (.ci/run installs it).
func TestTwoInstancesBehindALoadBalancer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the real binary twice")
	}
	database := pgtest.NewDatabase(t)
	a, b, balancer := startBehindHAProxy(t, database, s3test.Server(t), nil)

	// Signed up and signed in through one, served by the other: the
	// session is the database's.
	admin := browser(1)
	mustStatus(t, http.StatusOK)(postJSON(admin, a.base+"/api/auth/login", map[string]string{"email": "ada@example.com", "password": "admin password 1"}))
	mustStatus(t, http.StatusCreated)(postPicture(admin, b.base+"/api/categories", map[string]string{"name": "Tables"}))
	seller := browser(2)
	if _, ok := created(signUp(seller, a.base, "seller@example.com", "Seller")); !ok {
		t.Fatal("seller sign-up failed")
	}
	var me struct{ Email string }
	getJSON(t, seller, b.base+"/api/auth/me", &me)
	if me.Email != "seller@example.com" {
		t.Fatalf("instance b does not know the session made on a: %+v", me)
	}

	// A picture stored through one is served by the other: the object
	// store is shared.
	var picture struct{ URL string }
	res, err := postPicture(seller, a.base+"/api/images", nil)
	if err != nil || res.StatusCode != http.StatusCreated || json.NewDecoder(res.Body).Decode(&picture) != nil {
		t.Fatalf("picture: %v %v", res, err)
	}
	res.Body.Close()
	mustStatus(t, http.StatusOK)(seller.Get(b.base + picture.URL))

	listing := func(name string) map[string]any {
		return map[string]any{"category": "Tables", "product": name, "description": "Solid oak.", "image": picture.URL,
			"condition": "Good", "location": "Riverside", "original_price": 500, "resale_price": "120", "seller_phone": "+1 555 0100",
			"purchase_year": 2019, "use_period": "5 years"}
	}
	id, ok := created(postJSON(seller, a.base+"/api/products", listing("Oak table")))
	if !ok {
		t.Fatal("listing failed")
	}

	// A listing edited on one shows on the other at once, in the
	// category's list that the other keeps between requests.
	// The lists are public, for a visitor to read them as kept.
	public, _ := http.NewRequest(http.MethodPut, a.base+"/api/site", strings.NewReader(`{"public_listings": true}`))
	public.Header.Set("Content-Type", "application/json")
	mustStatus(t, http.StatusOK)(admin.Do(public))
	visitor := browser(3)
	names := func(base string) []string {
		var page struct{ Items []struct{ Product string } }
		getJSON(t, visitor, base+"/api/categories/Tables", &page)
		var names []string
		for _, p := range page.Items {
			names = append(names, p.Product)
		}
		return names
	}
	if got := names(b.base); len(got) != 1 || got[0] != "Oak table" {
		t.Fatalf("b lists %v", got)
	}
	req, _ := http.NewRequest(http.MethodPatch, a.base+"/api/products/"+strconv.FormatInt(id, 10), strings.NewReader(`{"product": "Walnut table"}`))
	req.Header.Set("Content-Type", "application/json")
	mustStatus(t, http.StatusOK)(seller.Do(req))
	if got := names(b.base); len(got) != 1 || got[0] != "Walnut table" {
		t.Errorf("after the edit on a, b lists %v", got)
	}

	// A message written through one reaches the seller's event stream
	// held by the other.
	events := openEvents(t, seller, b.base)
	buyers := []*http.Client{browser(4), browser(5)}
	for i, buyer := range buyers {
		if _, ok := created(signUp(buyer, a.base, fmt.Sprintf("buyer%d@example.com", i), "Buyer")); !ok {
			t.Fatal("buyer sign-up failed")
		}
	}
	mustStatus(t, http.StatusCreated)(postJSON(buyers[0], a.base+"/api/products/"+strconv.FormatInt(id, 10)+"/messages",
		map[string]string{"text": "Is it still there?"}, "Idempotency-Key", "m1"))
	if got := events.next(t); got != "message" {
		t.Errorf("the seller's stream on b heard %q, want a message", got)
	}

	// Two buyers booking the same product through different instances at
	// the same moment: exactly one wins.
	second, ok := created(postJSON(seller, b.base+"/api/products", listing("Pine chair")))
	if !ok {
		t.Fatal("second listing failed")
	}
	codes := make([]int, 2)
	var start, done sync.WaitGroup
	start.Add(1)
	for i, base := range []string{a.base, b.base} {
		done.Go(func() {
			start.Wait()
			body := map[string]any{"product_id": second, "location": "Market Square", "buyer_phone": "+1 555 0199"}
			res, err := postJSON(buyers[0], base+"/api/booked", body, "Idempotency-Key", fmt.Sprint("race", i))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			codes[i] = res.StatusCode
		})
	}
	start.Done()
	done.Wait()
	if !(codes[0] == http.StatusCreated && codes[1] == http.StatusConflict) && !(codes[1] == http.StatusCreated && codes[0] == http.StatusConflict) {
		t.Errorf("two bookings at once answered %v, want one 201 and one 409", codes)
	}

	// One instance killed under a write load through the balancer: every
	// write it acknowledged is in the database, and the balancer's next
	// requests are answered by the survivor.
	writer := browser(6)
	if _, ok := created(signUp(writer, balancer, "writer@example.com", "Seller")); !ok {
		t.Fatal("sign-up through the balancer failed")
	}
	res, err = postPicture(writer, balancer+"/api/images", nil)
	if err != nil || res.StatusCode != http.StatusCreated || json.NewDecoder(res.Body).Decode(&picture) != nil {
		t.Fatalf("picture: %v %v", res, err)
	}
	res.Body.Close()
	var (
		mu           sync.Mutex
		written      = sync.NewCond(&mu) // one more write was answered
		acknowledged []int64
		failed       int
		stopped      bool
	)
	// waitFor waits until n writes have been acknowledged, or the load
	// has stopped, and says which.
	waitFor := func(n int) bool {
		mu.Lock()
		defer mu.Unlock()
		for len(acknowledged) < n && !stopped {
			written.Wait()
		}
		return len(acknowledged) >= n
	}
	var load sync.WaitGroup
	load.Go(func() {
		for n := 0; ; n++ {
			id, ok := created(postJSON(writer, balancer+"/api/products", listing(fmt.Sprintf("Stool %d", n))))
			mu.Lock()
			if ok {
				acknowledged = append(acknowledged, id)
			} else {
				failed++
				stopped = stopped || failed > maxFailedWrites
			}
			written.Broadcast()
			done := stopped
			mu.Unlock()
			if done {
				return
			}
		}
	})
	if !waitFor(10) {
		t.Fatalf("the load failed %d writes before the kill", failed)
	}
	if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	a.cmd.Wait()
	// Past the kill, the balancer's answers come from b alone.
	mu.Lock()
	before := len(acknowledged)
	mu.Unlock()
	if !waitFor(before + 10) {
		t.Errorf("after the kill, the balancer failed %d writes", failed)
	}
	mu.Lock()
	stopped = true
	mu.Unlock()
	load.Wait()
	t.Logf("acknowledged %d listings, %d writes failed (those in flight at the kill)", len(acknowledged), failed)

	conn, err := pgx.Connect(context.Background(), database)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, id := range acknowledged {
		var n int
		if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM products WHERE id = $1`, id).Scan(&n); err != nil || n != 1 {
			t.Errorf("listing %d was acknowledged but is not stored (%v)", id, err)
		}
	}
	mustStatus(t, http.StatusOK)(visitor.Get(balancer + "/api/categories/Tables"))
}

// startBehindHAProxy builds the binary and starts two instances of it on
// one database and one object store, behind HAProxy set up as
// docs/deploy.md says; instance b's environment adds envB. The first
// instance migrates the empty database; the admin (ada@example.com,
// "admin password 1") is made through the command line, as on one machine.
func startBehindHAProxy(t *testing.T, database, objects string, envB []string) (a, b *process, balancer string) {
	t.Helper()
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Fatal("HAProxy is not installed (apt-get install haproxy): ", err)
	}
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	env := []string{"REHOME_DATABASE_URL=" + database, "REHOME_S3_URL=" + objects}
	a = startInstance(t, bin, filepath.Join(dir, "a"), env)
	b = startInstance(t, bin, filepath.Join(dir, "b"), append(env, envB...))
	if code, _, stderr := cli(t, "admin password 1\n", "admin", "create", "--name", "Ada", "--email", "ada@example.com",
		"--data", filepath.Join(dir, "a"), "--database-url", database); code != 0 {
		t.Fatal(stderr)
	}
	return a, b, startHAProxy(t, haproxy, dir, a, b)
}

// maxFailedWrites is how many writes through the balancer may fail: those
// in flight on the instance killed, and no more.
const maxFailedWrites = 5

// startInstance starts the binary with env added to its environment.
func startInstance(t *testing.T, bin, data string, env []string) *process {
	t.Helper()
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	p := &process{cmd: exec.Command(bin, "serve", "--data", data, "--addr", addr), base: "http://" + addr, logs: &testlog.Buffer{}}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
	if !p.logs.WaitFor("Rehome is listening", time.Minute) {
		t.Fatalf("the server did not start; log:\n%s", p.logs)
	}
	return p
}

// startHAProxy balances between the instances as docs/deploy.md says, and
// returns its URL once it accepts connections.
func startHAProxy(t *testing.T, haproxy, dir string, instances ...*process) string {
	t.Helper()
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	var servers strings.Builder
	for i, p := range instances {
		fmt.Fprintf(&servers, "    server rehome%d %s\n", i, strings.TrimPrefix(p.base, "http://"))
	}
	config := `global
    maxconn 256
defaults
    mode http
    timeout connect 2s
    timeout client 1m
    timeout server 1m
    # A request that could not reach an instance goes to another; one
    # that reached it is never sent twice (retry-on's default).
    retries 3
    option redispatch
frontend rehome
    bind ` + addr + `
    default_backend instances
backend instances
    balance leastconn
    option httpchk GET /healthz
    http-check expect status 200
    # docs/deploy.md checks every 5s: a test has no time to wait that long.
    default-server check inter 500ms fall 2 rise 2
` + servers.String()
	path := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	logs := &testlog.Buffer{}
	cmd := exec.Command(haproxy, "-db", "-f", path)
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// One Wait only: a second would wait for ever for what the first took.
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() { cmd.Process.Kill(); <-exited })
	// HAProxy says nothing when it is ready: its listening socket is the sign.
	for {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			return "http://" + addr
		}
		select {
		case <-exited:
			t.Fatalf("haproxy stopped:\n%s", logs)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// eventStream reads the names of the events an open stream hears.
type eventStream struct {
	lines *bufio.Scanner
}

func openEvents(t *testing.T, c *http.Client, base string) *eventStream {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/api/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	streaming := &http.Client{Jar: c.Jar, Transport: c.Transport}
	res, err := streaming.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("event stream: %v %v", res, err)
	}
	t.Cleanup(func() { res.Body.Close() })
	// The server subscribes the stream before it writes its first line,
	// the reconnection delay: from then on, the stream hears every event.
	s := &eventStream{lines: bufio.NewScanner(res.Body)}
	for s.lines.Scan() && !strings.HasPrefix(s.lines.Text(), "retry: ") {
	}
	if s.lines.Err() != nil {
		t.Fatal(s.lines.Err())
	}
	return s
}

// next is the name of the next event heard.
func (s *eventStream) next(t *testing.T) string {
	t.Helper()
	for s.lines.Scan() {
		if name, ok := strings.CutPrefix(s.lines.Text(), "event: "); ok {
			return name
		}
	}
	t.Fatalf("the event stream ended: %v", s.lines.Err())
	return ""
}

func getJSON(t *testing.T, c *http.Client, url string, v any) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// mustStatus checks a request's answer has status want.
func mustStatus(t *testing.T, want int) func(*http.Response, error) {
	return func(res *http.Response, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != want {
			body, _ := io.ReadAll(res.Body)
			t.Fatalf("%s %s: %d, want %d: %s", res.Request.Method, res.Request.URL, res.StatusCode, want, body)
		}
	}
}
