// Package push sends events' push notes to people's phones by Web Push:
// encrypted for each browser (RFC 8291, aes128gcm) and signed with the
// server's VAPID key (RFC 8292), posted to the browser's push service.
package push

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"rehome/app"
	"rehome/internal/instance"
	"rehome/internal/webroutes"
)

// Config is how a Sender delivers.
type Config struct {
	// Subject is who the push services may contact about our pushes: a
	// mailto: or https: URL (RFC 8292).
	Subject string
	// AllowLoopback lets it post to push services on loopback addresses
	// (tests, development); every other address that is not public is
	// refused all the same.
	AllowLoopback bool
	// Workers defaults to DefaultWorkers; Timeout, a post's limit, to
	// DefaultTimeout; Poll, how often an idle worker looks for notes it
	// was not woken for, to DefaultPoll.
	Workers int
	Timeout time.Duration
	Poll    time.Duration
}

const (
	DefaultWorkers = 2
	DefaultTimeout = 15 * time.Second
	// DefaultPoll: an instance delivers what it queued at once, so the
	// poll finds only the notes of an instance that stopped, once their
	// lease ended, or of a process that queued without delivering.
	DefaultPoll = 30 * time.Second
	// TTL: a push service keeps a note for a phone that is off this long;
	// a day-old "new message" is still worth seeing. A note that waited
	// in the queue this long is dropped, not delivered.
	TTL = 24 * time.Hour
	// queueTimeout bounds the insert that queues an event's note, which
	// the request that made the event waits for.
	queueTimeout = 5 * time.Second
	// leaseMargin is what a claim's lease allows beyond posting to each of
	// a person's browsers at the post's limit (see New).
	leaseMargin = time.Minute
)

// Store is what a sender reads and writes: people's subscriptions and
// preferences, and the queue of notes waiting to be delivered.
type Store interface {
	app.PushStore
	app.PushQueue
}

// Sender is an app.Notifier that sends the push notes of events to each
// subscribed browser of their person, for the kinds they left on. Notes
// wait in the database (app.PushQueue) until a sender delivers them: the
// one of the instance that queued them, at once, or, if that instance
// stopped, another once the claim's lease ends. Each worker claims the
// note it delivers, one at a time, so that no two senders deliver one
// note and no note waits for another's posts.
type Sender struct {
	name    string // whose claims are whose
	store   Store
	keys    app.VAPIDKeys
	cfg     Config
	lease   time.Duration
	client  *http.Client
	wake    chan struct{}
	log     *slog.Logger
	subject string // as webpush-go takes it, see New
	now     func() time.Time
}

var _ app.Notifier = (*Sender)(nil)

// New makes a sender signing with keys; Run delivers what Notify queues.
func New(store Store, keys app.VAPIDKeys, cfg Config, log *slog.Logger) *Sender {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	return &Sender{
		name: instance.NewName(), store: store, keys: keys, cfg: cfg, log: log,
		// A claim outlasts delivering the note to as many browsers as a
		// person may have, each post at its limit: no other sender takes a
		// note this one is still delivering.
		lease:  app.MaxPushSubscriptions*cfg.Timeout + leaseMargin,
		client: newClient(cfg.Timeout, TargetsOf(cfg)),
		wake:   make(chan struct{}, 1),
		// webpush-go puts "mailto:" before any subject that is not https:,
		// so a mailto: subject goes in without its scheme.
		subject: strings.TrimPrefix(cfg.Subject, "mailto:"),
		now:     func() time.Time { return time.Now().UTC() },
	}
}

// Notify queues the notes of the events that carry one, in one
// transaction, and wakes a worker. It waits for the database, never for a push
// service; a note it could not queue is lost, and the log says so.
func (s *Sender) Notify(events ...app.Event) {
	var notes []app.QueuedPush
	now := s.now()
	for _, ev := range events {
		if ev.Push == nil {
			continue
		}
		notes = append(notes, app.QueuedPush{UserID: ev.UserID, Kind: ev.Push.Kind, Title: ev.Push.Title, Body: ev.Push.Body,
			Path: webroutes.Path(ev.Push.Link), Tag: ev.Push.Tag, Queued: now})
	}
	if len(notes) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), queueTimeout)
	defer cancel()
	if err := s.store.QueuePush(ctx, notes); err != nil {
		s.log.Error("push: queue notes; they are lost", "notes", len(notes), "err", err)
		return
	}
	s.wakeOne()
}

// wakeOne wakes an idle worker, if none was woken already. It never blocks.
func (s *Sender) wakeOne() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run delivers queued notes until ctx ends.
func (s *Sender) Run(ctx context.Context) {
	var workers sync.WaitGroup
	for range s.cfg.Workers {
		workers.Go(func() { s.work(ctx) })
	}
	workers.Wait()
}

// work delivers every due note, then waits to be woken or for the poll.
func (s *Sender) work(ctx context.Context) {
	for {
		s.deliverDue(ctx)
		timer := time.NewTimer(s.cfg.Poll)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-s.wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// deliverDue claims and delivers one note at a time until none is due.
func (s *Sender) deliverDue(ctx context.Context) {
	for ctx.Err() == nil {
		due, err := s.store.ClaimDuePush(ctx, s.name, s.now(), s.lease, 1)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Error("push: read the queue", "err", err)
			}
			return
		}
		if len(due) == 0 {
			return
		}
		// More may be due: another idle worker shares them.
		s.wakeOne()
		s.handle(ctx, due[0])
	}
}

// outcome is how an attempt to deliver a note ended.
type outcome int

const (
	delivered   outcome = iota // or dropped: the note leaves the queue
	interrupted                // the sender is stopping: another delivers it
	failed                     // it stays claimed: tried again once the lease ends
)

// handle delivers a claimed note, or drops it when it is too old, and then
// lets it go as the outcome says.
func (s *Sender) handle(ctx context.Context, n app.QueuedPush) {
	result := delivered
	if age := s.now().Sub(n.Queued); age >= TTL {
		s.log.Warn("push: a note waited too long and was dropped", "user", n.UserID, "kind", string(n.Kind), "queued", n.Queued)
	} else {
		result = s.deliver(ctx, n)
	}
	switch result {
	case delivered:
		// Even when stopping: a delivered note must leave the queue.
		if err := s.store.PushDone(context.WithoutCancel(ctx), n.ID); err != nil {
			// It is delivered again once the lease ends: say so loudly.
			s.log.Error("push: remove a delivered note from the queue", "note", n.ID, "err", err)
		}
	case interrupted:
		// Delivered again in full by the next sender: a browser that had
		// it already shows the repeat in place of it when it has a tag.
		release, cancel := context.WithTimeout(context.WithoutCancel(ctx), queueTimeout)
		defer cancel()
		if err := s.store.ReleasePush(release, s.name, []int64{n.ID}); err != nil {
			s.log.Warn("push: give back an undelivered note; it waits for its lease", "note", n.ID, "err", err)
		}
	}
}

// deliver sends n to each of its person's browsers, unless they turned its
// kind off.
func (s *Sender) deliver(ctx context.Context, n app.QueuedPush) outcome {
	off, err := s.store.PushKindsOff(ctx, n.UserID)
	if err != nil {
		return s.readFailed(ctx, "push: read preferences", n, err)
	}
	if slices.Contains(off, n.Kind) {
		return delivered
	}
	subs, err := s.store.PushSubscriptions(ctx, n.UserID)
	if err != nil {
		return s.readFailed(ctx, "push: read subscriptions", n, err)
	}
	payload, err := json.Marshal(noteJSON{Title: n.Title, Body: n.Body, URL: n.Path, Tag: n.Tag})
	if err != nil {
		s.log.Error("push: encode note", "err", err)
		return delivered
	}
	for _, sub := range subs {
		if !s.post(ctx, n, sub, payload) {
			return interrupted
		}
	}
	return delivered
}

func (s *Sender) readFailed(ctx context.Context, msg string, n app.QueuedPush, err error) outcome {
	if ctx.Err() != nil {
		return interrupted
	}
	s.log.Error(msg, "user", n.UserID, "err", err)
	return failed
}

// noteJSON is a note as the service worker reads it: a tap opens url, a
// path of the web app.
type noteJSON struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

// post sends one note to one browser, and reports false when it was cut
// short by the sender stopping. There is no retry: the push service keeps
// the note for TTL, and a failing service is not hammered. A subscription
// its service says is gone (404, 410) is forgotten.
func (s *Sender) post(ctx context.Context, n app.QueuedPush, sub app.PushSubscription, payload []byte) bool {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	service := serviceHost(sub.Endpoint) // endpoints are secrets; their hosts are not
	res, err := webpush.SendNotificationWithContext(ctx, payload,
		&webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth}},
		&webpush.Options{
			HTTPClient: s.client, Subscriber: s.subject,
			VAPIDPublicKey: s.keys.Public, VAPIDPrivateKey: s.keys.Private,
			TTL: int(TTL / time.Second), Urgency: webpush.UrgencyNormal, Topic: topicOf(n.Tag),
		})
	if err != nil {
		var urlErr *url.Error
		if errors.As(err, &urlErr) {
			err = urlErr.Err // without the endpoint
		}
		if errors.Is(err, context.Canceled) { // canceled: the server is stopping
			return false
		}
		s.log.Warn("push: not sent", "user", n.UserID, "service", service, "err", err)
		return true
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4<<10)) // lets the connection be reused
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		// For the person's list of devices: when this one last got a note.
		if err := s.store.PushSent(context.WithoutCancel(ctx), sub.ID); err != nil {
			s.log.Warn("push: note when a note was sent", "service", service, "err", err)
		}
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		if err := s.store.DeletePushEndpoint(context.WithoutCancel(ctx), sub.Endpoint); err != nil {
			s.log.Error("push: forget a gone subscription", "service", service, "err", err)
		}
	default:
		s.log.Warn("push: refused", "user", n.UserID, "service", service, "status", res.StatusCode)
	}
	return true
}

func serviceHost(endpoint string) string {
	if u, err := url.Parse(endpoint); err == nil {
		return u.Host
	}
	return ""
}

// topicPattern is RFC 8030's Topic: up to 32 base64url characters. A push
// service keeps only the newest note of a topic for a phone that is off,
// as the phone shows only the newest note of a tag.
var topicPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

func topicOf(tag string) string {
	if topicPattern.MatchString(tag) {
		return tag
	}
	return ""
}
