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
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"rehome/app"
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
	// Queue and Workers default to DefaultQueue and DefaultWorkers;
	// Timeout, a post's limit, to DefaultTimeout.
	Queue, Workers int
	Timeout        time.Duration
}

const (
	// DefaultQueue events wait for a worker; more are dropped. A burst of
	// bookings and messages on a community marketplace is tens of events.
	DefaultQueue   = 256
	DefaultWorkers = 2
	DefaultTimeout = 15 * time.Second
	// TTL: a push service keeps a note for a phone that is off this long;
	// a day-old "new message" is still worth seeing.
	TTL = 24 * time.Hour
)

// Sender is an app.Notifier that sends the push notes of events to each
// subscribed browser of their person, for the kinds they left on.
type Sender struct {
	store   app.PushStore
	keys    app.VAPIDKeys
	cfg     Config
	client  *http.Client
	queue   chan app.Event
	log     *slog.Logger
	subject string // as webpush-go takes it, see New
}

var _ app.Notifier = (*Sender)(nil)

// New makes a sender signing with keys; Run delivers what Notify queues.
func New(store app.PushStore, keys app.VAPIDKeys, cfg Config, log *slog.Logger) *Sender {
	if cfg.Queue <= 0 {
		cfg.Queue = DefaultQueue
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	return &Sender{
		store: store, keys: keys, cfg: cfg, log: log,
		client: newClient(cfg.Timeout, TargetsOf(cfg)),
		queue:  make(chan app.Event, cfg.Queue),
		// webpush-go puts "mailto:" before any subject that is not https:,
		// so a mailto: subject goes in without its scheme.
		subject: strings.TrimPrefix(cfg.Subject, "mailto:"),
	}
}

// Notify queues the events that carry a push note. It never blocks: when
// the queue is full, the note is dropped and the log says so.
func (s *Sender) Notify(events ...app.Event) {
	for _, ev := range events {
		if ev.Push == nil {
			continue
		}
		select {
		case s.queue <- ev:
		default:
			s.log.Warn("push queue full, a notification was dropped", "user", ev.UserID, "kind", string(ev.Push.Kind))
		}
	}
}

// Run delivers queued notes until ctx ends.
func (s *Sender) Run(ctx context.Context) {
	done := make(chan struct{})
	for range s.cfg.Workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for {
				select {
				case <-ctx.Done():
					return
				case ev := <-s.queue:
					s.deliver(ctx, ev)
				}
			}
		}()
	}
	for range s.cfg.Workers {
		<-done
	}
}

// deliver sends ev's note to each of its person's browsers, unless they
// turned its kind off.
func (s *Sender) deliver(ctx context.Context, ev app.Event) {
	off, err := s.store.PushKindsOff(ctx, ev.UserID)
	if err != nil {
		s.log.Error("push: read preferences", "user", ev.UserID, "err", err)
		return
	}
	if slices.Contains(off, ev.Push.Kind) {
		return
	}
	subs, err := s.store.PushSubscriptions(ctx, ev.UserID)
	if err != nil {
		s.log.Error("push: read subscriptions", "user", ev.UserID, "err", err)
		return
	}
	if len(subs) == 0 {
		return
	}
	payload, err := json.Marshal(noteJSON{Title: ev.Push.Title, Body: ev.Push.Body, URL: webroutes.Path(ev.Push.Link), Tag: ev.Push.Tag})
	if err != nil {
		s.log.Error("push: encode note", "err", err)
		return
	}
	for _, sub := range subs {
		s.post(ctx, ev, sub, payload)
	}
}

// noteJSON is a note as the service worker reads it: a tap opens url, a
// path of the web app.
type noteJSON struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

// post sends one note to one browser. There is no retry: the push service
// keeps the note for TTL, and a failing service is not hammered. A
// subscription its service says is gone (404, 410) is forgotten.
func (s *Sender) post(ctx context.Context, ev app.Event, sub app.PushSubscription, payload []byte) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	service := serviceHost(sub.Endpoint) // endpoints are secrets; their hosts are not
	res, err := webpush.SendNotificationWithContext(ctx, payload,
		&webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth}},
		&webpush.Options{
			HTTPClient: s.client, Subscriber: s.subject,
			VAPIDPublicKey: s.keys.Public, VAPIDPrivateKey: s.keys.Private,
			TTL: int(TTL / time.Second), Urgency: webpush.UrgencyNormal, Topic: topicOf(ev.Push.Tag),
		})
	if err != nil {
		var urlErr *url.Error
		if errors.As(err, &urlErr) {
			err = urlErr.Err // without the endpoint
		}
		if !errors.Is(err, context.Canceled) { // canceled: the server is stopping
			s.log.Warn("push: not sent", "user", ev.UserID, "service", service, "err", err)
		}
		return
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4<<10)) // lets the connection be reused
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		if err := s.store.DeletePushEndpoint(context.WithoutCancel(ctx), sub.Endpoint); err != nil {
			s.log.Error("push: forget a gone subscription", "service", service, "err", err)
		}
	default:
		s.log.Warn("push: refused", "user", ev.UserID, "service", service, "status", res.StatusCode)
	}
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
