package metrics_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/metrics"
	"rehome/internal/testpicture"
	"rehome/internal/wiring"
)

// TestScrape: requests through Measure, a picture processed and a write
// waited for are in what a Prometheus server scrapes, with the records
// the database holds.
func TestScrape(t *testing.T) {
	ctx := context.Background()
	m, err := wiring.Open(ctx, wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	measured := metrics.New(m.DB, m.Images, slog.New(slog.NewTextHandler(io.Discard, nil)))

	router := chi.NewRouter()
	router.Get("/things/{id}", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	router.Get("/silent", func(w http.ResponseWriter, r *http.Request) {})
	router.Post("/things", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "invalid", http.StatusUnprocessableEntity)
	})
	site := httptest.NewServer(measured.Measure(router))
	t.Cleanup(site.Close)
	for _, req := range []struct{ method, path string }{
		{"GET", "/things/1"}, {"GET", "/things/2"}, {"GET", "/silent"},
		{"POST", "/things"}, {"GET", "/nowhere"},
	} {
		r, err := http.NewRequest(req.method, site.URL+req.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}

	picture := bytes.NewReader(testpicture.FlatPNG(640, 480, testpicture.RGB))
	ann := app.NewUser{Name: "Ann Example", Email: "ann@example.com", Password: "a long password", Role: app.RoleBuyer}
	if _, err := m.Services.SigningIn.Register(ctx, ann, picture, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}

	scraper := httptest.NewServer(measured.Handler())
	t.Cleanup(scraper.Close)
	res, err := http.Get(scraper.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	text := string(body)

	for _, want := range []string{
		// Ids do not make a series each.
		`rehome_http_requests_total{method="GET",route="/things/{id}",status="204"} 2`,
		// A handler that writes nothing has answered 200.
		`rehome_http_requests_total{method="GET",route="/silent",status="200"} 1`,
		`rehome_http_requests_total{method="POST",route="/things",status="422"} 1`,
		`rehome_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`rehome_http_request_duration_seconds_count{method="GET",route="/things/{id}"} 2`,
		`rehome_image_processing_seconds_count 1`,
		// Back to none once the picture is decoded.
		`rehome_image_decoding_pixels 0`,
		`rehome_records{kind="users"} 1`,
		`rehome_records{kind="listings"} 0`,
		`go_sql_max_open_connections{db_name="write"} 1`,
		`go_sql_open_connections{db_name="read"}`,
		`process_resident_memory_bytes`,
		`go_goroutines`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the scrape lacks %s", want)
		}
	}
	if !regexp.MustCompile(`(?m)^rehome_db_write_wait_seconds_count [1-9]`).MatchString(text) {
		t.Error("no write waits were measured")
	}
	if t.Failed() {
		t.Logf("scraped:\n%s", text)
	}
}

// TestScrapeWithoutTheDatabase: the records cannot be counted, the scrape
// says so, and the other metrics are still scraped.
func TestScrapeWithoutTheDatabase(t *testing.T) {
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	measured := metrics.New(m.DB, m.Images, slog.New(slog.NewTextHandler(&logged, nil)))
	m.Close()
	scraper := httptest.NewServer(measured.Handler())
	t.Cleanup(scraper.Close)
	res, err := http.Get(scraper.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusInternalServerError || strings.Contains(string(body), "rehome_records{") {
		t.Errorf("status %d:\n%s", res.StatusCode, body)
	}
	if !strings.Contains(logged.String(), "metrics: count records") {
		t.Errorf("nothing logged: %q", logged.String())
	}
}
