package push_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// pushService stands in for a browser's push service (Google's, Mozilla's)
// and for the browser behind it: it checks each post's VAPID signature and
// headers as a push service does, and decrypts the body as the browser
// does, with an RFC 8291 decryption of its own, so the library's output is
// checked independently.
type pushService struct {
	t         testing.TB
	srv       *httptest.Server
	serverKey string // the VAPID public key the posts must be signed with
	subject   string

	mu       sync.Mutex
	browsers map[string]*browser // by endpoint path
	received chan received
	// status answers a post to the path; 201 when it is not set.
	status func(path string) int
}

// browser is a subscribed browser: its keys, which the server only ever
// sees the public half of.
type browser struct {
	private *ecdh.PrivateKey
	auth    []byte
}

// received is one post the push service accepted and could read.
type received struct {
	path    string
	header  http.Header
	payload map[string]any
}

func newPushService(t testing.TB, serverKey, subject string) *pushService {
	ps := &pushService{t: t, serverKey: serverKey, subject: subject,
		browsers: map[string]*browser{}, received: make(chan received, 100)}
	ps.srv = httptest.NewServer(http.HandlerFunc(ps.serve))
	t.Cleanup(ps.srv.Close)
	return ps
}

// subscribe makes a new browser at path and returns its subscription.
func (ps *pushService) subscribe(path string) app.PushSubscription {
	ps.t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		ps.t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	ps.mu.Lock()
	ps.browsers[path] = &browser{private: key, auth: auth}
	ps.mu.Unlock()
	return app.PushSubscription{Endpoint: ps.srv.URL + path, Keys: app.PushKeys{
		P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Auth:   base64.RawURLEncoding.EncodeToString(auth),
	}}
}

func (ps *pushService) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		ps.t.Errorf("%s %s, want POST", r.Method, r.URL.Path)
	}
	if err := ps.checkVAPID(r.Header.Get("Authorization")); err != nil {
		ps.t.Errorf("VAPID: %v", err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	if got := r.Header.Get("Content-Encoding"); got != "aes128gcm" {
		ps.t.Errorf("Content-Encoding %q, want aes128gcm", got)
	}
	if got := r.Header.Get("TTL"); got != "86400" {
		ps.t.Errorf("TTL %q, want a day (86400)", got)
	}
	if got := r.Header.Get("Urgency"); got != "normal" {
		ps.t.Errorf("Urgency %q, want normal", got)
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		ps.t.Error(err)
		return
	}
	ps.mu.Lock()
	b := ps.browsers[r.URL.Path]
	status := ps.status
	ps.mu.Unlock()
	if b == nil {
		ps.t.Errorf("a post to %s, where no browser subscribed", r.URL.Path)
		http.NotFound(w, r)
		return
	}
	plain, err := decrypt(body, b.private, b.auth)
	if err != nil {
		ps.t.Errorf("decrypt the post to %s: %v", r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var payload map[string]any
	if err := json.Unmarshal(plain, &payload); err != nil {
		ps.t.Errorf("the note is not JSON: %q", plain)
	}
	code := http.StatusCreated
	if status != nil {
		code = status(r.URL.Path)
	}
	w.WriteHeader(code)
	ps.received <- received{path: r.URL.Path, header: r.Header.Clone(), payload: payload}
}

// checkVAPID checks an Authorization header of RFC 8292: "vapid t=JWT,
// k=KEY", the JWT signed with ES256 by KEY, the server's key, for this
// push service's origin, expiring within a day, naming the subject.
func (ps *pushService) checkVAPID(header string) error {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return fmt.Errorf("Authorization %q is not vapid", header)
	}
	params := map[string]string{}
	for part := range strings.SplitSeq(rest, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		params[name] = value
	}
	if params["k"] != ps.serverKey {
		return fmt.Errorf("k=%s, want the server's key %s", params["k"], ps.serverKey)
	}
	rawKey, err := base64.RawURLEncoding.DecodeString(params["k"])
	if err != nil {
		return err
	}
	key, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), rawKey)
	if err != nil {
		return err
	}
	parts := strings.Split(params["t"], ".")
	if len(parts) != 3 {
		return fmt.Errorf("t=%q is not a JWT", params["t"])
	}
	var head struct{ Alg string }
	if err := decodeSegment(parts[0], &head); err != nil || head.Alg != "ES256" {
		return fmt.Errorf("JWT header %s: alg %q, want ES256 (%v)", parts[0], head.Alg, err)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return fmt.Errorf("signature of %d bytes, want 64 (%v)", len(sig), err)
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
	if !ecdsa.Verify(key, digest[:], r, s) {
		return errors.New("the JWT's signature does not verify with k")
	}
	var claims struct {
		Aud string
		Exp int64
		Sub string
	}
	if err := decodeSegment(parts[1], &claims); err != nil {
		return err
	}
	if claims.Aud != ps.srv.URL {
		return fmt.Errorf("aud %q, want the push service's origin %q", claims.Aud, ps.srv.URL)
	}
	if exp := time.Unix(claims.Exp, 0); !exp.After(time.Now()) || exp.After(time.Now().Add(24*time.Hour)) {
		return fmt.Errorf("exp %v, want within the next 24 hours", exp)
	}
	if claims.Sub != ps.subject {
		return fmt.Errorf("sub %q, want %q", claims.Sub, ps.subject)
	}
	return nil
}

func decodeSegment(segment string, v any) error {
	raw, err := base64.RawURLEncoding.DecodeString(segment)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// decrypt opens an aes128gcm body (RFC 8188) encrypted for a browser
// (RFC 8291): a header of salt, record size and the sender's one-off
// public key, then one record.
func decrypt(body []byte, private *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("shorter than its header")
	}
	salt, recordSize, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idLen != 65 || len(body) < 21+idLen {
		return nil, fmt.Errorf("key id of %d bytes, want the sender's 65-byte public key", idLen)
	}
	senderKey, record := body[21:21+idLen], body[21+idLen:]
	if len(record) > int(recordSize) {
		return nil, fmt.Errorf("a record of %d bytes, over the record size %d", len(record), recordSize)
	}
	senderPublic, err := ecdh.P256().NewPublicKey(senderKey)
	if err != nil {
		return nil, err
	}
	shared, err := private.ECDH(senderPublic)
	if err != nil {
		return nil, err
	}
	keyInfo := append(append([]byte("WebPush: info\x00"), private.PublicKey().Bytes()...), senderKey...)
	ikm, err := hkdf.Key(sha256.New, shared, auth, string(keyInfo), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	padded, err := gcm.Open(nil, nonce, record, nil)
	if err != nil {
		return nil, err
	}
	// The last record ends with the delimiter 2, then zero padding.
	unpadded := bytes.TrimRight(padded, "\x00")
	if len(unpadded) == 0 || unpadded[len(unpadded)-1] != 2 {
		return nil, errors.New("the record does not end with the last record's delimiter")
	}
	return unpadded[:len(unpadded)-1], nil
}
