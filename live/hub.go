// Package live hands events to the open event streams of the people they
// are for, as they happen, and keeps the recent ones so that a stream that
// reconnects hears what it missed. It knows nothing of HTTP: the API
// writes what a Stream receives to the wire.
package live

import (
	"sync"
	"time"

	"rehome/app"
)

// Defaults of a Hub.
const (
	// StreamBuffer is how many events a stream may fall behind before it
	// is dropped; its client reconnects and resumes from its last id.
	StreamBuffer = 16
	// Recent is how many events the hub keeps for streams that reconnect.
	Recent = 1024
)

// Hub is where events meet the streams of their people. Its methods are
// safe for concurrent use.
type Hub struct {
	mu      sync.Mutex
	lastID  int64 // the id of the latest event, or firstID-1 before the first
	firstID int64 // the first id this hub gives
	streams map[int64]map[*Stream]struct{}
	recent  ring
	closed  bool
}

// New makes a hub. Its ids start from the time it starts, in
// milliseconds, so an id a client kept from before a restart is older
// than any this hub gives and is told to start afresh.
func New() *Hub { return NewSized(Recent) }

// NewSized makes a hub that keeps the last recent events.
func NewSized(recent int) *Hub {
	start := time.Now().UnixMilli()
	return &Hub{lastID: start, firstID: start + 1, streams: map[int64]map[*Stream]struct{}{},
		recent: ring{entries: make([]Frame, max(recent, 1))}}
}

// Stream is one open event stream of one person.
type Stream struct {
	UserID int64
	// Frames are the events as they happen, each as written on the wire.
	// The hub closes it when the stream fell too far behind or the hub
	// closed; the client then reconnects.
	Frames <-chan Frame
	frames chan Frame
}

// Frame is one event, numbered and written in the text/event-stream
// format, ready to be sent as it is.
type Frame struct {
	ID     int64
	UserID int64
	Text   []byte
}

// Resume is what a reconnecting stream is told first.
type Resume struct {
	// Reset: the hub no longer holds every event since the client's last
	// id, so the client must refetch what it shows.
	Reset bool
	// Missed are the events since the client's last id, oldest first.
	Missed []Frame
}

// Notify numbers the events and hands each to its person's streams. It
// never waits for a stream: one whose buffer is full is closed.
func (h *Hub) Notify(events ...app.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	for _, e := range events {
		h.lastID++
		f := Frame{ID: h.lastID, UserID: e.UserID, Text: frameText(h.lastID, string(e.Type), e.Data)}
		h.recent.add(f)
		for s := range h.streams[e.UserID] {
			select {
			case s.frames <- f:
			default:
				h.dropLocked(s)
			}
		}
	}
}

// Subscribe opens a stream for userID. With lastID (resuming is true), it
// also says what the client missed since that id; the stream then carries
// only later events, so nothing is told twice or lost in between. A
// closed hub gives a closed stream.
func (h *Hub) Subscribe(userID int64, lastID int64, resuming bool) (*Stream, Resume) {
	frames := make(chan Frame, StreamBuffer)
	s := &Stream{UserID: userID, Frames: frames, frames: frames}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(frames)
		return s, Resume{}
	}
	if h.streams[userID] == nil {
		h.streams[userID] = map[*Stream]struct{}{}
	}
	h.streams[userID][s] = struct{}{}
	if !resuming {
		return s, Resume{}
	}
	// An id this hub never gave (from before a restart, or made up), or
	// events after it that the hub has let go of: start afresh.
	if lastID < h.firstID || lastID > h.lastID || lastID+1 < h.recent.oldest(h.lastID+1) {
		return s, Resume{Reset: true}
	}
	return s, Resume{Missed: h.recent.since(lastID, userID)}
}

// Unsubscribe closes s, if the hub has not already.
func (h *Hub) Unsubscribe(s *Stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, open := h.streams[s.UserID][s]; open {
		h.dropLocked(s)
	}
}

// Close closes every stream and refuses new ones, so that a server
// shutting down need not wait for streams that never end by themselves.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, streams := range h.streams {
		for s := range streams {
			h.dropLocked(s)
		}
	}
}

// Open counts the open streams.
func (h *Hub) Open() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, streams := range h.streams {
		n += len(streams)
	}
	return n
}

func (h *Hub) dropLocked(s *Stream) {
	close(s.frames)
	delete(h.streams[s.UserID], s)
	if len(h.streams[s.UserID]) == 0 {
		delete(h.streams, s.UserID)
	}
}
