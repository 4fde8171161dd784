package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"rehome/internal/testlog"
)

// Shutdown waits for requests to end, and an event stream does not end by
// itself: the server must end the streams, and at once.
func TestShutdownEndsEventStreams(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &testlog.Buffer{}
	served := make(chan error, 1)
	go func() {
		served <- runServer(ctx, slog.New(slog.NewTextHandler(logs, nil)), serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), backupKeep: 1})
	}()
	if !logs.WaitFor("Rehome is listening", time.Minute) {
		t.Fatalf("server did not start; log:\n%s", logs)
	}
	base := listeningAt(t, logs)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	if _, err := registerBuyer(client, base, "ann@example.com"); err != nil {
		t.Fatal(err)
	}
	var streams []*bufio.Reader
	for range 3 {
		res, err := client.Get(base + "/api/events")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body := bufio.NewReader(res.Body)
		if line, err := body.ReadString('\n'); err != nil || line != "retry: 5000\n" {
			t.Fatalf("stream started with %q, %v", line, err)
		}
		streams = append(streams, body)
	}

	// Streams the server did not end would hold Shutdown until its grace
	// period ran out, and the server would stop with that error.
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("server stopped with %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("server did not stop within a minute")
	}
	for i, body := range streams {
		ended := make(chan string, 1)
		go func() {
			rest, err := io.ReadAll(body)
			if err != nil {
				rest = append(rest, err.Error()...)
			}
			ended <- string(rest)
		}()
		select {
		case rest := <-ended:
			if strings.TrimSpace(rest) != "" {
				t.Errorf("stream %d: after shutdown %q, want its end", i, rest)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("stream %d still open after shutdown", i)
		}
	}
}
