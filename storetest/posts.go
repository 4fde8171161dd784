package storetest

import (
	"testing"

	"rehome/app"
)

// RunPosts checks posts: a round trip by ID and slug, slugs that stay
// unique, not found as an error, and the list newest first.
func RunPosts(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("RoundTrip", func(t *testing.T) {
		w := newWorld(t, open)
		p := w.post(t, "swap-day")
		if p.ID == 0 || p.Slug != "swap-day" || p.Created.IsZero() || !p.Updated.Equal(p.Created) {
			t.Fatalf("CreatePost filled in %+v", p)
		}
		for _, read := range []func() (*app.Post, error){
			func() (*app.Post, error) { return w.PostByID(w.ctx, p.ID) },
			func() (*app.Post, error) { return w.PostBySlug(w.ctx, "swap-day") },
		} {
			got, err := read()
			must(t, err)
			if got.ID != p.ID || got.Title != p.Title || got.Body != p.Body || got.Author.Name != w.seller.Name {
				t.Errorf("read back %+v, stored %+v", got, p)
			}
		}
		p.Title, p.Body = "Swap day moved", "Sunday"
		must(t, w.UpdatePost(w.ctx, p, nil))
		got, err := w.PostByID(w.ctx, p.ID)
		must(t, err)
		if got.Title != "Swap day moved" || got.Body != "Sunday" || got.Slug != "swap-day" {
			t.Errorf("after update %+v", got)
		}
		must(t, w.DeletePost(w.ctx, p.ID, nil))
		_, err = w.PostByID(w.ctx, p.ID)
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("SlugsStayUnique", func(t *testing.T) {
		w := newWorld(t, open)
		var got []string
		for range 3 {
			got = append(got, w.post(t, "news").Slug)
		}
		if names(got, func(s string) string { return s }) != "news news-2 news-3" {
			t.Errorf("slugs %v", got)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		w := newWorld(t, open)
		for name, call := range map[string]func() error{
			"PostByID":   func() error { _, err := w.PostByID(w.ctx, 9999); return err },
			"PostBySlug": func() error { _, err := w.PostBySlug(w.ctx, "nothing"); return err },
			"UpdatePost": func() error { return w.UpdatePost(w.ctx, &app.Post{ID: 9999, Title: "t", Body: "b"}, nil) },
			"DeletePost": func() error { return w.DeletePost(w.ctx, 9999, nil) },
		} {
			t.Run(name, func(t *testing.T) { wantKind(t, call(), app.KindNotFound) })
		}
	})
	t.Run("ListNewestFirstInPages", func(t *testing.T) {
		w := newWorld(t, open)
		for _, slug := range []string{"a", "b", "c"} {
			w.post(t, slug)
		}
		for _, tc := range []struct {
			page app.Page
			want string
		}{
			{app.Page{Limit: 10}, "c b a"},
			{app.Page{Limit: 2}, "c b"},
			{app.Page{Limit: 2, Offset: 2}, "a"},
		} {
			list, err := w.Posts(w.ctx, tc.page)
			must(t, err)
			if got := names(list.Items, func(p app.Post) string { return p.Slug }); got != tc.want || list.Total != 3 {
				t.Errorf("Posts(%+v) = %q of %d, want %q of 3", tc.page, got, list.Total, tc.want)
			}
		}
	})
}

// newPost is a post by the world's seller under slug, not stored yet.
func (w *world) newPost(slug string) *app.Post {
	id := w.seller.ID
	return &app.Post{Slug: slug, Title: "Swap day", Body: "Saturday at the hall", Author: app.PostAuthor{ID: &id, Name: w.seller.Name}}
}

func (w *world) post(t *testing.T, slug string) *app.Post {
	t.Helper()
	p := w.newPost(slug)
	must(t, w.CreatePost(w.ctx, p, nil))
	return p
}
