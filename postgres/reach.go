package postgres

import (
	"context"
	"errors"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"rehome/app"
	"rehome/internal/reach"
)

// trackedPool is the connection pool through which every query goes, so that a
// database this instance cannot reach becomes app's unavailable error (a
// 503 with Retry-After, never a 500) in this one place, and its going down
// and coming back are each logged once (package reach).
type trackedPool struct {
	*pgxpool.Pool
	reach *reach.Tracker
}

// seen classifies the error of a call to the database and records whether
// the database answered it.
func (p trackedPool) seen(ctx context.Context, err error) error {
	switch {
	case err == nil:
		p.reach.Reached()
	case errors.Is(err, app.ErrUnreachable):
	case ctx.Err() != nil:
		// The request ended: that says nothing of the database.
	case errors.Is(err, app.ErrBusy):
	case errors.Is(err, context.DeadlineExceeded) && p.full():
		// The wait for a connection ran out (bounds.go) while the request
		// goes on: the others are all in use, so the database is reachable.
		return app.Busy(err)
	case errorCode(err) == codeLockNotAvailable || errorCode(err) == codeQueryCanceled:
		p.reach.Reached()
		return app.Busy(err)
	case Unreachable(err):
		p.reach.Failed(err)
		return app.Unreachable(app.DatabaseUnreachableMessage, err)
	default:
		p.reach.Reached()
	}
	return err
}

// unreachableDatabase is the error of a call the circuit kept from a
// database that is down (reach.Tracker.Attempt).
var unreachableDatabase = app.Unreachable(app.DatabaseUnreachableMessage, errors.New("the database is down"))

func (p trackedPool) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if !p.reach.Attempt() {
		return pgconn.CommandTag{}, unreachableDatabase
	}
	tag, err := p.Pool.Exec(ctx, sql, args...)
	return tag, p.seen(ctx, err)
}

func (p trackedPool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if !p.reach.Attempt() {
		return nil, unreachableDatabase
	}
	rows, err := p.Pool.Query(ctx, sql, args...)
	if err != nil {
		return rows, p.seen(ctx, err)
	}
	return trackedRows{rows, p, ctx}, nil
}

// trackedRows classifies the error of a query that failed once it was
// sent: a statement that ran past its bound, a connection that broke.
type trackedRows struct {
	pgx.Rows
	pool trackedPool
	ctx  context.Context
}

func (r trackedRows) Err() error { return r.pool.seen(r.ctx, r.Rows.Err()) }

func (p trackedPool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if !p.reach.Attempt() {
		return keptRow{}
	}
	return row{p.Pool.QueryRow(ctx, sql, args...), p, ctx}
}

func (p trackedPool) Begin(ctx context.Context) (pgx.Tx, error) {
	if !p.reach.Attempt() {
		return nil, unreachableDatabase
	}
	tx, err := p.Pool.Begin(ctx)
	return tx, p.seen(ctx, err)
}

func (p trackedPool) BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error) {
	if !p.reach.Attempt() {
		return nil, unreachableDatabase
	}
	tx, err := p.Pool.BeginTx(ctx, opts)
	return tx, p.seen(ctx, err)
}

func (p trackedPool) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error) {
	if !p.reach.Attempt() {
		return 0, unreachableDatabase
	}
	n, err := p.Pool.CopyFrom(ctx, table, columns, src)
	return n, p.seen(ctx, err)
}

func (p trackedPool) Acquire(ctx context.Context) (*pgxpool.Conn, error) {
	if !p.reach.Attempt() {
		return nil, unreachableDatabase
	}
	conn, err := p.Pool.Acquire(ctx)
	return conn, p.seen(ctx, err)
}

type row struct {
	pgx.Row
	pool trackedPool
	ctx  context.Context
}

func (r row) Scan(dest ...any) error { return r.pool.seen(r.ctx, r.Row.Scan(dest...)) }

// keptRow is the row of a query the circuit kept from the database.
type keptRow struct{}

func (keptRow) Scan(...any) error { return unreachableDatabase }

// ping asks the database even while it is known down: the health check
// is how an idle instance finds it back.
func (p trackedPool) ping(ctx context.Context, sql string) error {
	var n int
	return p.seen(ctx, p.Pool.QueryRow(ctx, sql).Scan(&n))
}

// UseLogger has the database's going down and coming back logged to log.
func (db *DB) UseLogger(log *slog.Logger) { db.pool.reach.UseLogger(log) }
