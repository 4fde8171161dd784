// Package postgres keeps the marketplace in a PostgreSQL database (15 or
// newer), for a marketplace that runs on more than one machine: any number
// of Rehome instances share one database. It implements the same store
// interfaces as package sqlite and keeps the same promises (package
// storetest checks both).
//
// Transactions run at PostgreSQL's default isolation, READ COMMITTED. Each
// promise a store interface makes about concurrent writes is held by a row
// lock, never by a read checked later: a conditional UPDATE (its WHERE is
// checked again once the lock is granted), SELECT ... FOR UPDATE, or a
// unique index. Where a method's comment does not say which, it writes one
// statement, atomic on its own. Deadlocks and serialization failures are
// retried by inTx.
//
// This store keeps no caches of its own, but for searches' matches: every
// instance reads what every other wrote. The caches above it (package
// cache: the signed-in request's session and account) forget what its
// change feed tells (Feed, changes.go). What the HTTP layer keeps, and the
// searches' matches (kept_searches.go), are tagged with CatalogueVersion,
// which is the database's (changes.go), and checked against it in the
// statement that reads them.
package postgres

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"rehome/app"
	"rehome/cache"
	"rehome/internal/reach"
	"rehome/storecore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is the store: it implements each of app's store interfaces.
type DB struct {
	// The methods whose SQL SQLite's store shares.
	storecore.Store

	pool trackedPool // see reach.go
	now  func() time.Time
	// name is this instance's application_name on every connection, so
	// that it knows what it told itself when the database tells everyone.
	name string

	// unseen counts down from the top of the versions: see CatalogueVersion.
	unseen atomic.Uint64
	// searches keeps what searches found; see kept_searches.go.
	searches *keptSearches
	// sessionsEnded hears of the sessions each write ended; see OnSessionsEnded.
	sessionsEnded atomic.Pointer[func(app.SessionsEnded)]
	// feed tells the rows each write changed; see Feed.
	feed *cache.LocalFeed
	// stopListening ends the listener Open started.
	stopListening context.CancelFunc
	listening     chan struct{} // closed when the listener has returned
}

// Open connects to the database at url (postgres://user:pass@host/db) and
// brings its schema up to date.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database URL: %w", err)
	}
	name := "rehome-" + randomHex(6)
	cfg.ConnConfig.RuntimeParams["application_name"] = name
	cfg.ConnConfig.RuntimeParams["timezone"] = "UTC"
	if cfg.ConnConfig.ConnectTimeout == 0 {
		// A server that takes the connection but does not answer (stuck,
		// or packets dropped) is given up on: a request answers 503, not
		// after the system's TCP timeout of minutes.
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	cfg.ConnConfig.DialFunc = dialer()
	if err := boundWaits(cfg); err != nil {
		return nil, fmt.Errorf("database URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	db := &DB{pool: trackedPool{Pool: pool, reach: reach.New("database")}, name: name, now: func() time.Time { return time.Now().UTC() },
		searches: newKeptSearches(keptSearchBytes), feed: &cache.LocalFeed{}}
	db.Store = storecore.NewStore(dialect, core{db.pool}, txRunner{db}, db.millis, db)
	db.pool.reach.WhenDown(func(err error) {
		// The connections made before the database went away are broken:
		// used once it is back, each would fail a request, and say it is
		// down again. But a server that refused one connection more (too
		// many) still serves those it has.
		if !tooManyConnections(err) {
			pool.Reset()
		}
	})
	var start [4]byte
	rand.Read(start[:])
	db.unseen.Store(1<<63 | uint64(start[0])<<40 | uint64(start[1])<<32 | uint64(start[2])<<24 | uint64(start[3])<<16)
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if err := db.listen(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return db, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (db *DB) Close() error {
	db.stopListening()
	<-db.listening
	db.pool.Close()
	return nil
}

// Pool is the connection pool, for tools that copy or compare whole tables
// (rehome migrate) and for tests.
func (db *DB) Pool() *pgxpool.Pool { return db.pool.Pool }

// connectTimeout bounds connecting to the server unless the URL's
// connect_timeout says otherwise.
const connectTimeout = 5 * time.Second

// healthTimeout bounds a read that has no request to end with it.
const healthTimeout = 2 * time.Second

// Ping tells whether the database answers a read.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.pool.ping(ctx, `SELECT count(*) FROM (SELECT 1 FROM users LIMIT 1) one`); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	return nil
}

// SetClock replaces the clock; tests use it to make times predictable.
func (db *DB) SetClock(now func() time.Time) { db.now = now }

func (db *DB) millis() int64 { return db.now().UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// retries bounds how often inTx runs a transaction PostgreSQL aborted to
// break a deadlock or a serialization failure.
const retries = 10

// inTx runs fn in a transaction, committing only when fn succeeds, and then
// tells this instance what it changed (changes.go). Every write goes
// through it. fn may run more than once: when PostgreSQL aborts the
// transaction to break a deadlock, it is run again from the start.
func (db *DB) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	for try := 1; ; try++ {
		err := db.runTx(ctx, fn)
		if try < retries && isRetryable(err) {
			continue
		}
		return db.pool.seen(ctx, storageRefused(err))
	}
}

func (db *DB) runTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return err
	}
	if _, claimed := app.IdempotencyClaimOf(ctx); claimed { // no Querier made for the others
		if err := storecore.MarkClaimWorked(ctx, core{tx}); err != nil {
			return err
		}
	}
	changed, err := readChanges(ctx, tx)
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	db.apply(changed)
	return nil
}

// readTx runs fn in a read-only transaction that sees one snapshot, for
// reads that must agree with each other (a page and its total).
func (db *DB) readTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return db.pool.seen(ctx, err)
	}
	return db.pool.seen(ctx, tx.Commit(ctx))
}

// PostgreSQL's error codes the store acts on.
const (
	codeUniqueViolation      = "23505"
	codeForeignKeyViolation  = "23503"
	codeSerializationFailure = "40001"
	codeDeadlockDetected     = "40P01"
	codeDiskFull             = "53100"
	codeReadOnlyTransaction  = "25006"
)

func errorCode(err error) string {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func isRetryable(err error) bool {
	code := errorCode(err)
	return code == codeSerializationFailure || code == codeDeadlockDetected
}

// storageRefused turns PostgreSQL's report of a disk that takes no more,
// or of a server that takes no writes (a standby), into app's unavailable
// error; any other error is returned as it is.
func storageRefused(err error) error {
	switch errorCode(err) {
	case codeDiskFull:
		return app.StorageRefused(false, err)
	case codeReadOnlyTransaction:
		return app.StorageRefused(true, err)
	}
	return err
}

// notFound turns pgx.ErrNoRows into the domain's not-found error.
func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return app.Errorf(app.KindNotFound, "%s not found", what)
	}
	return err
}

// referenceGone explains a write that points at a row deleted since the
// request began, such as a booking by an account an admin just removed.
func referenceGone(err error) error {
	if errorCode(err) == codeForeignKeyViolation {
		return app.Errorf(app.KindConflict, "Something this refers to was just removed. Reload and try again.")
	}
	return err
}

// isUniqueViolation reports whether err is a UNIQUE or PRIMARY KEY clash.
func isUniqueViolation(err error) bool { return errorCode(err) == codeUniqueViolation }
