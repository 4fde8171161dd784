package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	cryptorand "crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log"
	"math/big"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/letsencrypt/pebble/v2/ca"
	"github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"
	"github.com/miekg/dns"
)

// freePort is a loopback port nothing listens on right now, for a server
// the test starts later. It is taken below the kernel's ephemeral range
// (32768 and up), so no ":0" listener of this or a parallel test can be
// given it between this check and the server's bind, and never twice.
func freePort(t *testing.T) int {
	t.Helper()
	portsMu.Lock()
	defer portsMu.Unlock()
	for range 1000 {
		port := 20000 + rand.IntN(12000)
		if portsGiven[port] {
			continue
		}
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			continue
		}
		l.Close()
		portsGiven[port] = true
		return port
	}
	t.Fatal("no free port between 20000 and 32000")
	return 0
}

var (
	portsMu    sync.Mutex
	portsGiven = map[int]bool{}
)

// loopbackDNS answers every A question with 127.0.0.1, so the local CA
// finds the server under any domain name.
func loopbackDNS(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: l, Handler: dns.HandlerFunc(func(w dns.ResponseWriter, q *dns.Msg) {
		answer := new(dns.Msg)
		answer.SetReply(q)
		for _, question := range q.Question {
			if question.Qtype == dns.TypeA {
				answer.Answer = append(answer.Answer, &dns.A{
					Hdr: dns.RR_Header{Name: question.Name, Rrtype: dns.TypeA, Class: dns.ClassINET},
					A:   net.IPv4(127, 0, 0, 1),
				})
			}
		}
		w.WriteMsg(answer)
	})}
	go srv.ActivateAndServe()
	t.Cleanup(func() { srv.Shutdown() })
	return l.Addr().String()
}

// localACME runs Pebble, Let's Encrypt's test certificate authority, in
// this process. It validates challenges for real, by connecting to
// 127.0.0.1 on httpPort (http-01) or tlsPort (tls-alpn-01). It returns the
// directory URL, a client that trusts the directory's own certificate, and
// the root that the certificates it issues chain to.
func localACME(t *testing.T, httpPort, tlsPort int) (directory string, client *http.Client, roots *x509.CertPool) {
	t.Helper()
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")      // validate at once
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0") // no deliberate bad nonces
	logger := log.New(io.Discard, "", 0)
	store := db.NewMemoryStore()
	authority := ca.New(logger, store, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {Description: "default"}})
	validator := va.New(logger, httpPort, tlsPort, false, loopbackDNS(t), store)
	frontEnd := wfe.New(logger, store, validator, authority, []string{"pebble.letsencrypt.org"}, false, false, 0, 0)
	srv := httptest.NewTLSServer(frontEnd.Handler())
	t.Cleanup(srv.Close)
	roots = x509.NewCertPool()
	roots.AddCert(authority.GetRootCert(0).Cert)
	return srv.URL + wfe.DirectoryPath, srv.Client(), roots
}

// clientFor dials addr whatever the URL's host, trusting only roots.
func clientFor(addr string, roots *x509.CertPool) *http.Client {
	return &http.Client{
		Timeout: time.Minute,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: roots},
			DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return (&net.Dialer{}).DialContext(ctx, network, addr)
			},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func TestHTTPSWithCertificatesFromACME(t *testing.T) {
	if testing.Short() {
		t.Skip("gets a certificate from a local certificate authority")
	}
	const domain = "market.rehome.test"
	httpPort, httpsPort := freePort(t), freePort(t)
	directory, acmeClient, roots := localACME(t, httpPort, httpsPort)
	dir := t.TempDir()
	httpsAddr := "127.0.0.1:" + strconv.Itoa(httpsPort)
	startServing(t, serverConfig{
		addr: httpsAddr, httpAddr: "127.0.0.1:" + strconv.Itoa(httpPort), data: dir, backupKeep: 1,
		tls: tlsConfig{domains: []string{domain}, acmeURL: directory, acmeEmail: "admin@rehome.test", acmeClient: acmeClient},
	})

	client := clientFor(httpsAddr, roots)
	base := "https://" + domain + ":" + strconv.Itoa(httpsPort)
	res, err := client.Get(base + "/healthz")
	if err != nil {
		t.Fatalf("HTTPS request: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz over HTTPS: status %d", res.StatusCode)
	}
	leaf := res.TLS.PeerCertificates[0]
	if err := leaf.VerifyHostname(domain); err != nil {
		t.Errorf("the certificate is not for %s: %v", domain, err)
	}
	if got := res.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("Strict-Transport-Security %q", got)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "acme")); len(entries) == 0 {
		t.Errorf("nothing was cached in DATA/acme: a restart would ask for a new certificate")
	}

	t.Run("cookies are Secure", func(t *testing.T) {
		res, err := registerBuyer(client, base, "secure@example.com")
		if err != nil {
			t.Fatal(err)
		}
		cookies := res.Cookies()
		if len(cookies) == 0 || !cookies[0].Secure {
			t.Errorf("session cookie %v, want it Secure", cookies)
		}
	})

	t.Run("a name not served gets no certificate", func(t *testing.T) {
		c := clientFor(httpsAddr, roots)
		if _, err := c.Get("https://other.rehome.test:" + strconv.Itoa(httpsPort) + "/"); err == nil {
			t.Errorf("a handshake for another name succeeded")
		}
	})

	t.Run("plain HTTP redirects to HTTPS", func(t *testing.T) {
		plain := clientFor("127.0.0.1:"+strconv.Itoa(httpPort), nil)
		for method, want := range map[string]int{http.MethodGet: http.StatusMovedPermanently, http.MethodPost: http.StatusPermanentRedirect} {
			req, _ := http.NewRequest(method, "http://"+domain+"/products/7?from=home", nil)
			res, err := plain.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if loc := res.Header.Get("Location"); res.StatusCode != want || loc != base+"/products/7?from=home" {
				t.Errorf("%s: status %d to %q, want %d to %s/products/7?from=home", method, res.StatusCode, loc, want, base)
			}
		}
		req, _ := http.NewRequest(http.MethodGet, "http://elsewhere.example/", nil)
		res, err := plain.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); loc != base+"/" {
			t.Errorf("a request for another host went to %q, want %s/", loc, base)
		}
	})
}

// selfSigned writes a certificate for name and its key as PEM files.
func selfSigned(t *testing.T, name, certFile, keyFile string) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), cryptorand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: name},
		DNSNames:     []string{name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(cryptorand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	// Written whole and renamed, as certbot does.
	for file, block := range map[string]*pem.Block{certFile: {Type: "CERTIFICATE", Bytes: der}, keyFile: {Type: "PRIVATE KEY", Bytes: keyDER}} {
		if err := os.WriteFile(file+".new", pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(file+".new", file); err != nil {
			t.Fatal(err)
		}
	}
	cert, _ := x509.ParseCertificate(der)
	return cert
}

func TestHTTPSWithCertificateFilesReloaded(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	first := selfSigned(t, "market.rehome.test", certFile, keyFile)
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	logs := startServing(t, serverConfig{addr: addr, data: filepath.Join(dir, "data"), backupKeep: 1,
		tls: tlsConfig{certFile: certFile, keyFile: keyFile}})

	served := func() *x509.Certificate {
		t.Helper()
		conn, err := tls.Dial("tcp", addr, &tls.Config{ServerName: "market.rehome.test", InsecureSkipVerify: true})
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		return conn.ConnectionState().PeerCertificates[0]
	}
	// waitFor polls until the served certificate is want, or fails.
	waitFor := func(want *x509.Certificate, why string) {
		t.Helper()
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
			if served().Equal(want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: still serving the old certificate; log:\n%s", why, logs)
			}
		}
	}
	if !served().Equal(first) {
		t.Fatal("not serving the certificate in the files")
	}

	second := selfSigned(t, "market.rehome.test", certFile, keyFile)
	waitFor(second, "after renewal")

	// A renewal caught half-way: the previous certificate stays.
	if err := os.WriteFile(certFile, []byte("-----BEGIN CERTIFICATE-----\ntruncated"), 0o600); err != nil {
		t.Fatal(err)
	}
	// The files are looked at again by a handshake once certCheckEvery has
	// passed: handshakes until one has, as its log line says.
	for deadline := time.Now().Add(time.Minute); !logs.WaitFor("cannot be read", 50*time.Millisecond); served() {
		if time.Now().After(deadline) {
			t.Fatalf("the broken file was never looked at; log:\n%s", logs)
		}
	}
	if !served().Equal(second) {
		t.Errorf("a broken certificate file replaced the working certificate")
	}
	third := selfSigned(t, "market.rehome.test", certFile, keyFile)
	waitFor(third, "after the renewal was finished")
}
