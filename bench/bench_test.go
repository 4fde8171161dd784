package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"image"
	_ "image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/uploads"
)

func TestCPUTicks(t *testing.T) {
	// Field 2 may hold spaces and parentheses.
	stat := []byte("4242 (rehome (serve) x) S 1 4242 4242 0 -1 4194560 1234 0 0 0 150 37 0 0 20 0 9 0 100 0 0\n")
	ticks, err := cpuTicks(stat)
	if err != nil || ticks != 187 {
		t.Errorf("got %d, %v; want 150+37", ticks, err)
	}
	if _, err := cpuTicks([]byte("4242 (short) S 1")); err == nil {
		t.Error("a short line was read")
	}
}

func TestStatusKB(t *testing.T) {
	status := []byte("Name:\trehome\nVmPeak:\t  900000 kB\nVmHWM:\t   31376 kB\nVmRSS:\t   29240 kB\n")
	if kb, err := statusKB(status, "VmHWM"); err != nil || kb != 31376 {
		t.Errorf("got %d, %v", kb, err)
	}
	if _, err := statusKB(status, "VmSwap"); err == nil {
		t.Error("found a missing line")
	}
}

func TestReadUsageOfThisProcess(t *testing.T) {
	ticks, err := clockTicks(context.Background())
	if err != nil {
		t.Skip(err)
	}
	u, err := readUsage(os.Getpid(), ticks)
	if err != nil {
		t.Fatal(err)
	}
	if u.peakRSS < 1<<20 {
		t.Errorf("peak RSS %d bytes", u.peakRSS)
	}
}

func TestMeasureWebApp(t *testing.T) {
	dist := t.TempDir()
	os.MkdirAll(filepath.Join(dist, "assets"), 0o755)
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dist, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-A1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-B2.js">
<link rel="stylesheet" crossorigin href="/assets/index-C3.css">
<link rel="icon" href="/favicon.svg">
</head><body></body></html>`)
	write("assets/index-A1.js", `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/home-D4.js","assets/shared-B2.js","assets/home-E5.css","assets/other-F6.js"])))=>i.map(i=>d[i]);`+
		"const r=()=>x(()=>import(`./home-D4.js`).then(e=>({Component:e.Home})),__vite__mapDeps([0,1,2]));"+
		"const o=()=>x(()=>import(`./other-F6.js`),__vite__mapDeps([3]));"+strings.Repeat("let a=1;", 100))
	write("assets/shared-B2.js", strings.Repeat("export const b=2;", 50))
	write("assets/index-C3.css", strings.Repeat("body{color:red}", 50))
	write("assets/home-D4.js", strings.Repeat("export const Home=1;", 50))
	write("assets/home-E5.css", strings.Repeat(".home{margin:0}", 50))
	write("assets/other-F6.js", strings.Repeat("other", 5000))
	write("favicon.svg", "<svg/>")

	s, err := measureWebApp(dist, "home")
	if err != nil {
		t.Fatal(err)
	}
	size := func(name string) int {
		n, err := gzipSize(filepath.Join(dist, name))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if want := size("assets/index-A1.js") + size("assets/shared-B2.js"); s.entryJS != want {
		t.Errorf("entry JS %d, want %d", s.entryJS, want)
	}
	if want := size("assets/index-C3.css"); s.entryCSS != want {
		t.Errorf("entry CSS %d, want %d", s.entryCSS, want)
	}
	// shared-B2.js is loaded already; other-F6.js belongs to another route.
	if want := size("assets/home-D4.js"); s.routeJS != want {
		t.Errorf("route JS %d, want %d (files %v)", s.routeJS, want, s.files)
	}
	if want := size("assets/home-E5.css"); s.routeCSS != want {
		t.Errorf("route CSS %d, want %d", s.routeCSS, want)
	}
}

func TestGzipSize(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f")
	os.WriteFile(name, bytes.Repeat([]byte("abc"), 1000), 0o644)
	n, err := gzipSize(name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(bytes.Repeat([]byte("abc"), 1000))
	zw.Close()
	if n != buf.Len() {
		t.Errorf("%d, want %d", n, buf.Len())
	}
}

// TestPhoto checks the upload's EXIF block is one the server reads: the
// stored picture is turned to portrait.
func TestPhoto(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes a 12-megapixel JPEG")
	}
	pic := photo()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(pic))
	if err != nil || format != "jpeg" || cfg.Width != 4000 || cfg.Height != 3000 {
		t.Fatalf("%s %dx%d, %v", format, cfg.Width, cfg.Height, err)
	}
	if len(pic) < 2<<20 || len(pic) > 10<<20 {
		t.Errorf("%d bytes, want a photo's few megabytes under the 10 MB limit", len(pic))
	}
	store, err := uploads.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	img, err := store.Save(context.Background(), 0, bytes.NewReader(pic))
	if err != nil {
		t.Fatal(err)
	}
	if img.Width >= img.Height {
		t.Errorf("stored %dx%d, want portrait", img.Width, img.Height)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"GET /api/categories/{name}?limit=24&offset=4800": "get-api-categories-name-limit-24-offset-4800",
		"mixed": "mixed",
	} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMachineBusy(t *testing.T) {
	ticks, err := clockTicks(context.Background())
	if err != nil {
		t.Skip(err)
	}
	busy, err := machineBusy(ticks)
	if err != nil || busy <= 0 {
		t.Errorf("got %v, %v", busy, err)
	}
}

// TestPacedConn sends prepared requests on one connection to a test server
// and reads the answers: with a body and without one.
func TestPacedConn(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/304":
			w.WriteHeader(http.StatusNotModified)
		case "/echo":
			body, _ := io.ReadAll(r.Body)
			w.Header().Set("Content-Length", strconv.Itoa(len(body)+len(r.Header.Get("Cookie"))))
			w.WriteHeader(http.StatusCreated)
			w.Write(body)
			io.WriteString(w, r.Header.Get("Cookie"))
		default:
			w.Header().Set("Content-Length", "5000")
			w.Write(bytes.Repeat([]byte("x"), 5000))
		}
	}))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	c, err := dial(host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, tc := range []struct {
		target target
		status int
	}{
		{target{method: "GET", path: "/big"}, 200},
		{target{method: "GET", path: "/304"}, 304},
		{target{method: "POST", path: "/echo", body: `{"a":1}`, cookie: "s=1"}, 201},
		{target{method: "GET", path: "/big"}, 200},
	} {
		status, err := c.roundTrip(rawRequest(host, tc.target, headers("Accept-Encoding", "gzip")))
		if err != nil || status != tc.status {
			t.Errorf("%+v: status %d, %v; want %d", tc.target, status, err, tc.status)
		}
	}
}

func TestPacerAnswersEveryRequest(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			w.Header().Set("Content-Length", "0")
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Length", "2000")
		w.Write(bytes.Repeat([]byte("x"), 2000))
	}))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	requests := [][]byte{
		rawRequest(host, target{method: "GET", path: "/a"}, nil),
		rawRequest(host, target{method: "GET", path: "/missing"}, nil),
	}
	const count = 400
	p := &pacer{host: host, requests: requests, want: []int{200}, unwanted: map[string]int{},
		interval: time.Second / 4000, latencies: make([]time.Duration, count), done: make(chan struct{})}
	if err := p.open(rawRequest(host, pacedWarmUp, nil)); err != nil {
		t.Fatal(err)
	}
	p.run(context.Background(), count)
	if p.err != nil || p.sent != count || p.answered != count {
		t.Fatalf("sent %d, answered %d of %d: %v", p.sent, p.answered, count, p.err)
	}
	if p.unwantedN != count/2 || p.unwanted["404"] != count/2 {
		t.Errorf("unwanted answers %v, want %d × 404", p.unwanted, count/2)
	}
	for i, lat := range p.latencies {
		if lat <= 0 {
			t.Fatalf("request %d has latency %v", i, lat)
		}
	}
}
