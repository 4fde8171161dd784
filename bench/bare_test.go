package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestBareAnswersAsTheServer builds rehome, writes a small data set, and
// checks that the bare handler answers category pages with the server's
// JSON, byte for byte, gzipped or not, at offsets on and between the
// 64-product marks, past the end, and for another limit.
func TestBareAnswersAsTheServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv, data := serveBenchData(ctx, t, 1500, 40, 30)
	a := newAPI(srv.base)
	cookie, err := a.register("bare@bench.rehome.test", benchPassword)
	if err != nil {
		t.Fatal(err)
	}
	categories, err := a.categories()
	if err != nil {
		t.Fatal(err)
	}

	s, err := openBare(ctx, filepath.Join(data, "rehome.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.db.Close()
	bare := httptest.NewServer(s.routes())
	defer bare.Close()

	var pages cycle
	for _, name := range categories {
		for _, query := range []string{"limit=24", "limit=24&offset=24", "limit=24&offset=64", "limit=24&offset=100",
			"limit=24&offset=448", "limit=100&offset=130", "limit=1&offset=3", "limit=24&offset=490", "limit=24&offset=100000"} {
			pages = append(pages, target{method: http.MethodGet, path: fmt.Sprintf("/api/categories/%s?%s", url.PathEscape(name), query)})
		}
	}
	for _, h := range []http.Header{headers("Cookie", cookie), {"Cookie": {cookie}}} {
		if err := sameAnswers(srv.base, bare.URL, pages, h); err != nil {
			t.Error(err)
		}
	}
	// Empty pages would be alike too.
	var page list
	if _, err := a.get(pages[0].path, cookie, &page); err != nil || len(page.Items) != 24 || page.Total < 400 {
		t.Fatalf("the first page has %d items of %d (%v): the comparison above compared little", len(page.Items), page.Total, err)
	}
}

func TestCentsJSON(t *testing.T) {
	for c, want := range map[cents]string{12050: "120.5", 12000: "120", 5: "0.05", 1234: "12.34", 0: "0"} {
		got, err := json.Marshal(c)
		if err != nil || string(got) != want {
			t.Errorf("%d: %s, %v; want %s", c, got, err, want)
		}
	}
}

func TestComparisonJudgement(t *testing.T) {
	lat := func(p99 time.Duration) run {
		// 100 latencies: 99 of 1 ms and the slowest p99, so the run's p99
		// (the 100th) is p99.
		r := run{requests: 100, took: time.Second, cpu: 100 * time.Microsecond}
		for range 99 {
			r.latencies = append(r.latencies, time.Millisecond)
		}
		r.latencies = append(r.latencies, p99)
		r.p99 = percentile(r.latencies, 99)
		return r
	}
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	for _, tc := range []struct {
		name       string
		bare, real []float64 // p99 per round, in ms
		wantRatio  float64
		wantMet    bool
		wantRatios []float64
	}{
		{"OK", []float64{4, 5, 10}, []float64{6, 12, 10}, 1.5, true, []float64{1.5, 2.4, 1}},
		{"AtTheBudget", []float64{5}, []float64{10}, 2, true, []float64{2}},
		{"OverTheBudget", []float64{5, 5, 5}, []float64{11, 11, 9}, 2.2, false, []float64{2.2, 2.2, 1.8}},
		// One slow round does not move the median.
		{"OneSlowRound", []float64{5, 5, 5, 5, 5}, []float64{5, 6, 90, 7, 5}, 1.2, true, []float64{1, 1.2, 18, 1.4, 1}},
		{"EvenRounds", []float64{5, 5, 5, 5}, []float64{5, 6, 8, 12}, 1.4, true, []float64{1, 1.2, 1.6, 2.4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c comparison
			var bares, reals []run
			for i := range tc.bare {
				rd := round{bare: lat(ms(tc.bare[i])), real: lat(ms(tc.real[i]))}
				c.rounds = append(c.rounds, rd)
				bares, reals = append(bares, rd.bare), append(reals, rd.real)
			}
			c.bare, c.real = pool(bares), pool(reals)
			if got := c.ratio(); !near(got, tc.wantRatio) {
				t.Errorf("ratio %v, want %v", got, tc.wantRatio)
			}
			if got := c.met(); got != tc.wantMet {
				t.Errorf("met %v, want %v", got, tc.wantMet)
			}
			for i, r := range c.ratios() {
				if !near(r, tc.wantRatios[i]) {
					t.Errorf("round %d: ratio %v, want %v", i+1, r, tc.wantRatios[i])
				}
			}
			// Pooled, the slowest 1% of the server's requests are the
			// rounds' slowest ones; its p99 is the fastest of those.
			if got, want := c.real.p99, ms(slices.Min(tc.real)); got != want {
				t.Errorf("pooled p99 %v, want %v", got, want)
			}
			if got, want := c.real.requests, uint64(100*len(tc.real)); got != want {
				t.Errorf("pooled %d requests, want %d", got, want)
			}
			if c.real.cpu != 100*time.Microsecond || c.real.rate != 100 {
				t.Errorf("pooled CPU %v at %v/s, want 100µs at 100/s", c.real.cpu, c.real.rate)
			}
		})
	}
	if (comparison{}).met() {
		t.Error("no rounds met the budget")
	}
}

func TestPooledPercentile(t *testing.T) {
	// Two rounds of 100: the pooled p99 is the 199th of 200, the second
	// slowest of all.
	a := run{requests: 100, took: time.Second, latencies: make([]time.Duration, 100)}
	b := run{requests: 100, took: time.Second, latencies: make([]time.Duration, 100)}
	for i := range 100 {
		a.latencies[i] = time.Duration(i+1) * time.Millisecond
		b.latencies[i] = time.Duration(i+1) * time.Microsecond
	}
	p := pool([]run{a, b})
	if p.p99 != 99*time.Millisecond || p.p50 != time.Millisecond {
		t.Errorf("p50 %v, p99 %v; want 1ms, 99ms", p.p50, p.p99)
	}
	if got := percentile(nil, 99); got != 0 {
		t.Errorf("percentile of nothing: %v", got)
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
