package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// get GETs url, which must answer 200, and reads the answer (fetch, demo_test.go).
func get(t *testing.T, url string) []byte {
	t.Helper()
	res, body := fetch(t, url)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", url, res.StatusCode)
	}
	return []byte(body)
}

// TestBackupAndRestoreCommands backs up a running demo marketplace and
// serves the restored copy: the same listings, pictures and accounts.
func TestBackupAndRestoreCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("fills the demo marketplace")
	}
	dir := filepath.Join(t.TempDir(), "data")
	served := startServing(t, serverConfig{addr: "127.0.0.1:0", data: dir, demo: true, backupKeep: 1})
	original := listeningAt(t, served)
	waitForDemo(t, served)
	if code, _, stderr := cli(t, "admin password 1\n", "admin", "create", "--name", "Ada", "--email", "ada@example.com", "--data", dir); code != 0 {
		t.Fatalf("admin create: %s", stderr)
	}

	archive := filepath.Join(t.TempDir(), "market.tar.gz")
	code, stdout, stderr := cli(t, "", "backup", "--data", dir, "--out", archive)
	if code != 0 || !strings.HasPrefix(stdout, "Backed up 6 users, 60 listings") {
		t.Fatalf("backup: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	restored := filepath.Join(t.TempDir(), "restored")
	code, stdout, stderr = cli(t, "", "restore", archive, "--data", restored)
	if code != 0 || !strings.HasPrefix(stdout, "Restored 6 users, 60 listings") {
		t.Fatalf("restore: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	copy := listeningAt(t, startServing(t, serverConfig{addr: "127.0.0.1:0", data: restored, backupKeep: 1}))

	for _, path := range []string{"/api/categories", "/api/advertised"} {
		if a, b := get(t, original+path), get(t, copy+path); !bytes.Equal(a, b) {
			t.Errorf("%s differs after restoring:\n%s\n%s", path, a, b)
		}
	}
	var advertised struct {
		Items []struct{ Image string } `json:"items"`
	}
	if err := json.Unmarshal(get(t, copy+"/api/advertised"), &advertised); err != nil || len(advertised.Items) == 0 {
		t.Fatalf("advertised products: %v %+v", err, advertised)
	}
	picture := advertised.Items[0].Image
	if a, b := get(t, original+picture), get(t, copy+picture); !bytes.Equal(a, b) {
		t.Errorf("picture %s differs after restoring", picture)
	}
	res, err := http.Post(copy+"/api/auth/login", "application/json",
		strings.NewReader(`{"email":"ada@example.com","password":"admin password 1"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("the admin cannot log in on the restored server: status %d", res.StatusCode)
	}

	t.Run("refusals", func(t *testing.T) {
		code, _, stderr := cli(t, "", "restore", "--data", restored, archive)
		if code != 1 || !strings.Contains(stderr, "is not empty") || !strings.Contains(stderr, "--force") {
			t.Errorf("restore over data: exit %d, stderr %q", code, stderr)
		}
		raw, _ := os.ReadFile(archive)
		truncated := filepath.Join(t.TempDir(), "truncated.tar.gz")
		os.WriteFile(truncated, raw[:len(raw)/2], 0o600)
		code, _, stderr = cli(t, "", "restore", "--force", "--data", restored, truncated)
		if code != 1 || !strings.Contains(stderr, "truncated") || !strings.HasSuffix(stderr, "nothing was changed\n") {
			t.Errorf("a truncated archive: exit %d, stderr %q", code, stderr)
		}
		code, _, stderr = cli(t, "", "backup", "--data", dir)
		if code != 2 || !strings.Contains(stderr, "usage: rehome backup") {
			t.Errorf("backup without --out: exit %d, stderr %q", code, stderr)
		}
	})
}
