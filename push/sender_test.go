package push_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/testlog"
	"rehome/internal/wiring"
	"rehome/push"
)

const subject = "mailto:admin@market.example.org"

// world is a marketplace on a fresh database with push notes sent by a
// running sender, as the server wires them, to a local push service.
type world struct {
	t      testing.TB
	m      *wiring.Marketplace
	sender *push.Sender
	ps     *pushService
	log    *testlog.Buffer
	ctx    context.Context
	users  int
	// stop stops the sender and returns once it has: no post is under
	// way after it.
	stop func()
}

func newWorld(t testing.TB, cfg push.Config) *world {
	t.Helper()
	ctx := t.Context()
	if cfg.Subject == "" {
		cfg.Subject = subject
	}
	log := &testlog.Buffer{}
	m, err := wiring.Open(ctx, wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost},
		Push: &cfg, Log: slog.New(slog.NewTextHandler(log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	key, err := m.Services.Notifications.PushKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, m: m, sender: m.Push, ps: newPushService(t, key, cfg.Subject), log: log, ctx: ctx}
	w.stop = w.run(m.Push)
	return w
}

// run runs sender, as an instance does, until the returned stop is called
// or the test ends.
func (w *world) run(sender *push.Sender) (stop func()) {
	running, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sender.Run(running); close(done) }()
	stop = sync.OnceFunc(func() { cancel(); <-done })
	// Before the database closes: LIFO.
	w.t.Cleanup(stop)
	return stop
}

// anotherInstance is the sender of another instance on the same database.
func (w *world) anotherInstance(cfg push.Config) *push.Sender {
	w.t.Helper()
	keys, err := w.m.Services.Notifications.VAPIDKeys(w.ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	if cfg.Subject == "" {
		cfg.Subject = subject
	}
	return push.New(w.m.DB, keys, cfg, slog.New(slog.NewTextHandler(w.log, nil)))
}

// person is a new account with a browser subscribed at each path.
func (w *world) person(paths ...string) *app.User {
	w.t.Helper()
	w.users++
	u, err := w.m.Services.SigningIn.CreateAdmin(w.ctx, app.NewUser{Name: fmt.Sprint("Person ", w.users),
		Email: fmt.Sprintf("person%d@example.com", w.users), Password: "correct horse battery"})
	if err != nil {
		w.t.Fatal(err)
	}
	for _, path := range paths {
		if _, err := w.m.Services.Notifications.SubscribeToPush(w.ctx, u, w.signIn(u, path), w.ps.subscribe(path)); err != nil {
			w.t.Fatal(err)
		}
	}
	return u
}

// signIn signs u in on the browser at path, a session of its own, and is
// where u subscribes from in it.
func (w *world) signIn(u *app.User, path string) app.PushFrom {
	w.t.Helper()
	token := fmt.Sprint(u.ID, path)
	owner := app.SessionOwner{UserID: u.ID, Device: "Firefox on Android", SignedIn: time.Now(), LastSeen: time.Now()}
	if err := w.m.Sessions().CommitOwned(w.ctx, token, []byte("data"), time.Now().Add(time.Hour), owner); err != nil {
		w.t.Fatal(err)
	}
	return app.PushFrom{Session: app.SessionID(token), Browser: "Firefox", System: "Android"}
}

// notify publishes an event for u with a push note of kind, as the
// service does once a write has committed.
func (w *world) notify(u *app.User, kind app.PushKind, tag string) app.PushNote {
	return w.notifyThrough(w.sender, u, kind, tag)
}

func (w *world) notifyThrough(sender *push.Sender, u *app.User, kind app.PushKind, tag string) app.PushNote {
	note := app.PushNote{Kind: kind, Title: "New message about Oak table", Body: "Ann: Does it fit in a car?",
		Link: app.Link{Screen: app.ScreenConversation, ID: 3}, Tag: tag}
	ev := app.NewEvent(u.ID, app.MessageEventData{ConversationID: 3, MessageID: 7})
	ev.Push = &note
	sender.Notify(ev)
	return note
}

// queued is a note for u as another instance queues it: in the database,
// without waking this instance's sender.
func (w *world) queued(u *app.User, tag string, at time.Time) app.QueuedPush {
	w.t.Helper()
	note := app.QueuedPush{UserID: u.ID, Kind: app.PushMessage, Title: "New message about Oak table",
		Body: "Ann: Does it fit in a car?", Path: "/dashboard/messages/3", Tag: tag, Queued: at}
	if err := w.m.DB.QueuePush(w.ctx, []app.QueuedPush{note}); err != nil {
		w.t.Fatal(err)
	}
	return note
}

// next waits for the push service to accept a post.
func (w *world) next() received {
	w.t.Helper()
	select {
	case r := <-w.ps.received:
		return r
	case <-time.After(10 * time.Second):
		w.t.Fatalf("no push arrived; log:\n%s", w.log)
		return received{}
	}
}

// nothingMore checks that no other post arrives before a note queued after
// them all: with one worker, notes are delivered in the order queued, and
// once that one has arrived, the posts before it are done with.
func (w *world) nothingMore() {
	w.t.Helper()
	last := w.person("/after-all")
	w.notify(last, app.PushMessage, "after-all")
	if r := w.next(); r.path != "/after-all" {
		w.t.Errorf("an unexpected push to %s: %v", r.path, r.payload)
	}
}

func TestEachBrowserOfThePersonGetsTheNoteEncryptedAndSigned(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	seller := w.person("/phone", "/laptop")
	w.person("/someone-else")

	note := w.notify(seller, app.PushMessage, "conversation-3")
	want := map[string]any{"title": note.Title, "body": note.Body, "url": "/dashboard/messages/3", "tag": note.Tag}
	got := map[string]bool{}
	for range 2 {
		r := w.next()
		got[r.path] = true
		if !reflect.DeepEqual(r.payload, want) {
			t.Errorf("%s decrypted %v, want %v", r.path, r.payload, want)
		}
		if topic := r.header.Get("Topic"); topic != "conversation-3" {
			t.Errorf("Topic %q, want the tag", topic)
		}
	}
	if !got["/phone"] || !got["/laptop"] {
		t.Errorf("pushes went to %v, want the seller's phone and laptop", got)
	}
	w.nothingMore()
}

func TestADeliveryIsNotedOnTheDevice(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	seller := w.person("/phone")
	devices, err := w.m.DB.PushDevices(w.ctx, seller.ID, "")
	if err != nil || len(devices) != 1 || devices[0].LastSent != nil {
		t.Fatalf("before any note: %+v, %v", devices, err)
	}
	w.notify(seller, app.PushMessage, "conversation-3")
	w.next()
	w.nothingMore()
	devices, err = w.m.DB.PushDevices(w.ctx, seller.ID, "")
	if err != nil || len(devices) != 1 || devices[0].LastSent == nil || devices[0].LastSent.Before(devices[0].Created) {
		t.Errorf("after a note: %+v, %v", devices, err)
	}
}

func TestAnHTTPSSubject(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Subject: "https://market.example.org"})
	u := w.person("/phone")
	w.notify(u, app.PushPayment, "")
	if r := w.next(); r.header.Get("Topic") != "" {
		t.Errorf("Topic %q for a note without a tag", r.header.Get("Topic"))
	}
}

func TestAKindTurnedOffSendsNothing(t *testing.T) {
	// One worker: the events are delivered in order, so once the second
	// has arrived, the first was dealt with.
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	seller := w.person("/phone")
	off := false
	if _, err := w.m.Services.Notifications.SetPushPreferences(w.ctx, seller, map[string]*bool{"message": &off}); err != nil {
		t.Fatal(err)
	}

	w.notify(seller, app.PushMessage, "conversation-3")
	w.sender.Notify(app.NewEvent(seller.ID, app.UnreadEventData{Unread: 1})) // no note
	w.notify(seller, app.PushBooking, "booking-9")
	if r := w.next(); r.payload["tag"] != "booking-9" {
		t.Errorf("pushed %v, want only the booking", r.payload)
	}
	w.nothingMore()
}

func TestASubscriptionItsServiceSaysIsGoneIsForgotten(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	w.ps.status = func(path string) int {
		switch path {
		case "/gone":
			return http.StatusGone
		case "/missing":
			return http.StatusNotFound
		case "/broken":
			return http.StatusInternalServerError
		}
		return http.StatusCreated
	}
	buyer := w.person("/gone", "/missing", "/broken", "/fine")

	w.notify(buyer, app.PushDeclined, "booking-9")
	for range 4 {
		w.next()
	}
	w.nothingMore() // and the gone subscriptions were forgotten as their answers came
	subs, err := w.m.DB.PushSubscriptions(w.ctx, buyer.ID)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, sub := range subs {
		left = append(left, strings.TrimPrefix(sub.Endpoint, w.ps.srv.URL))
	}
	if !reflect.DeepEqual(left, []string{"/broken", "/fine"}) {
		t.Errorf("subscriptions left %v, want /broken and /fine (a failing service is not a gone subscription)", left)
	}
	if !strings.Contains(w.log.String(), "status=500") {
		t.Errorf("the failure was not logged:\n%s", w.log)
	}
}

func TestASlowPushServiceDoesNotHoldUpNotify(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	release := make(chan struct{})
	w.ps.status = func(string) int {
		<-release
		return http.StatusCreated
	}
	t.Cleanup(func() { close(release) }) // before the push service closes
	seller := w.person("/phone")

	// The push service answers nothing until the test ends: notifying must
	// return all the same, with every note queued.
	notified := make(chan struct{})
	go func() {
		for i := range 50 {
			w.notify(seller, app.PushMessage, fmt.Sprint("conversation-", i))
		}
		close(notified)
	}()
	select {
	case <-notified:
	case <-time.After(time.Minute):
		t.Fatal("notifying waited for the stuck push service")
	}
	// One note is claimed, stuck in its post; the rest wait their turn.
	due, err := w.m.DB.ClaimDuePush(w.ctx, "another instance", time.Now(), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(due) < 49 {
		t.Errorf("%d notes wait in the queue, want 49 or 50", len(due))
	}
}

// Notes a sender was not woken for are delivered all the same: those
// another instance queued, found by the poll, and those a sender that
// stopped held, once their lease ended.
func TestANoteNotQueuedHereIsDelivered(t *testing.T) {
	cfg := push.Config{AllowLoopback: true, Workers: 1, Poll: 10 * time.Millisecond}
	for _, tc := range []struct {
		name  string
		queue func(w *world, u *app.User)
	}{
		{"queued by another instance", func(w *world, u *app.User) { w.queued(u, "conversation-3", time.Now()) }},
		{"held by a sender that stopped", func(w *world, u *app.User) {
			// No sender runs while the stopped one's claim is made, then
			// another instance's starts.
			w.stop()
			at := time.Now().Add(-time.Hour)
			w.queued(u, "conversation-3", at)
			held, err := w.m.DB.ClaimDuePush(w.ctx, "stopped instance", at, time.Minute, 10)
			if err != nil || len(held) != 1 {
				w.t.Fatalf("the stopped instance claimed %v, %v", held, err)
			}
			w.sender = w.anotherInstance(cfg)
			w.run(w.sender)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, cfg)
			u := w.person("/phone")
			tc.queue(w, u)
			r := w.next()
			want := map[string]any{"title": "New message about Oak table", "body": "Ann: Does it fit in a car?",
				"url": "/dashboard/messages/3", "tag": "conversation-3"}
			if r.path != "/phone" || !reflect.DeepEqual(r.payload, want) {
				t.Errorf("pushed %v to %s, want %v to /phone", r.payload, r.path, want)
			}
			w.nothingMore()
		})
	}
}

func TestANoteOlderThanItsTTLIsDropped(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	u := w.person("/phone")
	w.queued(u, "stale", time.Now().Add(-push.TTL-time.Minute))
	w.nothingMore() // the stale note, queued first, is claimed first
	if !strings.Contains(w.log.String(), "waited too long") {
		t.Errorf("the drop was not logged:\n%s", w.log)
	}
}

// Senders of two instances on one database deliver each note once,
// whichever of them queued it.
func TestTwoInstancesDeliverEachNoteOnce(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 2})
	other := w.anotherInstance(push.Config{AllowLoopback: true, Workers: 2})
	stopOther := w.run(other)
	u := w.person("/phone")
	const notes = 20
	for i := range notes {
		sender := w.sender
		if i%2 == 1 {
			sender = other
		}
		w.notifyThrough(sender, u, app.PushMessage, fmt.Sprint("note-", i))
	}
	got := map[any]int{}
	for range notes {
		got[w.next().payload["tag"]]++
	}
	w.stop()
	stopOther()
	w.ps.srv.Close() // returns once every post it took was answered
	for len(w.ps.received) > 0 {
		got[(<-w.ps.received).payload["tag"]]++
	}
	for i := range notes {
		if tag := fmt.Sprint("note-", i); got[tag] != 1 {
			t.Errorf("%s pushed %d times, want once", tag, got[tag])
		}
	}
}

// A sender that stops in the middle of delivering a note gives it back,
// and the sender of another instance delivers it at once, not after the
// lease.
func TestANoteCutShortByAStopIsDeliveredByAnotherInstance(t *testing.T) {
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1})
	posted, stopped := make(chan struct{}), make(chan struct{})
	var posts atomic.Int32
	w.ps.status = func(string) int {
		if posts.Add(1) == 1 {
			close(posted)
			<-stopped // the first post is answered only once its sender gave up on it
		}
		return http.StatusCreated
	}
	u := w.person("/phone")
	w.notify(u, app.PushMessage, "conversation-3")
	<-posted
	w.stop()
	close(stopped)
	w.next() // the post the stopped sender gave up on
	w.run(w.anotherInstance(push.Config{AllowLoopback: true, Workers: 1}))
	if r := w.next(); r.payload["tag"] != "conversation-3" {
		t.Errorf("the other instance pushed %v, want the note given back", r.payload)
	}
}

func TestOnlyPublicAddressesAreDialled(t *testing.T) {
	// The sender does not take loopback here; a subscription to it that
	// got into the database all the same is never posted to.
	w := newWorld(t, push.Config{Workers: 1})
	u := w.person()
	if _, err := w.m.DB.SavePushSubscription(w.ctx, u.ID, w.signIn(u, "/inside"), w.ps.subscribe("/inside")); err != nil {
		t.Fatal(err)
	}
	w.notify(u, app.PushReply, "conversation-3")
	if !w.log.WaitFor("push: not sent", time.Minute) {
		t.Fatalf("no refusal logged:\n%s", w.log)
	}
	if !strings.Contains(w.log.String(), "not a public address: 127.0.0.1") {
		t.Errorf("the refusal does not say why:\n%s", w.log)
	}
	// The refusal is logged in place of the post: none can come after it.
	select {
	case r := <-w.ps.received:
		t.Errorf("an unexpected push to %s: %v", r.path, r.payload)
	default:
	}
}
