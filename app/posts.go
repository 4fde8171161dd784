package app

import "context"

// Posts publishes the community's news.
type Posts struct {
	store PostStore
}

func NewPosts(store PostStore) *Posts { return &Posts{store: store} }

// Posts lists the community's posts, newest first. They are its public news
// and hold nothing of the listings, so anyone may read them, signed in or
// not, whether listings are public or not.
func (s *Posts) Posts(ctx context.Context, page Page) (List[Post], error) {
	return s.store.Posts(ctx, page.Clamp())
}

// PostBySlug answers one post, to anyone.
func (s *Posts) PostBySlug(ctx context.Context, slug string) (*Post, error) {
	return s.store.PostBySlug(ctx, slug)
}

// CreatePost publishes a post (admins only); both fields are required.
func (s *Posts) CreatePost(ctx context.Context, actor *User, n PostPatch) (*Post, error) {
	if err := Allow(actor, CanWritePosts(actor)); err != nil {
		return nil, err
	}
	v := &Validator{}
	v.Check(n.Title != nil, "title", RequiredMessage)
	v.Check(n.Body != nil, "body", RequiredMessage)
	p := &Post{}
	n.apply(p, v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	id := actor.ID
	p.Slug, p.Author = Slug(p.Title), PostAuthor{ID: &id, Name: actor.Name}
	if err := s.store.CreatePost(ctx, p, auditOf(actor, AuditCreatePost, AuditTargetPost, 0, p.Title)); err != nil {
		return nil, err
	}
	return p, nil
}

// EditPost changes the fields the patch names (admins only). The slug stays.
func (s *Posts) EditPost(ctx context.Context, actor *User, id int64, patch PostPatch) (*Post, error) {
	if err := Allow(actor, CanWritePosts(actor)); err != nil {
		return nil, err
	}
	p, err := s.store.PostByID(ctx, id)
	if err != nil {
		return nil, err
	}
	v := &Validator{}
	changed := patch.apply(p, v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !changed {
		return p, nil
	}
	if err := s.store.UpdatePost(ctx, p, auditOf(actor, AuditEditPost, AuditTargetPost, p.ID, p.Title)); err != nil {
		return nil, err
	}
	return p, nil
}

// DeletePost removes a post (admins only).
func (s *Posts) DeletePost(ctx context.Context, actor *User, id int64) error {
	if err := Allow(actor, CanWritePosts(actor)); err != nil {
		return err
	}
	p, err := s.store.PostByID(ctx, id)
	if err != nil {
		return err
	}
	return s.store.DeletePost(ctx, id, auditOf(actor, AuditDeletePost, AuditTargetPost, id, p.Title))
}
