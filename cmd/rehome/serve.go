package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	netmail "net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"rehome/api"
	"rehome/app"
	"rehome/internal/backup"
	"rehome/internal/demo"
	"rehome/internal/leader"
	"rehome/internal/metrics"
	"rehome/internal/wiring"
	"rehome/mail"
	"rehome/oidc"
	"rehome/payments"
	"rehome/push"
)

// serverConfig is what 'rehome serve' was asked for.
type serverConfig struct {
	addr     string // where the marketplace listens (HTTPS when tls is on)
	httpAddr string // with HTTPS: ACME challenges and redirects to HTTPS, or empty
	data     string
	// The database and the pictures elsewhere than in data, or empty.
	databaseURL, s3URL string
	// databaseWait is how long to keep trying a database that cannot be
	// reached at start; 0: for ever.
	databaseWait time.Duration

	secureCookies  bool
	trustedProxies []netip.Prefix
	tls            tlsConfig

	demo    bool
	pprof   string // loopback address for net/http/pprof, or empty
	metrics string // loopback address for Prometheus metrics, or empty

	backupEvery time.Duration // 0: no scheduled backups
	backupKeep  int

	google    *oidc.Config     // nil: no "Sign in with Google"
	publicURL string           // for links; empty: each request's own origin
	stripe    *payments.Config // nil: pay in person only
	currency  string           // what prices are in
	language  app.Language     // until an admin chooses one
	mail      *mailConfig      // nil: no mail is sent

	push push.Config // Web Push; see pushSubject

	// writeDemo writes the demo content; nil: demo.Fill. Tests hold it back
	// to see the server before the demo is written.
	writeDemo func(context.Context, api.Services, demo.PastPickups, *slog.Logger) error
}

// location is where the marketplace is kept.
func (cfg serverConfig) location() wiring.Location {
	return wiring.Location{Dir: cfg.data, DatabaseURL: cfg.databaseURL, S3URL: cfg.s3URL}
}

// mailConfig is where mail goes and whom it comes from.
type mailConfig struct {
	server *mail.Server
	from   *netmail.Address
}

// serveFlags reads the command line of 'rehome serve'.
func serveFlags(args []string, stderr io.Writer) (cfg serverConfig, logFormat string, err error) {
	fs := newFlagSet("rehome serve", stderr)
	var given settings
	if err := define(fs, &given, serveSettings); err != nil {
		return cfg, "", err
	}
	if err := fs.Parse(args); err != nil {
		return cfg, "", errUsage // the flag set has said why
	}
	if fs.NArg() > 0 {
		return cfg, "", fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}

	cfg = serverConfig{
		addr: given.addr, httpAddr: given.httpAddr, data: given.data, secureCookies: given.secureCookies,
		tls:  tlsConfig{domains: given.domains, acmeEmail: given.acmeEmail, acmeURL: given.acmeURL, certFile: given.tlsCert, keyFile: given.tlsKey},
		demo: given.demo, pprof: given.pprof, metrics: given.metrics,
		backupEvery: given.backupEvery, backupKeep: given.backupKeep, databaseWait: given.databaseWait,
	}
	loc, err := locationOf(given.data, given.databaseURL, given.s3URL)
	if err != nil {
		return cfg, "", err
	}
	cfg.databaseURL, cfg.s3URL = loc.DatabaseURL, loc.S3URL
	for i, d := range cfg.tls.domains {
		cfg.tls.domains[i] = strings.ToLower(strings.TrimSuffix(d, "."))
	}
	for _, p := range given.trustedProxies {
		prefix, err := parsePrefix(p)
		if err != nil {
			return cfg, "", fmt.Errorf("--trusted-proxy: %w", err)
		}
		cfg.trustedProxies = append(cfg.trustedProxies, prefix)
	}
	if err := cfg.tls.check(); err != nil {
		return cfg, "", err
	}
	if cfg.addr == "" {
		cfg.addr = "127.0.0.1:8080"
		if cfg.tls.enabled() {
			cfg.addr = ":443"
		}
	}
	if cfg.httpAddr == "" && len(cfg.tls.domains) > 0 {
		cfg.httpAddr = ":80"
	}
	if cfg.httpAddr != "" && !cfg.tls.enabled() {
		return cfg, "", errors.New("--http-addr needs HTTPS: give --domain or --tls-cert")
	}
	if err := checkLoopback(cfg.pprof); err != nil {
		return cfg, "", fmt.Errorf("--pprof: %w", err)
	}
	if err := checkLoopback(cfg.metrics); err != nil {
		return cfg, "", fmt.Errorf("--metrics: %w", err)
	}
	if given.logFormat != "text" && given.logFormat != "json" {
		return cfg, "", fmt.Errorf("--log-format: %q is neither text nor json", given.logFormat)
	}
	if cfg.backupEvery < 0 || (cfg.backupEvery > 0 && cfg.backupEvery < time.Minute) {
		return cfg, "", errors.New("--backup-every: give 0 or at least 1m")
	}
	if cfg.backupEvery > 0 && cfg.databaseURL != "" {
		return cfg, "", fmt.Errorf("--backup-every: %v", backup.ErrPostgres)
	}
	if cfg.databaseWait < 0 {
		return cfg, "", errors.New("--database-wait: give 0 (for ever) or a duration such as 5m")
	}
	if cfg.backupKeep < 1 {
		return cfg, "", errors.New("--backup-keep: keep at least 1")
	}
	cfg.currency = strings.ToLower(given.currency)
	if len(cfg.currency) != 3 || strings.Trim(cfg.currency, "abcdefghijklmnopqrstuvwxyz") != "" {
		return cfg, "", fmt.Errorf("--currency: %q is not a currency code such as usd or eur", given.currency)
	}
	cfg.language = app.Language(strings.ToLower(given.language))
	if !cfg.language.Known() {
		return cfg, "", fmt.Errorf("--language: %q is not one of en, de, fr", given.language)
	}
	if cfg.stripe, err = stripeConfig(given.stripeSecret, given.stripePublishable, given.stripeWebhook, cfg.currency, given.stripeAPIURL); err != nil {
		return cfg, "", err
	}
	if cfg.google, err = googleConfig(given.googleID, given.googleSecret, given.oidcIssuer, given.publicURL, cfg.tls.domains); err != nil {
		return cfg, "", err
	}
	cfg.publicURL = given.publicURL
	if cfg.publicURL == "" && len(cfg.tls.domains) > 0 {
		cfg.publicURL = "https://" + cfg.tls.domains[0]
	}
	if cfg.mail, err = mailSetup(given.smtpURL, given.mailFrom, cfg.publicURL); err != nil {
		return cfg, "", err
	}
	cfg.push.AllowLoopback = given.pushLoopback
	if cfg.push.Subject, err = pushSubjectOf(given.pushSubject, cfg.mail, cfg.publicURL); err != nil {
		return cfg, "", err
	}
	return cfg, given.logFormat, nil
}

// mailSetup is the mail set-up, or nil when no server is given. Mailed
// links need the public address: a request's own Host header could be
// forged to send someone's reset link elsewhere.
func mailSetup(smtpURL, from, publicURL string) (*mailConfig, error) {
	if smtpURL == "" {
		if from != "" {
			return nil, errors.New("--mail-from needs --smtp-url")
		}
		return nil, nil
	}
	server, err := mail.ParseServer(smtpURL)
	if err != nil {
		return nil, fmt.Errorf("--smtp-url: %w", err)
	}
	sender, err := netmail.ParseAddress(from)
	if from == "" || err != nil {
		return nil, errors.New("--mail-from: give the sender of mail, such as 'Rehome <noreply@market.example.org>'")
	}
	if u, err := url.Parse(publicURL); publicURL == "" || err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("--public-url: give the address people use, such as https://market.example.org, for the links in mail")
	}
	return &mailConfig{server: server, from: sender}, nil
}

// fallbackPushSubject is the push subject when nothing better is known.
// Push services may refuse it: they want a way to reach the sender.
const fallbackPushSubject = "mailto:rehome@localhost"

// pushSubjectOf is the VAPID subject (RFC 8292): the one given, else
// mailto: the sender of mail, else the public address when it is https.
func pushSubjectOf(given string, mail *mailConfig, publicURL string) (string, error) {
	if given == "" {
		switch {
		case mail != nil:
			return "mailto:" + mail.from.Address, nil
		case strings.HasPrefix(publicURL, "https://"):
			return publicURL, nil
		}
		return fallbackPushSubject, nil
	}
	u, err := url.Parse(given)
	switch {
	case err != nil:
	case u.Scheme == "mailto" && u.Opaque != "":
		if a, err := netmail.ParseAddress(u.Opaque); err == nil && a.Address == u.Opaque {
			return given, nil
		}
	case u.Scheme == "https" && u.Host != "":
		return given, nil
	}
	return "", fmt.Errorf("--push-subject: %q is neither a mailto: nor an https: URL, such as mailto:admin@market.example.org", given)
}

// stripeConfig is the card payment set-up, or nil when no key is given.
func stripeConfig(secret, publishable, webhookSecret, currency, apiURL string) (*payments.Config, error) {
	if secret == "" && publishable == "" && webhookSecret == "" {
		return nil, nil
	}
	if secret == "" || publishable == "" || webhookSecret == "" {
		return nil, errors.New("card payments need --stripe-secret-key, --stripe-publishable-key and --stripe-webhook-secret together")
	}
	return &payments.Config{SecretKey: secret, PublishableKey: publishable, WebhookSecret: webhookSecret, Currency: currency, APIURL: apiURL}, nil
}

// googleConfig is the OpenID Connect set-up, or nil when no client id is
// given.
func googleConfig(id, secret, issuer, publicURL string, domains []string) (*oidc.Config, error) {
	if id == "" && secret == "" {
		return nil, nil
	}
	if id == "" || secret == "" {
		return nil, errors.New("--google-client-id and --google-client-secret go together")
	}
	if publicURL == "" && len(domains) > 0 {
		publicURL = "https://" + domains[0]
	}
	u, err := url.Parse(publicURL)
	if publicURL == "" || err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("--public-url: give the address people use, such as https://market.example.org, for Google to send them back to")
	}
	if iu, err := url.Parse(issuer); err != nil || iu.Scheme == "" || iu.Host == "" {
		return nil, fmt.Errorf("--oidc-issuer: %q is not a URL", issuer)
	}
	return &oidc.Config{
		Issuer: issuer, ClientID: id, ClientSecret: secret,
		RedirectURL: strings.TrimSuffix(u.String(), "/") + "/api/auth/google/callback",
	}, nil
}

// parsePrefix reads a CIDR range, or a single address as a range of one.
func parsePrefix(s string) (netip.Prefix, error) {
	if !strings.Contains(s, "/") {
		addr, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is neither an address nor a CIDR range", s)
		}
		return netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()), nil
	}
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not a CIDR range such as 10.0.0.0/8", s)
	}
	return p.Masked(), nil
}

// serve is 'rehome serve': the marketplace until SIGINT or SIGTERM.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, format, err := serveFlags(args, stderr)
	if err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintf(stderr, "rehome: %v\n", err)
		}
		return 2
	}
	log := newLogger(stdout, format)
	// What packages log without being handed this logger (a PostgreSQL
	// store's listeners, a service's going down before the server is
	// built) goes the same way, in the same format. The default is given
	// back on return, for serve run within tests.
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(log)
	if err := runServer(ctx, log, cfg); err != nil {
		log.Error("server stopped", "err", err)
		return 1
	}
	return 0
}

func newLogger(w io.Writer, format string) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

func runServer(ctx context.Context, log *slog.Logger, cfg serverConfig) error {
	// The servers listen before the marketplace is open, answering that it
	// is starting meanwhile: a database not reachable yet is waited for.
	front := &frontDoor{}
	front.set(api.Starting())
	certs, err := cfg.tls.certificates(cfg.data, log)
	if err != nil {
		return err
	}
	srv := newHTTPServer(front, log)
	listener, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	scheme := "http"
	if certs != nil {
		srv.TLSConfig = certs.tlsConfig()
		scheme = "https"
	}

	servers := []*http.Server{srv}
	served := make(chan error, 3) // the servers', and the demo's if it fails
	if cfg.httpAddr != "" {
		plain := newHTTPServer(certs.plainHTTP(redirectToHTTPS(listener.Addr(), cfg.tls.domains)), log)
		plainListener, err := net.Listen("tcp", cfg.httpAddr)
		if err != nil {
			listener.Close()
			return err
		}
		log.Info("plain HTTP redirects to HTTPS", "addr", plainListener.Addr().String())
		servers = append(servers, plain)
		go func() { served <- plain.Serve(plainListener) }()
	}
	address := scheme + "://" + listener.Addr().String()
	go func() {
		if certs != nil {
			served <- srv.ServeTLS(listener, "", "")
			return
		}
		served <- srv.Serve(listener)
	}()
	shutdown := func() error {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		for _, s := range servers {
			if err := s.Shutdown(shutdownCtx); err != nil {
				return err
			}
		}
		return nil
	}

	m, err := openWaiting(ctx, log, cfg.location(), cfg.settings(log), cfg.databaseWait, address)
	if err != nil {
		shutdown()
		if ctx.Err() != nil {
			return nil // stopped while waiting
		}
		return err
	}
	defer m.Close()
	// Event streams end only when told: Shutdown neither waits for them nor ends them.
	srv.RegisterOnShutdown(m.Events.Close)
	return serveMarketplace(ctx, log, cfg, m, address, front, served, shutdown)
}

// settings are how the marketplace is run, as the flags say.
func (cfg serverConfig) settings(log *slog.Logger) wiring.Settings {
	set := wiring.Settings{Hasher: hasher(), Currency: cfg.currency, Language: cfg.language, Push: &cfg.push, Log: log}
	if cfg.stripe != nil {
		set.CardPayments = payments.NewStripe(*cfg.stripe)
	}
	if cfg.mail != nil {
		set.Mail = &wiring.Mail{Sender: cfg.mail.server, From: cfg.mail.from, PublicURL: cfg.publicURL}
	}
	return set
}

// serveMarketplace has front, listening at address, serve the open marketplace
// m, and runs its background work, until ctx ends or a server stops
// (served); then it shuts the servers down, before m is closed.
func serveMarketplace(ctx context.Context, log *slog.Logger, cfg serverConfig, m *wiring.Marketplace, address string, front *frontDoor, served chan error, shutdown func() error) error {
	logLocation(log, cfg.location())
	var measured *metrics.Metrics
	if cfg.metrics != "" {
		measured = metrics.New(m.Store, m.Images, log) // before anything writes
	}
	// The index is stemmed in the marketplace's language, which a changed
	// --language may have changed: rebuilt before the first search.
	if err := m.Services.Site.IndexSearch(ctx); err != nil {
		return errors.Join(fmt.Errorf("search index: %w", err), shutdown())
	}
	// Background work ends, and is waited for, before the database closes:
	// a scheduled backup stopped half-way removes its temporary files.
	background, stopBackground := context.WithCancel(ctx)
	var workers sync.WaitGroup
	defer func() { stopBackground(); workers.Wait() }()
	// One instance of those sharing the database does the periodic work.
	workers.Go(func() {
		leader.Run(background, m.Store, "periodic jobs", func(ctx context.Context) {
			var jobs sync.WaitGroup
			jobs.Go(func() { m.CleanUp(ctx, time.Hour, log) })
			jobs.Go(func() { m.RemindEvery(ctx, time.Minute, log) })
			if cfg.backupEvery > 0 {
				jobs.Go(func() { backup.Every(ctx, cfg.data, cfg.backupEvery, cfg.backupKeep, log) })
			}
			jobs.Wait()
		}, log)
	})
	if cfg.backupEvery > 0 {
		log.Info("backups are scheduled", "every", cfg.backupEvery.String(), "keep", cfg.backupKeep,
			"dir", filepath.Join(cfg.data, wiring.BackupsDir))
		if cfg.s3URL != "" {
			log.Warn("the backups hold the database only: the pictures are in the object store; keep them with its versioning")
		}
	}

	if m.Courier != nil {
		workers.Go(func() { m.Courier.Run(background) })
		log.Info("mail is sent through", "server", cfg.mail.server.String(), "from", cfg.mail.from.String())
	}
	workers.Go(func() { m.Push.Run(background) })
	if cfg.push.Subject == fallbackPushSubject {
		log.Warn("push notifications are signed with a made-up contact; push services may refuse them: give --push-subject, --mail-from or an https --public-url",
			"subject", fallbackPushSubject)
	}

	// The demo is written once the server serves, which answers that it is
	// being prepared meanwhile: writing it takes seconds.
	var demoWritten chan struct{}
	if cfg.demo {
		demoWritten = make(chan struct{})
	}
	router := m.Server(api.Config{
		SecureCookies:  cfg.secureCookies || cfg.tls.enabled(),
		TrustedProxies: cfg.trustedProxies,
		OIDC:           cfg.google,
		PublicURL:      cfg.publicURL,
		DemoWritten:    demoWritten,
		Logger:         log,
	}).Handler()
	var handler http.Handler = router

	var stops []func()
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	if cfg.pprof != "" {
		stop, err := serveLoopback(cfg.pprof, "profiles", "/debug/pprof/", profiles(), log)
		if err != nil {
			return errors.Join(err, shutdown())
		}
		stops = append(stops, stop)
	}
	if measured != nil {
		handler = measured.Measure(router)
		stop, err := serveLoopback(cfg.metrics, "metrics", "/metrics", measured.Handler(), log)
		if err != nil {
			return errors.Join(err, shutdown())
		}
		stops = append(stops, stop)
	}
	front.set(handler)
	log.Info("Rehome is listening", "url", address, "data", cfg.data)
	if cfg.demo {
		write := cfg.writeDemo
		if write == nil {
			write = demo.Fill
		}
		// A background worker: the database stays open until it ends. Of
		// instances starting together on one empty database, one writes the
		// demo; the others wait for it, then find it written.
		workers.Go(func() {
			err := m.Store.Exclusively(background, "demo marketplace", func(ctx context.Context) error {
				return write(ctx, m.Services, m.Store, log)
			})
			if err != nil {
				served <- fmt.Errorf("demo data: %w", err)
				return
			}
			close(demoWritten)
			log.Info("the demo marketplace is ready")
		})
	}

	var stopped error
	select {
	case stopped = <-served:
	case <-ctx.Done():
		log.Info("shutting down")
	}
	if err := shutdown(); err != nil {
		return err
	}
	if stopped != nil && !errors.Is(stopped, http.ErrServerClosed) {
		return stopped
	}
	return nil
}

// logLocation says where the marketplace is kept, passwords hidden, and
// warns of pictures kept on this machine while the database is shared.
func logLocation(log *slog.Logger, loc wiring.Location) {
	database, pictures := filepath.Join(loc.Dir, wiring.DatabaseFile), filepath.Join(loc.Dir, wiring.ImagesDir)
	if loc.DatabaseURL != "" {
		database = wiring.RedactURL(loc.DatabaseURL)
	}
	if loc.S3URL != "" {
		pictures = wiring.RedactURL(loc.S3URL)
	}
	log.Info("the marketplace is kept in", "database", database, "pictures", pictures)
	if loc.DatabaseURL != "" && loc.S3URL == "" {
		log.Warn("pictures are kept on this machine: other instances sharing the database cannot show them; give --s3-url for several instances",
			"dir", pictures)
	}
}

func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		// Phones on poor connections upload photos slowly.
		ReadTimeout:  2 * time.Minute,
		WriteTimeout: 2 * time.Minute,
		IdleTimeout:  2 * time.Minute,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}
