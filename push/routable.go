package push

import "net/netip"

// GloballyRoutable reports whether ip is a unicast address on the public
// internet, where push services are. Refused: every block of IANA's IPv4
// and IPv6 special-purpose address registries (loopback, private,
// link-local, shared carrier-grade NAT, documentation, benchmarking,
// reserved, broadcast, ULA, Teredo, ...), multicast, and IPv6 outside
// global unicast. An IPv6 form that embeds an IPv4 address (::a.b.c.d,
// ::ffff:a.b.c.d, 64:ff9b::/96 NAT64, 2002::/16 6to4) is judged by the
// address inside, which is where it leads.
func GloballyRoutable(ip netip.Addr) bool {
	ip = ip.WithZone("")
	if v4, ok := embeddedIPv4(ip); ok {
		ip = v4
	}
	switch {
	case ip.Is4():
		return !inAny(ip, specialIPv4)
	case ip.Is6():
		return globalUnicast.Contains(ip) && !inAny(ip, specialIPv6)
	}
	return false
}

// embeddedIPv4 is the IPv4 address inside an IPv4-embedding IPv6 address.
func embeddedIPv4(ip netip.Addr) (netip.Addr, bool) {
	if !ip.Is6() {
		return netip.Addr{}, false
	}
	b := ip.As16()
	switch {
	case ipv4Mapped.Contains(ip), ipv4Compatible.Contains(ip), nat64.Contains(ip):
		return netip.AddrFrom4([4]byte(b[12:16])), true
	case sixToFour.Contains(ip):
		return netip.AddrFrom4([4]byte(b[2:6])), true
	}
	return netip.Addr{}, false
}

func inAny(ip netip.Addr, prefixes []netip.Prefix) bool {
	for _, p := range prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

var (
	ipv4Mapped     = netip.MustParsePrefix("::ffff:0:0/96")
	ipv4Compatible = netip.MustParsePrefix("::/96") // deprecated, but still routed by some stacks
	nat64          = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour      = netip.MustParsePrefix("2002::/16")
	globalUnicast  = netip.MustParsePrefix("2000::/3")
)

// specialIPv4 is IANA's IPv4 special-purpose address registry, every
// block of it (even those marked globally reachable, such as the anycast
// ones: no push service is there), with multicast.
var specialIPv4 = prefixes(
	"0.0.0.0/8",       // this network (Linux dials it as the host itself)
	"10.0.0.0/8",      // private
	"100.64.0.0/10",   // shared address space, carrier-grade NAT
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local, clouds' metadata services
	"172.16.0.0/12",   // private
	"192.0.0.0/24",    // IETF protocol assignments
	"192.0.2.0/24",    // documentation, TEST-NET-1
	"192.31.196.0/24", // AS112
	"192.52.193.0/24", // AMT
	"192.88.99.0/24",  // deprecated 6to4 relay anycast
	"192.168.0.0/16",  // private
	"192.175.48.0/24", // AS112 direct delegation
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // documentation, TEST-NET-2
	"203.0.113.0/24",  // documentation, TEST-NET-3
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, with 255.255.255.255 broadcast
)

// specialIPv6 is IANA's IPv6 special-purpose address registry within
// global unicast (2000::/3); what lies outside it (loopback, unspecified,
// discard-only 100::/64, local-use NAT64 64:ff9b:1::/48, SRv6 5f00::/16,
// ULA fc00::/7, link-local fe80::/10, multicast ff00::/8) is refused by
// not being global unicast.
var specialIPv6 = prefixes(
	"2001::/23",         // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID, AMT, ...
	"2001:db8::/32",     // documentation
	"2620:4f:8000::/48", // AS112 direct delegation
	"3fff::/20",         // documentation
)

func prefixes(cidrs ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(cidrs))
	for i, c := range cidrs {
		out[i] = netip.MustParsePrefix(c)
	}
	return out
}
