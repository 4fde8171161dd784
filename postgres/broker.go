package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"rehome/app"
	"rehome/live"
)

// Broker is the live.Broker of one instance among several that share a
// database. Each event is numbered from the database sequence
// live_event_ids and carried to every instance, this one included, by a
// NOTIFY on rehome_live; each instance hands every event to its own
// live.Hub, which holds the streams open there and the recent events for
// streams that resume, whichever instance they were open on before.
//
// Streams hear events in id order because publications are numbered and
// notified under one advisory lock held until they commit (liveLock), and
// PostgreSQL delivers notifications in the order their transactions
// committed. Sessions ended are told to each instance by the store's own
// listener (OnSessionsEnded), so EndSessions stays local.
type Broker struct {
	db   *DB
	hub  *live.Hub
	log  *slog.Logger
	stop context.CancelFunc
	done chan struct{} // closed when the listener has returned
	once sync.Once

	mu        sync.Mutex
	connected bool          // the listener listens: what is published reaches the hub
	closed    bool          // Close was called
	changed   chan struct{} // closed and replaced when the hub heard an event or the above changed

	pid atomic.Uint32 // the listening connection's server process, for tests
	// For tests: hold runs before each event reaches the hub, waiting
	// each time waitHeard starts waiting for id.
	hold, waiting func(id int64)
}

var _ live.Broker = (*Broker)(nil)

const channelLive = "rehome_live"

// liveLock is the advisory lock a publication holds from taking its
// numbers until it commits, so that notifications, delivered in commit
// order, arrive in id order.
const liveLock = 7_301_946_224_002

// Limits of carrying events.
const (
	// maxPayload is the longest NOTIFY payload PostgreSQL takes (shorter
	// than 8000 bytes); a longer event waits in live_events.
	maxPayload = 7999
	// keepBigEvents is how long an event in live_events is kept: every
	// instance has read it long before.
	keepBigEvents = time.Hour
	// catchUp bounds how long Notify waits for this instance's hub to hear
	// what it published, and Subscribe for it to hear an id a client
	// heard on another instance.
	catchUp = 5 * time.Second
)

// NewBroker starts carrying events between this instance and the others
// through db, and returns once it hears them. It logs to log (slog's
// default when nil). Close stops it.
func NewBroker(ctx context.Context, db *DB, log *slog.Logger) (*Broker, error) {
	if log == nil {
		log = slog.Default()
	}
	b := &Broker{db: db, log: log, changed: make(chan struct{})}
	run, stop := context.WithCancel(context.WithoutCancel(ctx))
	l := &listener{
		config:   db.pool.Config().ConnConfig.Copy(),
		channels: []string{channelLive},
		log:      log,
		reach:    db.pool.reach,
		ready:    b.ready,
		heard:    b.heard,
		lost: func(error) {
			b.update(func() { b.connected = false })
		},
	}
	done, err := l.start(ctx, run)
	if err != nil {
		stop()
		return nil, fmt.Errorf("live events: %w", err)
	}
	b.stop, b.done = stop, done
	return b, nil
}

// ready runs once the listener listens: every event numbered after the
// sequence's latest value will be heard. It reads that value under
// liveLock, so that no publication is between taking its number and
// committing. After a lost connection, events may have been missed: the
// hub restarts, closing every stream, and each client that heard less
// than that value is told to start afresh when it resumes.
func (b *Broker) ready(ctx context.Context, conn *pgx.Conn, first bool) error {
	var after int64
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, liveLock); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT coalesce(pg_sequence_last_value('live_event_ids'), 0)`).Scan(&after)
	})
	if err != nil {
		return err
	}
	b.pid.Store(conn.PgConn().PID())
	if first {
		b.hub = live.NewAfter(after, live.Recent)
	} else {
		b.hub.Restart(after)
	}
	b.update(func() { b.connected = true })
	return nil
}

// heard hands one notified event to the hub.
func (b *Broker) heard(ctx context.Context, conn *pgx.Conn, n *pgconn.Notification) error {
	e, err := parseEvent(n.Payload)
	if err != nil {
		b.log.Error("live events: a notification that is no event", "payload", n.Payload, "err", err)
		return nil
	}
	if e.Type == "" {
		var data string
		err := conn.QueryRow(ctx, `SELECT user_id, type, data FROM live_events WHERE id = $1`, e.ID).Scan(&e.UserID, &e.Type, &data)
		if errors.Is(err, pgx.ErrNoRows) {
			b.log.Error("live events: an event no longer kept", "id", e.ID)
			return nil
		}
		if err != nil {
			return err // the connection is lost: the hub restarts
		}
		e.Data = []byte(data)
	}
	if b.hold != nil {
		b.hold(e.ID)
	}
	b.hub.Deliver(e)
	b.update(func() {})
	return nil
}

// update changes what waiters wait on, and wakes them.
func (b *Broker) update(change func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	change()
	close(b.changed)
	b.changed = make(chan struct{})
}

// waitHeard waits until the hub has heard id, the listener is not
// listening (it would not), the broker closed, or catchUp passed.
func (b *Broker) waitHeard(id int64) {
	timeout := time.NewTimer(catchUp)
	defer timeout.Stop()
	for {
		b.mu.Lock()
		if b.hub.LastID() >= id || !b.connected || b.closed {
			b.mu.Unlock()
			return
		}
		changed := b.changed
		b.mu.Unlock()
		if b.waiting != nil {
			b.waiting(id)
		}
		select {
		case <-changed:
		case <-timeout.C:
			b.log.Warn("live events: an event is late", "id", id)
			return
		}
	}
}

// Notify numbers the events and notifies every instance of them, in one
// transaction, and returns once this instance's hub has them, so that a
// stream that resumes here right after hears them. It never waits for a
// stream. An event it cannot publish is logged and lost; its person's
// clients catch up when they next refetch.
func (b *Broker) Notify(events ...app.Event) {
	numbered := make([]live.Numbered, 0, len(events))
	for _, e := range events {
		data, err := live.EventJSON(e.Data)
		if err != nil {
			b.log.Error("live events: event data that JSON cannot hold", "type", e.Type, "err", err)
			continue
		}
		numbered = append(numbered, live.Numbered{UserID: e.UserID, Type: e.Type, Data: data})
	}
	if len(numbered) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), catchUp)
	defer cancel()
	var last int64
	err := b.db.inTx(ctx, func(tx pgx.Tx) error {
		ids, err := b.number(ctx, tx, len(numbered))
		if err != nil {
			return err
		}
		batch := &pgx.Batch{}
		big := false
		for i, e := range numbered {
			e.ID = ids[i]
			payload := eventPayload(e)
			if len(payload) > maxPayload {
				big = true
				batch.Queue(`INSERT INTO live_events (id, user_id, type, data, created) VALUES ($1, $2, $3, $4, $5)`,
					e.ID, e.UserID, string(e.Type), string(e.Data), b.db.millis())
				payload = strconv.FormatInt(e.ID, 10)
			}
			batch.Queue(`SELECT pg_notify($1, $2)`, channelLive, payload)
		}
		if big {
			batch.Queue(`DELETE FROM live_events WHERE created < $1`, b.db.millis()-keepBigEvents.Milliseconds())
		}
		last = ids[len(ids)-1]
		return tx.SendBatch(ctx, batch).Close()
	})
	if err != nil {
		b.log.Error("live events: cannot publish", "events", len(numbered), "err", err)
		return
	}
	b.waitHeard(last)
}

// number takes liveLock, held until the transaction ends, and n ids in
// increasing order.
func (b *Broker) number(ctx context.Context, tx pgx.Tx, n int) ([]int64, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, liveLock); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT nextval('live_event_ids') FROM generate_series(1, $1)`, n)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	slices.Sort(ids)
	return ids, err
}

// eventPayload is how an event travels: "id user type data", the data one
// line of JSON (an event type is one word). A payload of the id alone
// means the event waits in live_events.
func eventPayload(e live.Numbered) string {
	return strconv.FormatInt(e.ID, 10) + " " + strconv.FormatInt(e.UserID, 10) + " " + string(e.Type) + " " + string(e.Data)
}

func parseEvent(payload string) (live.Numbered, error) {
	f := strings.SplitN(payload, " ", 4)
	var e live.Numbered
	var err error
	if e.ID, err = strconv.ParseInt(f[0], 10, 64); err != nil {
		return e, err
	}
	switch len(f) {
	case 1:
		return e, nil
	case 4:
		if e.UserID, err = strconv.ParseInt(f[1], 10, 64); err != nil {
			return e, err
		}
		e.Type, e.Data = app.EventType(f[2]), []byte(f[3])
		return e, nil
	}
	return e, errors.New("want an id, or an id, a user, a type and data")
}

// Subscribe opens a stream here; see live.Hub.Subscribe. A client
// resuming from an id it heard on another instance first lets this
// instance's hub hear that id, if the sequence gave it: the notification
// is on its way.
func (b *Broker) Subscribe(owner live.Owner, lastID int64, resuming bool) (*live.Stream, live.Resume) {
	if resuming && lastID > b.hub.LastID() {
		ctx, cancel := context.WithTimeout(context.Background(), catchUp)
		defer cancel()
		var given int64
		err := b.db.pool.QueryRow(ctx, `SELECT coalesce(pg_sequence_last_value('live_event_ids'), 0)`).Scan(&given)
		if err != nil {
			b.log.Warn("live events: cannot read the latest id; the stream starts afresh", "err", err)
		} else if lastID <= given {
			b.waitHeard(lastID)
		}
	}
	return b.hub.Subscribe(owner, lastID, resuming)
}

func (b *Broker) Unsubscribe(s *live.Stream) { b.hub.Unsubscribe(s) }

func (b *Broker) EndSessions(ended app.SessionsEnded) { b.hub.EndSessions(ended) }

// Open counts the streams open on this instance.
func (b *Broker) Open() int { return b.hub.Open() }

// Close closes every stream here, refuses new ones and stops listening.
func (b *Broker) Close() {
	b.once.Do(func() {
		b.hub.Close()
		b.update(func() { b.closed = true })
		b.stop()
		<-b.done
	})
}
