package push

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"

	"rehome/app"
)

// newClient posts to push services, which are on the public internet. A
// subscription names its endpoint, so the client refuses to connect to
// any other address (the server's own network, a cloud's metadata
// service), whatever the endpoint's name resolves to; loopback is allowed
// only when asked. It follows no redirects, and no proxy: the check is on
// the address it connects to.
func newClient(timeout time.Duration, allowLoopback bool) *http.Client {
	dialer := &net.Dialer{
		Timeout: 10 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			addrPort, err := netip.ParseAddrPort(address)
			if err != nil {
				return err
			}
			ip := addrPort.Addr().Unmap()
			if app.PublicAddress(ip) || (allowLoopback && ip.IsLoopback()) {
				return nil
			}
			return fmt.Errorf("%w: %s", errNotPublic, ip)
		},
	}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			DialContext:           dialer.DialContext,
			ForceAttemptHTTP2:     true,
			TLSHandshakeTimeout:   10 * time.Second,
			ResponseHeaderTimeout: timeout,
			MaxIdleConnsPerHost:   4,
			IdleConnTimeout:       90 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

var errNotPublic = errors.New("not a public address")
