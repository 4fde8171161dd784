package push

import (
	"errors"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"testing"
	"time"
)

// The dial-time check judges the address actually dialled, whatever name
// led there, so it is tested on the client itself; none of these may reach
// a socket.
func TestClientDialsOnlyAllowedAddresses(t *testing.T) {
	inside, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer inside.Close()
	port := inside.Addr().(*net.TCPAddr).Port
	accepted := make(chan struct{}, 1)
	go func() {
		for {
			conn, err := inside.Accept()
			if err != nil {
				return
			}
			accepted <- struct{}{}
			conn.Close()
		}
	}()

	const ownPublic = "198.100.7.7"
	targets := Targets{Own: func() []netip.Addr { return []netip.Addr{netip.MustParseAddr(ownPublic)} }}
	client := newClient(time.Minute, targets)
	for _, url := range []string{
		"http://localhost:" + strconv.Itoa(port) + "/", // a name that resolves to loopback
		"http://127.0.0.1:" + strconv.Itoa(port) + "/",
		"http://[::ffff:127.0.0.1]:" + strconv.Itoa(port) + "/",
		"http://192.0.2.1/",
		"http://198.18.0.1/",
		"http://203.0.113.5/",
		"http://240.0.0.1/",
		"http://[2001:db8::1]/",
		"http://[64:ff9b::7f00:1]/",
		"http://[2002:7f00:1::]/",
		"http://" + ownPublic + "/", // the server itself, though public
	} {
		_, err := client.Get(url)
		if !errors.Is(err, errNotPublic) {
			t.Errorf("GET %s: %v, want it refused before connecting", url, err)
		}
	}
	select {
	case <-accepted:
		t.Errorf("a refused address was connected to")
	default:
	}

	t.Run("loopback when allowed", func(t *testing.T) {
		client := newClient(time.Minute, Targets{Loopback: true, Own: targets.Own})
		r, err := client.Get("http://localhost:" + strconv.Itoa(port) + "/")
		if err == nil {
			r.Body.Close()
		}
		if errors.Is(err, errNotPublic) {
			t.Errorf("loopback refused though allowed: %v", err)
		}
		<-accepted
	})
}

func TestOwnAddressesHoldLoopback(t *testing.T) {
	own := OwnAddresses()
	if !slices.Contains(own, netip.MustParseAddr("127.0.0.1")) {
		t.Errorf("own addresses %v, want the loopback interface's among them", own)
	}
	if targets := TargetsOf(Config{}); targets.AllowsAddress(netip.MustParseAddr("127.0.0.1")) || targets.Own == nil {
		t.Errorf("the sender's targets do not refuse the host's own addresses")
	}
}
