package postgres

import (
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// giveUpUnanswered sets TCP_USER_TIMEOUT on a TCP connection: data the
// server has not acknowledged within deadUnanswered ends the connection
// (keepalive probes alone wait while data is unanswered).
func giveUpUnanswered(network, _ string, c syscall.RawConn) error {
	if !strings.HasPrefix(network, "tcp") {
		return nil // a Unix socket: the server is on this machine
	}
	var err error
	if control := c.Control(func(fd uintptr) {
		err = unix.SetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_USER_TIMEOUT, int(deadUnanswered.Milliseconds()))
	}); control != nil {
		return control
	}
	return err
}
