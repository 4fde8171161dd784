package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/postgres"
)

// openInstances opens n stores on one fresh database, as n instances of
// the marketplace share it.
func openInstances(t *testing.T, n int) []*postgres.DB {
	t.Helper()
	url := pgtest.NewDatabase(t)
	dbs := make([]*postgres.DB, n)
	for i := range dbs {
		db, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	return dbs
}

// Settings one instance saves are what every other reads next: no
// instance keeps a copy of its own.
func TestSiteSettingsAcrossInstances(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 2)
	site, err := dbs[1].Site(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if site != app.DefaultSite() {
		t.Fatalf("new database: %+v", site)
	}
	for i, change := range []func(*app.Site){
		func(s *app.Site) { s.Name, s.PublicListings = "Riverside Swap", true },
		func(s *app.Site) { s.Tagline, s.PublicListings = "Pass it on", false },
		func(s *app.Site) { *s = app.DefaultSite() },
	} {
		writer, reader := dbs[i%2], dbs[(i+1)%2]
		change(&site)
		version := writer.CatalogueVersion()
		if err := writer.SaveSite(ctx, site, nil); err != nil {
			t.Fatal(err)
		}
		if writer.CatalogueVersion() == version {
			t.Errorf("save %d left the catalogue's version as it was", i)
		}
		got, err := reader.Site(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got != site {
			t.Errorf("save %d: the other instance reads %+v, want %+v", i, got, site)
		}
	}
}

// Of saves at once, one is stored whole: no setting of one beside a
// setting of another.
func TestSiteSavesAtOnceStoreOneWhole(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 2)
	const savers = 8
	sites := make([]app.Site, savers)
	for i := range sites {
		s := fmt.Sprint("site ", i)
		sites[i] = app.Site{Name: s, Tagline: s, About: s, Rules: s, Privacy: s, Terms: s, ContactEmail: s, PublicListings: i%2 == 0}
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, site := range sites {
		wg.Go(func() {
			<-start
			if err := dbs[i%2].SaveSite(ctx, site, nil); err != nil {
				t.Error(err)
			}
		})
	}
	close(start)
	wg.Wait()
	got, err := dbs[0].Site(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, site := range sites {
		if got == site {
			return
		}
	}
	t.Errorf("stored %+v, a mix of the saves", got)
}

// Couriers of several instances claiming at once never claim one mail
// twice, and between them claim it all.
func TestMailClaimedOnceAcrossInstances(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 3)
	const mails, couriers = 60, 6
	for i := range mails {
		if err := dbs[i%len(dbs)].QueueMail(ctx, &app.Mail{To: fmt.Sprintf("p%d@example.com", i), Subject: "Hello"}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	claimedOnce(t, "mail", mails, couriers, func(c int) (string, func() ([]int64, error)) {
		courier := fmt.Sprint("courier ", c)
		return courier, func() ([]int64, error) {
			due, err := dbs[c%len(dbs)].ClaimDueMail(ctx, courier, now, time.Hour, 3)
			var ids []int64
			for _, m := range due {
				ids = append(ids, m.ID)
			}
			return ids, err
		}
	})
}

// DeleteExpiredLinks removes each kind of single-use link once it expired,
// and only then.
func TestDeleteExpiredLinks(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	db.SetClock(func() time.Time { return now })
	expired, live := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}, &app.User{Name: "Bo", Email: "bo@example.com", Role: app.RoleBuyer}
	for _, u := range []*app.User{expired, live} {
		if err := db.CreateUser(ctx, u, []byte("hash")); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		table  string
		insert string
	}{
		{"password_resets", `INSERT INTO password_resets (token_hash, user_id, expires) VALUES ($1, $2, $3)`},
		{"email_changes", `INSERT INTO email_changes (token_hash, user_id, new_email, expires) VALUES ($1, $2, 'new@example.com', $3)`},
		{"email_verifications", `INSERT INTO email_verifications (token_hash, user_id, email, expires) VALUES ($1, $2, 'ann@example.com', $3)`},
	} {
		t.Run(tc.table, func(t *testing.T) {
			for _, link := range []struct {
				user    *app.User
				expires time.Time
			}{{expired, now}, {live, now.Add(time.Millisecond)}} {
				if _, err := db.Pool().Exec(ctx, tc.insert, []byte(tc.table+link.user.Name), link.user.ID, link.expires.UnixMilli()); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.DeleteExpiredLinks(ctx); err != nil {
				t.Fatal(err)
			}
			var left []int64
			rows, err := db.Pool().Query(ctx, `SELECT user_id FROM `+tc.table+` ORDER BY user_id`)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					t.Fatal(err)
				}
				left = append(left, id)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if len(left) != 1 || left[0] != live.ID {
				t.Errorf("left the links of %v, want only %d's", left, live.ID)
			}
		})
	}
}

// A slug is taken only by itself and by its numbered followers; posts that
// start from slugs of one another's shape, written at once, still get a
// slug each (the unique index sends a loser to pick again).
func TestPostSlugsOfOneShape(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 2)
	author := &app.User{Name: "Ada", Email: "ada@example.com", Role: app.RoleAdmin}
	if err := dbs[0].CreateUser(ctx, author, []byte("hash")); err != nil {
		t.Fatal(err)
	}
	create := func(db *postgres.DB, slug string) (string, error) {
		p := &app.Post{Slug: slug, Title: slug, Body: "Body", Author: app.PostAuthor{ID: &author.ID, Name: author.Name}}
		err := db.CreatePost(ctx, p, nil)
		return p.Slug, err
	}
	for _, tc := range []struct{ base, want string }{
		{"swap-day-14-june", "swap-day-14-june"},
		{"swap-day-14-june", "swap-day-14-june-2"},
		{"swap-day", "swap-day"}, // only begins like the others
		{"swap-day-14-june-2", "swap-day-14-june-2-2"},
		{"swap-day-14", "swap-day-14"},
		{"swap-day", "swap-day-2"},
	} {
		got, err := create(dbs[0], tc.base)
		if err != nil || got != tc.want {
			t.Errorf("a post from %q took %q (%v), want %q", tc.base, got, err, tc.want)
		}
	}

	const racers = 12
	bases := []string{"fair", "fair-2", "fair-3"}
	slugs := make([]string, racers)
	errs := make([]error, racers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range racers {
		wg.Go(func() {
			<-start
			slugs[i], errs[i] = create(dbs[i%2], bases[i%len(bases)])
		})
	}
	close(start)
	wg.Wait()
	seen := map[string]bool{}
	for i, slug := range slugs {
		if errs[i] != nil {
			t.Errorf("racer %d: %v", i, errs[i])
		} else if seen[slug] {
			t.Errorf("slug %q given twice", slug)
		}
		seen[slug] = true
	}
}

// The audit log reads back what each action recorded in its own
// transaction, newest first, a page at a time.
func TestAuditLogPages(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	ada := &app.User{Name: "Ada", Email: "ada@example.com", Role: app.RoleAdmin}
	if err := db.CreateUser(ctx, ada, []byte("hash")); err != nil {
		t.Fatal(err)
	}
	entry := func(action app.AuditAction, targetType, target string) *app.AuditEntry {
		return &app.AuditEntry{ActorID: &ada.ID, ActorName: ada.Name, ActorEmail: ada.Email, Action: action, TargetType: targetType, Target: target}
	}
	post := &app.Post{Slug: "news", Title: "News", Body: "Body", Author: app.PostAuthor{ID: &ada.ID, Name: ada.Name}}
	var written []*app.AuditEntry
	for _, act := range []struct {
		entry *app.AuditEntry
		do    func(*app.AuditEntry) error
	}{
		{entry(app.AuditCreatePost, app.AuditTargetPost, "News"), func(e *app.AuditEntry) error { return db.CreatePost(ctx, post, e) }},
		{entry(app.AuditEditPost, app.AuditTargetPost, "News"), func(e *app.AuditEntry) error { e.TargetID = post.ID; return db.UpdatePost(ctx, post, e) }},
		{entry(app.AuditUpdateSite, app.AuditTargetSite, "Site"), func(e *app.AuditEntry) error { return db.SaveSite(ctx, app.DefaultSite(), e) }},
		{entry(app.AuditDeletePost, app.AuditTargetPost, "News"), func(e *app.AuditEntry) error { e.TargetID = post.ID; return db.DeletePost(ctx, post.ID, e) }},
	} {
		if err := act.do(act.entry); err != nil {
			t.Fatal(err)
		}
		written = append(written, act.entry)
	}
	// A refused action records nothing.
	if err := db.DeletePost(ctx, post.ID, entry(app.AuditDeletePost, app.AuditTargetPost, "News")); app.ErrorKind(err) != app.KindNotFound {
		t.Fatalf("deleting a deleted post: %v", err)
	}
	if written[0].TargetID != post.ID {
		t.Errorf("the post's entry targets %d, the post is %d", written[0].TargetID, post.ID)
	}
	for _, tc := range []struct {
		page app.Page
		want []int // indexes in written
	}{
		{app.Page{Limit: 10}, []int{3, 2, 1, 0}},
		{app.Page{Limit: 3}, []int{3, 2, 1}},
		{app.Page{Limit: 3, Offset: 3}, []int{0}},
		{app.Page{Limit: 3, Offset: 4}, nil},
	} {
		log, err := db.AuditLog(ctx, tc.page)
		if err != nil {
			t.Fatal(err)
		}
		if log.Total != len(written) || len(log.Items) != len(tc.want) {
			t.Fatalf("page %+v: %d entries of %d, want %d of %d", tc.page, len(log.Items), log.Total, len(tc.want), len(written))
		}
		for i, got := range log.Items {
			want := *written[tc.want[i]]
			if got.ActorID == nil || *got.ActorID != *want.ActorID || !got.Time.Equal(want.Time) {
				t.Errorf("page %+v, entry %d: actor %v at %v, want %d at %v", tc.page, i, got.ActorID, got.Time, *want.ActorID, want.Time)
			}
			got.ActorID, want.ActorID, got.Time, want.Time = nil, nil, time.Time{}, time.Time{}
			if got != want {
				t.Errorf("page %+v, entry %d: %+v, want %+v", tc.page, i, got, want)
			}
		}
	}
}

// Saves of one person's new endpoints at once, on several instances, keep
// no more than the most a person may keep: the newest of them.
func TestPushSubscriptionsAtOnceKeepTheMost(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 2)
	bea := &app.User{Name: "Bea", Email: "bea@example.com", Role: app.RoleBuyer}
	if err := dbs[0].CreateUser(ctx, bea, []byte("hash")); err != nil {
		t.Fatal(err)
	}
	owner := app.SessionOwner{UserID: bea.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}
	if err := dbs[0].Sessions().CommitOwned(ctx, "bea's phone", []byte("data"), time.Now().Add(time.Hour), owner); err != nil {
		t.Fatal(err)
	}
	from := app.PushFrom{Session: app.SessionID("bea's phone")}
	for round := range 3 {
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range app.MaxPushSubscriptions {
			wg.Go(func() {
				<-start
				sub := app.PushSubscription{Endpoint: fmt.Sprintf("https://push.example.net/%d/%d", round, i)}
				if _, err := dbs[i%2].SavePushSubscription(ctx, bea.ID, from, sub); err != nil {
					t.Error(err)
				}
			})
		}
		close(start)
		wg.Wait()
		subs, err := dbs[1].PushSubscriptions(ctx, bea.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(subs) != app.MaxPushSubscriptions {
			t.Errorf("round %d: bea keeps %d subscriptions, want %d", round, len(subs), app.MaxPushSubscriptions)
		}
		for _, sub := range subs {
			if !strings.HasPrefix(sub.Endpoint, fmt.Sprintf("https://push.example.net/%d/", round)) {
				t.Errorf("round %d: bea keeps the older %s", round, sub.Endpoint)
			}
		}
	}
}

// claimedOnce has claimers claim at once, each through the claim that
// newClaimer gives it, until none is left, and fails unless each of the
// n things queued was claimed by exactly one.
func claimedOnce(t *testing.T, what string, n, claimers int, newClaimer func(i int) (holder string, claim func() ([]int64, error))) {
	t.Helper()
	var mu sync.Mutex
	holders := map[int64][]string{}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range claimers {
		holder, claim := newClaimer(i)
		wg.Go(func() {
			<-start
			for {
				ids, err := claim()
				if err != nil {
					t.Error(err)
					return
				}
				if len(ids) == 0 {
					return
				}
				mu.Lock()
				for _, id := range ids {
					holders[id] = append(holders[id], holder)
				}
				mu.Unlock()
			}
		})
	}
	close(start)
	wg.Wait()
	for id, held := range holders {
		if len(held) > 1 {
			t.Errorf("%s %d claimed by %v", what, id, held)
		}
	}
	if len(holders) != n {
		t.Errorf("%d of %d %ss claimed", len(holders), n, what)
	}
}
