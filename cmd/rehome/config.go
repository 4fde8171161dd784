package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/wiring"
)

// passwordCost is bcrypt's work factor: about a tenth of a second per login
// on a small server.
const passwordCost = 11

// errUsage is a command line the flag set has already explained.
var errUsage = errors.New("usage")

// settings are what 'rehome serve' was given, before serveFlags checks
// them and works out the rest (serverConfig).
type settings struct {
	addr, httpAddr, data string
	databaseURL, s3URL   string
	databaseWait         time.Duration
	secureCookies        bool
	domains              listFlag
	acmeEmail, acmeURL   string
	tlsCert, tlsKey      string
	trustedProxies       listFlag
	demo                 bool
	pprof, metrics       string
	logFormat            string
	backupEvery          time.Duration
	backupKeep           int

	googleID, googleSecret, oidcIssuer string
	publicURL                          string
	stripeSecret, stripePublishable    string
	stripeWebhook, stripeAPIURL        string
	currency                           string
	language                           string
	smtpURL, mailFrom                  string
	pushSubject                        string
	pushLoopback                       bool
}

// setting is one flag of 'rehome serve' and the environment variable it
// falls back to. def is of the field's type (nil for its zero value).
type setting struct {
	flag, env string
	def       any
	usage     string
	field     func(*settings) any
}

var dataSetting = setting{"data", "REHOME_DATA", "./data", "directory for the database and stored images (env REHOME_DATA)",
	func(s *settings) any { return &s.data }}

// The database and the pictures elsewhere than in --data, for several
// instances sharing them. Their passwords are never logged.
var (
	databaseSetting = setting{"database-url", "REHOME_DATABASE_URL", "", "keep the marketplace in this PostgreSQL database, postgres://user:pass@host:5432/db, instead of SQLite in --data; prefer the environment variable (env REHOME_DATABASE_URL)",
		func(s *settings) any { return &s.databaseURL }}
	s3Setting = setting{"s3-url", "REHOME_S3_URL", "", "keep pictures in this S3 bucket, s3://ACCESS:SECRET@host:port/bucket?region=REGION&tls=false, instead of in --data; prefer the environment variable (env REHOME_S3_URL)",
		func(s *settings) any { return &s.s3URL }}
)

// serveSettings is the configuration of 'rehome serve'; docs/configuration.md's
// Configuration table lists the same flags and variables.
var serveSettings = []setting{
	{"addr", "REHOME_ADDR", "", "address to listen on (env REHOME_ADDR; default 127.0.0.1:8080, or :443 with HTTPS)",
		func(s *settings) any { return &s.addr }},
	{"http-addr", "REHOME_HTTP_ADDR", "", "with HTTPS, where plain HTTP is answered with ACME challenges and redirects (env REHOME_HTTP_ADDR; default :80 with --domain)",
		func(s *settings) any { return &s.httpAddr }},
	dataSetting,
	databaseSetting,
	s3Setting,
	{"database-wait", "REHOME_DATABASE_WAIT", time.Duration(0), "while the --database-url server cannot be reached at start, keep trying this long, answering 503 meanwhile; 0 for as long as it takes (env REHOME_DATABASE_WAIT)",
		func(s *settings) any { return &s.databaseWait }},
	{"secure-cookies", "REHOME_SECURE_COOKIES", false, "mark cookies Secure, for deployments behind an HTTPS proxy; automatic with HTTPS (env REHOME_SECURE_COOKIES)",
		func(s *settings) any { return &s.secureCookies }},
	{"domain", "REHOME_DOMAIN", nil, "serve HTTPS for this domain with certificates from Let's Encrypt; repeatable or comma-separated (env REHOME_DOMAIN)",
		func(s *settings) any { return &s.domains }},
	{"acme-email", "REHOME_ACME_EMAIL", "", "contact address given to the certificate authority (env REHOME_ACME_EMAIL)",
		func(s *settings) any { return &s.acmeEmail }},
	{"acme-url", "REHOME_ACME_URL", letsEncryptURL, "ACME directory to get certificates from (env REHOME_ACME_URL)",
		func(s *settings) any { return &s.acmeURL }},
	{"tls-cert", "REHOME_TLS_CERT", "", "serve HTTPS with this certificate file (PEM, reloaded when it changes; env REHOME_TLS_CERT)",
		func(s *settings) any { return &s.tlsCert }},
	{"tls-key", "REHOME_TLS_KEY", "", "the private key of --tls-cert (PEM; env REHOME_TLS_KEY)",
		func(s *settings) any { return &s.tlsKey }},
	{"trusted-proxy", "REHOME_TRUSTED_PROXIES", nil, "believe X-Forwarded-For and X-Forwarded-Proto from this address range (CIDR), such as 127.0.0.1/32; repeatable (env REHOME_TRUSTED_PROXIES)",
		func(s *settings) any { return &s.trustedProxies }},
	{"demo", "REHOME_DEMO", false, "fill an empty database with demo content (env REHOME_DEMO)",
		func(s *settings) any { return &s.demo }},
	{"pprof", "REHOME_PPROF", "", "serve net/http/pprof on this loopback address, such as 127.0.0.1:6060 (env REHOME_PPROF)",
		func(s *settings) any { return &s.pprof }},
	{"metrics", "REHOME_METRICS", "", "serve Prometheus metrics on this loopback address, such as 127.0.0.1:9090 (env REHOME_METRICS)",
		func(s *settings) any { return &s.metrics }},
	{"log-format", "REHOME_LOG_FORMAT", "text", "log lines as text or json (env REHOME_LOG_FORMAT)",
		func(s *settings) any { return &s.logFormat }},
	{"backup-every", "REHOME_BACKUP_EVERY", time.Duration(0), "take a backup into DATA/backups this often, such as 24h; 0 for never (env REHOME_BACKUP_EVERY)",
		func(s *settings) any { return &s.backupEvery }},
	{"backup-keep", "REHOME_BACKUP_KEEP", 7, "how many scheduled backups to keep (env REHOME_BACKUP_KEEP)",
		func(s *settings) any { return &s.backupKeep }},
	{"google-client-id", "REHOME_GOOGLE_CLIENT_ID", "", "OAuth client id for \"Sign in with Google\" (env REHOME_GOOGLE_CLIENT_ID)",
		func(s *settings) any { return &s.googleID }},
	{"google-client-secret", "REHOME_GOOGLE_CLIENT_SECRET", "", "its client secret; prefer the environment variable (env REHOME_GOOGLE_CLIENT_SECRET)",
		func(s *settings) any { return &s.googleSecret }},
	{"oidc-issuer", "REHOME_OIDC_ISSUER", "https://accounts.google.com", "the OpenID Connect provider behind the Google button (env REHOME_OIDC_ISSUER)",
		func(s *settings) any { return &s.oidcIssuer }},
	{"public-url", "REHOME_PUBLIC_URL", "", "the address people use, such as https://market.example.org; default https://DOMAIN with --domain (env REHOME_PUBLIC_URL)",
		func(s *settings) any { return &s.publicURL }},
	{"stripe-secret-key", "REHOME_STRIPE_SECRET_KEY", "", "Stripe secret key, for paying bookings by card; prefer the environment variable (env REHOME_STRIPE_SECRET_KEY)",
		func(s *settings) any { return &s.stripeSecret }},
	{"stripe-publishable-key", "REHOME_STRIPE_PUBLISHABLE_KEY", "", "Stripe publishable key, given to the payment screen (env REHOME_STRIPE_PUBLISHABLE_KEY)",
		func(s *settings) any { return &s.stripePublishable }},
	{"stripe-webhook-secret", "REHOME_STRIPE_WEBHOOK_SECRET", "", "signing secret of the webhook endpoint /api/stripe/webhook (env REHOME_STRIPE_WEBHOOK_SECRET)",
		func(s *settings) any { return &s.stripeWebhook }},
	{"currency", "REHOME_CURRENCY", "usd", "currency of card payments, an ISO code such as usd or eur (env REHOME_CURRENCY)",
		func(s *settings) any { return &s.currency }},
	{"language", "REHOME_LANGUAGE", "en", "the marketplace's language until an admin chooses one in Site settings: en, de or fr (env REHOME_LANGUAGE)",
		func(s *settings) any { return &s.language }},
	{"stripe-api-url", "REHOME_STRIPE_API_URL", "", "Stripe's API address, for testing against stripe-mock (env REHOME_STRIPE_API_URL)",
		func(s *settings) any { return &s.stripeAPIURL }},
	{"smtp-url", "REHOME_SMTP_URL", "", "send mail (forgotten passwords, email changes) through this server: smtp://user:pass@host:587 uses STARTTLS when offered, smtps://… TLS from the start; prefer the environment variable (env REHOME_SMTP_URL)",
		func(s *settings) any { return &s.smtpURL }},
	{"mail-from", "REHOME_MAIL_FROM", "", "who mail comes from, such as 'Rehome <noreply@market.example.org>' (env REHOME_MAIL_FROM)",
		func(s *settings) any { return &s.mailFrom }},
	{"push-subject", "REHOME_PUSH_SUBJECT", "", "who push services may contact about our notifications, a mailto: or https: URL; default mailto: the --mail-from address, else --public-url when it is https (env REHOME_PUSH_SUBJECT)",
		func(s *settings) any { return &s.pushSubject }},
	{"push-allow-loopback", "REHOME_PUSH_ALLOW_LOOPBACK", false, "accept push subscriptions at plain-HTTP loopback addresses, for testing with a local push service (env REHOME_PUSH_ALLOW_LOOPBACK)",
		func(s *settings) any { return &s.pushLoopback }},
}

// define adds each setting's flag to fs, filling s, then sets from the
// environment those whose variable is set and not empty, so that a value
// the flag cannot read is refused as on the command line rather than
// ignored. Flags given to Parse afterwards win; a list flag adds to its
// variable's items.
func define(fs *flag.FlagSet, s *settings, table []setting) error {
	for _, o := range table {
		switch p := o.field(s).(type) {
		case *string:
			fs.StringVar(p, o.flag, defaultOf[string](o), o.usage)
		case *bool:
			fs.BoolVar(p, o.flag, defaultOf[bool](o), o.usage)
		case *int:
			fs.IntVar(p, o.flag, defaultOf[int](o), o.usage)
		case *time.Duration:
			fs.DurationVar(p, o.flag, defaultOf[time.Duration](o), o.usage)
		case *listFlag:
			fs.Var(p, o.flag, o.usage)
		default:
			panic(fmt.Sprintf("setting %s: a field of type %T", o.flag, p))
		}
	}
	for _, o := range table {
		if v := os.Getenv(o.env); v != "" {
			if err := fs.Set(o.flag, v); err != nil {
				return fmt.Errorf("%s=%q: %w", o.env, v, err)
			}
		}
	}
	return nil
}

// defaultOf is a setting's default, which must be of its field's type.
func defaultOf[T any](o setting) T {
	if o.def == nil {
		var zero T
		return zero
	}
	return o.def.(T)
}

// listFlag is a flag that may be given several times, each time with one
// value or several separated by commas.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for item := range strings.SplitSeq(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			*l = append(*l, item)
		}
	}
	return nil
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// locationFlags are --data, --database-url and --s3-url, for the commands
// besides serve that open the marketplace; the function they return reads
// them, once the flags are parsed, checking the URLs.
func locationFlags(fs *flag.FlagSet) func() (wiring.Location, error) {
	var s settings
	if err := define(fs, &s, []setting{dataSetting, databaseSetting, s3Setting}); err != nil {
		panic(err) // strings take any value
	}
	return func() (wiring.Location, error) { return locationOf(s.data, s.databaseURL, s.s3URL) }
}

// locationOf checks the database and object store URLs given; their
// errors show them without their passwords.
func locationOf(data, databaseURL, s3URL string) (wiring.Location, error) {
	loc := wiring.Location{Dir: data, DatabaseURL: databaseURL, S3URL: s3URL}
	if databaseURL != "" {
		if u, err := url.Parse(databaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			return loc, fmt.Errorf("--database-url: %s is not a postgres:// URL", wiring.RedactURL(databaseURL))
		}
	}
	if s3URL != "" {
		if u, err := url.Parse(s3URL); err != nil || u.Scheme != "s3" {
			return loc, fmt.Errorf("--s3-url: %s is not an s3:// URL", wiring.RedactURL(s3URL))
		}
	}
	return loc, nil
}

func hasher() app.BcryptHasher {
	return app.BcryptHasher{Cost: max(passwordCost, bcrypt.MinCost)}
}
