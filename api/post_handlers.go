package api

import (
	"net/http"

	"rehome/app"
)

// The community's posts: anyone reads them, admins write them.

// A post's body may be app.MaxPostBodyRunes characters of any script: up to
// four bytes each, or twelve as a JSON escape pair.
const maxPostJSONBytes = 256 << 10

func (s *Server) listPosts(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.posts.Posts(r.Context(), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// post answers the post at {post}, a slug.
func (s *Server) post(w http.ResponseWriter, r *http.Request) error {
	p, err := s.posts.PostBySlug(r.Context(), pathParam(r, "post"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

func (s *Server) createPost(w http.ResponseWriter, r *http.Request) error {
	if err := app.Allow(actor(r), app.CanWritePosts(actor(r))); err != nil {
		return err
	}
	var body app.PostPatch
	if err := decodeJSONUpTo(w, r, &body, maxPostJSONBytes); err != nil {
		return err
	}
	p, err := s.posts.CreatePost(r.Context(), actor(r), body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, p)
	return nil
}

// editPost changes the post whose id is {post}.
func (s *Server) editPost(w http.ResponseWriter, r *http.Request) error {
	if err := app.Allow(actor(r), app.CanWritePosts(actor(r))); err != nil {
		return err
	}
	id, err := idParam(pathParam(r, "post"))
	if err != nil {
		return err
	}
	var patch app.PostPatch
	if err := decodeJSONUpTo(w, r, &patch, maxPostJSONBytes); err != nil {
		return err
	}
	p, err := s.posts.EditPost(r.Context(), actor(r), id, patch)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

// deletePost removes the post whose id is {post}.
func (s *Server) deletePost(w http.ResponseWriter, r *http.Request) error {
	err := app.Allow(actor(r), app.CanWritePosts(actor(r)))
	var id int64
	if err == nil {
		id, err = idParam(pathParam(r, "post"))
	}
	if err == nil {
		err = s.posts.DeletePost(r.Context(), actor(r), id)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
