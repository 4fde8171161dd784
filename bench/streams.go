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
	cookies, err := b.signIn(1)
	if err != nil {
		return err
	}
	streams, err := b.eventStreams(b.opts.streams, cookies[0])
	if err != nil {
		return err
	}
	b.report.streams = &streams
	return nil
}

// eventStreams opens n GET /api/events streams as the signed-in person of
// cookie, each on its own connection as each tab has, and reads the
// server's memory with them open. The client side is bare connections
// that read only each stream's start.
func (b *bench) eventStreams(n int, cookie string) (streamsRun, error) {
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
	request := []byte("GET /api/events HTTP/1.1\r\nHost: " + u.Host + "\r\nAccept: text/event-stream\r\nCookie: " + cookie + "\r\n\r\n")
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	start := time.Now()
	for i := range n {
		c, err := openStream(u.Host, request)
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
