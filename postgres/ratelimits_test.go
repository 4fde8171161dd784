package postgres_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/internal/porttest"
	"rehome/postgres"
)

func TestRateLimitsKeepTheirPromises(t *testing.T) {
	porttest.RateLimits(t, func(t *testing.T) app.RateLimits { return mustOpenDB(t).RateLimits() })
}

func TestRateLimitsCountTheAttemptsOfEveryInstance(t *testing.T) {
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	limit := app.Limit{Max: 3, Window: 15 * time.Minute}

	t.Run("attempts on one are counted on the other", func(t *testing.T) {
		a, b := twoInstances(t)
		for i := range 3 {
			a.RateLimits().Record("ann", limit, start.Add(time.Duration(i)*time.Minute))
		}
		if wait := b.RateLimits().Take("ann", limit, start.Add(5*time.Minute)); wait != 10*time.Minute {
			t.Errorf("the other instance lets ann wait %v, want 10m", wait)
		}
		b.RateLimits().Reset("ann")
		if wait := a.RateLimits().Wait("ann", limit, start.Add(5*time.Minute)); wait != 0 {
			t.Errorf("still waits %v after the other instance reset the key", wait)
		}
	})
	t.Run("concurrent takes on two instances never pass the limit", func(t *testing.T) {
		a, b := twoInstances(t)
		limits := []app.RateLimits{a.RateLimits(), b.RateLimits()}
		var wg sync.WaitGroup
		var mu sync.Mutex
		taken := 0
		for i := range 20 {
			wg.Go(func() {
				if limits[i%2].Take("ann", limit, start) == 0 {
					mu.Lock()
					taken++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if taken != limit.Max {
			t.Errorf("%d attempts taken at once, limit %d", taken, limit.Max)
		}
	})
}

func TestRateLimitsSweepKeysPastTheirWindow(t *testing.T) {
	db := mustOpenDB(t)
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	limits := db.RateLimits()
	limits.Record("old", app.Limit{Max: 3, Window: 15 * time.Minute}, start)
	limits.Record("long", app.Limit{Max: 3, Window: time.Hour}, start)
	limits.Record("new", app.Limit{Max: 3, Window: 15 * time.Minute}, start.Add(10*time.Minute))
	if err := limits.Sweep(start.Add(15 * time.Minute)); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Pool().Query(context.Background(), `SELECT convert_from(key, 'UTF8') FROM rate_limits ORDER BY key`)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for rows.Next() {
		var key string
		rows.Scan(&key)
		keys = append(keys, key)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(keys, " ") != "long new" {
		t.Errorf("keys left %q, want those with attempts in their window: long new", keys)
	}
}

func TestRateLimitsLetAttemptsThroughWithoutTheDatabase(t *testing.T) {
	db, err := postgres.Open(context.Background(), pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	limits := db.RateLimits().Logging(slog.New(slog.NewTextHandler(&logged, nil)))
	limit := app.Limit{Max: 1, Window: time.Hour}
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	limits.Record("login\x00ann@example.com", limit, now)
	db.Close()

	if wait := limits.Take("login\x00ann@example.com", limit, now); wait != 0 {
		t.Errorf("Take without the database: wait %v, want the attempt let through", wait)
	}
	if wait := limits.Wait("login\x00ann@example.com", limit, now); wait != 0 {
		t.Errorf("Wait without the database: %v, want 0", wait)
	}
	if n := strings.Count(logged.String(), "letting the attempt through"); n != 2 {
		t.Errorf("logged %d refusals, want 2:\n%s", n, logged.String())
	}
	if strings.Contains(logged.String(), "ann@example.com") {
		t.Errorf("the log names the key's email address:\n%s", logged.String())
	}
}
