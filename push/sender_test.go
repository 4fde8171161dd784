package push_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/marketplace"
	"rehome/internal/testlog"
	"rehome/push"
)

const subject = "mailto:admin@market.example.org"

// world is a marketplace on a fresh database with push notes sent by a
// running sender, as the server wires them, to a local push service.
type world struct {
	t      testing.TB
	m      *marketplace.Marketplace
	sender *push.Sender
	ps     *pushService
	log    *testlog.Buffer
	ctx    context.Context
	users  int
}

func newWorld(t testing.TB, cfg push.Config) *world {
	t.Helper()
	ctx := t.Context()
	m, err := marketplace.Open(ctx, marketplace.Location{Dir: t.TempDir()}, app.BcryptHasher{Cost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	key, err := m.Services.Notifications.PushKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Subject == "" {
		cfg.Subject = subject
	}
	w := &world{t: t, m: m, ps: newPushService(t, key, cfg.Subject), log: &testlog.Buffer{}, ctx: ctx}
	sender, err := m.UsePush(ctx, cfg, slog.New(slog.NewTextHandler(w.log, nil)))
	if err != nil {
		t.Fatal(err)
	}
	w.sender = sender
	running, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sender.Run(running); close(done) }()
	// Before the database closes: LIFO.
	t.Cleanup(func() { stop(); <-done })
	return w
}

// person is a new account with a browser subscribed at each path.
func (w *world) person(paths ...string) *app.User {
	w.t.Helper()
	w.users++
	u, err := w.m.Services.Accounts.CreateAdmin(w.ctx, app.NewUser{Name: fmt.Sprint("Person ", w.users),
		Email: fmt.Sprintf("person%d@example.com", w.users), Password: "correct horse battery"})
	if err != nil {
		w.t.Fatal(err)
	}
	for _, path := range paths {
		if _, err := w.m.Services.Notifications.SubscribeToPush(w.ctx, u, w.ps.subscribe(path)); err != nil {
			w.t.Fatal(err)
		}
	}
	return u
}

// notify publishes an event for u with a push note of kind, as the
// service does once a write has committed.
func (w *world) notify(u *app.User, kind app.PushKind, tag string) app.PushNote {
	note := app.PushNote{Kind: kind, Title: "New message about Oak table", Body: "Ann: Does it fit in a car?",
		Link: app.Link{Screen: app.ScreenConversation, ID: 3}, Tag: tag}
	ev := app.NewEvent(u.ID, app.MessageEventData{ConversationID: 3, MessageID: 7})
	ev.Push = &note
	w.sender.Notify(ev)
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
	w := newWorld(t, push.Config{AllowLoopback: true, Workers: 1, Queue: 4})
	release := make(chan struct{})
	var arrived atomic.Int32
	w.ps.status = func(string) int {
		arrived.Add(1)
		<-release
		return http.StatusCreated
	}
	t.Cleanup(func() { close(release) }) // before the push service closes
	seller := w.person("/phone")

	// The push service answers nothing until the test ends: notifying must
	// return all the same.
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
	if !strings.Contains(w.log.String(), "push queue full") {
		t.Errorf("dropped notes were not logged:\n%s", w.log)
	}
}

func TestOnlyPublicAddressesAreDialled(t *testing.T) {
	// The sender does not take loopback here; a subscription to it that
	// got into the database all the same is never posted to.
	w := newWorld(t, push.Config{Workers: 1})
	u := w.person()
	if _, err := w.m.DB.SavePushSubscription(w.ctx, u.ID, w.ps.subscribe("/inside")); err != nil {
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
