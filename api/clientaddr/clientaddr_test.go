package clientaddr_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"rehome/api/clientaddr"
)

// behindProxies trusts the proxies at 127.0.50.0/24 (the one in front) and
// 10.0.0.0/8 (one further out).
var behindProxies = clientaddr.New([]netip.Prefix{netip.MustParsePrefix("127.0.50.0/24"), netip.MustParsePrefix("10.0.0.0/8")})

// resolve is the origin r's handler sees behind resolver.
func resolve(resolver *clientaddr.Resolver, r *http.Request) clientaddr.Origin {
	var got clientaddr.Origin
	resolver.Resolve(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = clientaddr.Of(r)
	})).ServeHTTP(httptest.NewRecorder(), r)
	return got
}

func request(peer string, header string, values ...string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = peer + ":40000"
	for _, v := range values {
		r.Header.Add(header, v)
	}
	return r
}

func TestTheClientAddressIsForwardedOnlyByTrustedProxies(t *testing.T) {
	const proxy, stranger = "127.0.50.1", "127.0.60.1"
	tests := []struct {
		name      string
		peer      string
		forwarded []string // X-Forwarded-For headers, in order
		want      string
	}{
		{"a stranger's header is ignored", stranger, []string{"203.0.113.9"}, stranger},
		{"the proxy without a header is the client", proxy, nil, proxy},
		{"the proxy names the client", proxy, []string{"203.0.113.9"}, "203.0.113.9"},
		{"what the client wrote left of it is ignored", proxy, []string{"198.51.100.7, 203.0.113.9"}, "203.0.113.9"},
		{"a chain of trusted proxies is walked", proxy, []string{"198.51.100.7, 203.0.113.9, 10.1.2.3"}, "203.0.113.9"},
		{"headers repeated are one list", proxy, []string{"198.51.100.7", "203.0.113.9", "10.1.2.3"}, "203.0.113.9"},
		{"every hop trusted: the first is the client", proxy, []string{"10.9.9.9, 10.1.2.3"}, "10.9.9.9"},
		{"an unreadable hop trusts nothing further", proxy, []string{"203.0.113.9, unknown"}, proxy},
		{"an IPv4-mapped address is written as IPv4", proxy, []string{"::ffff:203.0.113.9"}, "203.0.113.9"},
		{"IPv6 clients", proxy, []string{"2001:db8::1"}, "2001:db8::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolve(behindProxies, request(tt.peer, "X-Forwarded-For", tt.forwarded...)).Address; got != tt.want {
				t.Errorf("client %s, want %s", got, tt.want)
			}
		})
	}
}

func TestTheSchemeIsForwardedOnlyByTrustedProxies(t *testing.T) {
	tests := []struct {
		name, peer, proto string
		want              bool
	}{
		{"plain HTTP", "127.0.60.1", "", false},
		{"a stranger claiming HTTPS", "127.0.60.1", "https", false},
		{"the proxy saying HTTPS", "127.0.50.1", "https", true},
		{"the proxy saying HTTP", "127.0.50.1", "http", false},
		{"the nearest proxy's word counts", "127.0.50.1", "http, https", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var protos []string
			if tt.proto != "" {
				protos = []string{tt.proto}
			}
			if got := resolve(behindProxies, request(tt.peer, "X-Forwarded-Proto", protos...)).HTTPS; got != tt.want {
				t.Errorf("HTTPS %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWithoutTrustedProxiesTheHeadersAreIgnored(t *testing.T) {
	got := resolve(clientaddr.New(nil), request("127.0.50.1", "X-Forwarded-For", "203.0.113.9"))
	if got.Address != "127.0.50.1" {
		t.Errorf("client %s, want the peer 127.0.50.1", got.Address)
	}
}
