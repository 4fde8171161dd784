package porttest

import (
	"testing"

	"rehome/app"
	"rehome/live"
)

// Broker tests what every live.Broker promises; open gives a broker with
// no streams and no events yet.
func Broker(t *testing.T, open func(t *testing.T) live.Broker) {
	booking := func(user int64) app.Event { return app.Event{UserID: user, Type: app.EventBooking} }
	ann, bob := live.Owner{UserID: 1, Session: "ann's"}, live.Owner{UserID: 2, Session: "bob's"}

	t.Run("events reach their person's streams in id order", func(t *testing.T) {
		b := open(t)
		annStream, _ := b.Subscribe(ann, 0, false)
		bobStream, _ := b.Subscribe(bob, 0, false)
		b.Notify(booking(1), booking(2), booking(1))
		first, second := <-annStream.Frames, <-annStream.Frames
		if first.ID >= second.ID || first.UserID != 1 || second.UserID != 1 {
			t.Errorf("ann heard %d then %d (users %d, %d)", first.ID, second.ID, first.UserID, second.UserID)
		}
		if bobs := <-bobStream.Frames; bobs.ID <= first.ID || bobs.ID >= second.ID {
			t.Errorf("bob's event has id %d, published between %d and %d", bobs.ID, first.ID, second.ID)
		}
		if len(annStream.Frames)+len(bobStream.Frames) != 0 {
			t.Error("a stream heard more than its person's events")
		}
	})
	t.Run("a resumed stream hears what it missed once", func(t *testing.T) {
		b := open(t)
		s, _ := b.Subscribe(ann, 0, false)
		b.Notify(booking(1))
		last := (<-s.Frames).ID
		b.Unsubscribe(s)
		b.Notify(booking(1), booking(2), booking(1))
		s, resume := b.Subscribe(ann, last, true)
		b.Notify(booking(1))
		if resume.Reset || len(resume.Missed) != 2 {
			t.Fatalf("resume: reset %v, %d missed, want 2", resume.Reset, len(resume.Missed))
		}
		now := <-s.Frames
		if !(last < resume.Missed[0].ID && resume.Missed[0].ID < resume.Missed[1].ID && resume.Missed[1].ID < now.ID) {
			t.Errorf("ids %d, missed %d %d, then %d: want increasing", last, resume.Missed[0].ID, resume.Missed[1].ID, now.ID)
		}
	})
	t.Run("an id the broker never gave starts afresh", func(t *testing.T) {
		b := open(t)
		b.Notify(booking(1))
		if _, resume := b.Subscribe(ann, 1<<62, true); !resume.Reset {
			t.Error("an id from the future resumed")
		}
	})
	t.Run("an ended session ends its streams", func(t *testing.T) {
		b := open(t)
		annStream, _ := b.Subscribe(ann, 0, false)
		bobStream, _ := b.Subscribe(bob, 0, false)
		b.EndSessions(app.SessionsEnded{Sessions: []string{ann.Session}})
		if _, open := <-annStream.Frames; open || annStream.Ended() != live.SessionEnded {
			t.Errorf("ann's stream: open %v, ended %v", open, annStream.Ended())
		}
		if b.Open() != 1 {
			t.Errorf("%d streams open, want bob's", b.Open())
		}
		b.Close()
		if _, open := <-bobStream.Frames; open {
			t.Error("Close left a stream open")
		}
		if s, _ := b.Subscribe(bob, 0, false); s != nil {
			if _, open := <-s.Frames; open {
				t.Error("a closed broker opened a stream")
			}
		}
	})
}
