package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"rehome/cache"
	"rehome/internal/reach"
)

// channelEnded is where the schema's triggers tell the sessions a write
// ended (0001_schema.sql, note_session_ended), and channelChanged the rows
// it changed (0020_change_feed.sql, note_changed): the payload is the
// application_name of the instance that wrote, then one ending or change.
const (
	channelEnded   = "rehome_ended"
	channelChanged = "rehome_changed"
)

// listen starts hearing what other instances write: the rows a write
// changed are published on the change feed and the sessions it ended told
// to OnSessionsEnded, as inTx does for this instance's own writes (whose
// notifications it therefore skips). It returns once it listens, so that
// whatever is committed after Open is heard.
//
// Another instance's change is heard once its NOTIFY arrives, a moment
// after its commit (in tests, within the time the test waits for the
// event: TestCachesForgetWhatAnotherInstanceChanged): until then this
// instance may answer from a cache a row that instance changed. A lost
// connection is made again; meanwhile changes may go unheard, so the
// caches keep nothing from the moment it is lost (cache.Change's Unheard)
// until it listens again (Heard). Sessions ended meanwhile are not told:
// an event stream checks its session again at each heartbeat (api's
// StillOpen), and when the database went away the live broker's listener
// (broker.go) lost its connection too and, once it has it again, closes
// every stream here, each client reconnecting under a fresh check. (The
// catalogue's version needs no listening: it is the database's.)
func (db *DB) listen(ctx context.Context) error {
	run, stop := context.WithCancel(context.WithoutCancel(ctx))
	l := &listener{
		config:   db.pool.Config().ConnConfig.Copy(),
		channels: []string{channelEnded, channelChanged},
		log:      slog.Default(),
		reach:    db.pool.reach,
		ready: func(_ context.Context, _ *pgx.Conn, first bool) error {
			if !first {
				db.feed.Publish(cache.Change{Heard: true})
				db.heardForTests("", false)
			}
			return nil
		},
		lost: func(error) { db.feed.Publish(cache.Change{Unheard: true}) },
		heard: func(_ context.Context, _ *pgx.Conn, n *pgconn.Notification) error {
			writer, what, _ := strings.Cut(n.Payload, "\n")
			own := writer == db.name
			switch {
			case own:
			case n.Channel == channelChanged:
				db.feed.Publish(parseChanged(what))
			default:
				db.tellEnded(parseEndings(what))
			}
			db.heardForTests(n.Channel, own)
			return nil
		},
	}
	done, err := l.start(ctx, run)
	if err != nil {
		stop()
		return fmt.Errorf("listen: %w", err)
	}
	db.stopListening, db.listening = stop, done
	return nil
}

// listenHooks are told, for tests, what each store's listener handled:
// a channel, and whether the notification was the store's own, or "" for
// a connection made again.
var listenHooks sync.Map // *DB → func(channel string, own bool)

func (db *DB) heardForTests(channel string, own bool) {
	if hook, ok := listenHooks.Load(db); ok {
		hook.(func(string, bool))(channel, own)
	}
}

// Delays between attempts to connect again after the listening connection
// was lost: the first attempt is at once, later ones back off.
const (
	minReconnectDelay = 100 * time.Millisecond
	maxReconnectDelay = 5 * time.Second
)

// listener holds one connection of its own, outside the pool, that
// LISTENs on channels, and hands on each notification in the order the
// transactions that sent them committed, one at a time. When the
// connection is lost it connects again until it is stopped.
type listener struct {
	config   *pgx.ConnConfig
	channels []string
	log      *slog.Logger
	// ready runs on each new connection once it listens, before any
	// notification is handed on; first tells the first connection from
	// one made again, after which notifications may have been missed. An
	// error drops the connection.
	ready func(ctx context.Context, conn *pgx.Conn, first bool) error
	// heard is handed each notification, with the connection to read
	// more on; an error drops the connection, as if it was lost.
	heard func(ctx context.Context, conn *pgx.Conn, n *pgconn.Notification) error
	// lost, when set, is told the connection was lost.
	lost func(err error)
	// reach is told when the connection is lost, or cannot be made,
	// because the database cannot be reached, and when it is made again:
	// the database's going down and coming back are then logged once for
	// the instance (package reach), not at each attempt to connect.
	reach *reach.Tracker
}

// start connects (within ctx) and listens, then hears in a goroutine of
// its own until run ends; done is closed when that goroutine returns.
func (l *listener) start(ctx, run context.Context) (done chan struct{}, err error) {
	conn, err := l.connect(ctx, true)
	if err != nil {
		return nil, err
	}
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		l.run(run, conn)
	}()
	return finished, nil
}

func (l *listener) connect(ctx context.Context, first bool) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.config)
	if err != nil {
		return nil, err
	}
	var listen strings.Builder
	for _, channel := range l.channels {
		listen.WriteString("LISTEN " + pgx.Identifier{channel}.Sanitize() + ";")
	}
	if _, err = conn.Exec(ctx, listen.String()); err == nil {
		err = l.ready(ctx, conn, first)
	}
	if err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	return conn, nil
}

func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	for {
		err := l.hear(ctx, conn)
		conn.Close(context.WithoutCancel(ctx))
		if ctx.Err() != nil {
			return
		}
		// A connection lost as the database went away says nothing here:
		// connecting again at once fails, and reach logs that once. (A
		// lost connection alone does not tell the database is down: its
		// backend may have been ended while the server goes on.)
		said := !Unreachable(err)
		if said {
			l.log.Warn("postgres: lost the connection that listens to other instances; connecting again",
				"channels", l.channels, "err", err)
		}
		if l.lost != nil {
			l.lost(err)
		}
		if conn = l.reconnect(ctx, said); conn == nil {
			return
		}
	}
}

func (l *listener) hear(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if err := l.heard(ctx, conn, n); err != nil {
			return err
		}
	}
}

// reconnect connects until it succeeds, or returns nil once ctx ends.
// Attempts that fail because the database is down say nothing of their
// own: reach logs that once. said tells whether the log already says the
// listener has a problem of its own, which its success then ends.
func (l *listener) reconnect(ctx context.Context, said bool) *pgx.Conn {
	delay := minReconnectDelay
	for {
		conn, err := l.connect(ctx, false)
		if err == nil {
			l.reach.Reached()
			if said {
				l.log.Info("postgres: listening to other instances again", "channels", l.channels)
			}
			return conn
		}
		if ctx.Err() != nil {
			return nil
		}
		if Unreachable(err) {
			l.reach.Failed(err)
		} else {
			l.log.Warn("postgres: cannot listen to other instances", "channels", l.channels, "retry_in", delay, "err", err)
			said = true
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(delay):
		}
		delay = min(2*delay, maxReconnectDelay)
	}
}
