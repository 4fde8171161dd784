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
	// MaxStreams is how many streams one account may hold open: a ninth
	// closes its oldest, so that tabs left open everywhere, or a client
	// that opens streams in a loop, cannot hold the server's connections.
	MaxStreams = 8
)

// Broker hands events to the open streams of the people they are for, and
// numbers them: an event's id is the broker's, and every stream hears its
// events in id order, so that a client resuming from the last id it heard
// misses nothing and hears nothing twice. Streams belong to the process
// that serves them; a broker for several instances carries each event to
// all of them, numbered from one sequence they share (a database sequence,
// a log's offsets), where each hands it to the streams it holds.
type Broker interface {
	// Notify publishes events, each for its UserID, numbering them. It
	// never waits for a stream: one that falls too far behind is closed.
	app.Notifier
	// Subscribe opens a stream of owner's events; see Hub.Subscribe.
	Subscribe(owner Owner, lastID int64, resuming bool) (*Stream, Resume)
	// Unsubscribe closes a stream Subscribe opened.
	Unsubscribe(s *Stream)
	// EndSessions closes the streams of the sessions and accounts ended.
	EndSessions(ended app.SessionsEnded)
	// Close closes every stream and refuses new ones.
	Close()
	// Open counts the streams open in this process.
	Open() int
}

// Hub is the broker of one process: events published in it reach the
// streams it holds, numbered by its own count. Its methods are safe for
// concurrent use.
type Hub struct {
	mu      sync.Mutex
	lastID  int64 // the id of the latest event, or firstID-1 before the first
	firstID int64 // the lowest id a client may resume from: the first this hub gives (NewAfter: the id before)
	streams map[int64]map[*Stream]struct{}
	// bySession are the open streams of each session, by its SessionID.
	bySession map[string]map[*Stream]struct{}
	opened    uint64 // streams opened so far, to tell the oldest
	recent    ring
	closed    bool
}

var _ Broker = (*Hub)(nil)

// New makes a hub. Its ids start from the time it starts, in
// milliseconds, so an id a client kept from before a restart is older
// than any this hub gives and is told to start afresh: one process is
// the only one numbering.
func New() *Hub { return NewSized(Recent) }

// NewSized makes a hub that keeps the last recent events.
func NewSized(recent int) *Hub {
	start := time.Now().UnixMilli()
	return &Hub{lastID: start, firstID: start + 1, streams: map[int64]map[*Stream]struct{}{},
		bySession: map[string]map[*Stream]struct{}{}, recent: ring{entries: make([]Frame, max(recent, 1))}}
}

// Owner is whom a stream is open for.
type Owner struct {
	UserID int64
	// Session is the SessionID of the session that opened the stream, and
	// Epoch the account's session epoch that session was signed in at:
	// the stream ends with them.
	Session string
	Epoch   int64
}

// Stream is one open event stream of one person.
type Stream struct {
	Owner
	// Frames are the events as they happen, each as written on the wire.
	// The hub closes it when the stream fell too far behind, its session
	// ended, a newer stream of the account took its place or the hub
	// closed; Ended then says which.
	Frames <-chan Frame
	frames chan Frame
	opened uint64
	ended  Ending
}

// Ending is why the hub closed a stream.
type Ending int

const (
	// Dropped: the stream fell behind, or the hub closed. Its client
	// reconnects and resumes.
	Dropped Ending = iota
	// SessionEnded: the session that opened it ended. Its client, asking
	// again, is signed out (or signed in with a new session).
	SessionEnded
	// Superseded: the account opened more than MaxStreams streams and this
	// was the oldest. Its client should not reconnect at once, or the
	// account's tabs would take each other's place for ever.
	Superseded
)

// Ended says why the hub closed the stream; read it once Frames is closed.
func (s *Stream) Ended() Ending { return s.ended }

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
		h.sendLocked(Frame{ID: h.lastID, UserID: e.UserID, Text: frameText(h.lastID, e.Type, e.Data)})
	}
}

// sendLocked keeps f for streams that resume and hands it to its person's
// streams, closing any whose buffer is full.
func (h *Hub) sendLocked(f Frame) {
	h.recent.add(f)
	for s := range h.streams[f.UserID] {
		select {
		case s.frames <- f:
		default:
			h.dropLocked(s, Dropped)
		}
	}
}

// Subscribe opens a stream for owner, closing the account's oldest when it
// already has MaxStreams open. With lastID (resuming is true), it also
// says what the client missed since that id; the stream then carries only
// later events, so nothing is told twice or lost in between. A closed hub
// gives a closed stream.
func (h *Hub) Subscribe(owner Owner, lastID int64, resuming bool) (*Stream, Resume) {
	frames := make(chan Frame, StreamBuffer)
	s := &Stream{Owner: owner, Frames: frames, frames: frames}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(frames)
		return s, Resume{}
	}
	userID := owner.UserID
	if len(h.streams[userID]) >= MaxStreams {
		h.dropLocked(oldest(h.streams[userID]), Superseded)
	}
	h.opened++
	s.opened = h.opened
	add(h.streams, userID, s)
	add(h.bySession, owner.Session, s)
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
		h.dropLocked(s, Dropped)
	}
}

// EndSessions closes the streams of what ended: those opened by a
// session deleted, by an account whose session epoch rose past theirs,
// and by an account deleted. The store calls it after each write that
// ended any.
func (h *Hub) EndSessions(ended app.SessionsEnded) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, id := range ended.Sessions {
		for s := range h.bySession[id] {
			h.dropLocked(s, SessionEnded)
		}
	}
	for userID, epoch := range ended.Epochs {
		for s := range h.streams[userID] {
			if s.Epoch < epoch {
				h.dropLocked(s, SessionEnded)
			}
		}
	}
	for _, userID := range ended.Accounts {
		for s := range h.streams[userID] {
			h.dropLocked(s, SessionEnded)
		}
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
			h.dropLocked(s, Dropped)
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

func (h *Hub) dropLocked(s *Stream, why Ending) {
	s.ended = why
	close(s.frames)
	remove(h.streams, s.UserID, s)
	remove(h.bySession, s.Session, s)
}

func oldest(streams map[*Stream]struct{}) *Stream {
	var first *Stream
	for s := range streams {
		if first == nil || s.opened < first.opened {
			first = s
		}
	}
	return first
}

func add[K comparable](index map[K]map[*Stream]struct{}, key K, s *Stream) {
	if index[key] == nil {
		index[key] = map[*Stream]struct{}{}
	}
	index[key][s] = struct{}{}
}

func remove[K comparable](index map[K]map[*Stream]struct{}, key K, s *Stream) {
	delete(index[key], s)
	if len(index[key]) == 0 {
		delete(index, key)
	}
}
