package sqlite_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

func newPost(t testing.TB, db *sqlite.DB, author *app.User, title string) *app.Post {
	t.Helper()
	id := author.ID
	p := &app.Post{Slug: app.Slug(title), Title: title, Body: "Body of " + title, Author: app.PostAuthor{ID: &id, Name: author.Name}}
	must(t, db.CreatePost(context.Background(), p, nil))
	return p
}

func TestPostSlugs(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	admin := mpUser(t, db, "Ada", app.RoleAdmin)

	t.Run("OK", func(t *testing.T) {
		var got []string
		for range 3 {
			got = append(got, newPost(t, db, admin, "Swap day, 14 June!").Slug)
		}
		if fmt.Sprint(got) != "[swap-day-14-june swap-day-14-june-2 swap-day-14-june-3]" {
			t.Fatalf("slugs %v", got)
		}
		// A slug that only begins like another is not a clash.
		if p := newPost(t, db, admin, "Swap day"); p.Slug != "swap-day" {
			t.Fatalf("slug %q", p.Slug)
		}
		p, err := db.PostBySlug(ctx, "swap-day-14-june-2")
		must(t, err)
		if p.ID != 2 || p.Author.Name != "Ada" || p.Author.ID == nil || *p.Author.ID != admin.ID {
			t.Fatalf("post %+v", p)
		}
	})

	// Posts of one title written at the same moment still get a slug each.
	t.Run("Concurrent", func(t *testing.T) {
		var wg sync.WaitGroup
		slugs := make(chan string, 20)
		for range 20 {
			wg.Go(func() {
				id := admin.ID
				p := &app.Post{Slug: "market-news", Title: "Market news", Body: "News", Author: app.PostAuthor{ID: &id, Name: admin.Name}}
				if err := db.CreatePost(ctx, p, nil); err != nil {
					t.Error(err)
					return
				}
				slugs <- p.Slug
			})
		}
		wg.Wait()
		close(slugs)
		seen := map[string]bool{}
		for slug := range slugs {
			if seen[slug] {
				t.Errorf("slug %q given twice", slug)
			}
			seen[slug] = true
		}
		if len(seen) != 20 || !seen["market-news"] || !seen["market-news-20"] {
			t.Fatalf("slugs %v", seen)
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := db.PostBySlug(ctx, "no-such-post"); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("err %v", err)
		}
		if err := db.DeletePost(ctx, 9999, nil); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("delete: err %v", err)
		}
	})
}

func TestPostsPaging(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	admin := mpUser(t, db, "Ada", app.RoleAdmin)
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for i := range 5 {
		db.SetClock(func() time.Time { return start.Add(time.Duration(i) * time.Hour) })
		newPost(t, db, admin, fmt.Sprintf("Post %d", i))
	}
	page, err := db.Posts(ctx, app.Page{Limit: 2, Offset: 1})
	must(t, err)
	if page.Total != 5 || len(page.Items) != 2 || page.Items[0].Title != "Post 3" || page.Items[1].Title != "Post 2" {
		t.Fatalf("page %+v", page)
	}
	last, err := db.Posts(ctx, app.Page{Limit: 2, Offset: 4})
	must(t, err)
	if len(last.Items) != 1 || last.Items[0].Title != "Post 0" {
		t.Fatalf("last page %+v", last)
	}

	// An edit keeps the slug and the place in the list; it moves Updated.
	db.SetClock(func() time.Time { return start.Add(24 * time.Hour) })
	p, err := db.PostBySlug(ctx, "post-0")
	must(t, err)
	p.Title = "Post zero"
	must(t, db.UpdatePost(ctx, p, nil))
	again, err := db.PostBySlug(ctx, "post-0")
	must(t, err)
	if again.Title != "Post zero" || !again.Updated.Equal(start.Add(24*time.Hour)) || !again.Created.Equal(start) {
		t.Fatalf("after the edit %+v", again)
	}

	// Once the author's account is gone, the post keeps their name.
	mpUser(t, db, "Bo", app.RoleAdmin)
	must(t, db.DeleteUser(ctx, admin.ID, nil))
	gone, err := db.PostBySlug(ctx, "post-1")
	must(t, err)
	if gone.Author.ID != nil || gone.Author.Name != "Ada" {
		t.Fatalf("author %+v", gone.Author)
	}
}
