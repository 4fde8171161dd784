package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"net/http"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	var slowAt []time.Time
	record := func(lat time.Duration, status int, err error) {
		mu.Lock()
		defer mu.Unlock()
		latencies = append(latencies, lat)
		if lat > 5*time.Millisecond {
			slowAt = append(slowAt, time.Now().Add(-lat))
		}
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
		start := time.Now()
		interval := time.Second / time.Duration(rate)
		for i := range count {
			at := start.Add(time.Duration(i) * interval)
			time.Sleep(time.Until(at))
			due <- at
		}
		close(due)
		wg.Wait()
		r.rate = float64(len(latencies)) / time.Since(start).Seconds()
		r.requests = uint64(len(latencies))
		if os.Getenv("BENCH_TRACE") != "" {
			traceSlow(slowAt, start)
		}
		return nil
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
// length (see compressJSON).
func readAnswer(r *bufio.Reader) (int, error) {
	tp := textproto.NewReader(r)
	line, err := tp.ReadLine()
	if err != nil {
		return 0, err
	}
	_, rest, _ := strings.Cut(line, " ")
	status, err := strconv.Atoi(strings.SplitN(rest, " ", 2)[0])
	if err != nil {
		return 0, fmt.Errorf("status line %q", line)
	}
	header, err := tp.ReadMIMEHeader()
	if err != nil {
		return 0, err
	}
	if status < 200 || status == http.StatusNoContent || status == http.StatusNotModified {
		return status, nil
	}
	n, err := strconv.Atoi(header.Get("Content-Length"))
	if err != nil {
		return 0, errors.New("an answer without Content-Length")
	}
	_, err = r.Discard(n)
	return status, err
}
