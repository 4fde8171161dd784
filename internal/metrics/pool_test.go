package metrics

import (
	"context"
	neturl "net/url"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"rehome/internal/pgtest"
	"rehome/postgres"
)

// TestPoolMetrics: the PostgreSQL pool's connections are counted by state
// as they are taken and given back, and a wait for one that gave up at its
// bound is counted.
func TestPoolMetrics(t *testing.T) {
	ctx := context.Background()
	url, err := neturl.Parse(pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	q := url.Query()
	q.Set("pool_max_conns", "1")
	q.Set("pool_acquire_timeout", "50ms")
	url.RawQuery = q.Encode()
	db, err := postgres.Open(ctx, url.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	registry := prometheus.NewRegistry()
	registry.MustRegister(poolCollector{db.Pool()})
	scrape := func() map[string]float64 {
		t.Helper()
		families, err := registry.Gather()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]float64{}
		for _, f := range families {
			for _, m := range f.GetMetric() {
				name := f.GetName()
				for _, l := range m.GetLabel() {
					name += "/" + l.GetValue()
				}
				if m.Gauge != nil {
					got[name] = m.GetGauge().GetValue()
				} else {
					got[name] = m.GetCounter().GetValue()
				}
			}
		}
		return got
	}

	conn, err := db.Pool().Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool().Acquire(ctx); err == nil {
		t.Fatal("a second connection from a pool of one")
	}
	held := scrape()
	conn.Release()
	released := scrape()
	cases := []struct {
		name      string
		got, want float64
	}{
		{"acquired while held", held["rehome_pg_pool_connections/acquired"], 1},
		{"acquired once given back", released["rehome_pg_pool_connections/acquired"], 0},
		{"the most", released["rehome_pg_pool_connections/max"], float64(db.Pool().Config().MaxConns)},
		{"a scrape takes no connection", released["rehome_pg_pool_acquires_total/all"] - held["rehome_pg_pool_acquires_total/all"], 0},
		{"gave up waiting", held["rehome_pg_pool_acquires_total/gave_up"], 1},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if held["rehome_pg_pool_acquires_total/all"] < 1 || released["rehome_pg_pool_connections/idle"] < 1 {
		t.Errorf("held %v, released %v", held, released)
	}
}
