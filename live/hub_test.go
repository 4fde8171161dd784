package live_test

import (
	"fmt"
	"strings"
	"testing"

	"rehome/app"
	"rehome/live"
)

func unread(user int64, n int) app.Event {
	return app.NewEvent(user, app.UnreadEventData{Unread: n})
}

func TestFramesAreNumberedAndWritten(t *testing.T) {
	h := live.New()
	s, _ := h.Subscribe(live.Owner{UserID: 1}, 0, false)
	h.Notify(unread(1, 2), unread(2, 9), app.Event{UserID: 1, Type: app.EventBooking})
	first, second := <-s.Frames, <-s.Frames
	if second.ID <= first.ID {
		t.Errorf("ids %d then %d, want increasing", first.ID, second.ID)
	}
	want := "event: unread\ndata: {\"unread\":2}\n\n"
	if text := string(first.Text); !strings.HasPrefix(text, "id: ") || !strings.HasSuffix(text, want) {
		t.Errorf("frame %q, want id: N and %q", text, want)
	}
	if text := string(second.Text); !strings.HasSuffix(text, "event: booking\ndata: {}\n\n") {
		t.Errorf("an event without data: %q", text)
	}
	if len(s.Frames) != 0 {
		t.Errorf("%d more frames, want none: the other person's event is not ours", len(s.Frames))
	}
}

func TestResume(t *testing.T) {
	h := live.NewSized(4)
	s, _ := h.Subscribe(live.Owner{UserID: 1}, 0, false)
	h.Notify(unread(1, 1))
	seen := (<-s.Frames).ID
	h.Notify(unread(1, 2), unread(2, 0), unread(1, 3))

	cases := []struct {
		name   string
		lastID int64
		reset  bool
		missed int
	}{
		{"what came after", seen, false, 2},
		{"nothing after the latest", seen + 3, false, 0},
		{"an id from before the hub started", seen - 1, true, 0},
		{"an id the hub never gave", seen + 100, true, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, r := h.Subscribe(live.Owner{UserID: 1}, tc.lastID, true)
			if r.Reset != tc.reset || len(r.Missed) != tc.missed {
				t.Errorf("reset %v, %d missed; want %v, %d", r.Reset, len(r.Missed), tc.reset, tc.missed)
			}
			for _, f := range r.Missed {
				if f.UserID != 1 || f.ID <= tc.lastID {
					t.Errorf("replayed %+v", f)
				}
			}
		})
	}
	t.Run("events let go of", func(t *testing.T) {
		h.Notify(unread(2, 1), unread(2, 2)) // the hub keeps 4: the event after seen is gone
		if _, r := h.Subscribe(live.Owner{UserID: 1}, seen, true); !r.Reset {
			t.Errorf("no reset, %d missed", len(r.Missed))
		}
	})
}

func TestSlowStreamIsDroppedAndCloseEndsAll(t *testing.T) {
	h := live.New()
	slow, _ := h.Subscribe(live.Owner{UserID: 1}, 0, false)
	other, _ := h.Subscribe(live.Owner{UserID: 2}, 0, false)
	for i := range live.StreamBuffer + 1 {
		h.Notify(unread(1, i))
	}
	n := 0
	for range slow.Frames {
		n++
	}
	if n != live.StreamBuffer {
		t.Errorf("the slow stream got %d frames before it closed, want %d", n, live.StreamBuffer)
	}
	if h.Open() != 1 {
		t.Errorf("%d streams open, want the other one", h.Open())
	}
	h.Unsubscribe(slow) // already closed: no second close
	h.Close()
	if _, open := <-other.Frames; open {
		t.Error("a stream outlived Close")
	}
	late, _ := h.Subscribe(live.Owner{UserID: 3}, 0, false)
	if _, open := <-late.Frames; open {
		t.Error("a closed hub opened a stream")
	}
	h.Notify(unread(3, 1)) // a closed hub takes events and drops them
}

// closed says whether the hub closed s, and drains what it holds.
func closed(s *live.Stream) bool {
	for {
		select {
		case _, open := <-s.Frames:
			if !open {
				return true
			}
		default:
			return false
		}
	}
}

func TestEndSessions(t *testing.T) {
	cases := []struct {
		name  string
		ended app.SessionsEnded
		// Which of the streams below end.
		want map[string]bool
	}{
		{"a session deleted", app.SessionsEnded{Sessions: []string{"phone"}},
			map[string]bool{"phone": true}},
		{"the epoch raised past the older sessions", app.SessionsEnded{Epochs: map[int64]int64{1: 3}},
			map[string]bool{"phone": true, "laptop": true}},
		{"an epoch no session is behind", app.SessionsEnded{Epochs: map[int64]int64{1: 2}},
			map[string]bool{"phone": true}},
		{"the account deleted", app.SessionsEnded{Accounts: []int64{1}},
			map[string]bool{"phone": true, "laptop": true, "tablet": true}},
		{"another account's", app.SessionsEnded{Sessions: []string{"unknown"}, Epochs: map[int64]int64{9: 5}, Accounts: []int64{9}},
			map[string]bool{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := live.New()
			streams := map[string]*live.Stream{}
			for name, owner := range map[string]live.Owner{
				"phone":  {UserID: 1, Session: "phone", Epoch: 1},
				"laptop": {UserID: 1, Session: "laptop", Epoch: 2},
				"tablet": {UserID: 1, Session: "tablet", Epoch: 3},
				"bob":    {UserID: 2, Session: "bob", Epoch: 1},
			} {
				streams[name], _ = h.Subscribe(owner, 0, false)
			}
			h.EndSessions(tc.ended)
			for name, s := range streams {
				if got := closed(s); got != tc.want[name] {
					t.Errorf("%s's stream closed: %v, want %v", name, got, tc.want[name])
				}
				if tc.want[name] && s.Ended() != live.SessionEnded {
					t.Errorf("%s's stream ended as %v, want SessionEnded", name, s.Ended())
				}
			}
			if h.Open() != len(streams)-len(tc.want) {
				t.Errorf("%d streams open, want %d", h.Open(), len(streams)-len(tc.want))
			}
		})
	}
}

func TestStreamsPerAccount(t *testing.T) {
	h := live.New()
	var streams []*live.Stream
	for i := range live.MaxStreams {
		s, _ := h.Subscribe(live.Owner{UserID: 1, Session: fmt.Sprint(i)}, 0, false)
		streams = append(streams, s)
	}
	other, _ := h.Subscribe(live.Owner{UserID: 2}, 0, false)
	newest, _ := h.Subscribe(live.Owner{UserID: 1, Session: "0"}, 0, false)
	if !closed(streams[0]) || streams[0].Ended() != live.Superseded {
		t.Errorf("the oldest stream: closed %v, ended as %v; want closed as Superseded", closed(streams[0]), streams[0].Ended())
	}
	for i, s := range append(streams[1:], other, newest) {
		if closed(s) {
			t.Errorf("stream %d closed", i+1)
		}
	}
	// The session's index forgot the superseded stream, not the new one.
	h.EndSessions(app.SessionsEnded{Sessions: []string{"0"}})
	if !closed(newest) || newest.Ended() != live.SessionEnded {
		t.Error("the newest stream outlived its session")
	}
}
