package live_test

import (
	"testing"

	"rehome/app"
	"rehome/live"
)

func numbered(t *testing.T, id, user int64, data app.EventData) live.Numbered {
	t.Helper()
	raw, err := live.EventJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	return live.Numbered{ID: id, UserID: user, Type: data.EventType(), Data: raw}
}

func TestDeliveredEventsKeepTheirIDs(t *testing.T) {
	h := live.NewAfter(100, live.Recent)
	s, _ := h.Subscribe(live.Owner{UserID: 1}, 0, false)
	// 103 follows a number taken by a publication that failed; 102 again
	// was delivered already.
	h.Deliver(numbered(t, 101, 1, app.UnreadEventData{Unread: 2}), numbered(t, 103, 1, app.UnreadEventData{Unread: 3}))
	h.Deliver(numbered(t, 103, 1, app.UnreadEventData{Unread: 3}), numbered(t, 102, 1, app.UnreadEventData{Unread: 9}))
	h.Deliver(live.Numbered{ID: 104, UserID: 1, Type: app.EventBooking, Data: []byte("{}")})
	want := []string{
		"id: 101\nevent: unread\ndata: {\"unread\":2}\n\n",
		"id: 103\nevent: unread\ndata: {\"unread\":3}\n\n",
		"id: 104\nevent: booking\ndata: {}\n\n",
	}
	for _, w := range want {
		if f := <-s.Frames; string(f.Text) != w {
			t.Errorf("frame %q, want %q", f.Text, w)
		}
	}
	if len(s.Frames) != 0 || h.LastID() != 104 {
		t.Errorf("%d more frames, last id %d: want none, 104", len(s.Frames), h.LastID())
	}
}

func TestResumeAfterDelivery(t *testing.T) {
	h := live.NewAfter(100, live.Recent)
	h.Deliver(numbered(t, 101, 1, app.UnreadEventData{Unread: 1}), numbered(t, 105, 1, app.UnreadEventData{Unread: 2}))
	restarted := live.NewAfter(100, live.Recent)
	restarted.Deliver(numbered(t, 101, 1, app.UnreadEventData{Unread: 1}))
	restarted.Restart(104)
	restarted.Deliver(numbered(t, 105, 1, app.UnreadEventData{Unread: 2}))
	for _, tc := range []struct {
		name   string
		hub    *live.Hub
		lastID int64
		reset  bool
		missed int
	}{
		{"from the first id heard", h, 101, false, 1},
		{"from the latest", h, 105, false, 0},
		{"from the id the hub began hearing after", h, 100, false, 2},
		{"from before it", h, 99, true, 0},
		{"from a number never given yet", h, 106, true, 0},
		{"from before a restart", restarted, 101, true, 0},
		{"from the id a restart went on after", restarted, 104, false, 1},
		{"from after a restart", restarted, 105, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := tc.hub.Subscribe(live.Owner{UserID: 1}, tc.lastID, true)
			if r.Reset != tc.reset || len(r.Missed) != tc.missed {
				t.Errorf("reset %v, %d missed; want %v, %d", r.Reset, len(r.Missed), tc.reset, tc.missed)
			}
		})
	}
}

func TestRestartDropsEveryStream(t *testing.T) {
	h := live.NewAfter(0, live.Recent)
	ann, _ := h.Subscribe(live.Owner{UserID: 1, Session: "ann's"}, 0, false)
	bob, _ := h.Subscribe(live.Owner{UserID: 2, Session: "bob's"}, 0, false)
	h.Restart(10)
	for _, s := range []*live.Stream{ann, bob} {
		if _, open := <-s.Frames; open || s.Ended() != live.Dropped {
			t.Errorf("stream of %d: open %v, ended %v; want dropped", s.UserID, open, s.Ended())
		}
	}
	if h.Open() != 0 || h.LastID() != 10 {
		t.Errorf("%d streams open, last id %d; want 0, 10", h.Open(), h.LastID())
	}
}
