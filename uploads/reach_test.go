package uploads_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/tcpproxy"
	"rehome/internal/testlog"
	"rehome/uploads"
	"rehome/uploads/s3test"
)

// TestAStoreThatHangsOrStops: a store that stops answering (its
// connections held, unanswered), then refuses connections, makes saving
// and serving a picture app's unavailable error (a 503 with Retry-After),
// tried again only now and then, not on every request; logged once when
// it goes and once when it is back.
func TestAStoreThatHangsOrStops(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rawURL, proxy := tcpproxy.Through(t, s3test.Server(t))
	s, err := uploads.OpenS3(ctx, rawURL)
	if err != nil {
		t.Fatal(err)
	}
	s.SetRetryEvery(time.Hour) // no retry within the test: each is made by CheckWritable
	logs := &testlog.Buffer{}
	s.UseLogger(slog.New(slog.NewTextHandler(logs, nil)))
	srv := httptest.NewServer(http.StripPrefix(uploads.URLPrefix, s.Handler()))
	t.Cleanup(srv.Close)
	save := func() (*app.Image, error) {
		return s.Save(ctx, 0, bytes.NewReader(encodeJPEG(t, cornerPicture(60, 40), 90, nil)))
	}
	get := func(url string) *http.Response {
		t.Helper()
		res, err := http.Get(srv.URL + url)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	unavailable := func(what string, err error) {
		t.Helper()
		var e *app.Error
		if !errors.As(err, &e) || e.Kind != app.KindUnavailable || e.Message != app.PicturesUnreachableMessage || e.RetryAfterSeconds <= 0 {
			t.Errorf("%s: %v, want unavailable: %s", what, err, app.PicturesUnreachableMessage)
		}
	}
	saved, err := save()
	if err != nil {
		t.Fatal(err)
	}

	for _, stop := range []func(){proxy.Hang, proxy.Down} {
		stop()
		_, err := save()
		unavailable("the first save", err)
		tried := proxy.Accepted()
		for range 3 {
			_, err := save()
			unavailable("a save while it is down", err)
			if res := get(saved.URL); res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
				t.Errorf("GET %s: %d, Retry-After %q", saved.URL, res.StatusCode, res.Header.Get("Retry-After"))
			}
		}
		if proxy.Accepted() != tried {
			t.Errorf("%d connections while the store was known down, want none", proxy.Accepted()-tried)
		}
		proxy.Up()
		// The health check always asks the store: it finds it back.
		if err := s.CheckWritable(); err != nil {
			t.Fatal(err)
		}
		if _, err := save(); err != nil {
			t.Errorf("once back: %v", err)
		}
		if res := get(saved.URL); res.StatusCode != http.StatusOK {
			t.Errorf("once back, GET %s: %d", saved.URL, res.StatusCode)
		}
	}
	for _, line := range []string{`msg="picture store unreachable"`, `msg="picture store reachable again"`} {
		if n := strings.Count(logs.String(), line); n != 2 {
			t.Errorf("%d lines %s, want 2 (one per outage):\n%s", n, line, logs)
		}
	}
}
