package sqlite_test

import (
	"context"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

func TestMailClaims(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	lease := 10 * time.Minute
	claim := func(t *testing.T, db *sqlite.DB, courier string, at time.Time) int {
		t.Helper()
		due, err := db.ClaimDueMail(ctx, courier, at, lease, 10)
		must(t, err)
		return len(due)
	}
	for _, tc := range []struct {
		name  string
		after func(t *testing.T, db *sqlite.DB) // after courier a claimed the one mail at now
		b     time.Time                         // when courier b asks
		want  int                               // what b gets
	}{
		{"a claim keeps the mail from others", func(*testing.T, *sqlite.DB) {}, now.Add(lease - time.Second), 0},
		{"an ended lease frees the mail", func(*testing.T, *sqlite.DB) {}, now.Add(lease), 1},
		{"a release frees it at once", func(t *testing.T, db *sqlite.DB) { must(t, db.ReleaseMail(ctx, "a", []int64{1})) }, now, 1},
		{"another courier's release does not", func(t *testing.T, db *sqlite.DB) { must(t, db.ReleaseMail(ctx, "b", []int64{1})) }, now, 0},
		{"a failure sets the retry", func(t *testing.T, db *sqlite.DB) {
			must(t, db.MailFailed(ctx, "a", 1, now.Add(time.Minute), "refused"))
		}, now.Add(time.Minute), 1},
		{"another courier's failure is ignored", func(t *testing.T, db *sqlite.DB) {
			must(t, db.MailFailed(ctx, "b", 1, now, "refused"))
		}, now, 0},
		{"a sent mail is gone", func(t *testing.T, db *sqlite.DB) { must(t, db.MailDone(ctx, 1)) }, now.Add(lease), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := mustOpenDB(t)
			db.SetClock(func() time.Time { return now })
			must(t, db.QueueMail(ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}))
			if got := claim(t, db, "a", now); got != 1 {
				t.Fatalf("a claimed %d mails, want 1", got)
			}
			if got := claim(t, db, "a", now); got != 0 {
				t.Fatalf("a claimed its own claim again")
			}
			tc.after(t, db)
			if got := claim(t, db, "b", tc.b); got != tc.want {
				t.Errorf("b claimed %d mails, want %d", got, tc.want)
			}
		})
	}
}
