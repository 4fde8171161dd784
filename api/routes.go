package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"rehome/api/httpcache"
	"rehome/api/sessions"
	"rehome/api/webapp"
	"rehome/app"
)

// Handler is every route of the server in one place. It is a chi.Router so
// that middleware in front of it can read the matched route's pattern.
func (s *Server) Handler() chi.Router {
	r := chi.NewRouter()
	s.router = r
	r.Use(s.origins.Resolve, s.logRequests, s.recoverPanics, s.secureHeaders, s.refuseNUL)
	if s.demoWritten != nil {
		r.Use(s.untilDemoWritten)
	}
	// Before routing, so the whole tree routes a HEAD as its GET.
	r.Use(headAsGet)

	r.Get(healthPath, s.healthz)
	// Streamed, so outside /api's httpcache.CompressJSON, which holds answers whole.
	r.With(noStore, s.refuseCrossOrigin, s.withSession).Get(eventsPath, s.handle(s.events))

	r.Route("/api", func(r chi.Router) {
		// Phones on poor connections gain most from compressed lists.
		r.Use(httpcache.CompressJSON, noStore, s.refuseCrossOrigin, s.validQuery, s.catalogueCurrent)

		// The lists every visitor loads are the same for all, so they skip
		// the session: a browser revalidating them with If-None-Match is
		// answered without touching the database. The advertised products
		// tell a signed-in viewer which they booked, so a request with a
		// session cookie loads its session.
		r.Get("/categories", s.handle(s.listCategories))
		r.Method(http.MethodGet, "/advertised", s.withSessionIfSent(s.handle(s.advertisedProducts)))
		r.Get("/site", s.handle(s.site))
		r.Get("/openapi.json", s.openAPI)
		// The community's posts are for everyone. {post} is a slug here and
		// an id for the admins' changes below.
		r.Get("/posts", s.handle(s.listPosts))
		r.Get("/posts/{post}", s.handle(s.post))
		r.Get("/auth/providers", s.providers)
		r.Get("/payment-methods", s.paymentMethods)
		// Stripe signs its events; they carry no session.
		r.Post("/stripe/webhook", s.handle(s.cardWebhook))

		r.Group(func(r chi.Router) {
			r.Use(s.withSession)
			s.sessionRoutes(r)
		})

		r.NotFound(s.apiNotFound)
		r.MethodNotAllowed(s.apiMethodNotAllowed)
	})

	// What crawlers and link previews read (sitemap.go, share.go).
	r.Get("/robots.txt", s.handle(s.robots))
	r.Get("/sitemap.xml", s.handle(s.sitemap))
	r.Get("/sitemap-{n}.xml", s.handle(s.sitemapFile))
	r.Get("/"+webapp.ManifestFile, s.manifest)
	r.Get(apiReferencePath, s.handle(s.apiReference))

	r.Handle("/images/*", http.StripPrefix("/images/", s.images))
	r.Handle("/*", notSitemaps(s.renamedCategories(s.webApp)))
	return r
}

// headAsGet routes every HEAD as the GET of its path, whose handler then
// answers it (net/http leaves out the body): no route is registered for
// HEAD alone. chi's middleware.GetHead routes a HEAD as GET only when no
// route takes HEAD, and the web app's catch-all takes every method, so
// HEAD /healthz, /robots.txt or a sitemap got the web app's page: 200, even
// with the database down.
func headAsGet(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			chi.RouteContext(r.Context()).RouteMethod = http.MethodGet
		}
		next.ServeHTTP(w, r)
	})
}

// withSession is the middleware of the routes that know who is asking.
// The request's User-Agent goes with it to the session store, which keeps
// the device a session is on.
func (s *Server) withSession(next http.Handler) http.Handler {
	loaded := s.sessions.LoadAndSave(s.authenticate(next))
	return answerOnce(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		loaded.ServeHTTP(w, r.WithContext(sessions.WithUserAgent(r.Context(), r.UserAgent())))
	}))
}

// withSessionIfSent loads the session of a request that sends its cookie,
// and lets the others through as they are.
func (s *Server) withSessionIfSent(next http.Handler) http.Handler {
	loaded := s.withSession(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := r.Cookie(sessions.CookieName); err == nil {
			loaded.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// sessionRoutes are the API routes that know who is asking.
func (s *Server) sessionRoutes(r chi.Router) {
	r.Post("/auth/register", s.handle(s.register))
	r.Post("/auth/login", s.handle(s.login))
	r.Post("/auth/logout", s.handle(s.logout))
	r.Post("/auth/password/forgot", s.handle(s.forgotPassword))
	r.Post("/auth/password/reset", s.handle(s.resetPassword))
	r.Post("/auth/password", s.handle(s.changePassword))
	r.Patch("/auth/me", s.handle(s.updateProfile))
	r.Delete("/auth/me", s.handle(s.leave))
	r.Get("/auth/me/export", s.handle(s.exportAccount))
	r.Post("/auth/email", s.handle(s.requestEmailChange))
	r.Post("/auth/email/confirm", s.handle(s.confirmEmail))
	r.Post("/auth/email/verify", s.handle(s.sendEmailVerification))
	r.Get("/auth/sessions", s.handle(s.listSessions))
	r.Delete("/auth/sessions", s.handle(s.endOtherSessions))
	r.Delete("/auth/sessions/{id}", s.handle(s.endSession))
	r.Get("/auth/me", s.me)
	r.Get("/auth/google", s.googleSignIn)
	r.Get("/auth/google/callback", s.googleCallback)
	r.Post("/auth/google/link", s.handle(s.linkGoogle))

	// One account buys and sells; a seller's page for whoever may browse.
	r.Post("/auth/me/selling", s.handle(s.startSelling))
	r.Get("/users/{id}/profile", s.handle(s.sellerProfile))

	// {user} is an email for the role checks and an id for promotion.
	r.Get("/users/admin/{user}", s.handle(s.isAdmin))
	r.Get("/users/seller/{user}", s.handle(s.isSeller))
	r.Get("/users/seller/verified/{user}", s.handle(s.isVerifiedSeller))

	r.Post("/images", s.handle(s.uploadImage))

	r.Post("/categories", s.handle(s.createCategory))
	r.Get("/categories/{name}", s.handle(s.categoryProducts))
	r.Patch("/categories/{name}", s.handle(s.editCategory))

	r.Post("/products", s.handle(s.createProduct))
	r.Get("/products", s.handle(s.searchProducts))
	r.Get("/products/{id}", s.handle(s.product))
	r.Patch("/products/{id}", s.handle(s.editProduct))
	r.Delete("/products/{id}", s.handle(s.deleteProduct))
	r.Get("/myproducts/{email}", s.handle(s.sellerProducts))

	r.With(s.idempotent).Post("/booked", s.handle(s.book))
	r.Get("/booked", s.handle(s.buyerBookings))
	r.Get("/booked/{id}", s.handle(s.booking))
	r.Delete("/booked/{id}", s.handle(s.cancelBooking))
	r.Post("/booked/{id}/paid", s.handle(s.confirmPayment))
	r.Post("/booked/{id}/checkout", s.handle(s.checkout))
	r.Get("/mybuyers", s.handle(s.sellerBookings))
	r.Delete("/mybuyers/{id}", s.handle(s.declineBooking))
	r.Post("/mybuyers/seen", s.handle(s.seeBookings))

	// Trust: the code that hands a booking over, and the reviews it allows.
	r.Get("/booked/{id}/handover", s.handle(s.handoverCode))
	r.With(s.idempotent).Post("/mybuyers/{id}/handover", s.handle(s.handOver))
	r.With(s.idempotent).Post("/booked/{id}/review", s.handle(s.reviewSeller))
	r.With(s.idempotent).Post("/mybuyers/{id}/review", s.handle(s.reviewBuyer))
	r.Get("/users/{id}/reviews", s.handle(s.userReviews))
	r.Post("/reviews/{id}/hide", s.handle(s.hideReview))
	r.Post("/mybuyers/{id}/no-show", s.handle(s.buyerNoShow))
	r.Post("/booked/{id}/no-show", s.handle(s.sellerNoShow))
	r.Post("/no-shows/{booking_id}/answer", s.handle(s.answerNoShow))
	r.Delete("/no-shows/{booking_id}", s.handle(s.removeNoShow))

	// Safety: blocking a person, suspending an account.
	r.Post("/users/{id}/block", s.handle(s.block))
	r.Delete("/users/{id}/block", s.handle(s.unblock))
	r.Get("/blocks", s.handle(s.blocks))
	r.Post("/users/{id}/suspend", s.handle(s.suspendUser))
	r.Delete("/users/{id}/suspend", s.handle(s.unsuspendUser))

	r.With(s.idempotent).Post("/reported", s.handle(s.report))
	r.Get("/reported", s.handle(s.reportedProducts))
	r.Delete("/reported/{id}", s.handle(s.dismissReport))

	r.Post("/advertised", s.handle(s.advertise))
	r.Delete("/advertised/{id}", s.handle(s.removeAdvert))

	r.Get("/users", s.handle(s.listUsers("")))
	r.Put("/users/admin/{user}", s.handle(s.promoteToAdmin))
	r.Delete("/users/{id}", s.handle(s.deleteUser("")))
	r.Post("/users/{id}/reset-link", s.handle(s.makeResetLink))
	r.Get("/buyers", s.handle(s.listUsers(app.RoleBuyer)))
	r.Delete("/buyers/{id}", s.handle(s.deleteUser(app.RoleBuyer)))
	r.Get("/sellers", s.handle(s.listUsers(app.RoleSeller)))
	r.Delete("/sellers/{id}", s.handle(s.deleteUser(app.RoleSeller)))
	r.Put("/sellers/{id}", s.handle(s.verifySeller))

	r.Get("/audit", s.handle(s.auditLog))
	r.Put("/site", s.handle(s.updateSite))
	r.Get("/search/synonyms", s.handle(s.searchSynonyms))
	r.Put("/search/synonyms", s.handle(s.setSearchSynonyms))
	r.Post("/posts", s.handle(s.createPost))
	r.Patch("/posts/{post}", s.handle(s.editPost))
	r.Delete("/posts/{post}", s.handle(s.deletePost))

	// Conversations between a buyer and the seller of a product.
	r.With(s.idempotent).Post("/products/{id}/messages", s.handle(s.messageAboutProduct))
	r.With(s.idempotent).Post("/booked/{id}/messages", s.handle(s.messageAboutBooking))
	r.Get("/conversations", s.handle(s.listConversations))
	r.Get("/conversations/unread", s.handle(s.unread))
	r.Get("/conversations/{id}", s.handle(s.conversation))
	r.Get("/conversations/{id}/messages", s.handle(s.conversationMessages))
	r.With(s.idempotent).Post("/conversations/{id}/messages", s.handle(s.messageInConversation))
	r.Post("/conversations/{id}/read", s.handle(s.markConversationRead))
	r.Post("/conversations/{id}/messages/{messageId}/accept", s.handle(s.acceptPickup))
	r.Post("/conversations/{id}/messages/{messageId}/decline", s.handle(s.declinePickup))

	// Web Push: the server's key, a browser's subscription, and the kinds
	// of notes a person wants.
	r.Get("/push/key", s.handle(s.pushKey))
	r.Post("/push/subscriptions", s.handle(s.subscribeToPush))
	r.Delete("/push/subscriptions", s.handle(s.unsubscribeFromPush))
	r.Get("/push/subscriptions", s.handle(s.pushDevices))
	r.Delete("/push/subscriptions/{id}", s.handle(s.removePushDevice))
	r.Get("/push/preferences", s.handle(s.pushPreferences))
	r.Put("/push/preferences", s.handle(s.setPushPreferences))
}
