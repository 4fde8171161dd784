package uploads_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestZZCorpus(t *testing.T) {
	dir := os.Getenv("CORPUS")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	s, _ := newStore(t)
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		lines := strings.SplitN(string(raw), "\n", 2)
		q := strings.TrimSpace(lines[1])
		q = strings.TrimSuffix(strings.TrimPrefix(q, "[]byte("), ")")
		data, err := strconv.Unquote(q)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		img, err := s.Save(context.Background(), bytes.NewReader([]byte(data)))
		if d := time.Since(t0); d > 50*time.Millisecond {
			t.Logf("%s: %v %d bytes %q -> %+v %v", filepath.Base(f), d, len(data), data[:min(16, len(data))], img, err)
		}
	}
}
