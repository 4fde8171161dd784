package api_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"rehome/api"
	"rehome/app"
	"rehome/internal/wiring"
	"rehome/push"
)

// browserSubscription is what a browser's PushSubscription.toJSON() gives
// for a subscription at endpoint, with fresh keys.
func browserSubscription(t testing.TB, endpoint string) map[string]any {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(auth),
	}}
}

// endpointsOf lists the endpoints kept for userID.
func (e *env) endpointsOf(userID int64) []string {
	e.t.Helper()
	subs, err := e.db.PushSubscriptions(context.Background(), userID)
	if err != nil {
		e.t.Fatal(err)
	}
	endpoints := []string{}
	for _, sub := range subs {
		endpoints = append(endpoints, sub.Endpoint)
	}
	return endpoints
}

func TestPushKeyIsKept(t *testing.T) {
	dir := t.TempDir()
	e := serverAt(t, dir, false)
	r := e.client().call("GET", "/api/push/key", nil)
	expectStatus(t, r, http.StatusOK)
	key := decode[map[string]string](t, r)["key"]
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil || len(raw) != 65 || raw[0] != 4 {
		t.Fatalf("key %q is not an uncompressed P-256 point in base64url", key)
	}
	if _, err := ecdh.P256().NewPublicKey(raw); err != nil {
		t.Errorf("key %q: %v", key, err)
	}
	again := serverAt(t, dir, false) // a restart on the same data
	if got := decode[map[string]string](t, again.client().call("GET", "/api/push/key", nil))["key"]; got != key {
		t.Errorf("after a restart the key is %q, want %q kept", got, key)
	}
}

func TestSubscribeToPush(t *testing.T) {
	e := newEnv(t)
	buyer, buyerUser := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	seller, sellerUser := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	const endpoint = "https://push.example.net/send/abc123"
	sub := browserSubscription(t, endpoint)

	r := buyer.call("POST", "/api/push/subscriptions", sub)
	expectStatus(t, r, http.StatusCreated)
	expectJSONFields(t, decode[map[string]any](t, r), map[string]any{"endpoint": endpoint})

	t.Run("the same browser again", func(t *testing.T) {
		expectStatus(t, buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, endpoint)), http.StatusOK)
		if got := e.endpointsOf(buyerUser.ID); len(got) != 1 || got[0] != endpoint {
			t.Errorf("the buyer's endpoints %v, want just %s", got, endpoint)
		}
	})
	t.Run("another person signs in on the browser", func(t *testing.T) {
		expectStatus(t, seller.call("POST", "/api/push/subscriptions", sub), http.StatusOK)
		if got := e.endpointsOf(sellerUser.ID); len(got) != 1 || got[0] != endpoint {
			t.Errorf("the seller's endpoints %v, want %s", got, endpoint)
		}
		if got := e.endpointsOf(buyerUser.ID); len(got) != 0 {
			t.Errorf("the buyer still has %v", got)
		}
	})
	t.Run("the oldest of too many is forgotten", func(t *testing.T) {
		var first string
		for i := range app.MaxPushSubscriptions + 1 {
			endpoint := "https://push.example.net/send/device-" + string(rune('a'+i))
			if i == 0 {
				first = endpoint
			}
			expectStatus(t, buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, endpoint)), http.StatusCreated)
		}
		got := e.endpointsOf(buyerUser.ID)
		if len(got) != app.MaxPushSubscriptions || strings.Contains(strings.Join(got, " "), first) {
			t.Errorf("endpoints %v, want the newest %d", got, app.MaxPushSubscriptions)
		}
	})

	with := func(field string, value any) map[string]any {
		s := browserSubscription(t, endpoint)
		if name, ok := strings.CutPrefix(field, "keys."); ok {
			s["keys"].(map[string]string)[name] = value.(string)
		} else {
			s[field] = value
		}
		return s
	}
	notOnCurve := base64.RawURLEncoding.EncodeToString(append([]byte{4}, make([]byte, 64)...))
	compressed := base64.RawURLEncoding.EncodeToString(append([]byte{2}, make([]byte, 32)...))
	const badEndpoint, badKey, badAuth = "Give the https address of a push service",
		"Give the browser's P-256 public key (65 bytes, base64url)", "Give the browser's authentication secret (16 bytes, base64url)"
	subscribe := func(body any) func() *response {
		return func() *response { return buyer.call("POST", "/api/push/subscriptions", body) }
	}
	cases := []refusal{
		{"no endpoint", subscribe(with("endpoint", "")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": app.RequiredMessage}},
		{"plain HTTP", subscribe(with("endpoint", "http://push.example.net/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"plain HTTP to loopback, not allowed here", subscribe(with("endpoint", "http://127.0.0.1:9/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"HTTPS to loopback, not allowed here", subscribe(with("endpoint", "https://localhost/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a private address", subscribe(with("endpoint", "https://10.1.2.3/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a cloud's metadata service", subscribe(with("endpoint", "https://169.254.169.254/latest")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a private IPv6 address", subscribe(with("endpoint", "https://[fd00::1]/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a documentation address", subscribe(with("endpoint", "https://192.0.2.1/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a benchmarking address", subscribe(with("endpoint", "https://198.18.0.1/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a reserved address", subscribe(with("endpoint", "https://240.0.0.1/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"the broadcast address", subscribe(with("endpoint", "https://255.255.255.255/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"an IPv6 documentation address", subscribe(with("endpoint", "https://[2001:db8::1]/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"loopback inside an IPv4-compatible address", subscribe(with("endpoint", "https://[::127.0.0.1]/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a private address mapped into IPv6", subscribe(with("endpoint", "https://[::ffff:192.168.0.1]/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a metadata service through NAT64", subscribe(with("endpoint", "https://[64:ff9b::169.254.169.254]/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"loopback through 6to4", subscribe(with("endpoint", "https://[2002:7f00:1::]/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"localhost in capitals with the final dot", subscribe(with("endpoint", "https://LOCALHOST./send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"an address spelt as one number", subscribe(with("endpoint", "https://2130706433/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"not a URL", subscribe(with("endpoint", "push.example.net/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"a password in the URL", subscribe(with("endpoint", "https://me:pw@push.example.net/send/1")), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": badEndpoint}},
		{"an endpoint too long", subscribe(with("endpoint", "https://push.example.net/"+strings.Repeat("x", 2000))), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": "The endpoint is too long"}},
		{"a key off the curve", subscribe(with("keys.p256dh", notOnCurve)), http.StatusUnprocessableEntity, "", map[string]string{"keys.p256dh": badKey}},
		{"a compressed key", subscribe(with("keys.p256dh", compressed)), http.StatusUnprocessableEntity, "", map[string]string{"keys.p256dh": badKey}},
		{"a key that is not base64url", subscribe(with("keys.p256dh", "not base64!")), http.StatusUnprocessableEntity, "", map[string]string{"keys.p256dh": badKey}},
		{"an auth secret too short", subscribe(with("keys.auth", base64.RawURLEncoding.EncodeToString(make([]byte, 8)))), http.StatusUnprocessableEntity, "", map[string]string{"keys.auth": badAuth}},
		{"no keys", subscribe(map[string]any{"endpoint": endpoint}), http.StatusUnprocessableEntity, "", map[string]string{"keys.p256dh": badKey, "keys.auth": badAuth}},
		{"an unknown field", subscribe(with("channel", "x")), http.StatusBadRequest, `Unknown field "channel"`, map[string]string{"channel": "Unknown field"}},
		{"nobody signed in", func() *response { return e.client().call("POST", "/api/push/subscriptions", sub) }, http.StatusUnauthorized, "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := e.fingerprint(t)
			expectError(t, tc.send(), tc.status, tc.message, tc.fields)
			if diff := fingerprintDiff(before, e.fingerprint(t)); diff != "" {
				t.Errorf("a refused subscription changed what is stored:\n%s", diff)
			}
		})
	}

	t.Run("padded base64url keys", func(t *testing.T) {
		s := browserSubscription(t, "https://push.example.net/send/padded")
		keys := s["keys"].(map[string]string)
		keys["auth"] += "=="
		expectStatus(t, buyer.call("POST", "/api/push/subscriptions", s), http.StatusCreated)
	})
}

func TestLoopbackPushServiceWhenAllowed(t *testing.T) {
	e := serverSet(t, t.TempDir(), api.Config{}, wiring.Settings{Push: &push.Config{AllowLoopback: true}})
	buyer, _ := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	for _, endpoint := range []string{"http://127.0.0.1:9/send/1", "http://[::1]:9/send/1", "http://localhost:9/send/1"} {
		expectStatus(t, buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, endpoint)), http.StatusCreated)
	}
	r := buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, "http://10.0.0.1/send/1"))
	expectError(t, r, http.StatusUnprocessableEntity, "", map[string]string{"endpoint": "Give the https address of a push service"})
}

func TestUnsubscribeFromPush(t *testing.T) {
	e := newEnv(t)
	buyer, buyerUser := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	other, _ := e.register("Olga Other", "other@example.com", app.RoleSeller)
	const endpoint = "https://push.example.net/send/abc123"
	expectStatus(t, buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, endpoint)), http.StatusCreated)

	// Someone else's endpoint: nothing changes, and the answer does not
	// tell whether it exists.
	expectStatus(t, other.call("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": endpoint}), http.StatusNoContent)
	if got := e.endpointsOf(buyerUser.ID); len(got) != 1 {
		t.Fatalf("another person's unsubscribing left %v, want the buyer's endpoint kept", got)
	}
	expectStatus(t, buyer.call("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": endpoint}), http.StatusNoContent)
	if got := e.endpointsOf(buyerUser.ID); len(got) != 0 {
		t.Errorf("after unsubscribing, endpoints %v", got)
	}
	// Again: it is gone already, which is what was asked.
	expectStatus(t, buyer.call("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": endpoint}), http.StatusNoContent)
	expectError(t, buyer.call("DELETE", "/api/push/subscriptions", `{}`), http.StatusUnprocessableEntity, "", map[string]string{"endpoint": app.RequiredMessage})
}

func TestPushPreferences(t *testing.T) {
	e := newEnv(t)
	buyer, _ := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	seller, _ := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	allOn := map[string]any{"message": true, "reply": true, "booking": true, "declined": true, "payment": true, "reminder": true}
	expect := func(t *testing.T, r *response, want map[string]any) {
		t.Helper()
		expectStatus(t, r, http.StatusOK)
		expectJSONFields(t, decode[map[string]any](t, r), want)
	}
	with := func(changes map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range allOn {
			m[k] = v
		}
		for k, v := range changes {
			m[k] = v
		}
		return m
	}

	expect(t, buyer.call("GET", "/api/push/preferences", nil), allOn)
	expect(t, buyer.call("PUT", "/api/push/preferences", map[string]bool{"message": false}), with(map[string]any{"message": false}))
	// Only the kinds named change.
	expect(t, buyer.call("PUT", "/api/push/preferences", map[string]bool{"payment": false, "reply": true}), with(map[string]any{"message": false, "payment": false}))
	expect(t, buyer.call("PUT", "/api/push/preferences", map[string]bool{"message": true}), with(map[string]any{"payment": false}))
	expect(t, buyer.call("GET", "/api/push/preferences", nil), with(map[string]any{"payment": false}))
	expect(t, buyer.call("PUT", "/api/push/preferences", `{}`), with(map[string]any{"payment": false}))
	// Each person has their own.
	expect(t, seller.call("GET", "/api/push/preferences", nil), allOn)

	put := func(body any) func() *response {
		return func() *response { return buyer.call("PUT", "/api/push/preferences", body) }
	}
	cases := []refusal{
		{"an unknown kind", put(map[string]bool{"message": false, "sms": true}), http.StatusUnprocessableEntity, "",
			map[string]string{"sms": "Not a kind of notification; the kinds are [message reply booking declined payment reminder]"}},
		{"null", put(`{"booking": null}`), http.StatusUnprocessableEntity, "", map[string]string{"booking": "Give true or false"}},
		{"a string", put(`{"booking": "off"}`), http.StatusBadRequest, "", nil},
		{"a list", put(`["booking"]`), http.StatusBadRequest, "", nil},
		{"nobody signed in", func() *response {
			return e.client().call("PUT", "/api/push/preferences", map[string]bool{"message": false})
		}, http.StatusUnauthorized, "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := e.fingerprint(t)
			r := tc.send()
			if tc.status == http.StatusBadRequest {
				expectStatus(t, r, tc.status)
			} else {
				expectError(t, r, tc.status, tc.message, tc.fields)
			}
			if diff := fingerprintDiff(before, e.fingerprint(t)); diff != "" {
				t.Errorf("a refused change was stored:\n%s", diff)
			}
		})
	}
	expect(t, buyer.call("GET", "/api/push/preferences", nil), with(map[string]any{"payment": false}))
}

func TestLeavingForgetsOnesBrowsersAndPreferences(t *testing.T) {
	e := newEnv(t)
	buyer, buyerUser := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	expectStatus(t, buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, "https://push.example.net/send/1")), http.StatusCreated)
	expectStatus(t, buyer.call("PUT", "/api/push/preferences", map[string]bool{"reply": false}), http.StatusOK)

	expectStatus(t, buyer.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword}), http.StatusNoContent)
	if got := e.endpointsOf(buyerUser.ID); len(got) != 0 {
		t.Errorf("endpoints %v kept after the account left", got)
	}
	if off, err := e.db.PushKindsOff(context.Background(), buyerUser.ID); err != nil || len(off) != 0 {
		t.Errorf("preferences %v kept after the account left (%v)", off, err)
	}
}
