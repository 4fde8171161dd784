package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"

	"rehome/storecore"
)

// dialect is what SQLite's text of storecore's statements needs, and its
// driver's errors. SQLite has no array type: a list of IDs goes as JSON
// text.
var dialect = storecore.Dialect{
	InIDs:             ` IN (SELECT value FROM json_each(?))`,
	IDs:               jsonIDs,
	PostSlugs:         `SELECT slug FROM posts WHERE slug = ?1 OR slug GLOB ?1 || '-[0-9]*'`,
	IsUniqueViolation: isUniqueViolation,
	ReferenceGone:     referenceGone,
}

func jsonIDs(ids []int64) (any, error) {
	b, err := json.Marshal(ids)
	return string(b), err
}

// The Queriers storecore's statements run on, each through this store's
// prepared statements: reader on the reader pool, readerTx in a read
// transaction, writer in the write transaction. SQLite takes ? as it is.
type (
	reader   struct{ db *DB }
	readerTx struct {
		db *DB
		tx *sql.Tx
	}
	writer struct {
		db *DB
		tx *sql.Tx
	}
)

// sqlRows closes as storecore.Rows do.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }

func coreRows(rows *sql.Rows, err error) (storecore.Rows, error) {
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
}

func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r reader) QueryRow(ctx context.Context, query string, args ...any) storecore.Row {
	return r.db.queryRow(ctx, query, args...)
}

func (r reader) Query(ctx context.Context, query string, args ...any) (storecore.Rows, error) {
	return coreRows(r.db.query(ctx, query, args...))
}

// Exec on the reader runs the write as a transaction of its own.
func (r reader) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return affected(r.db.exec(ctx, query, args...))
}

func (r readerTx) QueryRow(ctx context.Context, query string, args ...any) storecore.Row {
	return r.db.readTxRow(ctx, r.tx, query, args...)
}

func (r readerTx) Query(ctx context.Context, query string, args ...any) (storecore.Rows, error) {
	return coreRows(r.db.readTxQuery(ctx, r.tx, query, args...))
}

func (r readerTx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return affected(r.tx.ExecContext(ctx, query, args...)) // refused: the connection is read-only
}

func (w writer) QueryRow(ctx context.Context, query string, args ...any) storecore.Row {
	return w.db.txRow(ctx, w.tx, query, args...)
}

func (w writer) Query(ctx context.Context, query string, args ...any) (storecore.Rows, error) {
	return coreRows(w.db.txQuery(ctx, w.tx, query, args...))
}

func (w writer) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return affected(w.db.txExec(ctx, w.tx, query, args...))
}

// runner runs storecore's transactions: writes on the one writer, reads
// on the reader pool. A Querier of two words would be allocated for each
// transaction as it became an interface; a pointer is not. The one write
// transaction at a time (inTx holds writing) uses the DB's own writer,
// and read transactions take theirs from readersTx.
type runner struct{ db *DB }

func (r runner) InTx(ctx context.Context, fn func(tx storecore.Querier) error) error {
	return r.db.inTx(ctx, func(tx *sql.Tx) error {
		w := &r.db.txWriter
		*w = writer{r.db, tx}
		defer func() { *w = writer{} }()
		return fn(w)
	})
}

var readersTx = sync.Pool{New: func() any { return new(readerTx) }}

func (r runner) ReadTx(ctx context.Context, fn func(tx storecore.Querier) error) error {
	return r.db.readTx(ctx, func(tx *sql.Tx) error {
		q := readersTx.Get().(*readerTx)
		*q = readerTx{r.db, tx}
		defer func() {
			*q = readerTx{}
			readersTx.Put(q)
		}()
		return fn(q)
	})
}
