package main

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"rehome/internal/wiring"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// letsEncryptURL is Let's Encrypt's production ACME directory.
const letsEncryptURL = autocert.DefaultACMEDirectory

// tlsConfig is how 'rehome serve' gets its certificate, if it serves HTTPS:
// from an ACME certificate authority for domains, or from files.
type tlsConfig struct {
	domains           []string
	acmeEmail         string
	acmeURL           string
	certFile, keyFile string

	// acmeClient talks to the ACME directory; nil is the default client,
	// which trusts the system's roots. Tests point it at a local CA.
	acmeClient *http.Client
}

func (c tlsConfig) enabled() bool { return len(c.domains) > 0 || c.certFile != "" }

func (c tlsConfig) check() error {
	switch {
	case len(c.domains) > 0 && c.certFile != "":
		return errors.New("give either --domain (certificates from Let's Encrypt) or --tls-cert, not both")
	case (c.certFile == "") != (c.keyFile == ""):
		return errors.New("--tls-cert and --tls-key go together")
	}
	for _, d := range c.domains {
		// autocert asks for names with a dot; an address or a bare host
		// name cannot get a public certificate anyway.
		if !strings.Contains(strings.Trim(d, "."), ".") || net.ParseIP(d) != nil {
			return fmt.Errorf("--domain: %q is not a domain name such as market.example.org", d)
		}
	}
	return nil
}

// certSource hands certificates to the TLS listener.
type certSource struct {
	acme  *autocert.Manager
	files *certFiles
}

// certificates is nil when the server speaks plain HTTP.
func (c tlsConfig) certificates(dataDir string, log *slog.Logger) (*certSource, error) {
	switch {
	case len(c.domains) > 0:
		client := &acme.Client{DirectoryURL: c.acmeURL, HTTPClient: c.acmeClient}
		return &certSource{acme: &autocert.Manager{
			Prompt:     autocert.AcceptTOS,
			Cache:      autocert.DirCache(filepath.Join(dataDir, wiring.ACMEDir)),
			HostPolicy: autocert.HostWhitelist(c.domains...),
			Email:      c.acmeEmail,
			Client:     client,
		}}, nil
	case c.certFile != "":
		files, err := loadCertFiles(c.certFile, c.keyFile, log)
		if err != nil {
			return nil, err
		}
		return &certSource{files: files}, nil
	}
	return nil, nil
}

func (s *certSource) tlsConfig() *tls.Config {
	if s.acme != nil {
		cfg := s.acme.TLSConfig() // answers tls-alpn-01 challenges too
		cfg.MinVersion = tls.VersionTLS12
		return cfg
	}
	return &tls.Config{
		MinVersion:     tls.VersionTLS12,
		NextProtos:     []string{"h2", "http/1.1"},
		GetCertificate: s.files.get,
	}
}

// plainHTTP is what the plain-HTTP listener serves: ACME's http-01
// challenges when certificates come from ACME, and otherwise fallback.
func (s *certSource) plainHTTP(fallback http.Handler) http.Handler {
	if s.acme != nil {
		return s.acme.HTTPHandler(fallback)
	}
	return fallback
}

// redirectToHTTPS sends every plain-HTTP request to the same address over
// HTTPS on the port the server listens on for it. With domains, a request
// for another host goes to the first domain: the redirect never names a
// host the server does not serve.
func redirectToHTTPS(https net.Addr, domains []string) http.Handler {
	port := ""
	if a, ok := https.(*net.TCPAddr); ok && a.Port != 443 {
		port = fmt.Sprint(a.Port)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(r.Host); err == nil {
			host = h
		}
		if len(domains) > 0 && !slices.Contains(domains, strings.ToLower(host)) {
			host = domains[0]
		}
		if port != "" {
			host = net.JoinHostPort(host, port)
		}
		// 308 keeps the method and body of a form sent to the old address.
		status := http.StatusPermanentRedirect
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			status = http.StatusMovedPermanently
		}
		// #nosec G710 -- the same host (one of ours, when known) and path, over HTTPS
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), status)
	})
}

// certFiles is a certificate kept in two PEM files that another program,
// such as certbot, renews in place. It is read again when either file
// changes; a renewal caught half-written keeps the previous certificate
// until the files change again.
type certFiles struct {
	certFile, keyFile string
	log               *slog.Logger

	mu        sync.Mutex
	cert      *tls.Certificate
	seen      [2]fileStamp // of the files last tried
	checkedAt time.Time
}

type fileStamp struct {
	modTime time.Time
	size    int64
}

// certCheckEvery bounds how often a handshake looks at the files: a stat
// each, cheap, but not needed on every connection.
const certCheckEvery = time.Second

func loadCertFiles(certFile, keyFile string, log *slog.Logger) (*certFiles, error) {
	c := &certFiles{certFile: certFile, keyFile: keyFile, log: log}
	c.seen = c.stamps()
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("--tls-cert, --tls-key: %w", err)
	}
	c.cert, c.checkedAt = &cert, time.Now()
	return c, nil
}

func (c *certFiles) stamps() [2]fileStamp {
	var s [2]fileStamp
	for i, name := range []string{c.certFile, c.keyFile} {
		if info, err := os.Stat(name); err == nil {
			s[i] = fileStamp{info.ModTime(), info.Size()}
		}
	}
	return s
}

func (c *certFiles) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := time.Now(); now.Sub(c.checkedAt) >= certCheckEvery {
		c.checkedAt = now
		if stamps := c.stamps(); stamps != c.seen {
			c.seen = stamps
			cert, err := tls.LoadX509KeyPair(c.certFile, c.keyFile)
			if err != nil {
				c.log.Error("the changed certificate files cannot be read; keeping the previous certificate", "err", err)
			} else {
				c.cert = &cert
				c.log.Info("certificate reloaded", "file", c.certFile)
			}
		}
	}
	return c.cert, nil
}
