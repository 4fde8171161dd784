package app

import (
	"time"
	"unicode/utf8"
)

// Message is one message of a conversation; with PickupAt set it proposes
// a time to pick the product up, which the other side may accept or
// decline until a newer proposal supersedes it.
type Message struct {
	ID             int64      `json:"id"`
	ConversationID int64      `json:"conversation_id"`
	SenderID       int64      `json:"sender_id"`
	Mine           bool       `json:"mine"` // sent by the viewer
	Text           string     `json:"text"`
	PickupAt       *time.Time `json:"pickup_at"`
	Accepted       bool       `json:"accepted"`
	Declined       bool       `json:"declined"`
	Superseded     bool       `json:"superseded"` // a newer proposal followed it
	Created        time.Time  `json:"time"`
}

// Message limits: a message is a few lines, not a letter; a pickup time is
// a plan, not a reservation of the seller's next year.
const (
	MaxMessageRunes     = 2000
	MaxPickupAhead      = 365 * 24 * time.Hour
	DefaultMessageLimit = 50
	MaxMessageLimit     = 100
)

// MessageInput is the body of the POSTs that send a message. PickupAt is
// taken only in a conversation.
type MessageInput struct {
	Text     string     `json:"text"`
	PickupAt *time.Time `json:"pickup_at"`
}

// Validate checks the input against now: a proposal's text may be empty,
// any other's may not.
func (in *MessageInput) Validate(v *Validator, now time.Time) {
	in.Text = CleanText(in.Text)
	if in.PickupAt == nil {
		v.Required(in.Text, "text")
	}
	v.Check(utf8.RuneCountInString(in.Text) <= MaxMessageRunes, "text", "Use at most 2,000 characters")
	if in.PickupAt != nil {
		at := in.PickupAt.UTC().Truncate(time.Millisecond)
		in.PickupAt = &at
		v.Check(at.After(now), "pickup_at", "Choose a time in the future")
		v.Check(!at.After(now.Add(MaxPickupAhead)), "pickup_at", "Choose a time within a year")
	}
}

// Answerable tells whether the other side may still accept or decline m:
// a proposal not answered yet and not superseded by a newer one.
func (m *Message) Answerable() error {
	switch {
	case m.PickupAt == nil:
		return Errorf(KindConflict, "This message proposes no pickup time")
	case m.Accepted:
		return Errorf(KindConflict, "This pickup time is already accepted")
	case m.Declined:
		return Errorf(KindConflict, "This pickup time is already declined")
	case m.Superseded:
		return Errorf(KindConflict, "A newer pickup time was proposed since")
	}
	return nil
}

// MessagePage asks for the messages before a message (0: the newest).
type MessagePage struct {
	Before int64
	Limit  int
}

// Clamp keeps a page of messages inside the limits.
func (p MessagePage) Clamp() MessagePage {
	if p.Limit <= 0 {
		p.Limit = DefaultMessageLimit
	}
	p.Limit = min(p.Limit, MaxMessageLimit)
	p.Before = max(p.Before, 0)
	return p
}
