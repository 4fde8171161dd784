package main

import (
	"bytes"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"rehome/internal/benchdata"
	"rehome/live"
)

// streamsName is the event streams' scenario, for --only.
const streamsName = "event streams"

// streamsRun is the server's memory with many live event streams open.
type streamsRun struct {
	n            int
	opened       time.Duration // to open them all, one after another
	rssBefore    int64         // VmRSS before the first opened
	rss, peakRSS int64         // VmRSS with all open, VmHWM meanwhile
}

// streamsAlone starts a server on data for the event streams alone, and
// stops it after.
func (b *bench) streamsAlone(data string) error {
	if err := b.start(data, "streams"); err != nil {
		return err
	}
	defer b.srv.stop()
	cookies, err := b.streamers(b.opts.streams)
	if err != nil {
		return err
	}
	streams, err := b.eventStreams(b.opts.streams, cookies)
	if err != nil {
		return err
	}
	b.report.streams = &streams
	return nil
}

// streamers signs in as many of the data set's buyers as n streams need:
// an account holds at most live.MaxStreams. Signing in, not signing up,
// for the server allows few sign-ups from one address.
func (b *bench) streamers(n int) ([]string, error) {
	var cookies []string
	for i := 1; len(cookies)*live.MaxStreams < n; i++ {
		cookie, err := b.api.login(benchdata.BuyerEmail(i), benchPassword)
		if err != nil {
			return nil, fmt.Errorf("signing in buyer %d of the data set (--users too few?): %w", i, err)
		}
		cookies = append(cookies, cookie)
	}
	return cookies, nil
}

// eventStreams opens n GET /api/events streams, live.MaxStreams as each
// signed-in person of cookies, each on its own connection as each tab has,
// and reads the server's memory with them open. The client side is bare
// connections that read only each stream's start.
func (b *bench) eventStreams(n int, cookies []string) (streamsRun, error) {
	r := streamsRun{n: n}
	u, err := url.Parse(b.srv.base)
	if err != nil {
		return r, err
	}
	if err := resetPeak(b.srv.pid()); err != nil {
		return r, err
	}
	if r.rssBefore, err = b.srvStatus("VmRSS"); err != nil {
		return r, err
	}
	request := func(i int) []byte {
		return []byte("GET /api/events HTTP/1.1\r\nHost: " + u.Host + "\r\nAccept: text/event-stream\r\nCookie: " +
			cookies[i/live.MaxStreams] + "\r\n\r\n")
	}
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	start := time.Now()
	for i := range n {
		c, err := openStream(u.Host, request(i))
		if err != nil {
			return r, fmt.Errorf("stream %d: %w", i+1, err)
		}
		conns = append(conns, c)
	}
	r.opened = time.Since(start)
	time.Sleep(time.Second) // for the server's collector to have run
	if r.rss, err = b.srvStatus("VmRSS"); err != nil {
		return r, err
	}
	r.peakRSS, err = b.srvStatus("VmHWM")
	return r, err
}

// openStream connects, asks for the stream and reads up to its retry hint.
func openStream(host string, request []byte) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write(request); err != nil {
		c.Close()
		return nil, err
	}
	var got []byte
	buf := make([]byte, 2048)
	for !bytes.Contains(got, []byte("retry: ")) {
		n, err := c.Read(buf)
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("%w after %q", err, got)
		}
		got = append(got, buf[:n]...)
	}
	if !bytes.HasPrefix(got, []byte("HTTP/1.1 200 ")) {
		c.Close()
		return nil, fmt.Errorf("answered %.100q", got)
	}
	c.SetDeadline(time.Time{})
	return c, nil
}

// srvStatus reads a size in bytes from the server's /proc/PID/status.
func (b *bench) srvStatus(name string) (int64, error) {
	status, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(b.srv.pid()), "status"))
	if err != nil {
		return 0, err
	}
	kb, err := statusKB(status, name)
	return kb * 1024, err
}
