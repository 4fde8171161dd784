package wiring

import (
	"context"
	"errors"
	"testing"

	"rehome/api"
	"rehome/internal/pgtest"
	"rehome/postgres"
	"rehome/uploads"
)

func TestRedactURL(t *testing.T) {
	cases := []struct{ url, want string }{
		{"postgres://rehome:s3cret@db.internal:5432/market?sslmode=disable", "postgres://rehome:xxxxx@db.internal:5432/market?sslmode=disable"},
		{"s3://AKIA1:wJalr%2FK7@s3.internal:9000/pictures?region=eu-west-1&tls=false", "s3://AKIA1:xxxxx@s3.internal:9000/pictures?region=eu-west-1&tls=false"},
		{"postgres://db.internal/market", "postgres://db.internal/market"},
		{"postgres://rehome:s3cret@[::1/market", "postgres://(a URL that does not parse)"},
		{"rehome:s3cret@db:5432", "(a URL that does not parse)"},
		{"postgres:///market?host=/run/postgresql&password=s3cret", "postgres:///market?host=%2Frun%2Fpostgresql&password=xxxxx"},
		{"host=db password=s3cret", "(a URL that does not parse)"},
	}
	for _, tc := range cases {
		if got := RedactURL(tc.url); got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
}

func TestHidePassword(t *testing.T) {
	cases := []struct {
		name, url, err, want string
	}{
		{"as written", "postgres://u:pa%24%24word@h/db", "cannot parse `postgres://u:pa%24%24word@h/db`", "cannot parse `postgres://u:xxxxx@h/db`"},
		{"decoded", "s3://key:pa%24%24word@h/b", "signature of key/pa$$word does not match", "signature of key/xxxxx does not match"},
		{"in a URL that does not parse", "postgres://u:hunter22@[::1", "bad URL postgres://u:hunter22@[::1", "bad URL postgres://u:xxxxx@[::1"},
		{"in the query", "postgres:///db?password=hunter22", "auth failed for hunter22", "auth failed for xxxxx"},
		{"not there", "postgres://u:hunter22@h/db", "connection refused", "connection refused"},
		{"too short to tell from words", "postgres://u:on@h/db", "connection refused", "connection refused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := HidePassword(errors.New(tc.err), tc.url).Error(); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
	if HidePassword(nil, "postgres://u:hunter22@h/db") != nil {
		t.Error("no error became one")
	}
}

// TestHealthOnPostgres: healthy while PostgreSQL answers; then degraded,
// not at fault: the database is shared by every instance.
func TestHealthOnPostgres(t *testing.T) {
	ctx := context.Background()
	db, err := postgres.Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	images, err := uploads.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m := &Marketplace{Store: db, Images: images}
	if h := m.Health(ctx); h != (api.Health{}) {
		t.Fatalf("healthy: %+v", h)
	}
	db.Close()
	if h := m.Health(ctx); h != (api.Health{DatabaseDown: true}) {
		t.Errorf("with the database closed: %+v", h)
	}
}
