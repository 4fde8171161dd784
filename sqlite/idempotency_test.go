package sqlite_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"rehome/app"
)

func TestIdempotencyAnswers(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.db.SetClock(func() time.Time { return now })
	first := &app.StoredAnswer{RequestHash: []byte("hash"), Status: 201, Body: []byte(`{"id":1}`)}
	_, err := f.db.ClaimKey(ctx, f.seller.ID, "k", first.RequestHash, "req")
	must(t, err)
	must(t, f.db.KeepAnswer(ctx, f.seller.ID, "k", "req", first))
	// A second answer for the same key never replaces the first.
	must(t, f.db.KeepAnswer(ctx, f.seller.ID, "k", "req", &app.StoredAnswer{RequestHash: []byte("other"), Status: 409, Body: []byte(`{}`)}))
	got, err := f.db.StoredAnswer(ctx, f.seller.ID, "k")
	if err != nil || got.Status != 201 || !bytes.Equal(got.Body, first.Body) || !bytes.Equal(got.RequestHash, first.RequestHash) {
		t.Fatalf("got %+v, %v", got, err)
	}
	if _, err := f.db.StoredAnswer(ctx, f.seller.ID+1, "k"); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("another user's key: %v", err)
	}

	now = now.Add(app.IdempotencyTTL - time.Minute)
	if _, err := f.db.StoredAnswer(ctx, f.seller.ID, "k"); err != nil {
		t.Errorf("within the TTL: %v", err)
	}
	now = now.Add(2 * time.Minute)
	if _, err := f.db.StoredAnswer(ctx, f.seller.ID, "k"); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("past the TTL: %v", err)
	}
	if n, err := f.db.ForgetAnswersBefore(ctx, now.Add(-app.IdempotencyTTL)); err != nil || n != 1 {
		t.Errorf("swept %d, %v; want 1", n, err)
	}
}
