package eventstream_test

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rehome/api/eventstream"
	"rehome/live"
)

// streamServer serves one stream per request from hub, for user 1, with
// the Resume given and StillOpen answering stillOpen. closed is closed
// when a stream's Close is called, and counts the calls.
func streamServer(t *testing.T, hub *live.Hub, resume live.Resume, stillOpen func() bool) (url string, closed chan struct{}, calls *atomic.Int32) {
	t.Helper()
	closed, calls = make(chan struct{}), new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answered, err := eventstream.Prepare(w, r)
		if answered || err != nil {
			return
		}
		stream, _ := hub.Subscribe(live.Owner{UserID: 1, Session: "s"}, 0, false)
		eventstream.Serve(w, r, eventstream.Feed{
			Stream: stream, Resume: resume, Heartbeat: time.Millisecond, StillOpen: stillOpen,
			Close: func() {
				if calls.Add(1) == 1 {
					close(closed)
				}
				hub.Unsubscribe(stream)
			},
		})
	}))
	t.Cleanup(srv.Close)
	return srv.URL, closed, calls
}

func TestAStreamStartsWithItsRetryAndResume(t *testing.T) {
	hub := live.New()
	url, _, _ := streamServer(t, hub, live.Resume{Reset: true}, func() bool { return true })
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := res.Header.Get("Content-Type"); got != "text/event-stream" {
		t.Errorf("Content-Type %q", got)
	}
	lines := bufio.NewReader(res.Body)
	var got strings.Builder
	for !strings.Contains(got.String(), string(live.ResetText)) {
		line, err := lines.ReadString('\n')
		if err != nil {
			t.Fatalf("%v after %q", err, got.String())
		}
		got.WriteString(line)
	}
	if !strings.HasPrefix(got.String(), "retry: 5000\n\n") {
		t.Errorf("the stream starts %q, want the retry first", got.String())
	}
}

func TestAStreamEnds(t *testing.T) {
	tests := []struct {
		name      string
		stillOpen bool
		end       func(*live.Hub)
		wantLast  string
	}{
		{"when it is no longer open", false, func(*live.Hub) {}, ""},
		{"when the hub closes", true, (*live.Hub).Close, ""},
		{"superseded, saying so", true, func(hub *live.Hub) {
			for range live.MaxStreams {
				hub.Subscribe(live.Owner{UserID: 1, Session: "other"}, 0, false)
			}
		}, string(live.SupersededText)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hub := live.New()
			url, closed, calls := streamServer(t, hub, live.Resume{}, func() bool { return tt.stillOpen })
			res, err := http.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			// The stream has started once its retry line is read.
			lines := bufio.NewReader(res.Body)
			if line, err := lines.ReadString('\n'); err != nil || line != "retry: 5000\n" {
				t.Fatalf("first line %q, %v", line, err)
			}
			tt.end(hub)
			body, err := io.ReadAll(lines)
			if err != nil {
				t.Fatal(err)
			}
			<-closed
			if got := strings.ReplaceAll(string(body), ": ping\n\n", ""); got != "\n"+tt.wantLast {
				t.Errorf("the stream's end %q, want %q", got, "\n"+tt.wantLast)
			}
			if n := calls.Load(); n != 1 {
				t.Errorf("Close called %d times", n)
			}
		})
	}
}

func TestHeadIsAnsweredByPrepare(t *testing.T) {
	rec := httptest.NewRecorder()
	answered, err := eventstream.Prepare(rec, httptest.NewRequest(http.MethodHead, "/", nil))
	if !answered || err != nil || rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("answered %v, err %v, status %d, body %q", answered, err, rec.Code, rec.Body.String())
	}
}
