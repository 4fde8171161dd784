package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Handler is every route of the server in one place.
func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	s.router = r
	r.Use(s.logRequests, s.recoverPanics, secureHeaders)

	r.Route("/api", func(r chi.Router) {
		r.Use(middleware.GetHead, noStore, s.refuseCrossOrigin, s.sessions.LoadAndSave, s.authenticate)

		r.Post("/auth/register", s.register)
		r.Post("/auth/login", s.login)
		r.Post("/auth/logout", s.logout)
		r.Get("/auth/me", s.me)

		r.Get("/users/admin/{email}", s.isAdmin)
		r.Get("/users/seller/{email}", s.isSeller)
		r.Get("/users/seller/verified/{email}", s.isVerifiedSeller)

		r.Post("/images", s.uploadImage)

		r.Get("/categories", s.listCategories)
		r.Post("/categories", s.createCategory)
		r.Get("/categories/{name}", s.categoryProducts)

		r.Post("/products", s.createProduct)
		r.Get("/products/{id}", s.product)
		r.Delete("/products/{id}", s.deleteProduct)
		r.Get("/myproducts/{email}", s.sellerProducts)

		r.NotFound(s.apiNotFound)
		r.MethodNotAllowed(s.apiMethodNotAllowed)
	})

	r.Handle("/images/*", http.StripPrefix("/images/", s.images))
	r.Handle("/*", s.webApp())
	return r
}
