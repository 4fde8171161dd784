package push_test

import (
	"net/netip"
	"testing"

	"rehome/push"
)

func TestGloballyRoutable(t *testing.T) {
	for _, tc := range []struct {
		addr string
		want bool
	}{
		{"8.8.8.8", true},
		{"142.250.74.110", true},
		{"2a00:1450:4001:82b::200a", true},
		{"2606:4700::6810:84e5", true},

		// IANA IPv4 special-purpose registry.
		{"0.0.0.0", false},
		{"0.1.2.3", false},
		{"10.1.2.3", false},
		{"100.64.0.1", false},
		{"100.127.255.254", false},
		{"127.0.0.1", false},
		{"127.8.9.10", false},
		{"169.254.169.254", false},
		{"172.16.0.1", false},
		{"172.31.255.255", false},
		{"192.0.0.1", false},
		{"192.0.0.9", false},
		{"192.0.0.170", false},
		{"192.0.2.1", false},
		{"192.31.196.1", false},
		{"192.52.193.1", false},
		{"192.88.99.1", false},
		{"192.168.1.1", false},
		{"192.175.48.1", false},
		{"198.18.0.1", false},
		{"198.19.255.255", false},
		{"198.51.100.7", false},
		{"203.0.113.9", false},
		{"224.0.0.1", false},
		{"239.255.255.250", false},
		{"240.0.0.1", false},
		{"255.255.255.255", false},
		// Neighbours of refused blocks are public.
		{"100.128.0.1", true},
		{"172.32.0.1", true},
		{"198.20.0.1", true},
		{"192.0.3.1", true},

		// IANA IPv6 special-purpose registry and what is not global unicast.
		{"::", false},
		{"::1", false},
		{"100::1", false},
		{"100:0:0:1::1", false},
		{"2001::1", false},             // Teredo
		{"2001:0:4136:e378::1", false}, // Teredo with a public server
		{"2001:1::1", false},           // PCP anycast
		{"2001:2::1", false},           // benchmarking
		{"2001:10::1", false},          // ORCHID
		{"2001:20::1", false},          // ORCHIDv2
		{"2001:db8::1", false},         // documentation
		{"2001:db8:ffff::1", false},    // documentation
		{"2620:4f:8000::1", false},     // AS112
		{"3fff::1", false},             // documentation
		{"5f00::1", false},             // SRv6
		{"64:ff9b:1::1", false},        // local-use NAT64
		{"fc00::1", false},             // ULA
		{"fd12:3456::1", false},        // ULA
		{"fe80::1", false},             // link-local
		{"fe80::1%eth0", false},        // link-local with a zone
		{"fec0::1", false},             // site-local
		{"ff02::1", false},             // multicast
		{"ff0e::1", false},             // multicast
		{"4000::1", false},             // not allocated
		{"2001:200::1", true},          // just past 2001::/23

		// IPv4-embedding forms, judged by the address inside.
		{"::ffff:127.0.0.1", false},
		{"::ffff:10.0.0.1", false},
		{"::ffff:169.254.169.254", false},
		{"::ffff:8.8.8.8", true},
		{"::127.0.0.1", false},
		{"::192.168.0.1", false},
		{"::8.8.8.8", true},
		{"64:ff9b::127.0.0.1", false},
		{"64:ff9b::a9fe:a9fe", false}, // 169.254.169.254
		{"64:ff9b::8.8.8.8", true},
		{"2002:7f00:1::1", false},    // 6to4 of 127.0.0.1
		{"2002:c0a8:101::1", false},  // 6to4 of 192.168.1.1
		{"2002:a9fe:a9fe::1", false}, // 6to4 of 169.254.169.254
		{"2002:808:808::1", true},    // 6to4 of 8.8.8.8
	} {
		ip := netip.MustParseAddr(tc.addr)
		if got := push.GloballyRoutable(ip); got != tc.want {
			t.Errorf("GloballyRoutable(%s) = %v, want %v", tc.addr, got, tc.want)
		}
	}
}

func TestPushTargets(t *testing.T) {
	own := func() []netip.Addr {
		return []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("198.100.7.7"), netip.MustParseAddr("2a01:4f8::7")}
	}
	strict := push.Targets{Own: own}
	loopback := push.Targets{Own: own, Loopback: true}
	for _, tc := range []struct {
		name     string
		targets  push.Targets
		endpoint string
		want     bool
	}{
		{"a push service by name", strict, "https://fcm.googleapis.com/fcm/send/abc", true},
		{"a public address", strict, "https://8.8.8.8/send/1", true},
		{"a public IPv6 address", strict, "https://[2a00:1450:4001:82b::200a]/send/1", true},
		{"a name with a port", strict, "https://updates.push.services.mozilla.com:443/wpush/v2/x", true},
		{"plain http to a public name", strict, "http://push.example.net/send/1", false},
		{"another scheme", strict, "ftp://push.example.net/send/1", false},
		{"the server's own public address", strict, "https://198.100.7.7/send/1", false},
		{"the server's own address, mapped", strict, "https://[::ffff:198.100.7.7]/send/1", false},
		{"the server's own address, through NAT64", strict, "https://[64:ff9b::c664:707]/send/1", false},
		{"the server's own IPv6 address", strict, "https://[2a01:4f8::7]/send/1", false},
		{"TEST-NET-1", strict, "https://192.0.2.1/send/1", false},
		{"IETF protocol assignments", strict, "https://192.0.0.1/send/1", false},
		{"benchmarking", strict, "https://198.18.0.1/send/1", false},
		{"TEST-NET-2", strict, "https://198.51.100.1/send/1", false},
		{"TEST-NET-3", strict, "https://203.0.113.1/send/1", false},
		{"reserved", strict, "https://240.0.0.1/send/1", false},
		{"broadcast", strict, "https://255.255.255.255/send/1", false},
		{"IPv6 documentation", strict, "https://[2001:db8::1]/send/1", false},
		{"IPv4-compatible loopback", strict, "https://[::127.0.0.1]/send/1", false},
		{"IPv4-mapped private", strict, "https://[::ffff:10.0.0.1]/send/1", false},
		{"NAT64 of metadata", strict, "https://[64:ff9b::169.254.169.254]/send/1", false},
		{"6to4 of loopback", strict, "https://[2002:7f00:1::]/send/1", false},
		{"link-local with a zone", strict, "https://[fe80::1%25eth0]/send/1", false},
		{"localhost", strict, "https://localhost/send/1", false},
		{"localhost in capitals", strict, "https://LocalHost/send/1", false},
		{"localhost with the final dot", strict, "https://localhost./send/1", false},
		{"a name under localhost", strict, "https://push.localhost/send/1", false},
		{"an address as one number", strict, "https://2130706433/send/1", false},
		{"an address in hex", strict, "https://0x7f.1/send/1", false},
		{"an address in short form", strict, "https://127.1/send/1", false},
		{"a name with odd characters", strict, "https://push_service.example.net/send/1", false},
		{"a password", strict, "https://me:pw@push.example.net/send/1", false},
		{"no host", strict, "https:///send/1", false},

		{"loopback over http when allowed", loopback, "http://127.0.0.1:9/send/1", true},
		{"IPv6 loopback over http when allowed", loopback, "http://[::1]:9/send/1", true},
		{"localhost over http when allowed", loopback, "http://localhost:9/send/1", true},
		{"localhost. over http when allowed", loopback, "http://LOCALHOST.:9/send/1", true},
		{"a private address when loopback is allowed", loopback, "http://10.0.0.1/send/1", false},
		{"documentation when loopback is allowed", loopback, "https://192.0.2.1/send/1", false},
		{"plain http to a public name when loopback is allowed", loopback, "http://push.example.net/send/1", false},
	} {
		if got := tc.targets.AllowsEndpoint(tc.endpoint); got != tc.want {
			t.Errorf("%s: AllowsEndpoint(%q) = %v, want %v", tc.name, tc.endpoint, got, tc.want)
		}
	}
}
