package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	netmail "net/mail"
	"regexp"
	"rehome/internal/testlog"
	"strings"
	"testing"
	"time"
)

func TestServeRefusesWhatItCannotDo(t *testing.T) {
	cases := []struct {
		name   string
		env    map[string]string
		args   []string
		stderr string
	}{
		{"metrics offered to the network", nil, []string{"--metrics", "0.0.0.0:9090"}, "--metrics: \"0.0.0.0:9090\" is not a loopback address"},
		{"profiles offered to the network", nil, []string{"--pprof", "192.0.2.1:6060"}, "--pprof: \"192.0.2.1:6060\" is not a loopback address"},
		{"a proxy that is not a range", nil, []string{"--trusted-proxy", "10.0.0.0/33"}, `--trusted-proxy: "10.0.0.0/33" is not a CIDR range`},
		{"a proxy that is a name", nil, []string{"--trusted-proxy", "proxy.local"}, `--trusted-proxy: "proxy.local" is neither an address nor a CIDR range`},
		{"a bad proxy from the environment", map[string]string{"REHOME_TRUSTED_PROXIES": "127.0.0.1,nonsense"}, nil, `"nonsense" is neither`},
		{"both ways to get a certificate", nil, []string{"--domain", "market.example.org", "--tls-cert", "c.pem", "--tls-key", "k.pem"}, "either --domain"},
		{"a certificate without its key", nil, []string{"--tls-cert", "c.pem"}, "--tls-cert and --tls-key go together"},
		{"a domain without a dot", nil, []string{"--domain", "market"}, `--domain: "market" is not a domain name`},
		{"an address for a domain", nil, []string{"--domain", "192.0.2.7"}, `--domain: "192.0.2.7" is not a domain name`},
		{"redirects without HTTPS", nil, []string{"--http-addr", ":80"}, "--http-addr needs HTTPS"},
		{"an unknown log format", nil, []string{"--log-format", "xml"}, `--log-format: "xml" is neither text nor json`},
		{"backups every few seconds", nil, []string{"--backup-every", "10s"}, "--backup-every: give 0 or at least 1m"},
		{"keeping no backup", nil, []string{"--backup-keep", "0"}, "--backup-keep: keep at least 1"},
		{"a bad interval from the environment", map[string]string{"REHOME_BACKUP_EVERY": "daily"}, nil, `REHOME_BACKUP_EVERY="daily"`},
		{"a Google client id without its secret", nil, []string{"--google-client-id", "abc"}, "--google-client-id and --google-client-secret go together"},
		{"Google without a public address", map[string]string{"REHOME_GOOGLE_CLIENT_ID": "abc", "REHOME_GOOGLE_CLIENT_SECRET": "s"}, nil, "--public-url: give the address people use"},
		{"a public address that is not a URL", nil, []string{"--google-client-id", "a", "--google-client-secret", "s", "--public-url", "market.example.org"}, "--public-url"},
		{"a Stripe key without the others", nil, []string{"--stripe-secret-key", "sk_test_1"}, "card payments need --stripe-secret-key, --stripe-publishable-key and --stripe-webhook-secret together"},
		{"a currency that is not a code", map[string]string{"REHOME_STRIPE_SECRET_KEY": "sk", "REHOME_STRIPE_PUBLISHABLE_KEY": "pk", "REHOME_STRIPE_WEBHOOK_SECRET": "wh"},
			[]string{"--currency", "dollars"}, `--currency: "dollars" is not a currency code`},
		{"a language not spoken", nil, []string{"--language", "es"}, `--language: "es" is not one of en, de, fr`},
		{"a sender without a mail server", nil, []string{"--mail-from", "noreply@market.example.org"}, "--mail-from needs --smtp-url"},
		{"a mail server that is not SMTP", nil, []string{"--smtp-url", "https://mail.example.org", "--mail-from", "a@b.org", "--public-url", "https://m.org"}, "--smtp-url: https://mail.example.org: the scheme must be smtp or smtps"},
		{"a mail server's password in the error", map[string]string{"REHOME_SMTP_URL": "smtp://sam:s3cret@mail.example.org/x"}, []string{"--mail-from", "a@b.org", "--public-url", "https://m.org"}, "smtp://sam:xxxxx@mail.example.org/x: give a host and port only"},
		{"mail without a sender", nil, []string{"--smtp-url", "smtp://mail.example.org", "--public-url", "https://m.org"}, "--mail-from: give the sender of mail"},
		{"mail without a public address", nil, []string{"--smtp-url", "smtp://mail.example.org", "--mail-from", "Rehome <noreply@m.org>"}, "--public-url: give the address people use, such as https://market.example.org, for the links in mail"},
		{"a push subject that is an email", nil, []string{"--push-subject", "admin@market.example.org"}, `--push-subject: "admin@market.example.org" is neither a mailto: nor an https: URL`},
		{"a plain-HTTP push subject from the environment", map[string]string{"REHOME_PUSH_SUBJECT": "http://market.example.org"}, nil, `--push-subject: "http://market.example.org" is neither`},
		{"a database that is not PostgreSQL, its password hidden", map[string]string{"REHOME_DATABASE_URL": "mysql://sam:s3cret@db.example.org/market"}, nil,
			"--database-url: mysql://sam:xxxxx@db.example.org/market is not a postgres:// URL"},
		{"pictures elsewhere than S3", nil, []string{"--s3-url", "https://key:s3cret@s3.example.org/bucket"}, "--s3-url: https://key:xxxxx@s3.example.org/bucket is not an s3:// URL"},
		{"backups of PostgreSQL", nil, []string{"--backup-every", "24h", "--database-url", "postgres://db.example.org/market"}, "--backup-every: a marketplace kept in PostgreSQL is not backed up by rehome: back up its database with pg_dump"},
		{"a stray argument", nil, []string{"market.example.org"}, `unexpected argument "market.example.org"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			code, stdout, stderr := cli(t, "", append([]string{"serve", "--data", t.TempDir()}, tc.args...)...)
			if code != 2 || !strings.Contains(stderr, tc.stderr) || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, tc.stderr)
			}
		})
	}
}

func TestLogsAsJSON(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var stdout testlog.Buffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, []string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--log-format", "json", "--backup-every", "1h"}, &stdout, io.Discard)
	}()
	if !stdout.WaitFor("Rehome is listening", time.Minute) {
		t.Fatalf("no start in the log:\n%s", stdout.String())
	}
	// What a package logs through slog's default logger, as the
	// PostgreSQL store's listeners do, is in the server's log, in its
	// format.
	slog.Info("a line of a package's own")
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if !strings.Contains(stdout.String(), `"msg":"a line of a package's own"`) {
		t.Errorf("log %q, want the line logged through slog's default logger", lines)
	}
	for _, line := range lines {
		var entry struct{ Time, Level, Msg string }
		if err := json.Unmarshal([]byte(line), &entry); err != nil || entry.Msg == "" || entry.Level == "" {
			t.Errorf("not a JSON log entry: %q (%v)", line, err)
		}
	}
	if len(lines) < 3 || !strings.Contains(stdout.String(), `"msg":"backups are scheduled","every":"1h0m0s","keep":7`) {
		t.Errorf("log %q, want the schedule, the start and the shutdown", lines)
	}
	// Nothing says whom push services may contact: the server warns.
	if !strings.Contains(stdout.String(), `"level":"WARN","msg":"push notifications are signed with a made-up contact`) {
		t.Errorf("log %q, want a warning about the push subject", lines)
	}
}

func TestMetrics(t *testing.T) {
	logs := startServing(t, serverConfig{addr: "127.0.0.1:0", data: t.TempDir(), metrics: "127.0.0.1:0", backupKeep: 1})
	base := listeningAt(t, logs)
	m := regexp.MustCompile(`url=(http://[^\s]+/metrics)`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no metrics URL in the log:\n%s", logs)
	}
	metricsURL := m[1]

	if _, err := registerBuyer(http.DefaultClient, base, "measured@example.com"); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/categories", "/api/categories", "/api/products/12", "/api/products/13", "/no/such/page"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	// chi answers HEAD through the router the metrics hand it.
	head, err := http.Head(base + "/api/categories")
	if err != nil {
		t.Fatal(err)
	}
	head.Body.Close()
	if head.StatusCode != http.StatusOK {
		t.Errorf("HEAD /api/categories: status %d", head.StatusCode)
	}
	res, err := http.Get(metricsURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	text := string(body)

	for _, want := range []string{
		`rehome_http_requests_total{method="POST",route="/api/auth/register",status="201"} 1`,
		`rehome_http_requests_total{method="GET",route="/api/categories",status="200"} 2`,
		`rehome_http_requests_total{method="HEAD",route="/api/categories",status="200"} 1`,
		// Ids do not make a series each.
		`rehome_http_requests_total{method="GET",route="/api/products/{id}",status="401"} 2`,
		`rehome_http_requests_total{method="GET",route="/*",status="200"} 1`,
		`rehome_http_request_duration_seconds_count{method="GET",route="/api/categories"} 2`,
		`rehome_image_processing_seconds_count 1`,
		`rehome_image_decoding_pixels 0`,
		`rehome_records{kind="users"} 1`,
		`rehome_records{kind="sessions"} 1`,
		`rehome_records{kind="listings"} 0`,
		`go_sql_max_open_connections{db_name="write"} 1`,
		`go_sql_open_connections{db_name="read"}`,
		`go_goroutines`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if !regexp.MustCompile(`(?m)^rehome_db_write_wait_seconds_count [1-9]`).MatchString(text) {
		t.Errorf("no write waits were measured")
	}
	if t.Failed() {
		t.Logf("metrics:\n%s", text)
	}

	// Only on the loopback listener: the marketplace itself does not serve them.
	res, err = http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(body), "rehome_http_requests_total") {
		t.Errorf("the marketplace's own address serves the metrics")
	}
}

func TestGoogleRedirectAddress(t *testing.T) {
	cases := []struct {
		publicURL string
		domains   []string
		want      string
	}{
		{"", []string{"market.example.org"}, "https://market.example.org/api/auth/google/callback"},
		{"https://market.example.org/", nil, "https://market.example.org/api/auth/google/callback"},
		{"http://127.0.0.1:8080", []string{"ignored.example.org"}, "http://127.0.0.1:8080/api/auth/google/callback"},
	}
	for _, tc := range cases {
		cfg, err := googleConfig("id", "secret", "https://accounts.google.com", tc.publicURL, tc.domains)
		if err != nil || cfg.RedirectURL != tc.want {
			t.Errorf("%q with %v: %v %v, want %s", tc.publicURL, tc.domains, cfg, err, tc.want)
		}
	}
	if cfg, err := googleConfig("", "", "https://accounts.google.com", "", nil); cfg != nil || err != nil {
		t.Errorf("nothing configured: %v %v, want no Google", cfg, err)
	}
}

func TestPushSubject(t *testing.T) {
	sender := &mailConfig{from: &netmail.Address{Name: "Rehome", Address: "noreply@market.example.org"}}
	cases := []struct {
		name, given string
		mail        *mailConfig
		publicURL   string
		want        string
	}{
		{"given mailto:", "mailto:admin@market.example.org", sender, "https://market.example.org", "mailto:admin@market.example.org"},
		{"given https:", "https://market.example.org/contact", nil, "", "https://market.example.org/contact"},
		{"the sender of mail", "", sender, "https://market.example.org", "mailto:noreply@market.example.org"},
		{"the public address", "", nil, "https://market.example.org", "https://market.example.org"},
		{"a plain-HTTP public address is no contact", "", nil, "http://127.0.0.1:8080", fallbackPushSubject},
		{"nothing known", "", nil, "", fallbackPushSubject},
	}
	for _, tc := range cases {
		got, err := pushSubjectOf(tc.given, tc.mail, tc.publicURL)
		if err != nil || got != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	for _, bad := range []string{"mailto:", "mailto:not an address", "https://", "ftp://market.example.org", "market.example.org"} {
		if got, err := pushSubjectOf(bad, nil, ""); err == nil {
			t.Errorf("%q: %q, want refused", bad, got)
		}
	}
}
