package push

import (
	"net/netip"
	"net/url"
	"strings"
)

// Targets decides where the server may post push notes. A subscription
// names its endpoint, so without this rule anyone could make the server post
// into its own network or a cloud's metadata service. The same rule judges
// an endpoint when it is subscribed and each address actually dialled, so a
// name whose DNS answer points inside is caught at dial time.
type Targets struct {
	// Loopback accepts loopback addresses (and plain HTTP to them): a local
	// push service in tests and development.
	Loopback bool
	// Own lists the server's own interface addresses, which are refused
	// even when public; nil when they are not known.
	Own func() []netip.Addr
}

// AllowsAddress reports whether a push note may be posted to ip.
func (t Targets) AllowsAddress(ip netip.Addr) bool {
	ip = ip.WithZone("")
	if t.Loopback && isLoopback(ip) {
		return true
	}
	if !GloballyRoutable(ip) {
		return false
	}
	if t.Own != nil {
		for _, own := range t.Own() {
			if reachedAddress(own) == reachedAddress(ip) {
				return false
			}
		}
	}
	return true
}

// AllowsEndpoint reports whether endpoint is an address push notes may be
// posted to: https to a public address or a host name (judged again, as
// addresses, when dialled); plain http only to loopback, when allowed.
func (t Targets) AllowsEndpoint(endpoint string) bool {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || u.User != nil || u.Opaque != "" {
		return false
	}
	host := u.Hostname()
	var loopback bool
	if ip, err := netip.ParseAddr(host); err == nil {
		if !t.AllowsAddress(ip) {
			return false
		}
		loopback = isLoopback(ip)
	} else if localName(host) {
		if !t.Loopback {
			return false
		}
		loopback = true
	} else if !hostName(host) {
		return false
	}
	switch u.Scheme {
	case "https":
		return true
	case "http":
		return loopback && t.Loopback
	}
	return false
}

func isLoopback(ip netip.Addr) bool { return ip.WithZone("").Unmap().IsLoopback() }

// reachedAddress is ip as the one address it reaches: the IPv4 address inside
// an IPv4-embedding IPv6 form.
func reachedAddress(ip netip.Addr) netip.Addr {
	ip = ip.WithZone("")
	if v4, ok := embeddedIPv4(ip); ok {
		return v4
	}
	return ip
}

// localName reports names that are the host itself whatever DNS says
// (RFC 6761), in any case and with or without the final dot.
func localName(host string) bool {
	name := strings.ToLower(strings.TrimSuffix(host, "."))
	return name == "localhost" || strings.HasSuffix(name, ".localhost")
}

// hostName accepts a DNS name of letters, digits and hyphens whose last
// label starts with a letter, so that numeric spellings of addresses some
// resolvers read (2130706433, 0x7f.1, 127.1) are not names.
func hostName(host string) bool {
	name := strings.TrimSuffix(host, ".")
	if name == "" || len(name) > 253 {
		return false
	}
	labels := strings.Split(name, ".")
	for _, label := range labels {
		if label == "" || len(label) > 63 {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	last := labels[len(labels)-1][0]
	return last >= 'a' && last <= 'z' || last >= 'A' && last <= 'Z'
}
