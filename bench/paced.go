package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A steady rate needs a client that paces its requests, which wrk cannot;
// on two cores it must also be light, or it competes with the server for
// CPU and its own delays show up as latency (vegeta, tried first, took as
// much CPU per request as the server). paced writes prepared requests on
// plain keep-alive connections and reads the answers with little parsing.
//
// Latency counts from when a request was due, not when a connection was
// free to send it, so a stalled server is not hidden by requests that
// waited their turn (coordinated omission).
//
// The connections are opened, and each has carried one request, before
// the clock starts: dialled on first use, they made every request of the
// first 50 ms of a run late, 0.6% of its requests, most of what a p99 may
// leave out. The pacer writes each request itself on an idle connection,
// and a goroutine per connection only reads the answers: handing requests
// to sending goroutines cost a goroutine wake-up (often a thread wake-up
// too) per request, a sixth to a fifth of the client's CPU.

// pacedConns is how many connections carry a steady-rate run: enough that
// a few slow answers do not hold up the requests due after them.
const pacedConns = 32

// pacedWarmUp is what each connection sends before the clock starts: any
// scenario can repeat it.
var pacedWarmUp = target{method: http.MethodGet, path: "/api/categories"}

// pacedRun sends rate requests per second for d, going through ts; every
// answer must have one of the want statuses.
func (b *bench) pacedRun(ts targets, headers http.Header, d time.Duration, rate int, want ...int) (run, error) {
	return b.pacedRunOn(b.srv, ts, headers, d, rate, want...)
}

// pacedRunOn is pacedRun against srv. The run keeps its latencies, sorted.
func (b *bench) pacedRunOn(srv *server, ts targets, headers http.Header, d time.Duration, rate int, want ...int) (run, error) {
	r := run{unwanted: map[string]int{}}
	count := max(1, int(d.Seconds()*float64(rate)))
	list, err := ts.peek(count)
	if err != nil {
		return r, err
	}
	host := strings.TrimPrefix(srv.base, "http://")
	requests := make([][]byte, len(list))
	for i, t := range list {
		requests[i] = rawRequest(host, t, headers)
	}
	p := &pacer{host: host, requests: requests, want: want, unwanted: r.unwanted,
		interval: time.Second / time.Duration(rate), latencies: make([]time.Duration, count), done: make(chan struct{})}
	if err := p.open(rawRequest(host, pacedWarmUp, headers)); err != nil {
		p.closeAll()
		return r, err
	}
	err = b.measure(srv, &r, func() error {
		p.run(b.ctx, count)
		r.requests = uint64(p.answered)
		r.rate = float64(p.answered) / p.took.Seconds()
		r.took = p.took
		return errors.Join(p.err, b.ctx.Err())
	})
	ts.take(p.sent)
	r.unwantedN = p.unwantedN
	if latencies := p.latencies[:p.sent]; len(latencies) > 0 {
		slices.Sort(latencies)
		r.latencies = latencies
		r.p50, r.p99 = percentile(latencies, 50), percentile(latencies, 99)
	}
	return r, err
}

// pacer is one steady-rate run: request i is due at start + i*interval.
type pacer struct {
	host     string
	requests [][]byte
	want     []int
	interval time.Duration
	start    time.Time

	mu        sync.Mutex
	idle      []*pacedConn
	waiting   []int // requests due while no connection was idle, oldest first
	conns     []*pacedConn
	sent      int // requests handed out
	answered  int
	latencies []time.Duration // by request
	unwanted  map[string]int
	unwantedN int
	finished  bool // the connections are closed
	ended     bool // every request is answered, or err
	err       error
	done      chan struct{} // closed when ended
	took      time.Duration
}

// open dials the connections and sends warmUp on each.
func (p *pacer) open(warmUp []byte) error {
	for range pacedConns {
		c, err := dial(p.host)
		if err != nil {
			return err
		}
		p.conns = append(p.conns, c)
		c.SetDeadline(time.Now().Add(30 * time.Second))
		if _, err := c.roundTrip(warmUp); err != nil {
			return fmt.Errorf("warming a connection up: %w", err)
		}
	}
	p.idle = slices.Clone(p.conns)
	return nil
}

func (p *pacer) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished = true
	for _, c := range p.conns {
		c.Close()
	}
}

// run hands out count requests at their due times, then waits for the
// answers.
func (p *pacer) run(ctx context.Context, count int) {
	p.start = time.Now()
	for _, c := range p.conns {
		// One deadline for the run rather than one per request: a timer
		// change per request is CPU taken from the server.
		c.SetDeadline(p.start.Add(time.Duration(count)*p.interval + 30*time.Second))
		go p.read(c)
	}
	// time.Sleep wakes a millisecond late at best here (the runtime's poller
	// sleeps in whole milliseconds), which would count as latency, so the
	// pacer sleeps on a thread of its own with the kernel's least timer
	// slack, until the next request is due.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetTimerSlack, 1, 0)
	for i := 0; i < count && ctx.Err() == nil && !p.over(); {
		now := time.Since(p.start)
		for ; i < count && time.Duration(i)*p.interval <= now; i++ {
			p.mu.Lock()
			p.sent++
			var c *pacedConn
			if n := len(p.idle); n > 0 {
				c, p.idle = p.idle[n-1], p.idle[:n-1]
			} else {
				p.waiting = append(p.waiting, i)
			}
			p.mu.Unlock()
			if c != nil {
				p.send(c, i)
			}
		}
		if wait := time.Duration(i)*p.interval - time.Since(p.start); wait > 0 {
			ts := syscall.NsecToTimespec(int64(wait))
			syscall.Nanosleep(&ts, nil)
		}
	}
	p.mu.Lock()
	if p.answered == p.sent {
		p.end(nil) // the run was cut short
	}
	p.mu.Unlock()
	select {
	case <-p.done:
	case <-ctx.Done():
	}
	p.took = time.Since(p.start)
	p.closeAll()
}

// prSetTimerSlack is PR_SET_TIMERSLACK of prctl(2).
const prSetTimerSlack = 29

// send writes request i on c, which the caller took from the idle ones.
func (p *pacer) send(c *pacedConn, i int) {
	c.request.Store(int64(i))
	if _, err := c.Write(p.requests[i%len(p.requests)]); err != nil {
		c.Close() // its reader records the error
	}
}

// read reads c's answers, recording each, and then sends c the oldest
// request waiting for a connection, or puts c back with the idle ones.
func (p *pacer) read(c *pacedConn) {
	for {
		status, err := readAnswer(c.r)
		p.mu.Lock()
		if p.finished {
			p.mu.Unlock()
			return
		}
		i := int(c.request.Load())
		p.latencies[i] = time.Since(p.start.Add(time.Duration(i) * p.interval))
		p.answered++
		switch {
		case err != nil:
			p.unwanted[err.Error()]++
			p.unwantedN++
		case !slices.Contains(p.want, status):
			p.unwanted[strconv.Itoa(status)]++
			p.unwantedN++
		}
		if p.answered == len(p.latencies) {
			p.end(nil)
		}
		p.mu.Unlock()
		if err != nil {
			c.Close()
			if c, err = p.redial(c); err != nil {
				return
			}
		}
		p.mu.Lock()
		next := -1
		if len(p.waiting) > 0 {
			next, p.waiting = p.waiting[0], p.waiting[1:]
		} else {
			p.idle = append(p.idle, c)
		}
		p.mu.Unlock()
		if next >= 0 {
			p.send(c, next)
		}
	}
}

// redial replaces a connection that failed; if that fails too, the run
// ends with the error.
func (p *pacer) redial(old *pacedConn) (*pacedConn, error) {
	c, err := dial(p.host)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err == nil {
		c.SetDeadline(p.start.Add(time.Duration(len(p.latencies))*p.interval + 30*time.Second))
		p.conns[slices.Index(p.conns, old)] = c
		return c, nil
	}
	p.end(fmt.Errorf("connecting again after an error: %w", err))
	return nil, err
}

// end ends the run, with err when it failed; p.mu is held.
func (p *pacer) end(err error) {
	if !p.ended {
		p.ended, p.err = true, err
		close(p.done)
	}
}

// over says whether the run ended before its last request was due.
func (p *pacer) over() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ended
}

// rawRequest is t as HTTP/1.1 bytes.
func rawRequest(host string, t target, headers http.Header) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: %s\r\n", t.method, t.path, host)
	h := headers.Clone()
	if t.cookie != "" {
		h.Set("Cookie", t.cookie)
	}
	if t.body != "" {
		h.Set("Content-Length", strconv.Itoa(len(t.body)))
	}
	h.Write(&b)
	b.WriteString("\r\n")
	b.WriteString(t.body)
	return b.Bytes()
}

// pacedConn is one keep-alive connection of a steady-rate run.
type pacedConn struct {
	net.Conn
	r       *bufio.Reader
	request atomic.Int64 // the request in flight, in a paced run
}

func dial(host string) (*pacedConn, error) {
	c, err := net.DialTimeout("tcp", host, 5*time.Second)
	if err != nil {
		return nil, err
	}
	return &pacedConn{Conn: c, r: bufio.NewReaderSize(c, 32<<10)}, nil
}

// roundTrip sends a request and reads its answer, returning the status.
func (c *pacedConn) roundTrip(req []byte) (int, error) {
	c.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := c.Write(req); err != nil {
		return 0, err
	}
	return readAnswer(c.r)
}

// readAnswer reads one HTTP/1.1 answer: a body of Content-Length bytes,
// or none for 1xx, 204 and 304. The server sends every API answer with its
// length (see httpcache.CompressJSON). It parses no more than that, to stay light.
func readAnswer(r *bufio.Reader) (int, error) {
	line, err := r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	_, rest, _ := bytes.Cut(line, []byte(" "))
	code, _, _ := bytes.Cut(rest, []byte(" "))
	status, err := strconv.Atoi(string(bytes.TrimSpace(code)))
	if err != nil {
		return 0, fmt.Errorf("status line %q", line)
	}
	length := -1
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if ok && bytes.EqualFold(name, []byte("Content-Length")) {
			if length, err = strconv.Atoi(string(bytes.TrimSpace(value))); err != nil {
				return 0, fmt.Errorf("Content-Length %q", value)
			}
		}
	}
	if status < 200 || status == http.StatusNoContent || status == http.StatusNotModified {
		return status, nil
	}
	if length < 0 {
		return 0, errors.New("an answer without Content-Length")
	}
	_, err = r.Discard(length)
	return status, err
}
