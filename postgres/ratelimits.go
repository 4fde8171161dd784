package postgres

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// RateLimits counts attempts in the database (app.RateLimits), so that
// every instance counts the attempts made on all of them. Each key's
// latest attempts are one row of rate_limits, and Take's check and count
// happen under that row's lock: an instance taking the last attempt holds
// it until it commits, and another asking at once waits for the row and
// then sees that attempt.
type RateLimits struct {
	db  *DB
	log *slog.Logger
	// counted are the attempts counted since the last sweep.
	counted atomic.Int64
}

var _ app.RateLimits = (*RateLimits)(nil)

// RateLimits is the store of rate-limit counts that instances share. It
// logs to slog's default logger; see Logging.
func (db *DB) RateLimits() *RateLimits { return &RateLimits{db: db, log: slog.Default()} }

// Logging has r log what it cannot do to log instead; it returns r.
func (r *RateLimits) Logging(log *slog.Logger) *RateLimits {
	r.log = log
	return r
}

// rateLimitTimeout bounds each call: app.RateLimits takes no context, and
// an attempt should not wait long for a database that does not answer.
const rateLimitTimeout = 5 * time.Second

// sweepEvery is how many attempts an instance counts between two sweeps
// of the keys whose attempts have all left their window.
const sweepEvery = 1000

func (r *RateLimits) Wait(key string, limit app.Limit, now time.Time) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), rateLimitTimeout)
	defer cancel()
	var times []int64
	err := r.db.pool.QueryRow(ctx, `SELECT times FROM rate_limits WHERE key = $1`, []byte(key)).Scan(&times)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0
	}
	if err != nil {
		r.letThrough(key, err)
		return 0
	}
	at := now.UnixMilli()
	return waitFor(recentAttempts(times, limit, at), limit, at)
}

// Take checks and counts under the lock of key's row, which the INSERT
// takes whether it makes the row or finds it.
func (r *RateLimits) Take(key string, limit app.Limit, now time.Time) time.Duration {
	return r.count(key, limit, now, true)
}

func (r *RateLimits) Record(key string, limit app.Limit, now time.Time) {
	r.count(key, limit, now, false)
}

func (r *RateLimits) Reset(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), rateLimitTimeout)
	defer cancel()
	err := r.db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM rate_limits WHERE key = $1`, []byte(key))
		return err
	})
	if err != nil {
		r.letThrough(key, err)
	}
}

// count counts an attempt for key at now, unless onlyIfAllowed and the
// limit makes it wait; it returns the wait.
func (r *RateLimits) count(key string, limit app.Limit, now time.Time, onlyIfAllowed bool) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), rateLimitTimeout)
	defer cancel()
	at := now.UnixMilli()
	var wait time.Duration
	err := r.db.inTx(ctx, func(tx pgx.Tx) error {
		var times []int64
		err := tx.QueryRow(ctx, `
			INSERT INTO rate_limits AS r (key, times, expires) VALUES ($1, '{}', 0)
			ON CONFLICT (key) DO UPDATE SET key = r.key
			RETURNING r.times`, []byte(key)).Scan(&times)
		if err != nil {
			return err
		}
		kept := recentAttempts(times, limit, at)
		if wait = waitFor(kept, limit, at); wait > 0 && onlyIfAllowed {
			return nil
		}
		wait = 0
		// Instances' clocks differ a little: keep the times in order, so
		// that the latest are always the last.
		kept = append(kept, at)
		slices.Sort(kept)
		if len(kept) > max(limit.Max, 1) {
			kept = kept[len(kept)-max(limit.Max, 1):]
		}
		_, err = tx.Exec(ctx, `UPDATE rate_limits SET times = $2, expires = $3 WHERE key = $1`,
			[]byte(key), kept, kept[len(kept)-1]+limit.Window.Milliseconds())
		return err
	})
	if err != nil {
		r.letThrough(key, err)
		return 0
	}
	if r.counted.Add(1)%sweepEvery == 0 {
		if err := r.sweep(ctx, now); err != nil {
			r.log.Warn("rate limits: cannot sweep the keys whose attempts all left their window", "err", err)
		}
	}
	return wait
}

// sweep deletes the keys whose attempts have all left their window, so
// that the table holds only the attempts of one window.
func (r *RateLimits) sweep(ctx context.Context, now time.Time) error {
	return r.db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM rate_limits WHERE expires <= $1`, now.UnixMilli())
		return err
	})
}

// letThrough says, without the key (it holds email addresses), that an
// attempt went uncounted or unchecked: the limits brake abuse, they guard
// nothing secret, so a database out of reach must not lock everyone out.
func (r *RateLimits) letThrough(key string, err error) {
	limiter, _, _ := strings.Cut(key, "\x00")
	r.log.Error("rate limits: cannot reach the database; letting the attempt through", "limiter", limiter, "err", err)
}

// recentAttempts are the times (milliseconds, in order) within limit's
// window at at, at most limit.Max of them: older ones can no longer
// decide a wait.
func recentAttempts(times []int64, limit app.Limit, at int64) []int64 {
	window := limit.Window.Milliseconds()
	kept := make([]int64, 0, len(times)+1)
	for _, t := range times {
		if at-t < window {
			kept = append(kept, t)
		}
	}
	if len(kept) > limit.Max {
		kept = kept[len(kept)-limit.Max:]
	}
	return kept
}

// waitFor is how long to wait at at, given the recent attempts: the
// oldest of the last limit.Max decides when a slot frees up.
func waitFor(recent []int64, limit app.Limit, at int64) time.Duration {
	if len(recent) < limit.Max || limit.Max <= 0 {
		return 0
	}
	return time.Duration(recent[len(recent)-limit.Max]+limit.Window.Milliseconds()-at) * time.Millisecond
}
