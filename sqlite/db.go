// Package sqlite keeps the marketplace in one SQLite file. Writes go through a
// single connection (SQLite allows one writer at a time, and queueing in Go is
// cheaper than retrying on SQLITE_BUSY); reads use a pool of read-only
// connections that WAL lets run beside the writer.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"rehome/app"
	"rehome/cache"
	"rehome/storecore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is the store: it implements each of app's store interfaces, which
// internal/wiring hands to the services one by one.
type DB struct {
	// The methods whose SQL PostgreSQL's store shares.
	storecore.Store

	write *sql.DB
	read  *sql.DB
	now   func() time.Time

	// writing is held for a write transaction and the forgetting after it,
	// so that what notes holds is that transaction's alone (see changes).
	writing sync.Mutex
	notes   *changeNotes
	// writeWaited, when set, learns how long each write queued for writing.
	writeWaited func(time.Duration)

	writeStmts, readStmts *statements
	// txWriter is the Querier of the write transaction under way, for
	// storecore (see runner).
	txWriter writer

	exclusive exclusive // see Exclusively

	// What this store read recently, forgotten as feed tells of writes.
	caches *cache.Caches
	// suspended keeps the accounts suspended now (SuspendedUsers).
	suspended cache.Until[[]int64]
	feed      *cache.LocalFeed
	// One reader of a search at a time, and searches read at once: one per
	// core; see searchHits.
	searching [16]sync.Mutex
	searchers chan struct{}
	// matcher checks the listings a write changed against a search's words,
	// with their texts as texts keeps them; passing keeps which of them
	// pass a search's other filters.
	matcher textMatcher
	texts   keptByListing[*listingText]
	passing keptFilterChecks
	// indexLanguage is the app.Language the full-text index is stemmed in
	// (search_language), which a search stems its words in too.
	indexLanguage atomic.Value
	// sessionsEnded hears of the sessions each write ended; see OnSessionsEnded.
	sessionsEnded atomic.Pointer[func(app.SessionsEnded)]
}

var (
	_ app.UserStore              = (*DB)(nil)
	_ app.CategoryStore          = (*DB)(nil)
	_ app.ProductStore           = (*DB)(nil)
	_ app.ImageStore             = (*DB)(nil)
	_ app.BookingStore           = (*DB)(nil)
	_ app.ReportStore            = (*DB)(nil)
	_ app.AdvertStore            = (*DB)(nil)
	_ app.IdempotencyStore       = (*DB)(nil)
	_ app.IdentityStore          = (*DB)(nil)
	_ app.PaymentStore           = (*DB)(nil)
	_ app.SearchStore            = (*DB)(nil)
	_ app.AuditStore             = (*DB)(nil)
	_ app.PasswordResetStore     = (*DB)(nil)
	_ app.AccountStore           = (*DB)(nil)
	_ app.ExportStore            = (*DB)(nil)
	_ app.MailQueue              = (*DB)(nil)
	_ app.EmailChangeStore       = (*DB)(nil)
	_ app.EmailVerificationStore = (*DB)(nil)
	_ app.SessionStore           = (*DB)(nil)
	_ app.ConversationStore      = (*DB)(nil)
	_ app.PushStore              = (*DB)(nil)
	_ app.SiteStore              = (*DB)(nil)
	_ app.PostStore              = (*DB)(nil)
	_ app.SellingStore           = (*DB)(nil)
)

// Open opens (creating if needed) the database file at path and brings its
// schema up to date.
func Open(ctx context.Context, path string) (*DB, error) {
	pragmas := "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	base := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + pragmas
	notes := &changeNotes{}
	feed := &cache.LocalFeed{}
	write, err := openWriter(base+"&_txlock=immediate"+fmt.Sprintf("&_pragma=cache_size(-%d)", writerCacheKiB), notes)
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	db := &DB{
		write: write, notes: notes, now: func() time.Time { return time.Now().UTC() },
		writeStmts: &statements{pool: write},
		caches:     cache.NewCaches(feed), feed: feed,
		searchers: make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	db.Store = storecore.NewStore(dialect, reader{db}, runner{db}, db.millis, db)
	if err := connectWriter(ctx, write); err != nil {
		write.Close()
		return nil, err
	}
	if err := db.migrate(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	if err := db.readColumns(ctx); err != nil {
		write.Close()
		return nil, err
	}
	if err := db.readSearchLanguage(ctx); err != nil {
		write.Close()
		return nil, err
	}
	notes.take() // the migrations' changes: nothing is cached yet
	// Readers open only after the writer has created the file and set WAL.
	read, err := sql.Open("sqlite", base+"&_pragma=query_only(1)"+fmt.Sprintf("&_pragma=cache_size(-%d)", readerCacheKiB))
	if err != nil {
		write.Close()
		return nil, err
	}
	readers := max(4, runtime.NumCPU()*2)
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	db.read, db.readStmts = read, &statements{pool: read}
	return db, nil
}

// connectWriter opens the writer's connection. Turning a new file to WAL
// needs an exclusive lock that SQLite does not wait for, so a process
// opening the file at the same moment as another may be refused; it tries
// again for a while.
func connectWriter(ctx context.Context, write *sql.DB) error {
	for tries := 1; ; tries++ {
		err := write.PingContext(ctx)
		var e *sqlite.Error
		if err == nil || !errors.As(err, &e) || e.Code()&0xff != sqlite3.SQLITE_BUSY || tries == 100 {
			return err
		}
		select {
		case <-time.After(10 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// readerCacheKiB and writerCacheKiB bound each connection's page cache
// (SQLite's default is 2 MB). Readers mostly answer from the caches
// (package cache), and what they do read (a product by id, an uncached
// search) the operating system's page cache serves as fast: searches after
// a write and uncached pages took the same time with 2 MB, 1 MB and 512 KB
// (BenchmarkSearch, BenchmarkCategoryPage). Under writes a reader's cache
// is emptied at each write anyway. SQLite's allocator here hands out a
// 4 KB page in an 8 KB slot and keeps up to 4 MB of freed slots of a size
// for reuse, so the caches cost twice what they hold and more: with
// 512 KB readers and a 2 MB writer, SQLite held 12 MB at a peak, and peak
// RSS under writes went from 58.6 to 54.2 MB with these, writes' p50 the
// same (docs/benchmarks.md).
const (
	readerCacheKiB = 256
	writerCacheKiB = 512
)

func (db *DB) Close() error {
	db.readStmts.close()
	db.writeStmts.close()
	return errors.Join(db.read.Close(), db.write.Close(), db.matcher.close())
}

// SetClock replaces the clock; tests use it to make times predictable.
func (db *DB) SetClock(now func() time.Time) { db.now = now }

func (db *DB) millis() int64 { return db.now().UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// migrate applies the numbered files in migrations/ whose number is above the
// database's user_version, all in one transaction, so a failed migration
// leaves the schema as it was. A second process starting at the same time
// waits on the write lock and then finds nothing left to do.
func (db *DB) migrate(ctx context.Context) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	above, err := storecore.MigrationsAbove(migrations, version)
	if err != nil {
		return err
	}
	for _, m := range above {
		if _, err := tx.ExecContext(ctx, m.Body); err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.Number)); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// inTx runs fn in a write transaction, committing only when fn succeeds,
// and then tells the change feed what it changed. Every write goes through it.
func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	defer db.writeStmts.prepareWanted(ctx)
	queued := time.Now()
	db.writing.Lock()
	defer db.writing.Unlock()
	if db.writeWaited != nil {
		db.writeWaited(time.Since(queued))
	}
	// After commit or rollback: forgetting what a rollback undid costs
	// only a cache miss. Sessions ended are told only once committed, and
	// after the caches forgot them, so that whoever hears it and reads
	// the session again finds it gone.
	committed := false
	defer func() {
		c := db.notes.take()
		db.feed.Publish(c.Change)
		if committed {
			db.tellEnded(c.ended)
		}
	}()
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return storageRefused(err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return storageRefused(err)
	}
	if _, claimed := app.IdempotencyClaimOf(ctx); claimed { // no Querier made for the others
		if err := storecore.MarkClaimWorked(ctx, writer{db, tx}); err != nil {
			return storageRefused(err)
		}
	}
	err = tx.Commit()
	committed = err == nil
	return storageRefused(err)
}

// storageRefused turns SQLite's report of a disk that takes no more (full,
// over a size limit, read-only, failing writes) into app's unavailable
// error; any other error is returned as it is.
func storageRefused(err error) error {
	if err == nil {
		return nil // before e, which errors.As moves to the heap
	}
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return err
	}
	switch e.Code() & 0xff { // the primary code, without the extended part
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
		return app.StorageRefused(false, err)
	case sqlite3.SQLITE_READONLY:
		return app.StorageRefused(true, err)
	}
	return err
}

// readTx runs fn in a read transaction, so several queries see one snapshot.
func (db *DB) readTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	defer db.readStmts.prepareWanted(ctx)
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// notFound turns sql.ErrNoRows into the domain's not-found error.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return app.Errorf(app.KindNotFound, "%s not found", what)
	}
	return err
}

// referenceGone explains a write that points at a row deleted since the
// request began, such as a booking by an account an admin just removed.
func referenceGone(err error) error {
	var e *sqlite.Error
	if errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY {
		return app.Errorf(app.KindConflict, "Something this refers to was just removed. Reload and try again.")
	}
	return err
}

// isUniqueViolation reports whether err is a UNIQUE or PRIMARY KEY clash.
func isUniqueViolation(err error) bool {
	var e *sqlite.Error
	if errors.As(err, &e) {
		code := e.Code()
		return code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}
