package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

// paced is a read run of n requests over took, on which the server spent
// perRequest each and writer a second besides.
func paced(n int, took, perRequest, writer time.Duration) run {
	return run{requests: uint64(n), took: took, unwanted: map[string]int{},
		serverCPU: time.Duration(n)*perRequest + time.Duration(float64(writer)*took.Seconds())}
}

// TestUnderWritesJudgement holds the arithmetic of the under-writes budget:
// the writer's CPU a second, from its runs alone, is taken off each read
// run; each round's ratio is against that round's yardstick; the median
// of the rounds' ratios is judged.
func TestUnderWritesJudgement(t *testing.T) {
	const writer = 20 * time.Millisecond // a second
	second, µs := time.Second, time.Microsecond
	alone := func(cpu time.Duration) run { return run{took: 3 * second, serverCPU: cpu, unwanted: map[string]int{}} }
	round := func(reference time.Duration, search, page time.Duration) writesRound {
		return writesRound{
			reference:   paced(150, 3*second, reference, 0),
			writerAlone: alone(3 * writer),
			reads:       []run{paced(150, 3*second, search, writer), paced(150, 3*second, page, writer)},
		}
	}
	u := &underWritesRun{readRate: 50, window: 3 * second, kinds: []string{"search", "page"},
		rounds: []writesRound{
			round(200*µs, 300*µs, 220*µs), // ratios 1.5 and 1.1
			round(250*µs, 750*µs, 250*µs), // 3 and 1: a round that fails the search alone
			round(200*µs, 360*µs, 180*µs), // 1.8 and 0.9
		},
		writes: writeStats{n: 100, p50: 1500 * µs, p90: 3 * time.Millisecond, max: 40 * time.Millisecond, perSecond: 5}}
	if got := u.writerCPU(); got != writer {
		t.Errorf("writer's CPU %v a second, want %v", got, writer)
	}
	f := u.figures()
	if len(f) != 2 {
		t.Fatalf("%d kinds", len(f))
	}
	search, page := f[0], f[1]
	if want := []float64{1.5, 3, 1.8}; !nearAll(search.ratios, want) {
		t.Errorf("search's ratios %v, want %v", search.ratios, want)
	}
	if search.ratio() != 1.8 || !search.met() {
		t.Errorf("search: median %.2f, met %v; want 1.8, met", search.ratio(), search.met())
	}
	if want := (300 + 750 + 360) * µs / 3; search.net != want {
		t.Errorf("search's CPU less the writer's %v, want %v", search.net, want)
	}
	if want := search.net + writer*3*3/450; search.raw != want {
		t.Errorf("search's CPU with the writer's %v, want %v", search.raw, want)
	}
	if want := (200 + 250 + 200) * µs / 3; search.reference != want {
		t.Errorf("the yardstick %v, want %v", search.reference, want)
	}
	if want := []float64{1.1, 1, 0.9}; !nearAll(page.ratios, want) {
		t.Errorf("page's ratios %v, want %v", page.ratios, want)
	}

	// Two rounds of three failing: the median fails.
	u.rounds[0] = round(200*µs, 500*µs, 220*µs)
	if search := u.figures()[0]; search.met() {
		t.Errorf("search at ratios %v was met", search.ratios)
	}
}

func nearAll(got, want []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !near(got[i], want[i]) {
			return false
		}
	}
	return true
}

func TestLessWriterIsNeverNegative(t *testing.T) {
	r := paced(10, time.Second, 0, 0)
	if got := lessWriter(r, time.Millisecond); got != 0 {
		t.Errorf("%v", got)
	}
	if got := lessWriter(run{}, time.Millisecond); got != 0 {
		t.Errorf("no requests: %v", got)
	}
}

// TestUnderWritesBudgetRows: one row a read, then the writes, memory and
// errors, each met or not on its own.
func TestUnderWritesBudgetRows(t *testing.T) {
	µs := time.Microsecond
	rd := writesRound{
		reference:   paced(100, time.Second, 200*µs, 0),
		writerAlone: run{took: time.Second, serverCPU: 0, peakRSS: 40 << 20, unwanted: map[string]int{}},
		reads:       []run{paced(100, time.Second, 390*µs, 0), paced(100, time.Second, 410*µs, 0)},
	}
	rd.reads[1].peakRSS = 101 << 20
	rd.reads[1].unwanted, rd.reads[1].unwantedN = map[string]int{"500": 2}, 2
	u := &underWritesRun{readRate: 50, window: time.Second, kinds: []string{"cheap read", "dear read"}, rounds: []writesRound{rd},
		writes: writeStats{n: 10, p50: 2 * time.Millisecond, p90: 3 * time.Millisecond, max: 4 * time.Millisecond, perSecond: 5}}
	rows := strings.Split(strings.TrimSpace(u.budgetRows()), "\n")
	want := []struct{ has, verdict string }{
		{"cheap read", "| met |"},
		{"dear read", "| **not met** |"},
		{"writes' p50 < 2 ms", "| **not met** |"}, // 2 ms is not under 2 ms
		{"peak RSS ≤ 100 MB | 101.0 MB", "| **not met** |"},
		{"reads: 2 of 200 unexpected; writes: 0 of 10", "| **not met** |"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(want), strings.Join(rows, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(rows[i], w.has) || !strings.HasSuffix(rows[i], w.verdict) {
			t.Errorf("row %d: %s\nwant it to hold %q and end %q", i, rows[i], w.has, w.verdict)
		}
	}
	u.writes.p50 = 1999 * µs
	if rows := u.budgetRows(); !strings.Contains(rows, "writes' p50 < 2 ms (5/s) | p50 2.00 ms, p90 3.00 ms, slowest 4.00 ms of 10 | met |") {
		t.Errorf("a p50 under 2 ms:\n%s", rows)
	}
}

func TestSchedstatRuntime(t *testing.T) {
	if got, err := schedstatRuntime([]byte("49292636 150150657 169\n")); err != nil || got != 49292636 {
		t.Errorf("got %v, %v", got, err)
	}
	if _, err := schedstatRuntime([]byte("\n")); err == nil {
		t.Error("an empty line was read")
	}
}

func TestThreadsCPUOfThisProcess(t *testing.T) {
	before, err := threadsCPU(os.Getpid())
	if err != nil {
		t.Skip(err) // no schedstat on this kernel
	}
	sum := 0
	for i := range 10_000_000 {
		sum += i % 7
	}
	after, err := threadsCPU(os.Getpid())
	if err != nil || before <= 0 || after <= before || sum == 0 {
		t.Errorf("before %v, after %v, %v", before, after, err)
	}
}
