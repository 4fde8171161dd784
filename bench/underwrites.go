package main

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

// Under writes (issue 28): a marketplace writes all day, and every write
// may drop what the server keeps, so the reads are measured while a writer
// (writer.go) edits listings, books them, declines bookings and sends
// messages at a steady rate.
//
// The reads go at a steady rate too, and a modest one (--reader-rate, 50 a
// second): at full speed a few hundred reads follow each write and all but
// the first of each kind find what the server keeps again, which is the
// read-only case by another name. At 50 a second, each of a scenario's
// twelve searches is asked about four times a second, less often than
// the writes come: most reads are first reads after a write, as on a
// marketplace whose visitors ask many different questions.
//
// Server CPU per request is the server's CPU over a run (threadsCPU, to the
// nanosecond) over its requests, less the writer's own share: each round
// also runs the writer alone, and the server's CPU a second then, pooled
// over the rounds, times the length of each read run is taken off that
// run's CPU. Both figures are reported. What a write makes the next reads
// do again (a search read afresh) stays with the reads, where it belongs.
//
// The yardstick is the signed-in category page read-only, at the same rate
// through the same client, run first in every round with the writer
// stopped: each read's CPU per request may be at most budgetSearchRatio
// times it. Each round gives a ratio for each read, against the yardstick
// of that round, and the budget is judged on the median of the rounds'
// ratios, as compare.go judges latencies.

// underWritesName is the part's name for --only.
const underWritesName = "under writes"

// readKind is one kind of read measured under writes.
type readKind struct {
	name    string
	targets cycle
}

// writesRound is one round: the yardstick read-only, the writer alone,
// then each kind of read with the writer running.
type writesRound struct {
	reference   run
	writerAlone run
	reads       []run // by kind
}

// underWritesRun is the under-writes part's results.
type underWritesRun struct {
	readRate int
	window   time.Duration
	kinds    []string
	rounds   []writesRound
	writes   writeStats
}

// underWrites measures each of kinds under writes, in rounds that each
// begin with reference read read-only.
func (b *bench) underWrites(reference cycle, kinds []readKind, signedIn http.Header) error {
	o := b.opts
	w, err := newWriter(b.api, o.writerRate)
	if err != nil {
		return err
	}
	res := &underWritesRun{readRate: o.readerRate, window: o.round}
	for _, k := range kinds {
		res.kinds = append(res.kinds, k.name)
	}
	// Warm up: each read once round its list, read-only, and a few writes.
	for _, ts := range append([]cycle{reference}, kindTargets(kinds)...) {
		if _, err := b.pacedRun(ts, signedIn, time.Second, o.readerRate, http.StatusOK); err != nil {
			return err
		}
	}
	w.start(b.ctx)
	_, err = b.idleRun(time.Second)
	w.stopWriting()
	if err != nil {
		return err
	}
	if s := w.stats(); s.unwantedN > 0 {
		return fmt.Errorf("the writer's first writes failed: %s", errorCounts(s.unwanted))
	}
	w.forget()

	for i := range o.rounds {
		rd, err := b.writesRound(i+1, w, reference, kinds, signedIn)
		if err != nil {
			return err
		}
		res.rounds = append(res.rounds, rd)
		fmt.Fprintf(os.Stderr, "       round %d: read-only category page %v / request; writer alone %v a second\n",
			i+1, perRequest(rd.reference), perSecond(rd.writerAlone))
	}
	res.writes = w.stats()
	fmt.Fprintf(os.Stderr, "       writes: %d, p50 %v, p90 %v, max %v, %d unexpected\n", res.writes.n,
		res.writes.p50.Round(10*time.Microsecond), res.writes.p90.Round(10*time.Microsecond), res.writes.max.Round(10*time.Microsecond), res.writes.unwantedN)
	b.report.underWrites = res
	return nil
}

// writesRound runs one round: reference read-only, then the writer alone,
// then each kind with the writer running.
func (b *bench) writesRound(round int, w *writer, reference cycle, kinds []readKind, signedIn http.Header) (writesRound, error) {
	o := b.opts
	var rd writesRound
	var err error
	if rd.reference, err = b.pacedRun(reference, signedIn, o.round, o.readerRate, http.StatusOK); err != nil {
		return rd, err
	}
	w.start(b.ctx)
	defer w.stopWriting()
	if rd.writerAlone, err = b.idleRun(o.round); err != nil {
		return rd, err
	}
	for _, k := range kinds {
		// With --profiles, one profile a round: `go tool pprof` merges them.
		stopProfile := b.profile(fmt.Sprintf("%s %s round %d", underWritesName, k.name, round), o.round)
		r, err := b.pacedRun(k.targets, signedIn, o.round, o.readerRate, http.StatusOK)
		stopProfile()
		if err != nil {
			return rd, fmt.Errorf("%s under writes: %w", k.name, err)
		}
		rd.reads = append(rd.reads, r)
	}
	return rd, nil
}

func kindTargets(kinds []readKind) []cycle {
	ts := make([]cycle, len(kinds))
	for i, k := range kinds {
		ts[i] = k.targets
	}
	return ts
}

// idleRun measures the server for d while this program sends nothing
// (the writer, when started, goes on).
func (b *bench) idleRun(d time.Duration) (run, error) {
	r := run{unwanted: map[string]int{}}
	err := b.measure(b.srv, &r, func() error {
		start := time.Now()
		select {
		case <-time.After(d):
		case <-b.ctx.Done():
		}
		r.took = time.Since(start)
		return b.ctx.Err()
	})
	return r, err
}

// perRequest is a run's server CPU per request.
func perRequest(r run) time.Duration {
	if r.requests == 0 {
		return 0
	}
	return r.serverCPU / time.Duration(r.requests)
}

// perSecond is a run's server CPU per second.
func perSecond(r run) time.Duration {
	if r.took <= 0 {
		return 0
	}
	return time.Duration(float64(r.serverCPU) / r.took.Seconds())
}

// writerCPU is the server's CPU a second with the writer alone, pooled
// over the rounds.
func (u *underWritesRun) writerCPU() time.Duration {
	var cpu, took time.Duration
	for _, rd := range u.rounds {
		cpu += rd.writerAlone.serverCPU
		took += rd.writerAlone.took
	}
	if took <= 0 {
		return 0
	}
	return time.Duration(float64(cpu) / took.Seconds())
}

// lessWriter is a run's server CPU per request less the writer's share:
// writerCPU a second for as long as the run took.
func lessWriter(r run, writerCPU time.Duration) time.Duration {
	if r.requests == 0 {
		return 0
	}
	own := r.serverCPU - time.Duration(float64(writerCPU)*r.took.Seconds())
	return max(0, own) / time.Duration(r.requests)
}

// readFigures are one kind's results over the rounds.
type readFigures struct {
	name             string
	requests         uint64
	raw, net         time.Duration // CPU per request, pooled; net less the writer's
	ratios           []float64     // by round: net over the round's yardstick
	p50, p99         time.Duration // pooled
	peakRSS          int64
	unwanted         map[string]int
	unwantedN        int
	others           float64 // the largest share of the machine that others took
	reference, limit time.Duration
}

// ratio is the judged one: the median of the rounds' ratios.
func (f readFigures) ratio() float64 { return median(f.ratios) }

func (f readFigures) met() bool { return len(f.ratios) > 0 && f.ratio() <= budgetSearchRatio }

// reference is the yardstick's CPU per request, pooled over the rounds.
func (u *underWritesRun) reference() run {
	var refs []run
	for _, rd := range u.rounds {
		refs = append(refs, rd.reference)
	}
	return poolPrecise(refs)
}

// poolPrecise is pool, with the runs' precise server CPU added up too.
func poolPrecise(runs []run) run {
	p := pool(runs)
	for _, r := range runs {
		p.serverCPU += r.serverCPU
	}
	return p
}

// figures are each kind's results.
func (u *underWritesRun) figures() []readFigures {
	writer := u.writerCPU()
	ref := perRequest(u.reference())
	var all []readFigures
	for k, name := range u.kinds {
		var runs []run
		f := readFigures{name: name, reference: ref, limit: time.Duration(budgetSearchRatio * float64(ref))}
		for _, rd := range u.rounds {
			if k >= len(rd.reads) {
				continue
			}
			r := rd.reads[k]
			runs = append(runs, r)
			f.ratios = append(f.ratios, ratio(lessWriter(r, writer), perRequest(rd.reference)))
			f.peakRSS = max(f.peakRSS, r.peakRSS)
			f.others = max(f.others, r.others)
		}
		p := poolPrecise(runs)
		f.requests, f.raw, f.net, f.p50, f.p99 = p.requests, perRequest(p), lessWriter(p, writer), p.p50, p.p99
		f.unwanted, f.unwantedN = p.unwanted, p.unwantedN
		all = append(all, f)
	}
	return all
}

// peakRSS is the server's highest VmHWM while the writer ran.
func (u *underWritesRun) peakRSS() int64 {
	var peak int64
	for _, rd := range u.rounds {
		peak = max(peak, rd.writerAlone.peakRSS)
		for _, r := range rd.reads {
			peak = max(peak, r.peakRSS)
		}
	}
	return peak
}

// unexpectedReads counts the reads under writes not answered 200, and all.
func (u *underWritesRun) unexpectedReads() (unwanted int, all uint64) {
	for _, rd := range u.rounds {
		for _, r := range rd.reads {
			unwanted += r.unwantedN
			all += r.requests
		}
	}
	return unwanted, all
}

// String is the part's section of the report.
func (u *underWritesRun) String() string {
	var b strings.Builder
	w := u.writes
	fmt.Fprintf(&b, "Under writes: %d rounds. Each runs the signed-in category page read-only for %v at %d/s (the yardstick), then starts the writer at %.0f writes a second (in every five: a price edit, a booking, a message, a title edit, the seller's decline of the oldest booking still open, as the data set's sellers and buyers), runs it alone for %v, and each read below at %d/s for %v while it goes on. Server CPU per request is the server's CPU time over the run (its threads' schedstat) over the requests; \"less the writer's\" takes off the server's CPU a second with the writer alone (%s, pooled over the rounds) for as long as the run took. Each round's ratio is that over the yardstick of the same round; the budget is their median.\n\n",
		len(u.rounds), u.window, u.readRate, w.perSecond, u.window, u.readRate, u.window, ms(u.writerCPU()))
	b.WriteString("| read, under writes | requests | p50 / p99 | server CPU / request | less the writer's | rounds: ratio to the yardstick | median ratio | peak RSS | unexpected answers | other processes' CPU (most) |\n")
	b.WriteString("|---|---:|---:|---:|---:|---|---:|---:|---|---:|\n")
	ref := u.reference()
	fmt.Fprintf(&b, "| the yardstick: GET /api/categories/{name}?limit=24, read-only | %d | %s / %s | %s | | | | %s | %s | %.0f%% |\n",
		ref.requests, ms(ref.p50), ms(ref.p99), us(perRequest(ref)), mb(ref.peakRSS), errorsOf(ref), 100*ref.others)
	for _, f := range u.figures() {
		rounds := make([]string, len(f.ratios))
		for i, r := range f.ratios {
			rounds[i] = fmt.Sprintf("%.2f", r)
		}
		fmt.Fprintf(&b, "| %s | %d | %s / %s | %s | %s | %s | %.2f× | %s | %s | %.0f%% |\n", f.name, f.requests, ms(f.p50), ms(f.p99),
			us(f.raw), us(f.net), strings.Join(rounds, ", "), f.ratio(), mb(f.peakRSS), errorCounts(f.unwanted), 100*f.others)
	}
	var kinds []string
	for k := range writeKind(len(writeKindNames)) {
		if w.counts[k] > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", w.counts[k], k))
		}
	}
	fmt.Fprintf(&b, "\nThe writes, timed from when each was due: %d (%s), p50 %s, p90 %s, slowest %s; unexpected answers: %s.\n\n",
		w.n, strings.Join(kinds, ", "), ms(w.p50), ms(w.p90), ms(w.max), errorCounts(w.unwanted))
	return b.String()
}

// budgetRows are the part's rows of the budget table.
func (u *underWritesRun) budgetRows() string {
	var b strings.Builder
	for _, f := range u.figures() {
		fmt.Fprintf(&b, "| under writes, %s: server CPU ≤ %.0f × the read-only category page's (%s) / request, both at %d/s, median of %d rounds | %s less the writer's (%s with it): %.2f× | %s |\n",
			f.name, budgetSearchRatio, us(f.reference), u.readRate, len(f.ratios), us(f.net), us(f.raw), f.ratio(), met(f.met()))
	}
	w := u.writes
	fmt.Fprintf(&b, "| under writes: writes' p50 < 2 ms (%.0f/s) | p50 %s, p90 %s, slowest %s of %d | %s |\n",
		w.perSecond, ms(w.p50), ms(w.p90), ms(w.max), w.n, met(w.n > 0 && w.p50 < budgetWriteP50))
	peak := u.peakRSS()
	fmt.Fprintf(&b, "| under writes: peak RSS ≤ %d MB | %s | %s |\n", budgetRSS>>20, mb(peak), met(peak <= budgetRSS))
	unwanted, all := u.unexpectedReads()
	fmt.Fprintf(&b, "| under writes without errors | reads: %d of %d unexpected; writes: %d of %d | %s |\n",
		unwanted, all, w.unwantedN, w.n, met(unwanted == 0 && w.unwantedN == 0))
	return b.String()
}

// errorCounts lists unexpected answers by kind.
func errorCounts(unwanted map[string]int) string {
	return errorsOf(run{unwanted: unwanted})
}
