package postgres_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/postgres"
)

// heard is one notification a store's listener handled ("" channel: it
// connected again).
type heard struct {
	channel string
	own     bool
}

// hearing collects what db's listener handles.
func hearing(t *testing.T, db *postgres.DB) <-chan heard {
	ch := make(chan heard, 1000)
	postgres.HearForTests(t, db, func(channel string, own bool) { ch <- heard{channel, own} })
	return ch
}

// guard bounds how long a test waits for an event that should come at
// once, so that a broken listener fails the test instead of hanging it.
const guard = 30 * time.Second

func waitHeard(t *testing.T, from <-chan heard, want heard) {
	t.Helper()
	for {
		select {
		case h := <-from:
			if h == want {
				return
			}
		case <-time.After(guard):
			t.Fatalf("never heard %+v", want)
		}
	}
}

// twoInstances opens two stores on one fresh database, as two instances
// of one marketplace do.
func twoInstances(t *testing.T) (a, b *postgres.DB) {
	url := pgtest.NewDatabase(t)
	open := func() *postgres.DB {
		db, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	return open(), open()
}

func newUser(t *testing.T, db *postgres.DB, email string) *app.User {
	t.Helper()
	u := &app.User{Name: "Ann", Email: email, Role: app.RoleBuyer}
	if err := db.CreateUser(context.Background(), u, []byte("hash")); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestSessionsEndedOnOneInstanceEndOnEvery(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	heardA, heardB := hearing(t, a), hearing(t, b)
	endedA, endedB := make(chan app.SessionsEnded, 100), make(chan app.SessionsEnded, 100)
	a.OnSessionsEnded(func(e app.SessionsEnded) { endedA <- e })
	b.OnSessionsEnded(func(e app.SessionsEnded) { endedB <- e })

	for i, tc := range []struct {
		name  string
		write string // run by instance a on account $1 with session $2
		want  func(user int64, token string) app.SessionsEnded
	}{
		{"a session signed out", `DELETE FROM sessions WHERE token = $2 AND user_id = $1`, func(_ int64, token string) app.SessionsEnded {
			return app.SessionsEnded{Sessions: []string{app.SessionID(token)}}
		}},
		{"every session of an account", `UPDATE users SET session_epoch = 3 WHERE id = $1 AND $2 <> ''`, func(user int64, _ string) app.SessionsEnded {
			return app.SessionsEnded{Epochs: map[int64]int64{user: 3}}
		}},
		{"an account deleted", `DELETE FROM users WHERE id = $1 AND $2 <> ''`, func(user int64, _ string) app.SessionsEnded {
			return app.SessionsEnded{Accounts: []int64{user}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := newUser(t, a, fmt.Sprintf("user%d@example.com", i))
			token := fmt.Sprintf("token %d", i)
			if _, err := a.Pool().Exec(ctx, `INSERT INTO sessions (token, data, expiry, user_id) VALUES ($1, '', 0, $2)`, token, u.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := a.Pool().Exec(ctx, tc.write, u.ID, token); err != nil {
				t.Fatal(err)
			}
			want := tc.want(u.ID, token)
			for {
				select {
				case got := <-endedB:
					if reflect.DeepEqual(got, want) {
						goto told
					}
				case <-time.After(guard):
					t.Fatalf("the other instance was never told %+v", want)
				}
			}
		told:
			// This write went around inTx, so only the listener could have
			// told a: once it handled the notification, it must have
			// skipped it as its own.
			waitHeard(t, heardA, heard{"rehome_ended", true})
			for len(heardB) > 0 {
				<-heardB
			}
			if len(endedA) != 0 {
				t.Errorf("the writer was told its own endings by its listener: %+v", <-endedA)
			}
		})
	}
}

func TestTheListenerConnectsAgain(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	heardB := hearing(t, b)
	endedB := make(chan app.SessionsEnded, 100)
	b.OnSessionsEnded(func(e app.SessionsEnded) { endedB <- e })
	var pid int32
	err := a.Pool().QueryRow(ctx, `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`,
		postgres.InstanceName(b)).Scan(&pid)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Pool().Exec(ctx, `SELECT pg_terminate_backend($1, 30000)`, pid); err != nil {
		t.Fatal(err)
	}
	waitHeard(t, heardB, heard{"", false})

	u := newUser(t, a, "ann@example.com")
	if _, err := a.Pool().Exec(ctx, `UPDATE users SET session_epoch = 1 WHERE id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-endedB:
		if want := (app.SessionsEnded{Epochs: map[int64]int64{u.ID: 1}}); !reflect.DeepEqual(got, want) {
			t.Errorf("told %+v, want %+v", got, want)
		}
	case <-time.After(guard):
		t.Fatal("a session ended after the connection was made again was never told")
	}
}
