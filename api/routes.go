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
	r.With(noStore, s.refuseCrossOrigin, s.withSession).Get(eventsPath, s.events)

	r.Route("/api", func(r chi.Router) {
		// Phones on poor connections gain most from compressed lists.
		r.Use(httpcache.CompressJSON, noStore, s.refuseCrossOrigin, s.validQuery)

		// The lists every visitor loads are the same for all, so they skip
		// the session: a browser revalidating them with If-None-Match is
		// answered without touching the database. The advertised products
		// tell a signed-in viewer which they booked, so a request with a
		// session cookie loads its session.
		r.Get("/categories", s.listCategories)
		r.Method(http.MethodGet, "/advertised", s.withSessionIfSent(http.HandlerFunc(s.advertisedProducts)))
		r.Get("/site", s.site)
		r.Get("/openapi.json", s.openAPI)
		// The community's posts are for everyone. {post} is a slug here and
		// an id for the admins' changes below.
		r.Get("/posts", s.listPosts)
		r.Get("/posts/{post}", s.post)
		r.Get("/auth/providers", s.providers)
		r.Get("/payment-methods", s.paymentMethods)
		// Stripe signs its events; they carry no session.
		r.Post("/stripe/webhook", s.cardWebhook)

		r.Group(func(r chi.Router) {
			r.Use(s.withSession)
			s.sessionRoutes(r)
		})

		r.NotFound(s.apiNotFound)
		r.MethodNotAllowed(s.apiMethodNotAllowed)
	})

	// What crawlers and link previews read (sitemap.go, share.go).
	r.Get("/robots.txt", s.robots)
	r.Get("/sitemap.xml", s.sitemap)
	r.Get("/sitemap-{n}.xml", s.sitemapFile)
	r.Get("/"+webapp.ManifestFile, s.manifest)
	r.Get(apiReferencePath, s.apiReference)

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
	r.Post("/auth/register", s.register)
	r.Post("/auth/login", s.login)
	r.Post("/auth/logout", s.logout)
	r.Post("/auth/password/forgot", s.forgotPassword)
	r.Post("/auth/password/reset", s.resetPassword)
	r.Post("/auth/password", s.changePassword)
	r.Patch("/auth/me", s.updateProfile)
	r.Delete("/auth/me", s.leave)
	r.Get("/auth/me/export", s.exportAccount)
	r.Post("/auth/email", s.requestEmailChange)
	r.Post("/auth/email/confirm", s.confirmEmail)
	r.Post("/auth/email/verify", s.sendEmailVerification)
	r.Get("/auth/sessions", s.listSessions)
	r.Delete("/auth/sessions", s.endOtherSessions)
	r.Delete("/auth/sessions/{id}", s.endSession)
	r.Get("/auth/me", s.me)
	r.Get("/auth/google", s.googleSignIn)
	r.Get("/auth/google/callback", s.googleCallback)
	r.Post("/auth/google/link", s.linkGoogle)

	// One account buys and sells; a seller's page for whoever may browse.
	r.Post("/auth/me/selling", s.startSelling)
	r.Get("/users/{id}/profile", s.sellerProfile)

	// {user} is an email for the role checks and an id for promotion.
	r.Get("/users/admin/{user}", s.isAdmin)
	r.Get("/users/seller/{user}", s.isSeller)
	r.Get("/users/seller/verified/{user}", s.isVerifiedSeller)

	r.Post("/images", s.uploadImage)

	r.Post("/categories", s.createCategory)
	r.Get("/categories/{name}", s.categoryProducts)
	r.Patch("/categories/{name}", s.editCategory)

	r.Post("/products", s.createProduct)
	r.Get("/products", s.searchProducts)
	r.Get("/products/{id}", s.product)
	r.Patch("/products/{id}", s.editProduct)
	r.Delete("/products/{id}", s.deleteProduct)
	r.Get("/myproducts/{email}", s.sellerProducts)

	r.With(s.idempotent).Post("/booked", s.book)
	r.Get("/booked", s.buyerBookings)
	r.Get("/booked/{id}", s.booking)
	r.Delete("/booked/{id}", s.cancelBooking)
	r.Post("/booked/{id}/paid", s.confirmPayment)
	r.Post("/booked/{id}/checkout", s.checkout)
	r.Get("/mybuyers", s.sellerBookings)
	r.Delete("/mybuyers/{id}", s.declineBooking)
	r.Post("/mybuyers/seen", s.seeBookings)

	// Trust: the code that hands a booking over, and the reviews it allows.
	r.Get("/booked/{id}/handover", s.handoverCode)
	r.With(s.idempotent).Post("/mybuyers/{id}/handover", s.handOver)
	r.With(s.idempotent).Post("/booked/{id}/review", s.reviewSeller)
	r.With(s.idempotent).Post("/mybuyers/{id}/review", s.reviewBuyer)
	r.Get("/users/{id}/reviews", s.userReviews)
	r.Post("/reviews/{id}/hide", s.hideReview)
	r.Post("/mybuyers/{id}/no-show", s.buyerNoShow)
	r.Post("/booked/{id}/no-show", s.sellerNoShow)
	r.Post("/no-shows/{booking_id}/answer", s.answerNoShow)
	r.Delete("/no-shows/{booking_id}", s.removeNoShow)

	// Safety: blocking a person, suspending an account.
	r.Post("/users/{id}/block", s.block)
	r.Delete("/users/{id}/block", s.unblock)
	r.Get("/blocks", s.blocks)
	r.Post("/users/{id}/suspend", s.suspendUser)
	r.Delete("/users/{id}/suspend", s.unsuspendUser)

	r.With(s.idempotent).Post("/reported", s.report)
	r.Get("/reported", s.reportedProducts)
	r.Delete("/reported/{id}", s.dismissReport)

	r.Post("/advertised", s.advertise)
	r.Delete("/advertised/{id}", s.removeAdvert)

	r.Get("/users", s.listUsers(""))
	r.Put("/users/admin/{user}", s.promoteToAdmin)
	r.Delete("/users/{id}", s.deleteUser(""))
	r.Post("/users/{id}/reset-link", s.makeResetLink)
	r.Get("/buyers", s.listUsers(app.RoleBuyer))
	r.Delete("/buyers/{id}", s.deleteUser(app.RoleBuyer))
	r.Get("/sellers", s.listUsers(app.RoleSeller))
	r.Delete("/sellers/{id}", s.deleteUser(app.RoleSeller))
	r.Put("/sellers/{id}", s.verifySeller)

	r.Get("/audit", s.auditLog)
	r.Put("/site", s.updateSite)
	r.Get("/search/synonyms", s.searchSynonyms)
	r.Put("/search/synonyms", s.setSearchSynonyms)
	r.Post("/posts", s.createPost)
	r.Patch("/posts/{post}", s.editPost)
	r.Delete("/posts/{post}", s.deletePost)

	// Conversations between a buyer and the seller of a product.
	r.With(s.idempotent).Post("/products/{id}/messages", s.messageAboutProduct)
	r.With(s.idempotent).Post("/booked/{id}/messages", s.messageAboutBooking)
	r.Get("/conversations", s.listConversations)
	r.Get("/conversations/unread", s.unread)
	r.Get("/conversations/{id}", s.conversation)
	r.Get("/conversations/{id}/messages", s.conversationMessages)
	r.With(s.idempotent).Post("/conversations/{id}/messages", s.messageInConversation)
	r.Post("/conversations/{id}/read", s.markConversationRead)
	r.Post("/conversations/{id}/messages/{messageId}/accept", s.acceptPickup)
	r.Post("/conversations/{id}/messages/{messageId}/decline", s.declinePickup)

	// Web Push: the server's key, a browser's subscription, and the kinds
	// of notes a person wants.
	r.Get("/push/key", s.pushKey)
	r.Post("/push/subscriptions", s.subscribeToPush)
	r.Delete("/push/subscriptions", s.unsubscribeFromPush)
	r.Get("/push/subscriptions", s.pushDevices)
	r.Delete("/push/subscriptions/{id}", s.removePushDevice)
	r.Get("/push/preferences", s.pushPreferences)
	r.Put("/push/preferences", s.setPushPreferences)
}
