package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"rehome/live"
)

// The budgets of issue 6; the category page's p99 at half of peak is now
// budgetP99Ratio times the bare handler's (issue 12, compare.go).
const (
	budgetCategoryCPU = 300 * time.Microsecond
	budgetBookingP50  = 2 * time.Millisecond
	budgetRSS         = 100 << 20 // issue 41: memory is spared for CPU
	budgetStartup     = time.Second
	budgetUpload      = 400 * time.Millisecond
	budgetJS          = 130 << 10
	// A search's server CPU against the category page's in the same run
	// (issue 16).
	budgetSearchRatio = 2.0
	// Each write's p50 while the reads are measured under writes (issue 28,
	// underwrites.go).
	budgetWriteP50 = 2 * time.Millisecond
	// Each search on PostgreSQL, rehome's CPU and PostgreSQL's together,
	// against the same search on SQLite in the same rounds (issue 40,
	// postgres.go).
	budgetPostgresSearchRatio = 2.0
	// The signed-in category page on PostgreSQL, rehome's own CPU per
	// request, against SQLite's server's in the same rounds (issue 41,
	// postgres.go); PostgreSQL's own CPU is reported beside it.
	budgetPostgresPageRatio = 1.5
)

type scenarioResult struct {
	name       string
	peak, half run
	budget     string // which budget the scenario answers to, if any
	attempts   int
	cmp        *comparison // the category pages: half is cmp.real
}

// run is the result of the scenario named name.
func (r *report) run(name string) (scenarioResult, bool) {
	for _, s := range r.runs {
		if s.name == name {
			return s, true
		}
	}
	return scenarioResult{}, false
}

// busy is the larger share of the machine that other processes used
// during the scenario's runs.
func (s scenarioResult) busy() float64 {
	if s.cmp != nil {
		return max(s.peak.others, s.half.others, s.cmp.bare.others, s.cmp.real.others)
	}
	return max(s.peak.others, s.half.others)
}

type report struct {
	opts              options
	when              time.Time
	took              time.Duration // the whole benchmark
	dataTook          time.Duration
	ready             time.Duration
	available         int
	runs              []scenarioResult
	mixed             *run
	underWrites       *underWritesRun
	upload            *uploadRun
	streams           *streamsRun
	startupDataTook   time.Duration
	startups          []time.Duration
	startupDeep       *run
	startupDeepOffset int
	web               *webSize
	postgres          *postgresRun
	notes             []string
}

func newReport(o options) *report { return &report{opts: o, when: time.Now().UTC()} }

func us(d time.Duration) string { return fmt.Sprintf("%d µs", d.Microseconds()) }

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

func mb(bytes int64) string { return fmt.Sprintf("%.1f MB", float64(bytes)/(1<<20)) }

func kb(bytes int) string { return fmt.Sprintf("%.1f KB", float64(bytes)/1024) }

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "**not met**"
}

func (r *report) String() string {
	var b strings.Builder
	o := r.opts
	fmt.Fprintf(&b, "## Results of %s\n\n", r.when.Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "%d cores (%s), %s/%s. The load comes from the same machine over 127.0.0.1: wrk (one thread, %d connections) at full speed, and a paced client of bench/ at half that rate.\n",
		runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, o.conns)
	if o.serverGOGC != "" {
		fmt.Fprintf(&b, "The server ran with GOGC=%s (--server-gogc); the bare handler with Go's default.\n", o.serverGOGC)
	}
	if o.data == "" {
		fmt.Fprintf(&b, "Data set: %d listings (%d available) in %d categories, %d accounts, %d bookings; written in %.1f s.\n",
			o.products, r.available, o.cats, o.users, o.bookings, r.dataTook.Seconds())
	}
	fmt.Fprintf(&b, "Each run lasts %v after a 2 s warm-up; \"half\" repeats it at half the full-speed rate, timing each request from when it was due. CPU is the server's user+system time from /proc/PID/stat divided by requests; peak RSS is VmHWM during the run; the last column is the share of the machine's CPU that processes other than the server and the load used meanwhile (full speed / half rate): when it is high, latencies say more about them than about the server. A scenario with a latency budget during which they used more than %.0f%% was run again (at most %d times in all) and the quieter attempt is shown; attempts are counted in the column before it.\n\n", o.duration, 100*quietEnough, maxRetries)
	b.WriteString("| scenario | requests/s | p50 | p99 | server CPU / request | at half rate: p50 / p99 | CPU / request at half rate | peak RSS | unexpected answers | attempts | other processes' CPU |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|\n")
	var peakRSS int64
	for _, s := range r.runs {
		fmt.Fprintf(&b, "| %s | %.0f | %s | %s | %s | %s / %s | %s | %s | %s | %d | %.0f%% / %.0f%% |\n", s.name, s.peak.rate, ms(s.peak.p50), ms(s.peak.p99),
			us(s.peak.cpu), ms(s.half.p50), ms(s.half.p99), us(s.half.cpu), mb(max(s.peak.peakRSS, s.half.peakRSS)), errorsOf(s.peak, s.half),
			s.attempts, 100*s.peak.others, 100*s.half.others)
		peakRSS = max(peakRSS, s.peak.peakRSS, s.half.peakRSS)
	}
	if m := r.mixed; m != nil {
		fmt.Fprintf(&b, "| mixed, 90%% reads / 10%% bookings, %v | %.0f | %s | %s | %s | | | %s | %s | 1 | %.0f%% |\n", o.mixed, m.rate, ms(m.p50), ms(m.p99),
			us(m.cpu), mb(m.peakRSS), errorsOf(*m), 100*m.others)
		peakRSS = max(peakRSS, m.peakRSS)
	}
	b.WriteString("\n")
	if u := r.upload; u != nil {
		fmt.Fprintf(&b, "Upload of a 12-megapixel JPEG (%.1f MB, EXIF orientation 6) until stored with its thumbnail, %d in a row: median %s, slowest %s, server CPU %s per upload, peak RSS %s.\n\n",
			float64(u.size)/(1<<20), u.n, ms(u.p50), ms(u.max), ms(u.cpu), mb(u.peakRSS))
	}
	if st := r.streams; st != nil {
		fmt.Fprintf(&b, "%d live event streams (`GET /api/events`), %d per person, each on its own connection, opened one after another in %s on a server of their own as it started: its RSS went from %s to %s (%.1f KB per stream), peak %s.\n\n",
			st.n, live.MaxStreams, ms(st.opened), mb(st.rssBefore), mb(st.rss), float64(st.rss-st.rssBefore)/float64(st.n)/1024, mb(st.peakRSS))
	}
	if len(r.startups) > 0 {
		fmt.Fprintf(&b, "Start-up to the first answered request with %d listings (written in %.0f s), three starts: %s.\n",
			o.startupProducts, r.startupDataTook.Seconds(), durations(r.startups))
		if d := r.startupDeep; d != nil {
			fmt.Fprintf(&b, "There, the category page at offset %d: %.0f requests/s, p50 %s, p99 %s, server CPU %s per request.\n",
				r.startupDeepOffset, d.rate, ms(d.p50), ms(d.p99), us(d.cpu))
		}
		b.WriteString("\n")
	}
	if w := r.web; w != nil {
		fmt.Fprintf(&b, "Web app, first visit to `/` (gzip -9 bytes): index.html loads %s of JavaScript and %s of CSS; the home route adds %s of JavaScript and %s of CSS: %s of JavaScript in all.\n\n",
			kb(w.entryJS), kb(w.entryCSS), kb(w.routeJS), kb(w.routeCSS), kb(w.entryJS+w.routeJS))
	}
	r.writeComparisons(&b)
	if r.underWrites != nil {
		b.WriteString(r.underWrites.String())
		if page, ok := r.run("GET /api/categories/{name}?limit=24"); ok {
			fmt.Fprintf(&b, "The yardstick's CPU per request at %d/s against the same page's at full speed earlier in this run: %s against %s. At a steady, modest rate each request also pays for waking the server up.\n\n",
				r.underWrites.readRate, us(perRequest(r.underWrites.reference())), us(page.peak.cpu))
		}
	}
	if r.postgres != nil {
		b.WriteString(r.postgres.String())
	}
	fmt.Fprintf(&b, "The whole benchmark took %.0f s.\n\n", r.took.Seconds())
	for _, n := range r.notes {
		fmt.Fprintf(&b, "Note: %s\n\n", n)
	}

	b.WriteString("### Budgets\n\n| budget | measured | |\n|---|---|---|\n")
	for _, s := range r.runs {
		switch s.budget {
		case "category":
			fmt.Fprintf(&b, "| %s: server CPU ≤ 300 µs / request | %s | %s |\n", s.name, us(s.peak.cpu), met(s.peak.cpu <= budgetCategoryCPU))
			if c := s.cmp; c != nil {
				fmt.Fprintf(&b, "| %s: server CPU ≤ %.1f × the bare handler's / request, both at full speed over %d connections | %s against %s (%.2f×) | %s |\n",
					s.name, budgetCPURatio, r.opts.conns, us(s.peak.cpu), us(c.barePeak.cpu), ratio(s.peak.cpu, c.barePeak.cpu), met(ratio(s.peak.cpu, c.barePeak.cpu) <= budgetCPURatio))
				fmt.Fprintf(&b, "| %s: p99 ≤ %.0f × the bare handler's, both at %d/s (half of the lower peak), median of %d rounds | %.2f× (pooled p99 %s, bare handler %s; at half of the server's own peak, %.0f/s: %s) | %s |\n",
					s.name, budgetP99Ratio, c.rate, len(c.rounds), c.ratio(), ms(c.real.p99), ms(c.bare.p99), s.peak.rate/2, ms(s.half.p99), met(c.met()))
			}
		case "search":
			// Against the first category page of the same run.
			if page, ok := r.run("GET /api/categories/{name}?limit=24"); ok {
				limit := time.Duration(budgetSearchRatio * float64(page.peak.cpu))
				fmt.Fprintf(&b, "| %s: server CPU ≤ %.0f × the category page's (%s) / request | %s | %s |\n",
					s.name, budgetSearchRatio, us(page.peak.cpu), us(s.peak.cpu), met(s.peak.cpu <= limit))
			} else {
				fmt.Fprintf(&b, "| %s: server CPU ≤ %.0f × the category page's / request | %s | not judged: the category page was not run |\n",
					s.name, budgetSearchRatio, us(s.peak.cpu))
			}
		case "booking":
			fmt.Fprintf(&b, "| booking p50 < 2 ms (at half of peak throughput, %.0f/s) | %s | %s |\n", s.peak.rate/2, ms(s.half.p50), met(s.half.p50 < budgetBookingP50))
		}
	}
	if m := r.mixed; m != nil {
		fmt.Fprintf(&b, "| mixed run without errors | %d of %d unexpected | %s |\n", m.unwantedN, m.requests, met(m.unwantedN == 0))
	}
	if peakRSS > 0 {
		fmt.Fprintf(&b, "| peak RSS under load ≤ %d MB | %s | %s |\n", budgetRSS>>20, mb(peakRSS), met(peakRSS <= budgetRSS))
	}
	if r.underWrites != nil {
		b.WriteString(r.underWrites.budgetRows())
	}
	if r.postgres != nil {
		b.WriteString(r.postgres.budgetRows())
	}
	if st := r.streams; st != nil {
		fmt.Fprintf(&b, "| %d open event streams: peak RSS ≤ %d MB | %s | %s |\n", st.n, budgetRSS>>20, mb(st.peakRSS), met(st.peakRSS <= budgetRSS))
	}
	if len(r.startups) > 0 {
		slowest := slices.Max(r.startups)
		fmt.Fprintf(&b, "| start-up ≤ 1 s at %d listings | %s (slowest of 3) | %s |\n", o.startupProducts, ms(slowest), met(slowest <= budgetStartup))
	}
	if u := r.upload; u != nil {
		fmt.Fprintf(&b, "| 12 MP upload ≤ 400 ms | %s median, %s slowest | %s |\n", ms(u.p50), ms(u.max), met(u.p50 <= budgetUpload))
	}
	if w := r.web; w != nil {
		js := w.entryJS + w.routeJS
		fmt.Fprintf(&b, "| initial JavaScript ≤ 130 KB gzip | %s | %s |\n", kb(js), met(js <= budgetJS))
	}
	return b.String()
}

func durations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = ms(d)
	}
	return strings.Join(parts, ", ")
}

// writeComparisons reports the rounds of the category pages against the
// bare handler.
func (r *report) writeComparisons(b *strings.Builder) {
	first := true
	for _, s := range r.runs {
		c := s.cmp
		if c == nil {
			continue
		}
		if first {
			fmt.Fprintf(b, "The category pages against the bare handler (`bench bare`: chi, modernc.org/sqlite, one query with joins, encoding/json, gzip; no session, log or cache). Each is first driven at full speed with wrk (peaks); then both in turn through the same paced client at half of the lower peak, bare first, %d rounds of %v each: p99 per round (bare / server) and their ratio. The budget is the median of the rounds' ratios; the ratio of the p99s pooled over the rounds is shown beside it.\n\n", len(c.rounds), r.opts.round)
			b.WriteString("| scenario | peak bare / server | CPU / request at peak bare / server | rate | rounds: p99 bare / server (ratio) | median ratio | pooled p99 bare / server (ratio) | p50 bare / server | CPU / request bare / server | other processes' CPU bare / server |\n")
			b.WriteString("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|\n")
			first = false
		}
		rounds := make([]string, len(c.rounds))
		for i, rd := range c.rounds {
			rounds[i] = fmt.Sprintf("%s / %s (%.2f)", ms(rd.bare.p99), ms(rd.real.p99), ratio(rd.real.p99, rd.bare.p99))
		}
		fmt.Fprintf(b, "| %s | %.0f/s / %.0f/s | %s / %s | %d/s | %s | %.2f× | %s / %s (%.2f×) | %s / %s | %s / %s | %.0f%% / %.0f%% |\n", s.name,
			c.barePeak.rate, s.peak.rate, us(c.barePeak.cpu), us(s.peak.cpu), c.rate,
			strings.Join(rounds, "; "), c.ratio(), ms(c.bare.p99), ms(c.real.p99), c.pooledRatio(),
			ms(c.bare.p50), ms(c.real.p50), us(c.bare.cpu), us(c.real.cpu), 100*c.bare.others, 100*c.real.others)
	}
	if !first {
		b.WriteString("\n")
	}
}
