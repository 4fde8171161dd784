package postgres_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/porttest"
	"rehome/live"
	"rehome/postgres"
)

func newBroker(t *testing.T, db *postgres.DB) *postgres.Broker {
	t.Helper()
	b, err := postgres.NewBroker(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

func TestBrokerKeepsItsPromises(t *testing.T) {
	porttest.Broker(t, func(t *testing.T) live.Broker { return newBroker(t, mustOpenDB(t)) })
}

// next is the stream's next frame; it fails the test if the stream closed.
func next(t *testing.T, s *live.Stream) live.Frame {
	t.Helper()
	select {
	case f, open := <-s.Frames:
		if !open {
			t.Fatalf("the stream of %d closed (%v)", s.UserID, s.Ended())
		}
		return f
	case <-time.After(guard):
		t.Fatalf("the stream of %d heard nothing", s.UserID)
	}
	panic("unreachable")
}

// bigData is event data too long for a NOTIFY payload.
type bigData struct {
	Text string `json:"text"`
}

func (bigData) EventType() app.EventType { return app.EventMessage }

func TestEventsReachStreamsOnEveryInstance(t *testing.T) {
	ann, bob := live.Owner{UserID: 1, Session: "ann's"}, live.Owner{UserID: 2, Session: "bob's"}
	unread := func(user int64, n int) app.Event { return app.NewEvent(user, app.UnreadEventData{Unread: n}) }
	big := app.NewEvent(1, bigData{Text: strings.Repeat("é", 9000)})

	t.Run("published on one, heard on the other, in id order", func(t *testing.T) {
		a, b := twoInstances(t)
		brokerA, brokerB := newBroker(t, a), newBroker(t, b)
		annOnB, _ := brokerB.Subscribe(ann, 0, false)
		bobOnA, _ := brokerA.Subscribe(bob, 0, false)
		brokerA.Notify(unread(1, 1), unread(2, 1), big, unread(1, 2))
		want := []string{`{"unread":1}`, `{"text":"` + strings.Repeat("é", 9000) + `"}`, `{"unread":2}`}
		var last int64
		for _, data := range want {
			f := next(t, annOnB)
			if f.ID <= last || !strings.HasSuffix(string(f.Text), "data: "+data+"\n\n") {
				t.Errorf("frame %d after %d: %.80q, want data %.80q", f.ID, last, f.Text, data)
			}
			last = f.ID
		}
		if f := next(t, bobOnA); !strings.HasSuffix(string(f.Text), `data: {"unread":1}`+"\n\n") {
			t.Errorf("bob heard %q", f.Text)
		}
	})

	t.Run("events published at once on both reach every stream in one order", func(t *testing.T) {
		a, b := twoInstances(t)
		brokers := []*postgres.Broker{newBroker(t, a), newBroker(t, b)}
		streams := []*live.Stream{}
		for _, br := range brokers {
			s, _ := br.Subscribe(ann, 0, false)
			streams = append(streams, s)
		}
		// Fewer events than a stream's buffer: no stream falls behind.
		const each = live.StreamBuffer / 2 / 2
		var wg sync.WaitGroup
		for i, br := range brokers {
			wg.Go(func() {
				for n := range each {
					br.Notify(unread(1, 100*i+n), unread(2, 0))
				}
			})
		}
		wg.Wait()
		var heard [2][]string
		for i, s := range streams {
			var last int64
			for range 2 * each {
				f := next(t, s)
				if f.ID <= last {
					t.Errorf("stream %d heard %d after %d", i, f.ID, last)
				}
				last = f.ID
				heard[i] = append(heard[i], string(f.Text))
			}
		}
		if strings.Join(heard[0], "") != strings.Join(heard[1], "") {
			t.Errorf("the instances' streams heard different events:\n%q\n%q", heard[0], heard[1])
		}
	})

	t.Run("a stream resumes on another instance", func(t *testing.T) {
		a, b := twoInstances(t)
		brokerA, brokerB := newBroker(t, a), newBroker(t, b)
		s, _ := brokerA.Subscribe(ann, 0, false)
		brokerA.Notify(unread(1, 1))
		last := next(t, s).ID
		brokerA.Unsubscribe(s)
		brokerB.Notify(unread(1, 2), unread(2, 0))
		brokerA.Notify(big)
		s, resume := brokerB.Subscribe(ann, last, true)
		if resume.Reset {
			t.Fatal("resuming on another instance started afresh")
		}
		// b heard its own event before its Notify returned; a's may still
		// be on its way, and then comes on the stream.
		heard := resume.Missed
		for len(heard) < 2 {
			heard = append(heard, next(t, s))
		}
		if len(heard) != 2 {
			t.Fatalf("%d events since %d, want 2", len(heard), last)
		}
		if first, second := heard[0], heard[1]; !(last < first.ID && first.ID < second.ID) ||
			!strings.Contains(string(first.Text), `{"unread":2}`) || !strings.Contains(string(second.Text), "éééé") {
			t.Errorf("after %d heard %d %.40q and %d %.40q", last, first.ID, first.Text, second.ID, second.Text)
		}
		brokerA.Notify(unread(1, 3))
		if f := next(t, s); f.ID <= heard[1].ID || !strings.Contains(string(f.Text), `{"unread":3}`) {
			t.Errorf("then heard %d %q, after %d", f.ID, f.Text, heard[1].ID)
		}
	})

	t.Run("an id heard elsewhere and not yet here is waited for", func(t *testing.T) {
		a, b := twoInstances(t)
		brokerA, brokerB := newBroker(t, a), newBroker(t, b)
		held, waiting := make(chan struct{}), make(chan int64, 10)
		t.Cleanup(func() { close(held) }) // before the brokers close: cleanups run last first
		brokerB.HoldDeliveries(func(int64) { <-held }, func(id int64) { waiting <- id })

		s, _ := brokerA.Subscribe(ann, 0, false)
		brokerA.Notify(unread(1, 1))
		heardOnA := next(t, s).ID
		subscribed := make(chan live.Resume)
		go func() {
			_, resume := brokerB.Subscribe(ann, heardOnA, true)
			subscribed <- resume
		}()
		if id := <-waiting; id != heardOnA {
			t.Errorf("waits for %d, want %d", id, heardOnA)
		}
		held <- struct{}{}
		if resume := <-subscribed; resume.Reset || len(resume.Missed) != 0 {
			t.Errorf("resume from %d: reset %v, %d missed; want nothing missed", heardOnA, resume.Reset, len(resume.Missed))
		}
	})

	t.Run("a lost connection restarts the instance's streams", func(t *testing.T) {
		a, b := twoInstances(t)
		brokerA, brokerB := newBroker(t, a), newBroker(t, b)
		ctx := context.Background()
		// b's listener holds the first event until its connection is gone
		// and a second event was published, which it therefore misses.
		holding, held := make(chan int64, 10), make(chan struct{})
		brokerB.HoldDeliveries(func(id int64) { holding <- id; <-held }, nil)
		s, _ := brokerB.Subscribe(ann, 0, false)
		brokerA.Notify(unread(1, 1))
		<-holding
		if _, err := a.Pool().Exec(ctx, `SELECT pg_terminate_backend($1, 30000)`, int64(brokerB.ListenerPID())); err != nil {
			t.Fatal(err)
		}
		brokerA.Notify(unread(1, 2))
		close(held)

		heard := next(t, s)
		if f, open := <-s.Frames; open || s.Ended() != live.Dropped {
			t.Fatalf("after %q the stream heard %q (ended %v), want it dropped once the connection is made again", heard.Text, f.Text, s.Ended())
		}
		s, resume := brokerB.Subscribe(ann, heard.ID, true)
		if !resume.Reset {
			t.Errorf("a stream resumed from %d, before an event it missed, without starting afresh (%d missed)", heard.ID, len(resume.Missed))
		}
		brokerA.Notify(unread(1, 3))
		if f := next(t, s); !strings.Contains(string(f.Text), `{"unread":3}`) {
			t.Errorf("after connecting again heard %q", f.Text)
		}
	})
}

func TestBigEventsAreKeptAnHour(t *testing.T) {
	db := mustOpenDB(t)
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	now := start
	db.SetClock(func() time.Time { return now })
	broker := newBroker(t, db)
	s, _ := broker.Subscribe(live.Owner{UserID: 1, Session: "ann's"}, 0, false)
	big := app.NewEvent(1, bigData{Text: strings.Repeat("x", 9000)})
	var ids []int64
	for _, at := range []time.Duration{0, 30 * time.Minute, 61 * time.Minute} {
		now = start.Add(at)
		broker.Notify(big)
		ids = append(ids, next(t, s).ID)
	}
	var kept []int64
	rows, err := db.Pool().Query(context.Background(), `SELECT id FROM live_events ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		kept = append(kept, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || kept[0] != ids[1] || kept[1] != ids[2] {
		t.Errorf("kept %v of %v, want the last two: the first is over an hour old", kept, ids)
	}
}
