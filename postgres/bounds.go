package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// How long a request waits on a database that answers but cannot serve it
// now: for one of the pool's connections while all are in use, and for a
// statement (a lock another transaction holds, a query that runs on). Past
// them it answers 503 with Retry-After (app.Busy) instead of holding its
// client, and a goroutine here, for as long as the stuck transaction or
// the burst lasts. The database URL may set each: pool_acquire_timeout=10s,
// and PostgreSQL's own statement_timeout=60s, lock_timeout=10s,
// idle_in_transaction_session_timeout=2min (0 turns one of those off);
// docs/deploy.md says how to choose.
const (
	poolWaitParam           = "pool_acquire_timeout"
	defaultPoolWait         = 3 * time.Second
	defaultStatementTimeout = "30s"
	defaultLockTimeout      = "5s"
	// A transaction left open and idle (its instance stopped or cut off
	// mid-request) would hold its locks until the server notices the
	// connection is dead, which can take hours: the server ends it. No
	// request keeps a transaction idle for more than moments.
	defaultIdleInTransaction = "60s"
)

// boundWaits sets the bounds on cfg, as its URL says or else the defaults.
// The statement bounds are PostgreSQL's own settings, given to each
// connection as it starts; work meant to last lifts them (unbounded).
func boundWaits(cfg *pgxpool.Config) error {
	params := cfg.ConnConfig.RuntimeParams
	wait := defaultPoolWait
	if s, ok := params[poolWaitParam]; ok {
		delete(params, poolWaitParam) // not a setting PostgreSQL knows
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s: %q is not a duration such as 3s", poolWaitParam, s)
		}
		wait = d
	}
	if cfg.ConnConfig.Tracer != nil {
		return fmt.Errorf("the connection's tracer is taken")
	}
	cfg.ConnConfig.Tracer = poolWait{wait, cfg.ConnConfig.ConnectTimeout}
	for name, value := range map[string]string{"statement_timeout": defaultStatementTimeout, "lock_timeout": defaultLockTimeout,
		"idle_in_transaction_session_timeout": defaultIdleInTransaction} {
		if _, ok := params[name]; !ok {
			params[name] = value
		}
	}
	return nil
}

// poolWait bounds each wait for a connection of the pool. pgxpool has no
// such bound of its own: a call waits as long as its context, and its
// Query, Exec and Begin acquire with the context they then run the
// statement with. Its AcquireTracer is the one hook that sees the wait
// alone, and the context it returns is the one the wait uses.
//
// A wait that may open a new connection (the pool has room) is given the
// connect timeout on top: a server slow to answer is the connect timeout's
// to judge, and an instance starting must not give up on one before it.
type poolWait struct{ wait, connect time.Duration }

type stopWaiting struct{} // the context key of the wait's cancel

func (w poolWait) TraceAcquireStart(ctx context.Context, pool *pgxpool.Pool, _ pgxpool.TraceAcquireStartData) context.Context {
	bound := w.wait
	if s := pool.Stat(); s.IdleConns() == 0 && s.TotalConns() < s.MaxConns() {
		bound += w.connect
	}
	ctx, cancel := context.WithTimeout(ctx, bound)
	return context.WithValue(ctx, stopWaiting{}, cancel)
}

func (poolWait) TraceAcquireEnd(ctx context.Context, _ *pgxpool.Pool, _ pgxpool.TraceAcquireEndData) {
	ctx.Value(stopWaiting{}).(context.CancelFunc)()
}

// A connection's tracer must trace queries too; these ones need nothing.
func (poolWait) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	return ctx
}

func (poolWait) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// full tells whether every connection the pool may open is in use, so that
// a wait that ran out was for one of them to come back, not for a new one
// that the server was slow to give (which says it cannot be reached).
func (p trackedPool) full() bool {
	s := p.Stat()
	return s.AcquiredConns() >= s.MaxConns()
}

// PostgreSQL's codes for a statement it gave up at its bound: 55P03
// lock_not_available (lock_timeout), 57014 query_canceled
// (statement_timeout, or a cancel this instance sent because its request
// ended, which seen tells apart by the request's context).
const (
	codeLockNotAvailable = "55P03"
	codeQueryCanceled    = "57014"
)

// unbounded lifts the statement bounds on conn, for work meant to wait or
// to last (migrations, waiting for an instance that writes the demo);
// restore puts the connection's own back before it returns to the pool, or
// closes it when it cannot.
func unbounded(ctx context.Context, conn *pgxpool.Conn) (restore func(), err error) {
	if _, err := conn.Exec(ctx, `SET statement_timeout = 0; SET lock_timeout = 0; SET idle_in_transaction_session_timeout = 0`); err != nil {
		return nil, err
	}
	return func() {
		ctx := context.WithoutCancel(ctx)
		if _, err := conn.Exec(ctx, `RESET statement_timeout; RESET lock_timeout; RESET idle_in_transaction_session_timeout`); err != nil {
			conn.Conn().Close(ctx)
		}
	}, nil
}

// unboundedTx lifts the statement bounds for the rest of tx.
func unboundedTx(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0`)
	return err
}
