// Package tcpproxy passes TCP connections on to a server, for tests that
// need that server to stop, or to hang, and come back on the same address.
package tcpproxy

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// Proxy forwards to one address.
type Proxy struct {
	t    testing.TB
	to   string
	Addr string // where it listens

	mu       sync.Mutex
	ln       net.Listener
	conns    map[net.Conn]bool
	hang     bool
	accepted int
}

// New starts a proxy to the address to, stopped when t ends.
func New(t testing.TB, to string) *Proxy {
	t.Helper()
	p := &Proxy{t: t, to: to, Addr: "127.0.0.1:0"}
	p.Up()
	p.Addr = p.ln.Addr().String()
	t.Cleanup(p.Down)
	return p
}

// Through starts a proxy to the host of rawURL, and returns the URL with
// the proxy's address for its host.
func Through(t testing.TB, rawURL string) (string, *Proxy) {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	p := New(t, u.Host)
	u.Host = p.Addr
	return u.String(), p
}

// Up takes connections again, and forwards them.
func (p *Proxy) Up() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.hang {
		p.closeAll()
	}
	p.hang = false
	if p.ln != nil {
		return
	}
	ln, err := net.Listen("tcp", p.Addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.ln, p.conns = ln, map[net.Conn]bool{}
	go p.accept(ln)
}

// Down closes the listener and every connection through it: connecting
// is refused, as to a server that stopped.
func (p *Proxy) Down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln == nil {
		return
	}
	p.ln.Close()
	p.ln = nil
	p.closeAll()
}

// Hang closes the connections open and takes new ones, but passes nothing
// on and answers nothing, as a server that is stuck.
func (p *Proxy) Hang() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hang = true
	p.closeAll()
}

// Accepted is how many connections the proxy has taken.
func (p *Proxy) Accepted() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted
}

func (p *Proxy) closeAll() {
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]bool{}
}

func (p *Proxy) accept(ln net.Listener) {
	for {
		in, err := ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.ln != ln { // went down meanwhile
			p.mu.Unlock()
			in.Close()
			return
		}
		p.accepted++
		p.conns[in] = true
		hang := p.hang
		p.mu.Unlock()
		if hang {
			continue // held open, unanswered, until Down or Up
		}
		out, err := net.Dial("tcp", p.to)
		if err != nil {
			in.Close()
			continue
		}
		p.mu.Lock()
		p.conns[out] = true
		p.mu.Unlock()
		go func() { io.Copy(out, in); out.Close() }()
		go func() { io.Copy(in, out); in.Close() }()
	}
}
