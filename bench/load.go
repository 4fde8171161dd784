package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"
)

// Full-speed runs use wrk: written in C, it takes little of the CPU that
// the server shares with it (vegeta, a Go client tried first, took about as
// much as the server, which then measured a fifth more CPU per request).
// Runs at a steady rate use pacedRun, which wrk cannot do.

//go:embed wrk.lua
var wrkScript []byte

// target is one request. Cookie, when set, replaces the scenario's.
type target struct {
	method, path, body, cookie string
}

// targets hands out the requests of a scenario: count requests from the
// current position, and take to move past the ones a run used. Reads go
// round a fixed list; bookings never repeat.
type targets interface {
	peek(count int) ([]target, error)
	take(used int)
}

// cycle is a fixed list of requests, sent in turn.
type cycle []target

func (c cycle) peek(int) ([]target, error) { return c, nil }
func (c cycle) take(int)                   {}

// run is one bounded load run against the server.
type run struct {
	requests  uint64
	rate      float64 // answered requests per second
	p50, p99  time.Duration
	cpu       time.Duration // server CPU per request
	serverCPU time.Duration // over the whole run, to the nanosecond (threadsCPU) where it can be read, else in ticks
	loadCPU   time.Duration // CPU per request of the load: wrk, or this process
	peakRSS   int64
	unwanted  map[string]int // answers other than the expected ones, by kind
	unwantedN int
	// A paced run keeps how long it took and every request's latency,
	// sorted, so that runs can be pooled.
	took      time.Duration
	latencies []time.Duration
	// others is the share of the machine's CPU that processes other than
	// the server and the load used meanwhile: when high, the latencies tell
	// more about them than about the server.
	others float64
}

// measure reads the CPU time and peak memory of srv, the server or the
// bare handler, around load, and the machine's CPU time used by the load
// and by others.
func (b *bench) measure(srv *server, r *run, load func() error) error {
	if err := resetPeak(srv.pid()); err != nil {
		return err
	}
	before, err := readUsage(srv.pid(), b.ticks)
	if err != nil {
		return err
	}
	preciseBefore, errPrecise := threadsCPU(srv.pid())
	start := time.Now()
	machineBefore, errMachine := machineBusy(b.ticks)
	selfBefore, errSelf := readUsage(os.Getpid(), b.ticks)
	b.children() // forget runs that ended before
	if err := load(); err != nil {
		return err
	}
	preciseAfter, errPrecise2 := threadsCPU(srv.pid())
	after, err := readUsage(srv.pid(), b.ticks)
	if err != nil {
		return err
	}
	server := after.cpu - before.cpu
	r.serverCPU = server
	if errors.Join(errPrecise, errPrecise2) == nil {
		r.serverCPU = preciseAfter - preciseBefore
	}
	if r.requests > 0 {
		r.cpu = server / time.Duration(r.requests)
	}
	r.peakRSS = after.peakRSS
	machineAfter, errMachine2 := machineBusy(b.ticks)
	selfAfter, errSelf2 := readUsage(os.Getpid(), b.ticks)
	if errors.Join(errMachine, errSelf, errMachine2, errSelf2) == nil {
		loadCPU := (selfAfter.cpu - selfBefore.cpu) + b.children()
		if r.requests > 0 {
			r.loadCPU = loadCPU / time.Duration(r.requests)
		}
		others := (machineAfter - machineBefore) - server - loadCPU
		r.others = max(0, others.Seconds()/(time.Since(start).Seconds()*float64(runtime.NumCPU())))
	}
	return nil
}

// children is the CPU time of the wrk runs that ended since the last call.
func (b *bench) children() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	d := b.wrkCPU
	b.wrkCPU = 0
	return d
}

// wrkRun drives the server with wrk for d over b.conns connections.
func (b *bench) wrkRun(ts targets, headers http.Header, d time.Duration) (run, error) {
	return b.wrkRunOn(b.srv, ts, headers, d)
}

// wrkRunOn is wrkRun against srv.
func (b *bench) wrkRunOn(srv *server, ts targets, headers http.Header, d time.Duration) (run, error) {
	r := run{unwanted: map[string]int{}}
	// Enough requests for the fastest the server could go.
	list, err := ts.peek(int(d.Seconds()*15_000) + 1000)
	if err != nil {
		return r, err
	}
	file := filepath.Join(b.dir, "targets.tsv")
	if err := writeTargets(file, list); err != nil {
		return r, err
	}
	script := filepath.Join(b.dir, "wrk.lua")
	if err := os.WriteFile(script, wrkScript, 0o644); err != nil {
		return r, err
	}
	args := []string{"-t1", fmt.Sprintf("-c%d", b.conns), fmt.Sprintf("-d%ds", int(d.Seconds())), "--timeout", "30s", "-s", script}
	for name, values := range headers {
		for _, v := range values {
			args = append(args, "-H", name+": "+v)
		}
	}
	args = append(args, srv.base, "--", file)
	var out bytes.Buffer
	err = b.measure(srv, &r, func() error {
		cmd := exec.CommandContext(b.ctx, "wrk", args...)
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if cmd.ProcessState != nil {
			b.mu.Lock()
			b.wrkCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			b.mu.Unlock()
		}
		if err != nil {
			return fmt.Errorf("wrk: %v\n%s", err, out.String())
		}
		var res struct {
			Requests   float64 `json:"requests"`
			DurationUs float64 `json:"duration_us"`
			P50Us      float64 `json:"p50_us"`
			P99Us      float64 `json:"p99_us"`
			Connect    float64 `json:"connect"`
			Read       float64 `json:"read"`
			Write      float64 `json:"write"`
			Status     float64 `json:"status"`
			Timeout    float64 `json:"timeout"`
		}
		line := lastLine(out.String())
		if err := json.Unmarshal([]byte(line), &res); err != nil {
			return fmt.Errorf("wrk's summary %q: %v", line, err)
		}
		if res.Requests == 0 || res.DurationUs == 0 {
			return fmt.Errorf("wrk sent nothing:\n%s", out.String())
		}
		r.requests = uint64(res.Requests)
		r.rate = res.Requests / (res.DurationUs / 1e6)
		r.p50, r.p99 = time.Duration(res.P50Us)*time.Microsecond, time.Duration(res.P99Us)*time.Microsecond
		for kind, n := range map[string]float64{"non-2xx/3xx answer": res.Status, "connect error": res.Connect,
			"read error": res.Read, "write error": res.Write, "timeout": res.Timeout} {
			if n > 0 {
				r.unwanted[kind] += int(n)
				r.unwantedN += int(n)
			}
		}
		return nil
	})
	// Requests in flight when wrk stopped were taken too.
	ts.take(int(r.requests) + 2*b.conns)
	return r, err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// writeTargets writes the list in wrk.lua's format.
func writeTargets(name string, list []target) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, t := range list {
		if strings.ContainsAny(t.path+t.body+t.cookie, "\t\n") {
			f.Close()
			return fmt.Errorf("target %+v holds a tab or a newline", t)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", t.method, t.path, t.body, t.cookie)
	}
	return errors.Join(w.Flush(), f.Close())
}

// errorsOf lists the unexpected answers of runs, by kind.
func errorsOf(runs ...run) string {
	all := map[string]int{}
	for _, r := range runs {
		for k, n := range r.unwanted {
			all[k] += n
		}
	}
	if len(all) == 0 {
		return "0"
	}
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d × %s", all[k], k)
	}
	return strings.Join(parts, ", ")
}

// headers are what the web app's requests carry.
func headers(more ...string) http.Header {
	h := http.Header{"Accept-Encoding": {"gzip"}, "Accept": {"application/json"}}
	for i := 0; i+1 < len(more); i += 2 {
		h.Set(more[i], more[i+1])
	}
	return h
}

// bookings books a distinct (buyer, product) pair with every request, going
// through every product for the first buyer, then for the next.
type bookings struct {
	products []int64
	cookies  []string
	next     int
}

func (bk *bookings) peek(count int) ([]target, error) {
	total := len(bk.products) * len(bk.cookies)
	if bk.next >= total {
		return nil, fmt.Errorf("ran out of distinct bookings after %d", total)
	}
	list := make([]target, 0, min(count, total-bk.next))
	for n := bk.next; n < total && len(list) < count; n++ {
		list = append(list, target{method: http.MethodPost, path: "/api/booked",
			body:   fmt.Sprintf(`{"product_id":%d,"location":"Station Quarter","buyer_phone":"+44 7700 900123"}`, bk.products[n%len(bk.products)]),
			cookie: bk.cookies[n/len(bk.products)]})
	}
	return list, nil
}

func (bk *bookings) take(used int) { bk.next += used }

// mixed sends one booking in ten; the reads go round their list.
type mixed struct {
	reads  cycle
	writes *bookings
	next   int // position in the reads
}

func (m *mixed) peek(count int) ([]target, error) {
	writes, err := m.writes.peek(count/10 + 1)
	if err != nil {
		return nil, err
	}
	list := make([]target, 0, count)
	for i := 0; len(list) < count; i++ {
		if i%10 == 9 {
			if i/10 >= len(writes) {
				break
			}
			list = append(list, writes[i/10])
			continue
		}
		list = append(list, m.reads[(m.next+i-i/10)%len(m.reads)])
	}
	return list, nil
}

func (m *mixed) take(used int) {
	m.writes.take(used/10 + 1)
	m.next += used - used/10
}
