package main

import (
	"flag"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSettingNames: deployments set these names; renaming one breaks them.
func TestSettingNames(t *testing.T) {
	want := map[string]string{
		"addr": "REHOME_ADDR", "http-addr": "REHOME_HTTP_ADDR", "data": "REHOME_DATA",
		"database-url": "REHOME_DATABASE_URL", "s3-url": "REHOME_S3_URL",
		"secure-cookies": "REHOME_SECURE_COOKIES", "domain": "REHOME_DOMAIN",
		"acme-email": "REHOME_ACME_EMAIL", "acme-url": "REHOME_ACME_URL",
		"tls-cert": "REHOME_TLS_CERT", "tls-key": "REHOME_TLS_KEY",
		"trusted-proxy": "REHOME_TRUSTED_PROXIES", "demo": "REHOME_DEMO",
		"pprof": "REHOME_PPROF", "metrics": "REHOME_METRICS", "log-format": "REHOME_LOG_FORMAT",
		"backup-every": "REHOME_BACKUP_EVERY", "backup-keep": "REHOME_BACKUP_KEEP",
		"google-client-id": "REHOME_GOOGLE_CLIENT_ID", "google-client-secret": "REHOME_GOOGLE_CLIENT_SECRET",
		"oidc-issuer": "REHOME_OIDC_ISSUER", "public-url": "REHOME_PUBLIC_URL",
		"stripe-secret-key": "REHOME_STRIPE_SECRET_KEY", "stripe-publishable-key": "REHOME_STRIPE_PUBLISHABLE_KEY",
		"stripe-webhook-secret": "REHOME_STRIPE_WEBHOOK_SECRET", "currency": "REHOME_CURRENCY", "language": "REHOME_LANGUAGE",
		"stripe-api-url": "REHOME_STRIPE_API_URL", "smtp-url": "REHOME_SMTP_URL", "mail-from": "REHOME_MAIL_FROM",
		"push-subject": "REHOME_PUSH_SUBJECT", "push-allow-loopback": "REHOME_PUSH_ALLOW_LOOPBACK",
		"database-wait": "REHOME_DATABASE_WAIT",
	}
	got := map[string]string{}
	for _, s := range serveSettings {
		if _, twice := got[s.flag]; twice {
			t.Errorf("--%s is in the table twice", s.flag)
		}
		got[s.flag] = s.env
		// The help names the variable: a renamed one must not leave the old name there.
		if !strings.Contains(s.usage, "env "+s.env) {
			t.Errorf("the usage of --%s does not name %s: %q", s.flag, s.env, s.usage)
		}
	}
	for name, env := range want {
		if got[name] != env {
			t.Errorf("--%s: env %q, want %q", name, got[name], env)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("--%s is new: add it to this list and to docs/configuration.md", name)
		}
	}

	// The flag set is the table.
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	if err := define(fs, &settings{}, serveSettings); err != nil {
		t.Fatal(err)
	}
	var defined []string
	fs.VisitAll(func(f *flag.Flag) { defined = append(defined, f.Name) })
	if len(defined) != len(want) {
		t.Errorf("the flag set has %v", defined)
	}
}

// TestTheDocsListEverySetting: docs/configuration.md's table names each
// flag with its variable, and nothing else.
func TestTheDocsListEverySetting(t *testing.T) {
	readme, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## The flags of rehome serve\n")
	section, _, _ = strings.Cut(section, "\n## ")
	rows := regexp.MustCompile("(?m)^\\| (`--[^|]+) \\| ([^|]+) \\|").FindAllStringSubmatch(section, -1)
	names := regexp.MustCompile("`([-0-9A-Z_a-z]+)`")
	listed := map[string]string{}
	for _, row := range rows {
		flags, envs := names.FindAllStringSubmatch(row[1], -1), names.FindAllStringSubmatch(row[2], -1)
		if len(flags) != len(envs) {
			t.Errorf("docs/configuration.md row %q pairs %d flags with %d variables", row[0], len(flags), len(envs))
			continue
		}
		for i := range flags {
			listed[strings.TrimPrefix(flags[i][1], "--")] = envs[i][1]
		}
	}
	for _, s := range serveSettings {
		if env, ok := listed[s.flag]; !ok || env != s.env {
			t.Errorf("docs/configuration.md lists --%s with %q, want %s", s.flag, env, s.env)
		}
		delete(listed, s.flag)
	}
	for name, env := range listed {
		t.Errorf("docs/configuration.md lists --%s (%s), which serve does not take", name, env)
	}
}

// TestSettingsFromTheEnvironment: a variable sets its flag's value, an empty
// one is as none, a flag given wins, a list flag adds to its variable's
// items, and a value the flag cannot read is refused with the variable's name.
func TestSettingsFromTheEnvironment(t *testing.T) {
	t.Setenv("REHOME_ADDR", "127.0.0.1:9000")
	t.Setenv("REHOME_LOG_FORMAT", "")
	t.Setenv("REHOME_DEMO", "true")
	t.Setenv("REHOME_BACKUP_KEEP", "3")
	t.Setenv("REHOME_BACKUP_EVERY", "2h")
	t.Setenv("REHOME_DOMAIN", "a.example.org, b.example.org")
	var s settings
	fs := newFlagSet("serve", io.Discard)
	if err := define(fs, &s, serveSettings); err != nil {
		t.Fatal(err)
	}
	if err := fs.Parse([]string{"--backup-keep", "5", "--domain", "c.example.org"}); err != nil {
		t.Fatal(err)
	}
	if s.addr != "127.0.0.1:9000" || s.logFormat != "text" || !s.demo || s.backupKeep != 5 || s.backupEvery != 2*time.Hour ||
		!slices.Equal(s.domains, []string{"a.example.org", "b.example.org", "c.example.org"}) || s.acmeURL != letsEncryptURL {
		t.Errorf("settings %+v", s)
	}

	t.Setenv("REHOME_DEMO", "maybe")
	err := define(newFlagSet("serve", io.Discard), &settings{}, serveSettings)
	if err == nil || !strings.Contains(err.Error(), `REHOME_DEMO="maybe"`) {
		t.Errorf("an unreadable REHOME_DEMO: %v", err)
	}
}
