package eventstream

import (
	"net"
	"net/http"
	"time"
)

// eventSink is where an event stream is written: a connection taken over
// from net/http, or, over HTTP/2, the handler's ResponseWriter.
type eventSink interface {
	// send writes b and pushes it out, or fails within stalledWrite.
	send(b []byte) error
	// gone is closed when the client has gone.
	gone() <-chan struct{}
	close()
}

// connSink is a stream's own connection. The client sends nothing on it
// once it asked: a read that returns means it has closed it.
type connSink struct {
	conn net.Conn
	left chan struct{}
}

func newConnSink(conn net.Conn) *connSink {
	c := &connSink{conn: conn, left: make(chan struct{})}
	go func() {
		var b [1]byte
		c.conn.Read(b[:])
		close(c.left)
	}()
	return c
}

func (c *connSink) send(b []byte) error {
	if err := c.conn.SetWriteDeadline(time.Now().Add(stalledWrite)); err != nil {
		return err
	}
	_, err := c.conn.Write(b)
	return err
}

func (c *connSink) gone() <-chan struct{} { return c.left }
func (c *connSink) close()                { c.conn.Close() }

// writerSink is a stream that stays in its handler.
type writerSink struct {
	w    http.ResponseWriter
	rc   *http.ResponseController
	done <-chan struct{}
}

func (s *writerSink) send(b []byte) error {
	if err := s.rc.SetWriteDeadline(time.Now().Add(stalledWrite)); err != nil {
		return err
	}
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	return s.rc.Flush()
}

func (s *writerSink) gone() <-chan struct{} { return s.done }
func (s *writerSink) close()                {}
