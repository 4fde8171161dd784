package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
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

// pacedConns is how many connections carry a steady-rate run: enough that
// a few slow answers do not hold up the requests due after them.
const pacedConns = 32

// pacedTick is how often the pacer hands out the requests that are due
// (a little more: the kernel adds its timer slack). A request sent up to
// this late counts the delay as latency.
const pacedTick = 100 * time.Microsecond

// pacedRun sends rate requests per second for d, going through ts; every
// answer must have one of the want statuses.
func (b *bench) pacedRun(ts targets, headers http.Header, d time.Duration, rate int, want ...int) (run, error) {
	r := run{unwanted: map[string]int{}}
	count := max(1, int(d.Seconds()*float64(rate)))
	list, err := ts.peek(count)
	if err != nil {
		return r, err
	}
	host := strings.TrimPrefix(b.srv.base, "http://")
	requests := make([][]byte, len(list))
	for i, t := range list {
		requests[i] = rawRequest(host, t, headers)
	}
	due := make(chan time.Time, count)
	var mu sync.Mutex
	latencies := make([]time.Duration, 0, count)
	record := func(lat time.Duration, status int, err error) {
		mu.Lock()
		defer mu.Unlock()
		latencies = append(latencies, lat)
		switch {
		case err != nil:
			r.unwanted[err.Error()]++
			r.unwantedN++
		case !slices.Contains(want, status):
			r.unwanted[strconv.Itoa(status)]++
			r.unwantedN++
		}
	}
	var next int
	var nextMu sync.Mutex
	request := func() []byte {
		nextMu.Lock()
		defer nextMu.Unlock()
		req := requests[next%len(requests)]
		next++
		return req
	}
	err = b.measure(&r, func() error {
		var wg sync.WaitGroup
		for range pacedConns {
			wg.Go(func() {
				var c *pacedConn
				for at := range due {
					if c == nil {
						var err error
						if c, err = dial(host); err != nil {
							record(time.Since(at), 0, err)
							continue
						}
					}
					status, err := c.roundTrip(request())
					record(time.Since(at), status, err)
					if err != nil {
						c.Close()
						c = nil
					}
				}
				if c != nil {
					c.Close()
				}
			})
		}
		// Requests are handed out in small batches, all those due by now,
		// rather than with a timer each: at thousands a second, waking for
		// every one cost the client more CPU than the server's answers.
		// time.Sleep wakes a millisecond late at best here, which would
		// count as latency, so the pacer sleeps on a thread of its own.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := time.Now()
		interval := time.Second / time.Duration(rate)
		for i := 0; i < count && b.ctx.Err() == nil; {
			now := time.Since(start)
			for ; i < count && time.Duration(i)*interval <= now; i++ {
				due <- start.Add(time.Duration(i) * interval)
			}
			tick := syscall.NsecToTimespec(int64(pacedTick))
			syscall.Nanosleep(&tick, nil)
		}
		close(due)
		wg.Wait()
		r.rate = float64(len(latencies)) / time.Since(start).Seconds()
		r.requests = uint64(len(latencies))
		return b.ctx.Err()
	})
	ts.take(next)
	if len(latencies) > 0 {
		slices.Sort(latencies)
		r.p50 = latencies[len(latencies)/2]
		r.p99 = latencies[len(latencies)*99/100]
	}
	return r, err
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
	r *bufio.Reader
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
// length (see compressJSON). It parses no more than that, to stay light.
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
