package push

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// newClient posts to push services, which are on the public internet. A
// subscription names its endpoint, so the client connects only to the
// addresses targets allows (never the server's own network, a cloud's
// metadata service or the server itself), whatever the endpoint's name
// resolves to. It follows no redirects, and no proxy: the check is on the
// address it connects to.
func newClient(timeout time.Duration, targets Targets) *http.Client {
	dialer := &net.Dialer{
		Timeout: 10 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			addrPort, err := netip.ParseAddrPort(address)
			if err != nil {
				return err
			}
			if ip := addrPort.Addr(); !targets.AllowsAddress(ip) {
				return fmt.Errorf("%w: %s", errNotPublic, ip.WithZone("").Unmap())
			}
			return nil
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

// OwnAddresses lists the addresses of this host's network interfaces, read
// afresh each time since interfaces come and go.
func OwnAddresses() []netip.Addr {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	own := make([]netip.Addr, 0, len(addrs))
	for _, a := range addrs {
		if prefix, err := netip.ParsePrefix(a.String()); err == nil {
			own = append(own, prefix.Addr())
		}
	}
	return own
}

// TargetsOf are the addresses a sender configured by cfg posts to.
func TargetsOf(cfg Config) Targets {
	return Targets{Loopback: cfg.AllowLoopback, Own: OwnAddresses}
}
