package wiring_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rehome/api"
	"rehome/app"
	"rehome/internal/mailsink"
	"rehome/internal/pgtest"
	"rehome/internal/wiring"
	"rehome/mail"
	"rehome/push"
	"rehome/uploads/s3test"
)

var settings = wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func open(t *testing.T, dir string) *wiring.Marketplace {
	t.Helper()
	return openSet(t, dir, settings)
}

// openSet is open, run as set says.
func openSet(t *testing.T, dir string, set wiring.Settings) *wiring.Marketplace {
	t.Helper()
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: dir}, set)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

func register(t *testing.T, m *wiring.Marketplace, email string) *app.User {
	t.Helper()
	u, err := m.Services.SigningIn.Register(context.Background(),
		app.NewUser{Name: "Ann Example", Email: email, Password: "a long password", Role: app.RoleBuyer}, nil, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestOpen: a data directory is made where there was none, and opened
// again it holds what was written and the same push keys.
func TestOpen(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "new", "data")
	m := open(t, dir)
	for _, name := range []string{wiring.DatabaseFile, wiring.ImagesDir} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("no %s: %v", name, err)
		}
	}
	keys, err := m.Services.Notifications.VAPIDKeys(ctx)
	if err != nil || keys.Public == "" {
		t.Fatalf("push keys %+v, %v", keys, err)
	}
	register(t, m, "ann@example.com")
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}

	again := open(t, dir)
	if n, err := again.DB.Count(ctx); err != nil || n.Users != 1 {
		t.Errorf("reopened: %+v, %v; want the one account", n, err)
	}
	if kept, err := again.Services.Notifications.VAPIDKeys(ctx); err != nil || kept != keys {
		t.Errorf("reopened, the push keys changed: %v", err)
	}
}

// TestOpenOnPostgres: with a database URL, the data directory holds no
// database; what was written, and the push keys, are in PostgreSQL, found
// again by the next instance to open it, which serves them.
func TestOpenOnPostgres(t *testing.T) {
	ctx := context.Background()
	loc := wiring.Location{Dir: t.TempDir(), DatabaseURL: pgtest.NewDatabase(t)}
	m, err := wiring.Open(ctx, loc, settings)
	if err != nil {
		t.Fatal(err)
	}
	if m.DB != nil {
		t.Error("the SQLite database is open too")
	}
	if _, err := os.Stat(filepath.Join(loc.Dir, wiring.DatabaseFile)); err == nil {
		t.Errorf("%s was made in the data directory", wiring.DatabaseFile)
	}
	keys, err := m.Services.Notifications.VAPIDKeys(ctx)
	if err != nil || keys.Public == "" {
		t.Fatalf("push keys %+v, %v", keys, err)
	}
	register(t, m, "ann@example.com")
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}

	again, err := wiring.Open(ctx, loc, settings)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { again.Close() })
	if _, err := again.Store.UserByEmail(ctx, "ann@example.com"); err != nil {
		t.Errorf("reopened: %v; want the account", err)
	}
	if kept, err := again.Services.Notifications.VAPIDKeys(ctx); err != nil || kept != keys {
		t.Errorf("reopened, the push keys changed: %v", err)
	}
	srv := httptest.NewServer(again.Server(api.Config{Logger: quiet()}).Handler())
	t.Cleanup(srv.Close)
	for _, path := range []string{"/healthz", "/api/categories"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", path, res.StatusCode)
		}
	}
}

// TestHealth: healthy until the database or the picture directory fails,
// and then it says which.
func TestHealth(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(t *testing.T, m *wiring.Marketplace, dir string)
		want   string // "" for healthy
	}{
		{"healthy", func(*testing.T, *wiring.Marketplace, string) {}, ""},
		{"pictures cannot be stored", func(t *testing.T, _ *wiring.Marketplace, dir string) {
			images := filepath.Join(dir, wiring.ImagesDir)
			if err := os.RemoveAll(images); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(images, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "image directory"},
		{"the database is closed", func(t *testing.T, m *wiring.Marketplace, _ string) { m.Close() }, "closed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			m := open(t, dir)
			tc.break_(t, m, dir)
			err := m.Health(context.Background()).Fault
			if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("%v, want %q", err, tc.want)
			}
		})
	}
}

// TestHealthWithPicturesInS3: healthy while the bucket takes a write; a
// bucket that refuses one, which every instance shares, leaves this one
// degraded, not at fault.
func TestHealthWithPicturesInS3(t *testing.T) {
	var refuse atomic.Bool
	bucket := s3test.ServerWith(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if refuse.Load() && r.Method == http.MethodPut {
				http.Error(w, "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>", http.StatusForbidden)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: t.TempDir(), S3URL: bucket}, settings)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if h := m.Health(context.Background()); h != (api.Health{}) {
		t.Fatalf("healthy: %+v", h)
	}
	refuse.Store(true)
	if h := m.Health(context.Background()); h != (api.Health{PicturesDown: true}) {
		t.Errorf("with the bucket refusing writes: %+v", h)
	}
}

// TestServer: the server serves the API, the pictures, the health check
// and the web app built into the binary.
func TestServer(t *testing.T) {
	m := open(t, t.TempDir())
	srv := httptest.NewServer(m.Server(api.Config{Logger: quiet()}).Handler())
	t.Cleanup(srv.Close)
	for _, tc := range []struct{ path, contentType, body string }{
		{"/healthz", "application/json", `{"status":"ok","database":"ok","pictures":"ok"}`},
		{"/api/categories", "application/json", `"items"`},
		{"/", "text/html", "<html"},
		{"/dashboard/myorders", "text/html", "<html"},
	} {
		res, err := http.Get(srv.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), tc.contentType) || !strings.Contains(string(body), tc.body) {
			t.Errorf("GET %s: %d %s %.200s", tc.path, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}

// TestMail: with mail on, a mail the service queues is sent at once
// (the courier is woken), through the server given, from the sender given,
// with links to the public address.
func TestMail(t *testing.T) {
	sink, err := mailsink.Start("127.0.0.1:0", mailsink.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sink.Close() })
	server, err := mail.ParseServer("smtp://" + sink.Addr)
	if err != nil {
		t.Fatal(err)
	}
	from := &netmail.Address{Name: "Rehome", Address: "noreply@market.example"}
	set := settings
	set.Mail, set.Log = &wiring.Mail{Sender: server, From: from, PublicURL: "https://market.example/"}, quiet()
	m := openSet(t, t.TempDir(), set)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { m.Courier.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	// The courier has looked at the queue once the first mail is in; the
	// second is queued while it waits for its next look, a minute away.
	for _, email := range []string{"ann@example.com", "bob@example.com"} {
		register(t, m, email)
		got := sink.Wait(email, 1, 10*time.Second)
		if len(got) != 1 {
			t.Fatalf("%d mails to %s arrived", len(got), email)
		}
		if got[0].From != from.Address || !strings.Contains(got[0].Text, "https://market.example/confirm-email?token=") {
			t.Errorf("from %s:\n%s", got[0].From, got[0].Text)
		}
	}
}

// TestSettingsReachTheServices: what Open is given, the services are
// built with; without it, the defaults.
func TestSettingsReachTheServices(t *testing.T) {
	ctx := context.Background()
	plain := open(t, t.TempDir())
	if got := plain.Services.Bookings.Currency(); got != "usd" {
		t.Errorf("currency by default %q", got)
	}
	if got := plain.Services.Site.Language(ctx); got != app.English {
		t.Errorf("language by default %q", got)
	}
	if plain.Push != nil || plain.Courier != nil {
		t.Errorf("push sender %v, mail courier %v, given neither", plain.Push, plain.Courier)
	}

	set := settings
	set.Currency, set.Language, set.Push = "eur", app.German, &push.Config{Subject: "mailto:admin@market.example", AllowLoopback: true}
	m := openSet(t, t.TempDir(), set)
	if got := m.Services.Bookings.Currency(); got != "eur" {
		t.Errorf("currency %q, want eur", got)
	}
	if got := m.Services.Site.Language(ctx); got != app.German {
		t.Errorf("language %q, want German", got)
	}
	if m.Push == nil {
		t.Error("no push sender")
	}
}
