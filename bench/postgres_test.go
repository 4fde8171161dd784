package main

import (
	"strings"
	"testing"
	"time"
)

func TestParentPID(t *testing.T) {
	// Field 2 may hold spaces and parentheses.
	stat := []byte("4242 (postgres: rehome (x) idle) S 7130 4242 4242 0 -1 4194560 1234 0 0 0 150 37 0 0 20 0 9 0 100 0 0\n")
	if parent, err := parentPID(stat); err != nil || parent != 7130 {
		t.Errorf("got %d, %v; want 7130", parent, err)
	}
	if _, err := parentPID([]byte("4242 (short)")); err == nil {
		t.Error("a short line was read")
	}
}

// TestPostgresSearchBudgetRows: each search on PostgreSQL is judged on
// rehome's CPU and PostgreSQL's together against SQLite's, summed over its
// rounds, and fails with any unexpected answer.
func TestPostgresSearchBudgetRows(t *testing.T) {
	µs := time.Microsecond
	cpu := func(d time.Duration) run { return run{cpu: d, rate: 1000, unwanted: map[string]int{}} }
	pr := &postgresRun{searches: []storeComparison{
		{name: "within", sqlite: []run{cpu(100 * µs), cpu(120 * µs)}, pg: []run{cpu(150 * µs), cpu(150 * µs)},
			pgServer: []time.Duration{50 * µs, 90 * µs}}, // 440 against 220: 2.00×
		{name: "over", sqlite: []run{cpu(100 * µs), cpu(100 * µs)}, pg: []run{cpu(150 * µs), cpu(150 * µs)},
			pgServer: []time.Duration{60 * µs, 50 * µs}}, // 410 against 200: 2.05×, though rehome's alone is 1.5×
		{name: "failing", sqlite: []run{cpu(100 * µs)}, pg: []run{{cpu: 10 * µs, unwanted: map[string]int{"non-2xx/3xx answer": 3}, unwantedN: 3}},
			pgServer: []time.Duration{10 * µs}},
	}}
	rows := strings.Split(strings.TrimSpace(pr.budgetRows()), "\n")
	want := []struct{ has, verdict string }{
		{"within: rehome's + PostgreSQL's CPU ≤ 2 × SQLite's server CPU / request, 2 rounds of each in turn, without errors | 150 µs + 70 µs against 110 µs: 2.00×", "| met |"},
		{"over: rehome's + PostgreSQL's CPU ≤ 2 × SQLite's server CPU / request, 2 rounds of each in turn, without errors | 150 µs + 55 µs against 100 µs: 2.05×", "| **not met** |"},
		{"failing", "| **not met** |"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(want), strings.Join(rows, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(rows[i], w.has) || !strings.HasSuffix(rows[i], w.verdict) {
			t.Errorf("row %d: %s\nwant it to hold %q and end %q", i, rows[i], w.has, w.verdict)
		}
	}
	if report := pr.String(); !strings.Contains(report, "| over | 2 | 1000 | 100 µs | 1000 | 150 µs | 55 µs | 2.05× | 0 |") {
		t.Errorf("the searches' table:\n%s", report)
	}
}

// TestPostgresPageBudgetRow: the signed-in category page on PostgreSQL is
// judged on rehome's own CPU against SQLite's server's, summed over its
// rounds, with PostgreSQL's own CPU beside it.
func TestPostgresPageBudgetRow(t *testing.T) {
	µs := time.Microsecond
	cpu := func(d time.Duration) run { return run{cpu: d, rate: 1000, unwanted: map[string]int{}} }
	for _, tc := range []struct {
		name         string
		pg           []run
		has, verdict string
	}{
		{"within", []run{cpu(150 * µs), cpu(150 * µs)}, "150 µs against 100 µs: 1.50× (PostgreSQL's own beside it: 80 µs)", "| met |"},
		{"over", []run{cpu(160 * µs), cpu(150 * µs)}, "155 µs against 100 µs: 1.55×", "| **not met** |"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr := &postgresRun{page: &storeComparison{name: "page", sqlite: []run{cpu(100 * µs), cpu(100 * µs)}, pg: tc.pg,
				pgServer: []time.Duration{70 * µs, 90 * µs}}}
			row := strings.TrimSpace(pr.budgetRows())
			if !strings.Contains(row, "the signed-in category page: rehome's CPU ≤ 1.5 × SQLite's server CPU / request") ||
				!strings.Contains(row, tc.has) || !strings.HasSuffix(row, tc.verdict) {
				t.Errorf("row: %s\nwant it to hold %q and end %q", row, tc.has, tc.verdict)
			}
		})
	}
}
