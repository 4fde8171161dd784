// Package clientaddr decides once per request who sent it and over which
// scheme, as far as the server can trust it, so that the rate limits, the
// logs and the security headers agree. Forwarded headers count only from a
// peer inside one of the trusted ranges: anyone else could set them to
// dodge the login and sign-up limits.
package clientaddr

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Origin is who sent a request and over which scheme.
type Origin struct {
	Address string // the client's IP
	HTTPS   bool
}

type originKey struct{}

// Resolver believes X-Forwarded-For and X-Forwarded-Proto from the reverse
// proxies it trusts.
type Resolver struct {
	trusted []netip.Prefix
}

// New trusts the proxies in trusted; none: every request's peer is its client.
func New(trusted []netip.Prefix) *Resolver { return &Resolver{trusted: trusted} }

// Resolve is the middleware that decides each request's Origin.
func (rs *Resolver) Resolve(next http.Handler) http.Handler {
	if len(rs.trusted) == 0 {
		return next // Of reads the connection itself
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o := Origin{Address: peerAddress(r), HTTPS: r.TLS != nil}
		if peer, err := netip.ParseAddr(o.Address); err == nil && rs.isTrusted(peer) {
			if addr := rs.forwardedFor(r.Header.Values("X-Forwarded-For")); addr != "" {
				o.Address = addr
			}
			if proto := lastListValue(r.Header.Values("X-Forwarded-Proto")); proto != "" {
				o.HTTPS = strings.EqualFold(proto, "https")
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), originKey{}, o)))
	})
}

// isTrusted reports whether addr is one of the configured reverse proxies.
func (rs *Resolver) isTrusted(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range rs.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// forwardedFor is the right-most address in X-Forwarded-For that is not a
// trusted proxy: every hop appends the address it saw, so entries left of
// the first untrusted one were written by the client and prove nothing.
// When every hop is trusted, the left-most is the client. An unreadable hop
// ends the walk: nothing beyond it can be trusted either.
func (rs *Resolver) forwardedFor(values []string) string {
	hops := strings.Split(strings.Join(values, ","), ",")
	var leftmost string
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if hop == "" {
			continue
		}
		addr, err := netip.ParseAddr(hop)
		if err != nil {
			return ""
		}
		if !rs.isTrusted(addr) {
			return addr.Unmap().String()
		}
		leftmost = addr.Unmap().String()
	}
	return leftmost
}

// lastListValue is the right-most entry of a comma-separated header: the one
// the nearest proxy wrote.
func lastListValue(values []string) string {
	if len(values) == 0 {
		return ""
	}
	list := values[len(values)-1]
	return strings.TrimSpace(list[strings.LastIndexByte(list, ',')+1:])
}

// peerAddress is the IP of the connection's other end.
func peerAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Of is r's origin as Resolve decided it, or its connection's.
func Of(r *http.Request) Origin {
	if o, ok := r.Context().Value(originKey{}).(Origin); ok {
		return o
	}
	return Origin{Address: peerAddress(r), HTTPS: r.TLS != nil}
}

// Address is the address that counts for the per-client limits.
func Address(r *http.Request) string { return Of(r).Address }
