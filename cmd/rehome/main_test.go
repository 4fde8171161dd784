package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rehome/internal/testlog"
	"rehome/internal/wiring"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
)

// cli runs the command with stdin and returns its exit code and output.
func cli(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// login checks a password against the database in dir, the way the server would.
func login(t *testing.T, dir, email, password string) (*app.User, error) {
	t.Helper()
	ctx := context.Background()
	m, err := wiring.Open(ctx, wiring.Location{Dir: dir}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	return m.Services.SigningIn.Login(ctx, email, password, "test", "")
}

func TestAdminCreate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data") // does not exist yet
	const password = "admin password 1"

	code, stdout, stderr := cli(t, password+"\n", "admin", "create", "--name", "Ada Admin", "--email", " Ada@Example.com ", "--data", dir)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !regexp.MustCompile(`^Created admin ada@example\.com \(id \d+\)\n$`).MatchString(stdout) {
		t.Errorf("stdout %q, want 'Created admin ada@example.com (id N)'", stdout)
	}
	if stderr != "" {
		t.Errorf("stderr %q, want nothing", stderr)
	}

	t.Run("the admin can log in", func(t *testing.T) {
		u, err := login(t, dir, "ADA@example.com", password)
		if err != nil {
			t.Fatalf("login: %v", err)
		}
		if u.Role != app.RoleAdmin || u.Name != "Ada Admin" || u.Email != "ada@example.com" {
			t.Errorf("user %+v, want the admin Ada", u)
		}
		if _, err := login(t, dir, "ada@example.com", password+"\n"); app.ErrorKind(err) != app.KindUnauthorized {
			t.Errorf("the newline typed after the password became part of it: %v", err)
		}
	})

	failures := []struct {
		name   string
		stdin  string
		args   []string
		stderr string // the one line, after "rehome: "
	}{
		{"the same email in another case", password + "\n", []string{"--name", "Ada Again", "--email", "ADA@example.COM"},
			"email: An account with this email already exists"},
		{"a short password", "short\n", []string{"--name", "Bo", "--email", "bo@example.com"},
			"password: Use at least 8 characters"},
		{"no password", "", []string{"--name", "Bo", "--email", "bo@example.com"},
			"password: This field is required"},
		{"no name", password + "\n", []string{"--email", "bo@example.com"},
			"name: This field is required"},
		{"a bad email", password + "\n", []string{"--name", "Bo", "--email", "bo at example"},
			"email: Enter a valid email address"},
		{"nothing at all", "", nil,
			"email: This field is required; name: This field is required; password: This field is required"},
	}
	for _, tc := range failures {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"admin", "create", "--data", dir}, tc.args...)
			code, stdout, stderr := cli(t, tc.stdin, args...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			if want := "rehome: " + tc.stderr + "\n"; stderr != want {
				t.Errorf("stderr %q, want %q", stderr, want)
			}
		})
	}

	t.Run("refusals created nobody", func(t *testing.T) {
		if _, err := login(t, dir, "bo@example.com", password); app.ErrorKind(err) != app.KindUnauthorized {
			t.Errorf("login as bo: %v, want unauthorized", err)
		}
	})

	t.Run("a password ending in CRLF", func(t *testing.T) {
		code, _, stderr := cli(t, "windows password\r\n", "admin", "create", "--name", "Win", "--email", "win@example.com", "--data", dir)
		if code != 0 {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		if _, err := login(t, dir, "win@example.com", "windows password"); err != nil {
			t.Errorf("login: %v", err)
		}
	})
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		name       string
		args       []string
		code       int
		stdout     string // substring
		stderr     string // substring
		emptyOther bool
	}{
		{"no command", nil, 2, "", "Usage:", true},
		{"unknown command", []string{"frobnicate"}, 2, "", `rehome: unknown command "frobnicate"`, true},
		{"admin without create", []string{"admin"}, 2, "", "Usage:", true},
		{"unknown admin command", []string{"admin", "delete"}, 2, "", "Usage:", true},
		{"unknown flag", []string{"admin", "create", "--colour", "red"}, 2, "", "flag provided but not defined: -colour", true},
		{"serve with an unknown flag", []string{"serve", "--colour", "red"}, 2, "", "flag provided but not defined: -colour", true},
		{"help", []string{"help"}, 0, "Usage:", "", true},
		{"--help", []string{"--help"}, 0, "rehome admin create", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout %q, want it to contain %q", stdout, tc.stdout)
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr %q, want it to contain %q", stderr, tc.stderr)
			}
			if tc.emptyOther && tc.stdout == "" && stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			if tc.emptyOther && tc.stderr == "" && stderr != "" {
				t.Errorf("stderr %q, want nothing", stderr)
			}
		})
	}
}

// registerBuyer signs up a buyer through the running server's API.
func registerBuyer(client *http.Client, base, email string) (*http.Response, error) {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(0, 0, color.RGBA{1, 2, 3, 255})
	var picture bytes.Buffer
	if err := png.Encode(&picture, img); err != nil {
		return nil, err
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range map[string]string{"name": "Buyer", "email": email, "password": "buyer password", "role": "Buyer"} {
		w.WriteField(k, v)
	}
	part, _ := w.CreateFormFile("image", "picture.png")
	part.Write(picture.Bytes())
	w.Close()
	res, err := client.Post(base+"/api/auth/register", w.FormDataContentType(), &body)
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("register %s: status %d", email, res.StatusCode)
	}
	return res, nil
}

// startServing runs the server as 'rehome serve' would until the test ends,
// and returns its log once it listens.
func startServing(t *testing.T, cfg serverConfig) *testlog.Buffer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs := &testlog.Buffer{}
	served := make(chan error, 1)
	go func() { served <- runServer(ctx, slog.New(slog.NewTextHandler(logs, nil)), cfg) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-served:
			if err != nil {
				t.Errorf("server stopped with %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("server did not stop")
		}
	})
	listening := make(chan bool, 1)
	go func() { listening <- logs.WaitFor("Rehome is listening", time.Minute) }()
	select {
	case err := <-served:
		served <- err // for the clean-up
		t.Fatalf("server stopped before listening: %v; log:\n%s", err, logs)
	case ok := <-listening:
		if !ok {
			t.Fatalf("server did not start; log:\n%s", logs)
		}
	}
	return logs
}

// listeningAt is the URL the server's log says it listens on.
func listeningAt(t *testing.T, logs *testlog.Buffer) string {
	t.Helper()
	m := regexp.MustCompile(`msg="Rehome is listening" url="?(https?://[^\s"]+)`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no URL in the log:\n%s", logs)
	}
	return m[1]
}

// TestAdminCreateWhileServing creates an admin with the command line while a
// server on the same data directory is running and taking writes; the server
// must see the new admin at once, and neither side may fail on a busy database.
func TestAdminCreateWhileServing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server with the production bcrypt cost")
	}
	dir := t.TempDir()
	base := listeningAt(t, startServing(t, serverConfig{addr: "127.0.0.1:0", data: dir, backupKeep: 1}))

	// The server takes registrations while the command line writes the admin.
	registered := make(chan error, 1)
	go func() {
		for i := range 3 {
			if _, err := registerBuyer(http.DefaultClient, base, fmt.Sprintf("buyer%d@example.com", i)); err != nil {
				registered <- err
				return
			}
		}
		registered <- nil
	}()
	code, stdout, stderr := cli(t, "admin password 1\n", "admin", "create", "--name", "Ada", "--email", "ada@example.com", "--data", dir)
	if code != 0 {
		t.Errorf("admin create: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if err := <-registered; err != nil {
		t.Errorf("registration during admin create: %v", err)
	}

	res, err := http.Post(base+"/api/auth/login", "application/json",
		strings.NewReader(`{"email":"ada@example.com","password":"admin password 1"}`))
	if err != nil {
		t.Fatal(err)
	}
	var user struct{ Email, Role string }
	json.NewDecoder(res.Body).Decode(&user)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || user.Role != "Admin" || user.Email != "ada@example.com" {
		t.Errorf("login on the running server: status %d, user %+v; want 200 and the admin", res.StatusCode, user)
	}
}
