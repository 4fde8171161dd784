package api

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// requestOrigin is who sent a request and over which scheme, as far as the
// server can trust it.
type requestOrigin struct {
	address string // the client's IP
	https   bool
}

type originKey struct{}

// resolveOrigin decides the client address and scheme once per request, so
// that the limits, the logs and the security headers agree. Forwarded
// headers count only from a peer inside one of the trusted ranges: anyone
// else could set them to dodge the login and sign-up limits.
func (s *Server) resolveOrigin(next http.Handler) http.Handler {
	if len(s.trustedProxies) == 0 {
		return next // origin reads the connection itself
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o := requestOrigin{address: peerAddress(r), https: r.TLS != nil}
		if peer, err := netip.ParseAddr(o.address); err == nil && s.trusted(peer) {
			if addr := s.forwardedFor(r.Header.Values("X-Forwarded-For")); addr != "" {
				o.address = addr
			}
			if proto := lastListValue(r.Header.Values("X-Forwarded-Proto")); proto != "" {
				o.https = strings.EqualFold(proto, "https")
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), originKey{}, o)))
	})
}

// trusted reports whether addr is one of the configured reverse proxies.
func (s *Server) trusted(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range s.trustedProxies {
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
func (s *Server) forwardedFor(values []string) string {
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
		if !s.trusted(addr) {
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

func origin(r *http.Request) requestOrigin {
	if o, ok := r.Context().Value(originKey{}).(requestOrigin); ok {
		return o
	}
	return requestOrigin{address: peerAddress(r), https: r.TLS != nil}
}

// clientAddress is the address that counts for the per-client limits.
func clientAddress(r *http.Request) string { return origin(r).address }
