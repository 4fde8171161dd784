package app

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"time"
)

// Web Push: a browser subscribes at its push service (Google's, Mozilla's,
// Apple's), hands us the subscription, and we post each push note there,
// encrypted for that browser (RFC 8291) and signed with the server's key
// (VAPID, RFC 8292) so the push service knows it comes from us.

// VAPIDKeys are the server's push key pair, made once and kept: browsers
// subscribe with the public key, and a new key would orphan every
// subscription. Both are unpadded base64url: the public key an
// uncompressed P-256 point (65 bytes), the private key its 32-byte scalar.
type VAPIDKeys struct {
	Public  string
	Private string
}

// KeptVAPIDKeys returns the key pair store keeps, making and keeping one
// the first time. The push sender signs with it, and is built before the
// services that tell it what to send: it reads the keys here, not through
// Notifications.
func KeptVAPIDKeys(ctx context.Context, store PushStore) (VAPIDKeys, error) {
	keys, err := store.VAPIDKeys(ctx)
	if ErrorKind(err) != KindNotFound {
		return keys, err
	}
	fresh, err := NewVAPIDKeys()
	if err != nil {
		return VAPIDKeys{}, err
	}
	return store.KeepVAPIDKeys(ctx, fresh)
}

// NewVAPIDKeys makes a fresh key pair.
func NewVAPIDKeys() (VAPIDKeys, error) {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return VAPIDKeys{}, err
	}
	return VAPIDKeys{
		Public:  base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Private: base64.RawURLEncoding.EncodeToString(key.Bytes()),
	}, nil
}

// PushSubscription is a browser's PushSubscription.toJSON(): where to post
// and the keys to encrypt for.
type PushSubscription struct {
	// ID is the store's name for it, never read from a browser.
	ID       int64  `json:"-"`
	Endpoint string `json:"endpoint"`
	// ExpirationTime is read and ignored: browsers send null, and a
	// subscription that ends is answered with 404 or 410, which forgets it.
	ExpirationTime *float64 `json:"expirationTime,omitempty"`
	Keys           PushKeys `json:"keys"`
}

// PushKeys are a subscription's keys, base64url as browsers give them.
type PushKeys struct {
	P256dh string `json:"p256dh"` // the browser's P-256 public key
	Auth   string `json:"auth"`   // its 16-byte authentication secret
}

// PushFrom is where a subscription comes from: the session that made it
// (its SessionID), which it ends with, and the browser and system that
// session's User-Agent names.
type PushFrom struct {
	Session string
	Browser string
	System  string
}

// PushDevice is a browser that gets a person's push notes, as their list
// shows it: never its endpoint or keys, with which anyone could post to it.
type PushDevice struct {
	ID      int64     `json:"id"`
	Browser string    `json:"browser"`
	System  string    `json:"system"`
	Created time.Time `json:"created_at"`
	// LastSent is when a note was last handed to its push service; nil
	// before the first.
	LastSent *time.Time `json:"last_sent_at"`
	// Current says it was subscribed in the session asking.
	Current bool `json:"current"`
}

// MaxPushSubscriptions is how many devices one person may have notified;
// subscribing one more forgets the one subscribed longest ago, so one
// account cannot make every event fan out to thousands of posts.
const MaxPushSubscriptions = 10

const maxEndpointLength = 2000

// PushEndpoints judge where the server may post push notes: a subscription
// names its endpoint, so without a judge anyone could make the server post
// into its own network.
type PushEndpoints interface {
	AllowsEndpoint(endpoint string) bool
}

// Validate checks that the subscription is one we can post to and encrypt
// for, at an endpoint targets allows.
func (sub *PushSubscription) Validate(v *Validator, targets PushEndpoints) {
	v.Required(sub.Endpoint, "endpoint")
	v.Check(len(sub.Endpoint) <= maxEndpointLength, "endpoint", "The endpoint is too long")
	v.Check(targets != nil && targets.AllowsEndpoint(sub.Endpoint), "endpoint", "Give the https address of a push service")
	p256dh, err := decodeBase64URL(sub.Keys.P256dh)
	_, curveErr := ecdh.P256().NewPublicKey(p256dh)
	v.Check(err == nil && len(p256dh) == 65 && curveErr == nil, "keys.p256dh", "Give the browser's P-256 public key (65 bytes, base64url)")
	auth, err := decodeBase64URL(sub.Keys.Auth)
	v.Check(err == nil && len(auth) == 16, "keys.auth", "Give the browser's authentication secret (16 bytes, base64url)")
}

// decodeBase64URL reads base64url with or without padding; browsers send
// it unpadded, some libraries padded.
func decodeBase64URL(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// PushPreferences say, for each kind of push note, whether a person wants
// it. Every kind starts on.
type PushPreferences map[PushKind]bool

// PushStore keeps the server's push keys, people's subscriptions and the
// kinds of notes they turned off.
type PushStore interface {
	// VAPIDKeys returns the kept key pair; not found before any is kept.
	VAPIDKeys(ctx context.Context) (VAPIDKeys, error)
	// KeepVAPIDKeys keeps fresh unless a pair is kept already, and returns
	// the pair kept, in one transaction: of racing calls the first pair to
	// commit is kept and every call returns it.
	KeepVAPIDKeys(ctx context.Context, fresh VAPIDKeys) (VAPIDKeys, error)
	// SavePushSubscription keeps sub as userID's, made in the session
	// from.Session; an endpoint kept already moves to userID and that
	// session with sub's keys (endpoints are unique). The subscription
	// ends with its session: whatever deletes the session's row (logout,
	// expiry, a session ended from the list, a new session epoch, the
	// account deleted) deletes it in the same transaction. A session that
	// is not userID's, or is gone, is a conflict and saves nothing.
	// created says the endpoint was new: it is decided by the insert
	// itself, so of racing saves of one endpoint exactly one says so.
	// Beyond MaxPushSubscriptions, the person's oldest is forgotten, in
	// the same transaction.
	SavePushSubscription(ctx context.Context, userID int64, from PushFrom, sub PushSubscription) (created bool, err error)
	// DeletePushSubscription forgets userID's subscription at endpoint;
	// someone else's, or none, is left as it is.
	DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error
	// DeletePushEndpoint forgets the subscription at endpoint, whoever's:
	// its push service said it is gone.
	DeletePushEndpoint(ctx context.Context, endpoint string) error
	// PushSubscriptions lists userID's subscriptions, oldest first, with
	// their IDs; those of a session past its expiry are left out before
	// cleanup deletes them.
	PushSubscriptions(ctx context.Context, userID int64) ([]PushSubscription, error)
	// PushDevices lists userID's subscriptions as devices, left out as
	// PushSubscriptions leaves them, those of the session current first,
	// then the most recently subscribed.
	PushDevices(ctx context.Context, userID int64, current string) ([]PushDevice, error)
	// DeletePushDevice forgets userID's subscription id; someone else's,
	// or none, is not found (so of racing calls exactly one succeeds).
	DeletePushDevice(ctx context.Context, userID, id int64) error
	// PushSent notes that a note was handed to subscription id's push
	// service now; one forgotten meanwhile is left forgotten.
	PushSent(ctx context.Context, id int64) error
	// PushKindsOff lists the kinds userID turned off.
	PushKindsOff(ctx context.Context, userID int64) ([]PushKind, error)
	// SetPushKinds turns each kind in on on or off for userID, all in one
	// transaction; kinds not in it stay as they are.
	SetPushKinds(ctx context.Context, userID int64, on map[PushKind]bool) error
}
