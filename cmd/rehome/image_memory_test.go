package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/internal/testpicture"
)

// TestHugePicturesKeepMemoryDown sends four pictures of 6000x6000 pixels,
// about 100 KB each, from four accounts at once to the real binary: all are
// stored, a small picture by a fifth account meanwhile is answered before
// the next of them, and the server's peak resident memory stays under
// 300 MB.
func TestHugePicturesKeepMemoryDown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real binary and decodes four 36-megapixel pictures")
	}
	dir := t.TempDir()
	bin, data := buildBinary(t, dir), filepath.Join(dir, "data")
	server := startBinary(t, bin, data)
	huge := testpicture.FlatPNG(6000, 6000, testpicture.RGB)
	if len(huge) > 150<<10 {
		t.Fatalf("the picture is %d KB; it should be about 100", len(huge)>>10)
	}

	var clients []*http.Client
	for i := range 5 {
		c := browser(200 + i)
		c.Timeout = 2 * time.Minute // the four take turns on a busy machine
		if _, ok := created(signUp(c, server.base, fmt.Sprintf("huge%d@example.com", i), "Seller")); !ok {
			t.Fatal("sign-up failed")
		}
		clients = append(clients, c)
	}
	before := peakRSS(t, server)

	answered := make(chan error)
	for _, c := range clients[:4] {
		go func() { answered <- stored(postImage(c, server.base, huge)) }()
	}
	// The first one answered, the next is being decoded and two wait: a
	// small picture by someone else need wait for none of them.
	if err := <-answered; err != nil {
		t.Error(err)
	}
	small := make(chan error, 1)
	go func() { small <- stored(postImage(clients[4], server.base, tinyPNG)) }()
	for pending := 3; pending > 0; pending-- {
		select {
		case err := <-small:
			if err != nil {
				t.Errorf("the small picture: %v", err)
			}
			small = nil
			pending++
		case err := <-answered:
			if small != nil {
				t.Errorf("a huge picture was answered before the small one")
			}
			if err != nil {
				t.Error(err)
			}
		}
	}

	peak := peakRSS(t, server)
	t.Logf("peak RSS %d MB before the uploads, %d MB after", before>>20, peak>>20)
	if peak >= 300<<20 {
		t.Errorf("peak RSS %d MB, want under 300 MB", peak>>20)
	}
}

// stored says why an upload was not stored, if it was not.
func stored(res *http.Response, err error) error {
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		body, _ := io.ReadAll(res.Body)
		return fmt.Errorf("status %d: %s", res.StatusCode, body)
	}
	return nil
}

// postImage uploads picture as POST /api/images does from the web app.
func postImage(c *http.Client, base string, picture []byte) (*http.Response, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("image", "picture.png")
	part.Write(picture)
	w.Close()
	return c.Post(base+"/api/images", w.FormDataContentType(), &body)
}

// peakRSS is the server's peak resident set size (VmHWM) so far.
func peakRSS(t *testing.T, p *process) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		t.Skipf("no /proc to read memory from: %v", err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM: %v", err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}
