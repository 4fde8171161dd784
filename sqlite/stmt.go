package sqlite

import (
	"context"
	"database/sql"
	"sync"

	"rehome/app"
	"rehome/storecore"
)

// Every query runs as a prepared statement, kept for the life of the
// database: SQLite otherwise parses and plans each query it is given, which
// cost a fifth of the CPU of a typical read. database/sql prepares a Stmt
// once on each connection it runs on. Budget: the signed-in category page's
// server CPU per request (docs/benchmarks.md).
//
// Paged queries write LIMIT ? + 0 and OFFSET ? + 0: SQLite's planner looks
// at a bare LIMIT parameter's value when it plans again, and a statement so
// planned is planned once more after every use (the driver clears the
// bindings, which expires it). The "+ 0" hides the value from the planner.
type statements struct {
	pool   *sql.DB
	m      sync.Map // query → *sql.Stmt
	wanted sync.Map // queries first met in a transaction: query → true
}

func (s *statements) get(ctx context.Context, query string) (*sql.Stmt, error) {
	if stmt, ok := s.m.Load(query); ok {
		return stmt.(*sql.Stmt), nil
	}
	stmt, err := s.pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if old, loaded := s.m.LoadOrStore(query, stmt); loaded {
		stmt.Close()
		return old.(*sql.Stmt), nil
	}
	return stmt, nil
}

// inTx is query for tx. A statement not prepared yet is prepared for tx
// alone: preparing it for the pool would need another connection, and the
// writer has only the one tx holds. prepareWanted prepares it for next time.
func (s *statements) inTx(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	if stmt, ok := s.m.Load(query); ok {
		return tx.StmtContext(ctx, stmt.(*sql.Stmt)), nil
	}
	s.wanted.Store(query, true)
	return tx.PrepareContext(ctx, query)
}

// prepareWanted prepares the statements transactions met, once the
// transaction has given its connection back.
func (s *statements) prepareWanted(ctx context.Context) {
	s.wanted.Range(func(query, _ any) bool {
		s.wanted.Delete(query)
		s.get(ctx, query.(string)) // on failure, the next transaction tries again
		return true
	})
}

func (s *statements) close() {
	s.m.Range(func(_, stmt any) bool {
		stmt.(*sql.Stmt).Close()
		return true
	})
}

// row is what a single-row query gives to a scan function.
type row = storecore.Row

// failedRow reports an error that came before the query could run.
type failedRow struct{ err error }

func (r failedRow) Scan(...any) error { return r.err }

// queryRow reads one row through the reader pool.
func (db *DB) queryRow(ctx context.Context, query string, args ...any) row {
	stmt, err := db.readStmts.get(ctx, query)
	if err != nil {
		return failedRow{err}
	}
	return stmt.QueryRowContext(uncancelled(ctx), args...)
}

// query reads rows through the reader pool.
func (db *DB) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	stmt, err := db.readStmts.get(ctx, query)
	if err != nil {
		return nil, err
	}
	return stmt.QueryContext(uncancelled(ctx), args...)
}

// uncancelled lets a read run to its end even when its request ends first.
// For a context that can end, the driver starts a goroutine per query to
// interrupt it, which cost more than most of our reads, all of them short;
// and reads in WAL mode never wait for a lock.
func uncancelled(ctx context.Context) context.Context {
	if ctx.Done() == nil {
		return ctx
	}
	return context.WithoutCancel(ctx)
}

// exec runs one statement as a write transaction of its own.
func (db *DB) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var res sql.Result
	err := db.inTx(ctx, func(tx *sql.Tx) (err error) {
		res, err = db.txExec(ctx, tx, query, args...)
		return err
	})
	return res, err
}

// writeRow runs a statement that returns one row (INSERT … RETURNING) as a
// write transaction of its own, scanning the row into dest.
func (db *DB) writeRow(ctx context.Context, query string, args []any, dest ...any) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		return db.txRow(ctx, tx, query, args...).Scan(dest...)
	})
}

// changeOneRecorded runs a statement that must change exactly one row and
// records audit, when given, in the same transaction.
func (db *DB) changeOneRecorded(ctx context.Context, query string, id int64, notFoundMessage string, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := db.txExec(ctx, tx, query, id)
		if err := changedOne(res, err, notFoundMessage); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}

// changedOne says a statement that changed no row found nothing to change.
func changedOne(res sql.Result, err error, notFoundMessage string) error {
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return app.Errorf(app.KindNotFound, "%s", notFoundMessage)
	}
	return nil
}

// txStmt is query prepared for the write transaction tx.
func (db *DB) txStmt(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	return db.writeStmts.inTx(ctx, tx, query)
}

func (db *DB) txRow(ctx context.Context, tx *sql.Tx, query string, args ...any) row {
	stmt, err := db.txStmt(ctx, tx, query)
	if err != nil {
		return failedRow{err}
	}
	return stmt.QueryRowContext(ctx, args...)
}

func (db *DB) txExec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	stmt, err := db.txStmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return stmt.ExecContext(ctx, args...)
}

func (db *DB) txQuery(ctx context.Context, tx *sql.Tx, query string, args ...any) (*sql.Rows, error) {
	stmt, err := db.txStmt(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return stmt.QueryContext(ctx, args...)
}

// readTxRow and readTxQuery run a reader's statement in a read transaction.
func (db *DB) readTxRow(ctx context.Context, tx *sql.Tx, query string, args ...any) row {
	stmt, err := db.readStmts.inTx(ctx, tx, query)
	if err != nil {
		return failedRow{err}
	}
	return stmt.QueryRowContext(ctx, args...)
}

func (db *DB) readTxQuery(ctx context.Context, tx *sql.Tx, query string, args ...any) (*sql.Rows, error) {
	stmt, err := db.readStmts.inTx(ctx, tx, query)
	if err != nil {
		return nil, err
	}
	return stmt.QueryContext(ctx, args...)
}

// scanIDs reads rows of one ID each, and closes them.
func scanIDs(rows *sql.Rows, err error) ([]int64, error) {
	return storecore.ScanIDs(coreRows(rows, err))
}
