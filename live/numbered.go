package live

import (
	"encoding/json"

	"rehome/app"
)

// A broker for several instances numbers events from a sequence they share
// and hands each instance's hub every event, numbered, with Deliver. Such a
// hub never numbers events itself: Notify is for a hub that is the only
// broker.

// Numbered is an event numbered by a sequence several instances share, as
// it travels between them: its data already in JSON (EventJSON).
type Numbered struct {
	ID     int64
	UserID int64
	Type   app.EventType
	Data   json.RawMessage
}

// NewAfter makes a hub for events numbered elsewhere, handed to it with
// Deliver. lastID is the latest id given before the hub began hearing
// events: the hub hears every later one, so a client may resume from
// lastID, and one resuming from before is told to start afresh.
func NewAfter(lastID int64, recent int) *Hub {
	h := NewSized(recent)
	// firstID is where resuming may start; Subscribe sends what is after it.
	h.lastID, h.firstID = lastID, lastID
	return h
}

// Deliver hands the hub events numbered elsewhere, in increasing id order
// (gaps allowed: a number taken by a publication that failed). An event
// whose id is not above the latest the hub holds was delivered already
// and is ignored, so that nothing reaches a stream twice or out of order.
func (h *Hub) Deliver(events ...Numbered) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	for _, e := range events {
		if e.ID <= h.lastID {
			continue
		}
		h.lastID = e.ID
		h.sendLocked(Frame{ID: e.ID, UserID: e.UserID, Text: frameTextJSON(e.ID, e.Type, e.Data)})
	}
}

// LastID is the id of the latest event the hub holds, or the lastID it
// started after (NewAfter, Restart) before it holds any.
func (h *Hub) LastID() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lastID
}

// Restart tells the hub that it may have missed events given up to lastID
// (the connection that carries them to it was lost): it closes every
// stream (Dropped), forgets the events it kept and goes on as NewAfter
// would, so that each client reconnects and, resuming from before
// lastID, is told to start afresh instead of missing events silently.
func (h *Hub) Restart(lastID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	for _, streams := range h.streams {
		for s := range streams {
			h.dropLocked(s, Dropped)
		}
	}
	h.recent = ring{entries: make([]Frame, len(h.recent.entries))}
	h.lastID = max(lastID, h.lastID)
	h.firstID = h.lastID
}
