// Package metrics measures the running marketplace for Prometheus: requests
// by route and status, their latency, the database's pools (and SQLite's
// write queue), the picture pipeline and how much the marketplace holds.
package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"rehome/postgres"
	"rehome/sqlite"
	"rehome/uploads"
)

// Metrics is one registry and what feeds it.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// Latency buckets from a cached list (well under a millisecond) to a slow
// photo upload from a phone.
var requestBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

// Store is the database measured: *sqlite.DB or *postgres.DB (a store of
// another kind adds no metrics of its own).
type Store interface {
	Ping(ctx context.Context) error
}

// New measures db and images; it must be called before either is used.
func New(db Store, images *uploads.Store, log *slog.Logger) *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rehome_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "rehome_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern and method.",
			Buckets: requestBuckets,
		}, []string{"route", "method"}),
	}
	processing := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "rehome_image_processing_seconds",
		Help:    "Time to decode, orient, shrink and re-encode an uploaded picture, waiting for its share of the decode budget included.",
		Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	})
	images.ObserveProcessing(func(d time.Duration) { processing.Observe(d.Seconds()) })
	decoding := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "rehome_image_decoding_pixels",
		Help: "Pixels of the uploaded pictures being decoded now: 4 to 5 bytes of memory each for most PNGs, 11 for 16-bit ones.",
	})
	images.ObserveDecodes(func(d uploads.Decode) func() {
		decoding.Add(float64(d.Pixels))
		return func() { decoding.Sub(float64(d.Pixels)) }
	})

	m.registry.MustRegister(
		m.requests, m.latency, processing, decoding,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	m.registry.MustRegister(storeCollectors(db, log)...)
	return m
}

// storeCollectors measure what each kind of store has: SQLite its two
// pools and the queue for its one writer, PostgreSQL its pool; both how
// much the marketplace holds.
func storeCollectors(db Store, log *slog.Logger) []prometheus.Collector {
	switch db := db.(type) {
	case *sqlite.DB:
		writeWait := prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "rehome_db_write_wait_seconds",
			Help:    "Time a write queued for the database's one writer connection.",
			Buckets: []float64{.0001, .0005, .001, .005, .01, .05, .1, .5, 1, 5},
		})
		db.ObserveWriteWaits(func(d time.Duration) { writeWait.Observe(d.Seconds()) })
		write, read := db.Pools()
		return []prometheus.Collector{
			writeWait,
			collectors.NewDBStatsCollector(write, "write"),
			collectors.NewDBStatsCollector(read, "read"),
			&countCollector{count: func(ctx context.Context) (counts, error) {
				n, err := db.Count(ctx)
				return counts(n), err
			}, log: log},
		}
	case *postgres.DB:
		return []prometheus.Collector{
			poolCollector{db.Pool()},
			&countCollector{count: func(ctx context.Context) (counts, error) {
				n, err := db.Count(ctx)
				return counts(n), err
			}, log: log},
		}
	}
	return nil
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// Measure counts and times every request router answers. The route is
// chi's pattern, such as /api/products/{id}, so that ids do not make a
// series each; requests no route matched are counted as "unmatched".
func (m *Metrics) Measure(router chi.Router) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// chi's router fills a route context it finds in the request,
		// rather than its own, so the pattern can be read here afterwards.
		// It is given the router as its root, as chi's own would be.
		routing := chi.NewRouteContext()
		routing.Routes = router
		r = r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, routing))
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		router.ServeHTTP(ww, r)
		route := routing.RoutePattern()
		if route == "" {
			route = "unmatched"
		}
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		m.latency.WithLabelValues(route, r.Method).Observe(time.Since(start).Seconds())
		m.requests.WithLabelValues(route, r.Method, strconv.Itoa(status)).Inc()
	})
}

// counts is how much the marketplace holds, as either store counts it.
type counts struct {
	Users, Products, Bookings, Categories, Sessions int64
}

// countCollector reads how much the marketplace holds when scraped.
type countCollector struct {
	count func(context.Context) (counts, error)
	log   *slog.Logger
}

var countDesc = prometheus.NewDesc("rehome_records", "Records the marketplace holds, by kind; sessions counts those not expired.",
	[]string{"kind"}, nil)

func (c *countCollector) Describe(ch chan<- *prometheus.Desc) { ch <- countDesc }

func (c *countCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n, err := c.count(ctx)
	if err != nil {
		c.log.Error("metrics: count records", "err", err)
		ch <- prometheus.NewInvalidMetric(countDesc, err)
		return
	}
	for kind, v := range map[string]int64{
		"users": n.Users, "listings": n.Products, "bookings": n.Bookings, "categories": n.Categories, "sessions": n.Sessions,
	} {
		ch <- prometheus.MustNewConstMetric(countDesc, prometheus.GaugeValue, float64(v), kind)
	}
}

// poolCollector reads the PostgreSQL connection pool's statistics when
// scraped: a pool always at its size, with acquires waiting, wants a
// larger pool or a faster database.
type poolCollector struct{ pool *pgxpool.Pool }

var (
	poolConns = prometheus.NewDesc("rehome_pg_pool_connections", "Connections of the PostgreSQL pool, by state (acquired by a request, idle) and the most it may open (max).",
		[]string{"state"}, nil)
	poolAcquires = prometheus.NewDesc("rehome_pg_pool_acquires_total", "Connections taken from the PostgreSQL pool; waited counts those that had to wait for one, gave_up the waits that ended without one (past the wait's bound, or the request ended).",
		[]string{"kind"}, nil)
	poolWait = prometheus.NewDesc("rehome_pg_pool_acquire_wait_seconds_total", "Time spent taking connections from the PostgreSQL pool.", nil, nil)
)

func (poolCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- poolConns
	ch <- poolAcquires
	ch <- poolWait
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	for state, n := range map[string]int32{"acquired": s.AcquiredConns(), "idle": s.IdleConns(), "max": s.MaxConns()} {
		ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(n), state)
	}
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()), "all")
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.EmptyAcquireCount()), "waited")
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.CanceledAcquireCount()), "gave_up")
	ch <- prometheus.MustNewConstMetric(poolWait, prometheus.CounterValue, s.AcquireDuration().Seconds())
}
