package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"rehome/internal/testlog"
	"rehome/internal/wiring"
)

// buildBinary builds this command into dir, as make build does without
// the web app.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "rehome")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process is the real binary serving a data directory.
type process struct {
	cmd  *exec.Cmd
	base string
	logs *testlog.Buffer
}

func startBinary(t *testing.T, bin, data string) *process {
	t.Helper()
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	p := &process{cmd: exec.Command(bin, "serve", "--data", data, "--addr", addr), base: "http://" + addr, logs: &testlog.Buffer{}}
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

// browser is one visitor with a cookie jar, connecting from its own
// loopback address so that the per-address sign-up limit counts each apart.
func browser(n int) *http.Client {
	jar, _ := cookiejar.New(nil)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 3, byte(n>>8), byte(n))}}
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: dialer.DialContext}}
}

func signUp(c *http.Client, base, email, role string) (*http.Response, error) {
	return postPicture(c, base+"/api/auth/register", map[string]string{
		"name": "Someone", "email": email, "password": "a long password", "role": role, "phone": "+1 555 0100"})
}

// postPicture posts a multipart form of fields and a picture to url.
func postPicture(c *http.Client, url string, fields map[string]string) (*http.Response, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	part, _ := w.CreateFormFile("image", "picture.png")
	part.Write(tinyPNG)
	w.Close()
	return c.Post(url, w.FormDataContentType(), &body)
}

// tinyPNG is a small valid picture.
var tinyPNG = func() []byte {
	var buf bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	png.Encode(&buf, img)
	return buf.Bytes()
}()

func postJSON(c *http.Client, url string, body any, headers ...string) (*http.Response, error) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return c.Do(req)
}

// created reads the id of what a 201 answer created.
func created(res *http.Response, err error) (int64, bool) {
	if err != nil {
		return 0, false
	}
	defer res.Body.Close()
	var v struct{ ID int64 }
	if res.StatusCode/100 != 2 || json.NewDecoder(res.Body).Decode(&v) != nil {
		return 0, false
	}
	return v.ID, true
}

// TestEveryAcknowledgedWriteSurvivesAKill runs the real binary under a
// write load of sign-ups, listings and bookings, kills it with SIGKILL in
// the middle, and starts it again: every write that was answered 2xx is
// there, and the database passes its integrity check.
func TestEveryAcknowledgedWriteSurvivesAKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the real binary")
	}
	dir := t.TempDir()
	bin, data := buildBinary(t, dir), filepath.Join(dir, "data")
	server := startBinary(t, bin, data)

	// A category, a seller with a picture and a listing, and buyers.
	if code, _, stderr := cli(t, "admin password 1\n", "admin", "create", "--name", "Ada", "--email", "ada@example.com", "--data", data); code != 0 {
		t.Fatal(stderr)
	}
	admin := browser(1)
	if _, err := postJSON(admin, server.base+"/api/auth/login", map[string]string{"email": "ada@example.com", "password": "admin password 1"}); err != nil {
		t.Fatal(err)
	}
	if res, err := postPicture(admin, server.base+"/api/categories", map[string]string{"name": "Tables"}); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("category: %v %v", res, err)
	}
	seller := browser(2)
	if _, ok := created(signUp(seller, server.base, "seller@example.com", "Seller")); !ok {
		t.Fatal("seller sign-up failed")
	}
	var picture struct{ URL string }
	res, err := postPicture(seller, server.base+"/api/images", nil)
	if err != nil || res.StatusCode != http.StatusCreated || json.NewDecoder(res.Body).Decode(&picture) != nil {
		t.Fatalf("picture: %v %v", res, err)
	}
	res.Body.Close()
	product := func() map[string]any {
		return map[string]any{"category": "Tables", "product": "Oak table", "description": "Solid oak.", "image": picture.URL,
			"condition": "Good", "location": "Riverside", "original_price": 500, "resale_price": "120", "seller_phone": "+1 555 0100",
			"purchase_year": 2019, "use_period": "5 years"}
	}
	first, ok := created(postJSON(seller, server.base+"/api/products", product()))
	if !ok {
		t.Fatal("first listing failed")
	}
	var buyers []*http.Client
	for i := range 3 {
		b := browser(10 + i)
		if _, ok := created(signUp(b, server.base, fmt.Sprintf("buyer%d@example.com", i), "Buyer")); !ok {
			t.Fatal("buyer sign-up failed")
		}
		buyers = append(buyers, b)
	}

	// The load, until the kill: once each kind of write has been
	// acknowledged a few times, with more still coming.
	ctx, stop := context.WithCancel(context.Background())
	var (
		mu       sync.Mutex
		listed   = sync.NewCond(&mu) // a listing was added, or the load stops
		users    []string
		products []int64
		bookings []int64
		wg       sync.WaitGroup
	)
	enough, enoughOnce := make(chan struct{}), sync.Once{}
	const acknowledged = 5
	record := func(add func()) {
		mu.Lock()
		defer mu.Unlock()
		add()
		listed.Broadcast()
		if len(users) >= acknowledged && len(products) >= acknowledged && len(bookings) >= acknowledged {
			enoughOnce.Do(func() { close(enough) })
		}
	}
	wg.Go(func() { // sign-ups, each from an address of its own
		for i := 0; ctx.Err() == nil; i++ {
			email := fmt.Sprintf("new%d@example.com", i)
			if _, ok := created(signUp(browser(100+i), server.base, email, "Buyer")); ok {
				record(func() { users = append(users, email) })
			}
		}
	})
	wg.Go(func() { // listings
		for ctx.Err() == nil {
			if id, ok := created(postJSON(seller, server.base+"/api/products", product())); ok {
				record(func() { products = append(products, id) })
			}
		}
	})
	for i, b := range buyers { // bookings of the listings as they appear
		wg.Go(func() {
			for n := 0; ; n++ {
				mu.Lock()
				for n >= len(products) && ctx.Err() == nil {
					listed.Wait()
				}
				next := int64(0)
				if n < len(products) {
					next = products[n]
				}
				mu.Unlock()
				if ctx.Err() != nil {
					return
				}
				body := map[string]any{"product_id": next, "location": "Market Square", "buyer_phone": "+1 555 0199"}
				if id, ok := created(postJSON(b, server.base+"/api/booked", body, "Idempotency-Key", fmt.Sprintf("b%d-%d", i, n+1))); ok {
					record(func() { bookings = append(bookings, id) })
				}
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(5 * time.Minute):
		t.Errorf("the load wrote too little in five minutes")
	}
	if err := server.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	server.cmd.Wait()
	stop()
	mu.Lock()
	listed.Broadcast()
	mu.Unlock()
	wg.Wait()
	t.Logf("acknowledged before the kill: %d sign-ups, %d listings, %d bookings", len(users), len(products), len(bookings))
	if len(users) == 0 || len(products) == 0 || len(bookings) == 0 {
		t.Fatalf("the load wrote too little to tell: %d sign-ups, %d listings, %d bookings", len(users), len(products), len(bookings))
	}

	again := startBinary(t, bin, data)
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: filepath.Join(data, wiring.DatabaseFile)}).EscapedPath()+
		"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var integrity string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&integrity); err != nil || integrity != "ok" {
		t.Fatalf("integrity_check: %q %v", integrity, err)
	}
	exists := func(query string, arg any) bool {
		var n int
		if err := db.QueryRow(query, arg).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	for _, email := range users {
		if !exists(`SELECT count(*) FROM users WHERE email = ?`, email) {
			t.Errorf("sign-up %s was acknowledged but is gone", email)
		}
	}
	for _, id := range products {
		if !exists(`SELECT count(*) FROM products WHERE id = ?`, id) {
			t.Errorf("listing %d was acknowledged but is gone", id)
		}
	}
	for _, id := range bookings {
		if !exists(`SELECT count(*) FROM bookings WHERE id = ?`, id) {
			t.Errorf("booking %d was acknowledged but is gone", id)
		}
	}
	// And the restarted server answers as before.
	res, err = seller.Get(again.base + "/api/products/" + strconv.FormatInt(first, 10))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("after the restart, the first listing: status %d", res.StatusCode)
	}
}
