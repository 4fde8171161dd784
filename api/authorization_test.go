package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"rehome/app"
)

// TestAuthorization asks every endpoint as each kind of caller and checks the
// status: the server, not the web app, decides who may do what. A refused
// request (401 or 403) must leave the database and the images folder exactly
// as they were, and so must every request that only reads.
func TestAuthorization(t *testing.T) {
	e := queuingMail(t)
	admin, _ := e.admin("admin@example.com")
	seller, sellerUser := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	other, _ := e.register("Olga Other", "other@example.com", app.RoleSeller)
	buyer, buyerUser := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	anonymous := e.client()

	categoryImage := pngImage(t, 60, 40)
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, categoryImage), http.StatusCreated)
	picture := seller.upload(pngImage(t, 50, 50))

	// A picture each caller uploaded, to list products with. Anonymous
	// callers cannot upload; they are refused before the picture matters.
	images := map[*client]string{
		anonymous: picture.URL,
		buyer:     buyer.upload(pngImage(t, 12, 12)).URL,
		seller:    picture.URL,
		other:     other.upload(pngImage(t, 12, 12)).URL,
		admin:     admin.upload(pngImage(t, 12, 12)).URL,
	}

	callers := []struct {
		name string
		c    *client
	}{{"anonymous", anonymous}, {"buyer", buyer}, {"seller", seller}, {"other seller", other}, {"admin", admin}}

	type want [5]int // anonymous, buyer, seller, other seller, admin
	const (
		ok, created, gone = http.StatusOK, http.StatusCreated, http.StatusNoContent
		accepted          = http.StatusAccepted
		unauth, forbid    = http.StatusUnauthorized, http.StatusForbidden
		invalid           = http.StatusUnprocessableEntity
		conflict, missing = http.StatusConflict, http.StatusNotFound
		// Whether a request that succeeds is meant to change what is stored.
		reads, writes = false, true
	)
	n := 0
	unique := func() string { n++; return fmt.Sprint(n) }

	// Fixtures, made fresh for each case that needs one, before the request.
	bookingBody := func(product int64) map[string]any {
		return map[string]any{"product_id": product, "location": "Riverside", "buyer_phone": "+1 555 0199"}
	}
	reportBody := func(product int64) map[string]any {
		return map[string]any{"product_id": product, "reason": "Looks like a scam"}
	}
	newProduct := func(t testing.TB) int64 { // the seller's
		r := seller.call("POST", "/api/products", productBody("Tables", picture.URL))
		expectStatus(t, r, created)
		return decode[app.Product](t, r).ID
	}
	newBooking := func(t testing.TB) int64 { // the buyer's, of a new product of the seller
		r := buyer.call("POST", "/api/booked", bookingBody(newProduct(t)))
		expectStatus(t, r, created)
		return decode[app.Booking](t, r).ID
	}
	// A booking of the buyer's with its handover code in handover.
	var handover string
	newCode := func(t testing.TB) int64 {
		id := newBooking(t)
		r := buyer.call("GET", fmt.Sprintf("/api/booked/%d/handover", id), nil)
		expectStatus(t, r, ok)
		handover = decode[app.HandoverCode](t, r).Code
		return id
	}
	newHandedOver := func(t testing.TB) int64 { // a booking the seller took the buyer's code for
		id := newCode(t)
		expectStatus(t, seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/handover", id), map[string]string{"code": handover}), ok)
		return id
	}
	newNoShow := func(t testing.TB) int64 { // a booking of the buyer's that ended as the buyer's no-show
		id := newBooking(t)
		ctx := context.Background()
		b, err := e.db.BookingByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		pickup := time.Now().Add(-app.NoShowAfter - time.Minute)
		c := &app.Conversation{ProductRef: *b.ProductID, BuyerID: buyerUser.ID, SellerID: sellerUser.ID,
			Product: app.ConversationProduct{ID: b.ProductID, Name: b.Product}}
		m := &app.Message{SenderID: sellerUser.ID, PickupAt: &pickup}
		if err := e.db.AddMessage(ctx, c, m); err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.AcceptPickup(ctx, c.ID, m.ID); err != nil {
			t.Fatal(err)
		}
		if err := e.db.MarkNoShow(ctx, id, app.NoShowBuyer); err != nil {
			t.Fatal(err)
		}
		return id
	}
	reviewBody := map[string]any{"rating": 5, "text": "Friendly and on time"}
	newReview := func(t testing.TB) int64 { // the buyer's of the seller
		r := buyer.call("POST", fmt.Sprintf("/api/booked/%d/review", newHandedOver(t)), reviewBody)
		expectStatus(t, r, created)
		return decode[app.Review](t, r).ID
	}
	newReport := func(t testing.TB) int64 { // the buyer's, of a new product of the seller
		product := newProduct(t)
		expectStatus(t, buyer.call("POST", "/api/reported", reportBody(product)), created)
		r := admin.call("GET", "/api/reported?limit=100", nil)
		expectStatus(t, r, ok)
		for _, report := range decode[app.List[app.ReportedProduct]](t, r).Items {
			if report.ProductID != nil && *report.ProductID == product {
				return report.ID
			}
		}
		t.Fatalf("no report of product %d in %s", product, r.body)
		return 0
	}
	newAdvert := func(t testing.TB) int64 { // a new product of the seller, advertised
		product := newProduct(t)
		expectStatus(t, seller.call("POST", "/api/advertised", map[string]any{"product_id": product}), created)
		return product
	}
	// A new session of the buyer's, on another device; its ID in sessionID.
	var sessionID string
	newSession := func(t testing.TB) int64 {
		device := e.client()
		expectStatus(t, device.call("POST", "/api/auth/login", map[string]string{"email": "buyer@example.com", "password": testPassword}), ok)
		sessionID = decode[app.List[app.Session]](t, device.call("GET", "/api/auth/sessions", nil)).Items[0].ID
		return 0
	}
	newAccount := func(role app.Role) func(t testing.TB) int64 { // a throwaway account of role
		return func(t testing.TB) int64 {
			id := unique()
			r := e.client().form("/api/auth/register", map[string]string{"name": "Throwaway " + id,
				"email": "throwaway" + id + "@example.com", "password": testPassword, "role": string(role)}, pngImage(t, 10, 10))
			expectStatus(t, r, created)
			return decode[app.User](t, r).ID
		}
	}
	// Conversations between the buyer and the seller, their messages
	// stored as the store is asked (the limits on sending are per person,
	// and the fixtures send many); pickupMessage is a pickup time the seller
	// proposed.
	var pickupMessage int64
	say := func(t testing.TB, productID, senderID int64, text string, pickupAt *time.Time) int64 {
		ctx := context.Background()
		p, err := e.db.ProductByID(ctx, productID)
		if err != nil {
			t.Fatal(err)
		}
		c := &app.Conversation{ProductRef: p.ID, BuyerID: buyerUser.ID, SellerID: p.SellerID,
			Product: app.ConversationProduct{ID: &p.ID, Name: p.Name, Image: p.Image, ThumbURL: p.ThumbURL, Price: p.ResalePrice}}
		m := &app.Message{SenderID: senderID, Text: text, PickupAt: pickupAt}
		if err := e.db.AddMessage(ctx, c, m); err != nil {
			t.Fatal(err)
		}
		pickupMessage = m.ID
		return c.ID
	}
	newConversation := func(t testing.TB) int64 { // the buyer asked, the seller answered: each has one unread
		product := newProduct(t)
		say(t, product, buyerUser.ID, "Is it still there?", nil)
		return say(t, product, sellerUser.ID, "It is", nil)
	}
	newProposal := func(t testing.TB) int64 { // the buyer booked; the seller proposed a pickup time
		r := buyer.call("POST", "/api/booked", bookingBody(newProduct(t)))
		expectStatus(t, r, created)
		at := time.Now().Add(48 * time.Hour)
		return say(t, *decode[app.Booking](t, r).ProductID, sellerUser.ID, "", &at)
	}
	messageBody := map[string]string{"text": "Does it fit in a car?"}

	// Web Push: each caller's newest browser, subscribed fresh for the case.
	browsers := map[*client]string{}
	subscribe := func(c *client) string {
		endpoint := "https://push.example.net/send/" + unique()
		expectStatus(t, c.call("POST", "/api/push/subscriptions", browserSubscription(t, endpoint)), created)
		return endpoint
	}
	newBrowsers := func(t testing.TB) int64 {
		for _, c := range []*client{buyer, seller, other, admin} {
			browsers[c] = subscribe(c)
		}
		return 0
	}
	var strangersBrowser string
	newStrangersBrowser := func(t testing.TB) int64 { // of an account none of the callers is
		stranger, _ := e.register("Stranger "+unique(), "stranger"+unique()+"@example.com", app.RoleBuyer)
		strangersBrowser = subscribe(stranger)
		return 0
	}
	// The newest device of c's, as its list names it.
	newestDevice := func(t testing.TB, c *client) int64 {
		list := decode[app.List[app.PushDevice]](t, c.call("GET", "/api/push/subscriptions", nil))
		if len(list.Items) == 0 {
			return 0
		}
		return list.Items[0].ID
	}
	newStrangersDevice := func(t testing.TB) int64 { // of an account none of the callers is
		stranger, _ := e.register("Stranger "+unique(), "stranger"+unique()+"@example.com", app.RoleBuyer)
		subscribe(stranger)
		return newestDevice(t, stranger)
	}

	// A new post of the admin's; its slug in postSlug.
	var postSlug string
	newPost := func(t testing.TB) int64 {
		r := admin.call("POST", "/api/posts", map[string]string{"title": "Post " + unique(), "body": "Bring a friend"})
		expectStatus(t, r, created)
		p := decode[app.Post](t, r)
		postSlug = p.Slug
		return p.ID
	}

	product := newProduct(t)

	// The browsing endpoints are asked again with the listings public, set
	// for the request alone: stored as it was before and after, so the
	// fingerprint sees no change.
	setPublic := func(on bool) {
		site, err := e.db.Site(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		site.PublicListings = on
		if err := e.db.SaveSite(context.Background(), site, nil); err != nil {
			t.Fatal(err)
		}
	}
	setPublic(false)
	public := func(do func(c *client, id int64) *response) func(c *client, id int64) *response {
		return func(c *client, id int64) *response {
			setPublic(true)
			defer setPublic(false)
			return do(c, id)
		}
	}
	// A new Buyer starts selling in the buyer's place, so the buyer stays one.
	var newcomer *client
	newBuyer := func(t testing.TB) int64 {
		id := unique()
		newcomer, _ = e.register("Newcomer "+id, "newcomer"+id+"@example.com", app.RoleBuyer)
		return 0
	}
	// Succeeding changes nothing for these: they sell already, or may not.
	alreadyDone := map[string]bool{"start selling/seller": true, "start selling/other seller": true}
	// Only the seller has the booking to see; the others have none as a seller.
	for _, caller := range []string{"buyer", "other seller", "admin"} {
		alreadyDone["see new bookings/"+caller] = true
	}
	sellerProfile := func(c *client, _ int64) *response {
		return c.call("GET", fmt.Sprintf("/api/users/%d/profile", sellerUser.ID), nil)
	}
	// A buyer none of the callers is, who booked a new product of the
	// seller's (and blocked the seller, or was blocked, when asked).
	newBuyersBooking := func(block string) func(t testing.TB) int64 {
		return func(t testing.TB) int64 {
			id := unique()
			booker, bookerUser := e.register("Booker "+id, "booker"+id+"@example.com", app.RoleBuyer)
			expectStatus(t, booker.call("POST", "/api/booked", bookingBody(newProduct(t))), created)
			switch block {
			case "the seller":
				expectStatus(t, booker.call("POST", fmt.Sprintf("/api/users/%d/block", sellerUser.ID), nil), gone)
			case "by the seller":
				expectStatus(t, seller.call("POST", fmt.Sprintf("/api/users/%d/block", bookerUser.ID), nil), gone)
			}
			return bookerUser.ID
		}
	}
	buyersProfile := func(c *client, id int64) *response {
		return c.call("GET", fmt.Sprintf("/api/users/%d/profile", id), nil)
	}
	buyersReviews := func(c *client, id int64) *response {
		return c.call("GET", fmt.Sprintf("/api/users/%d/reviews", id), nil)
	}
	sellersListings := func(c *client, _ int64) *response {
		return c.call("GET", fmt.Sprintf("/api/products?seller=%d", sellerUser.ID), nil)
	}

	cases := []struct {
		name   string
		want   want
		writes bool
		setup  func(t testing.TB) int64 // makes a fresh fixture, or is nil; do gets its id
		do     func(c *client, id int64) *response
	}{
		{"register", want{created, created, created, created, created}, writes, nil, func(c *client, _ int64) *response {
			id := unique()
			// A fresh client, so the callers' own sessions stay as they are.
			return e.client().form("/api/auth/register", map[string]string{"name": "New " + id, "email": "new" + id + "@example.com",
				"password": testPassword, "role": "Buyer"}, pngImage(t, 10, 10))
		}},
		{"login", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return e.client().call("POST", "/api/auth/login", map[string]string{"email": "buyer@example.com", "password": testPassword})
		}},
		{"sign-in providers", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/auth/providers", nil)
		}},
		// Anyone may start a sign-in with Google; here it is not set up, so
		// everyone is sent to the login screen (oidc_handlers_test.go has the rest).
		{"sign in with Google", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/auth/google?next=/", nil)
		}},
		{"Google's callback", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/auth/google/callback?state=x&code=y", nil)
		}},
		// Only a Google sign-in waiting in the same session may be linked;
		// none waits here (google_link_test.go has the rest).
		{"link Google with a password", want{conflict, conflict, conflict, conflict, conflict}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/auth/google/link", map[string]string{"password": testPassword})
		}},
		{"payment methods", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/payment-methods", nil)
		}},
		{"health", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response { return c.call("GET", "/healthz", nil) }},
		{"me", want{gone, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response { return c.call("GET", "/api/auth/me", nil) }},
		{"live events", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response { return c.peek("/api/events") }},
		{"is admin", want{unauth, forbid, ok, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/users/admin/"+sellerUser.Email, nil)
		}},
		{"is seller", want{unauth, forbid, ok, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/users/seller/"+sellerUser.Email, nil)
		}},
		{"is verified seller", want{unauth, forbid, ok, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/users/seller/verified/"+sellerUser.Email, nil)
		}},
		{"upload image", want{unauth, created, created, created, created}, writes, nil, func(c *client, _ int64) *response {
			return c.form("/api/images", nil, pngImage(t, 20, 20))
		}},
		{"list categories", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response { return c.call("GET", "/api/categories", nil) }},
		{"create category", want{unauth, forbid, forbid, forbid, created}, writes, nil, func(c *client, _ int64) *response {
			return c.form("/api/categories", map[string]string{"name": "Category " + unique()}, categoryImage)
		}},
		{"category products", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/categories/Tables", nil)
		}},
		{"edit category", want{unauth, forbid, forbid, forbid, ok}, writes, nil, func(c *client, _ int64) *response {
			return c.call("PATCH", "/api/categories/Tables", map[string]string{"image": images[c]})
		}},
		{"create product", want{unauth, forbid, created, created, forbid}, writes, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/products", productBody("Tables", images[c]))
		}},
		{"search products", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/products?q=oak&category=Tables&sort=price_asc", nil)
		}},
		{"search products, a bad parameter", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/products?sort=cheapest", nil)
		}},
		{"product", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", fmt.Sprintf("/api/products/%d", product), nil)
		}},
		{"edit product", want{unauth, forbid, ok, forbid, ok}, writes, newProduct, func(c *client, id int64) *response {
			return c.call("PATCH", fmt.Sprintf("/api/products/%d", id), map[string]any{"resale_price": "99", "use_period": unique() + " years"})
		}},
		{"delete product", want{unauth, forbid, gone, forbid, gone}, writes, newProduct, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/products/%d", id), nil)
		}},
		{"seller's products", want{unauth, forbid, ok, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/myproducts/"+sellerUser.Email, nil)
		}},

		// Open to visitors when the listings are public; one account buys and sells.
		{"category products, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(func(c *client, _ int64) *response {
			return c.call("GET", "/api/categories/Tables", nil)
		})},
		{"search products, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(func(c *client, _ int64) *response {
			return c.call("GET", "/api/products?q=oak&category=Tables&sort=price_asc", nil)
		})},
		{"just listed, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(func(c *client, _ int64) *response {
			return c.call("GET", "/api/products?sort=newest", nil)
		})},
		{"product, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(func(c *client, _ int64) *response {
			return c.call("GET", fmt.Sprintf("/api/products/%d", product), nil)
		})},
		{"seller's profile", want{unauth, ok, ok, ok, ok}, reads, nil, sellerProfile},
		{"seller's profile, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(sellerProfile)},
		// A buyer's page is for the sellers they booked with, and admins;
		// to anybody else there is no such person. A block is silent.
		{"buyer's profile", want{unauth, missing, ok, missing, ok}, reads, newBuyersBooking(""), buyersProfile},
		{"buyer's profile, public listings", want{missing, missing, ok, missing, ok}, reads, newBuyersBooking(""), public(buyersProfile)},
		{"buyer's profile, they blocked the seller", want{unauth, missing, ok, missing, ok}, reads, newBuyersBooking("the seller"), buyersProfile},
		{"buyer's profile, the seller blocked them", want{unauth, missing, ok, missing, ok}, reads, newBuyersBooking("by the seller"), buyersProfile},
		{"buyer's reviews", want{unauth, missing, ok, missing, ok}, reads, newBuyersBooking(""), buyersReviews},
		{"buyer's reviews, public listings", want{missing, missing, ok, missing, ok}, reads, newBuyersBooking(""), public(buyersReviews)},
		{"seller's listings", want{unauth, ok, ok, ok, ok}, reads, nil, sellersListings},
		{"seller's listings, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(sellersListings)},
		{"book, public listings", want{unauth, created, forbid, created, created}, writes, newProduct, public(func(c *client, id int64) *response {
			return c.call("POST", "/api/booked", bookingBody(id))
		})},
		{"start selling", want{unauth, ok, ok, ok, conflict}, writes, newBuyer, func(c *client, _ int64) *response {
			if c == buyer {
				c = newcomer
			}
			return c.call("POST", "/api/auth/me/selling", nil)
		}},

		// Bookings.
		{"book", want{unauth, created, forbid, created, created}, writes, newProduct, func(c *client, id int64) *response {
			return c.call("POST", "/api/booked", bookingBody(id))
		}},
		{"own bookings", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/booked", nil)
		}},
		{"buyer's bookings", want{unauth, ok, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/booked?email="+url.QueryEscape(buyerUser.Email), nil)
		}},
		{"booking", want{unauth, ok, ok, forbid, ok}, reads, newBooking, func(c *client, id int64) *response {
			return c.call("GET", fmt.Sprintf("/api/booked/%d", id), nil)
		}},
		{"cancel booking", want{unauth, ok, forbid, forbid, ok}, writes, newBooking, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/booked/%d", id), nil)
		}},
		{"confirm payment", want{unauth, forbid, ok, forbid, ok}, writes, newBooking, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/booked/%d/paid", id), nil)
		}},
		// Card payments are not set up here: the buyer is told so, after the
		// check of who may pay (payment_handlers_test.go has them set up).
		{"card checkout", want{unauth, conflict, forbid, forbid, forbid}, reads, newBooking, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/booked/%d/checkout", id), nil)
		}},
		{"Stripe's webhook", want{missing, missing, missing, missing, missing}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/stripe/webhook", `{}`)
		}},
		// Trust: the handover code and the reviews it allows.
		// The code is drawn at booking: showing it changes nothing.
		{"handover code", want{unauth, ok, forbid, forbid, forbid}, reads, newBooking, func(c *client, id int64) *response {
			return c.call("GET", fmt.Sprintf("/api/booked/%d/handover", id), nil)
		}},
		{"hand over", want{unauth, forbid, ok, forbid, forbid}, writes, newCode, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/mybuyers/%d/handover", id), map[string]string{"code": handover})
		}},
		{"review the seller", want{unauth, created, forbid, forbid, forbid}, writes, newHandedOver, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/booked/%d/review", id), reviewBody)
		}},
		{"review the buyer", want{unauth, forbid, created, forbid, forbid}, writes, newHandedOver, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/mybuyers/%d/review", id), reviewBody)
		}},
		// Without an agreed pickup time 2 hours past, whoever may say so is told it is too soon.
		{"the buyer did not come", want{unauth, forbid, conflict, forbid, forbid}, reads, newBooking, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/mybuyers/%d/no-show", id), nil)
		}},
		{"the seller did not come", want{unauth, conflict, forbid, forbid, forbid}, reads, newBooking, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/booked/%d/no-show", id), nil)
		}},
		// Only the person it was counted against may answer a no-show; to anyone else it is not theirs.
		{"answer a no-show", want{unauth, ok, missing, missing, missing}, writes, newNoShow, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/no-shows/%d/answer", id), map[string]string{"answer": "The bus broke down"})
		}},
		{"remove a no-show", want{unauth, forbid, forbid, forbid, gone}, writes, newNoShow, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/no-shows/%d", id), map[string]string{"reason": "The seller was mistaken"})
		}},
		{"a person's reviews", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", fmt.Sprintf("/api/users/%d/reviews", sellerUser.ID), nil)
		}},
		{"a person's reviews, public listings", want{ok, ok, ok, ok, ok}, reads, nil, public(func(c *client, _ int64) *response {
			return c.call("GET", fmt.Sprintf("/api/users/%d/reviews", sellerUser.ID), nil)
		})},
		{"hide a review", want{unauth, forbid, forbid, forbid, gone}, writes, newReview, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/reviews/%d/hide", id), map[string]string{"reason": "Names a neighbour"})
		}},
		// Safety: blocking a person, suspending an account.
		{"block", want{unauth, gone, gone, gone, gone}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/users/%d/block", id), nil)
		}},
		{"unblock, nobody blocked", want{unauth, gone, gone, gone, gone}, reads, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/users/%d/block", id), nil)
		}},
		{"own blocks", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/blocks", nil)
		}},
		{"suspend", want{unauth, forbid, forbid, forbid, ok}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/users/%d/suspend", id), map[string]any{"days": 7, "reason": "Rude to buyers"})
		}},
		{"lift a suspension", want{unauth, forbid, forbid, forbid, ok}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/users/%d/suspend", id), nil)
		}},
		{"seller's buyers", want{unauth, forbid, ok, ok, forbid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/mybuyers", nil)
		}},
		{"decline booking", want{unauth, forbid, ok, forbid, ok}, writes, newBooking, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", id), map[string]string{"reason": "Promised to a neighbour"})
		}},
		{"see new bookings", want{unauth, gone, gone, gone, gone}, writes, newBooking, func(c *client, id int64) *response {
			return c.call("POST", "/api/mybuyers/seen", map[string]int64{"booking_id": id})
		}},

		// Reports and adverts.
		{"report", want{unauth, created, forbid, created, created}, writes, newProduct, func(c *client, id int64) *response {
			return c.call("POST", "/api/reported", reportBody(id))
		}},
		{"report a person", want{unauth, created, created, created, created}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("POST", "/api/reported", map[string]any{"user_id": id, "reason": "Asks for money upfront"})
		}},
		{"reported products", want{unauth, forbid, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/reported", nil)
		}},
		{"make a password reset link", want{unauth, forbid, forbid, forbid, created}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/users/%d/reset-link", id), nil)
		}},
		{"change one's password, the current one wrong", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/auth/password", map[string]string{"current_password": "not it at all", "new_password": "new password 1"})
		}},
		{"edit one's profile, a bad phone", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("PATCH", "/api/auth/me", map[string]string{"phone": "call me"})
		}},
		{"leave the marketplace, a wrong password", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("DELETE", "/api/auth/me", map[string]string{"password": "not it at all"})
		}},
		{"export one's data", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/auth/me/export", nil)
		}},
		{"sign out everywhere else", want{unauth, gone, gone, gone, gone}, writes, nil, func(c *client, _ int64) *response {
			return c.call("DELETE", "/api/auth/sessions", nil)
		}},
		// The same answer to everyone, for an email with an account or not.
		{"forgot password", want{accepted, accepted, accepted, accepted, accepted}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/auth/password/forgot", map[string]string{"email": "nobody@example.com"})
		}},
		{"change one's email, the password wrong", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/auth/email", map[string]string{"email": "new@example.com", "password": "not it at all"})
		}},
		{"confirm an email change, a made-up link", want{invalid, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/auth/email/confirm", map[string]string{"token": "made-up"})
		}},
		// The admin's email was vouched for by the operator: nothing to confirm.
		{"send a link confirming one's email", want{unauth, accepted, accepted, accepted, conflict}, writes, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/auth/email/verify", nil)
		}},
		{"one's sessions", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/auth/sessions", nil)
		}},
		// Only its owner may end a session. (The fingerprint leaves sessions out.)
		{"end the buyer's other session", want{unauth, gone, missing, missing, missing}, reads, newSession, func(c *client, _ int64) *response {
			return c.call("DELETE", "/api/auth/sessions/"+sessionID, nil)
		}},
		// Anyone may spend a link; a made-up one sets nothing.
		{"reset a password", want{invalid, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return e.client().call("POST", "/api/auth/password/reset", map[string]string{"token": "made-up", "password": "new password 1"})
		}},
		{"audit log", want{unauth, forbid, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/audit", nil)
		}},
		{"site settings", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/site", nil)
		}},
		{"the API's contract", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/openapi.json", nil)
		}},
		{"change site settings", want{unauth, forbid, forbid, forbid, ok}, writes, nil, func(c *client, _ int64) *response {
			return c.call("PUT", "/api/site", map[string]any{"tagline": "Tagline " + unique()})
		}},
		{"search synonyms", want{unauth, forbid, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/search/synonyms", nil)
		}},
		{"change search synonyms", want{unauth, forbid, forbid, forbid, ok}, writes, nil, func(c *client, _ int64) *response {
			return c.call("PUT", "/api/search/synonyms", [][]string{{"couch", "sofa" + unique()}})
		}},
		// The community's posts: anyone reads them, admins write them.
		{"posts", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/posts", nil)
		}},
		{"post", want{ok, ok, ok, ok, ok}, reads, newPost, func(c *client, _ int64) *response {
			return c.call("GET", "/api/posts/"+postSlug, nil)
		}},
		{"write a post", want{unauth, forbid, forbid, forbid, created}, writes, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/posts", map[string]string{"title": "News " + unique(), "body": "Swap day on Saturday"})
		}},
		{"edit a post", want{unauth, forbid, forbid, forbid, ok}, writes, newPost, func(c *client, id int64) *response {
			return c.call("PATCH", fmt.Sprintf("/api/posts/%d", id), map[string]string{"title": "Edited " + unique()})
		}},
		{"delete a post", want{unauth, forbid, forbid, forbid, gone}, writes, newPost, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/posts/%d", id), nil)
		}},
		// What crawlers and link previews read, the same for everyone (share_test.go has what it says).
		{"robots.txt", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response { return c.call("GET", "/robots.txt", nil) }},
		{"sitemap", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response { return c.call("GET", "/sitemap.xml", nil) }},
		{"a sitemap past the index", want{missing, missing, missing, missing, missing}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/sitemap-2.xml", nil)
		}},
		{"a listing's page with its head", want{ok, ok, ok, ok, ok}, reads, newProduct, func(c *client, id int64) *response {
			return c.call("GET", fmt.Sprintf("/products/%d", id), nil)
		}},
		{"dismiss report", want{unauth, forbid, forbid, forbid, gone}, writes, newReport, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/reported/%d", id), nil)
		}},
		{"advertise", want{unauth, forbid, created, forbid, forbid}, writes, newProduct, func(c *client, id int64) *response {
			return c.call("POST", "/api/advertised", map[string]any{"product_id": id})
		}},
		{"advertised products", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/advertised", nil)
		}},
		{"remove advert", want{unauth, forbid, gone, forbid, gone}, writes, newAdvert, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/advertised/%d", id), nil)
		}},

		// Accounts, for admins.
		{"users", want{unauth, forbid, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/users", nil)
		}},
		{"promote to admin", want{unauth, forbid, forbid, forbid, ok}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("PUT", fmt.Sprintf("/api/users/admin/%d", id), nil)
		}},
		{"delete user", want{unauth, forbid, forbid, forbid, gone}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/users/%d", id), nil)
		}},
		{"buyers", want{unauth, forbid, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/buyers", nil)
		}},
		{"delete buyer", want{unauth, forbid, forbid, forbid, gone}, writes, newAccount(app.RoleBuyer), func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/buyers/%d", id), nil)
		}},
		{"sellers", want{unauth, forbid, forbid, forbid, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/sellers", nil)
		}},
		{"delete seller", want{unauth, forbid, forbid, forbid, gone}, writes, newAccount(app.RoleSeller), func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/sellers/%d", id), nil)
		}},
		{"verify seller", want{unauth, forbid, forbid, forbid, ok}, writes, newAccount(app.RoleSeller), func(c *client, id int64) *response {
			return c.call("PUT", fmt.Sprintf("/api/sellers/%d", id), nil)
		}},

		// Conversations: only their two people, admins included.
		{"message about a product", want{unauth, created, forbid, created, created}, writes, newProduct, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/products/%d/messages", id), messageBody)
		}},
		{"message about a booking", want{unauth, created, created, forbid, forbid}, writes, newBooking, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/booked/%d/messages", id), messageBody)
		}},
		{"conversations", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/conversations", nil)
		}},
		{"unread messages", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/conversations/unread", nil)
		}},
		{"conversation", want{unauth, ok, ok, forbid, forbid}, reads, newConversation, func(c *client, id int64) *response {
			return c.call("GET", fmt.Sprintf("/api/conversations/%d", id), nil)
		}},
		// Reading changes nothing; marking read is a POST of its own.
		{"conversation's messages", want{unauth, ok, ok, forbid, forbid}, reads, newConversation, func(c *client, id int64) *response {
			return c.call("GET", fmt.Sprintf("/api/conversations/%d/messages", id), nil)
		}},
		{"mark a conversation read", want{unauth, ok, ok, forbid, forbid}, writes, newConversation, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/conversations/%d/read", id), nil)
		}},
		{"message in a conversation", want{unauth, created, created, forbid, forbid}, writes, newConversation, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/conversations/%d/messages", id), messageBody)
		}},
		{"accept a pickup time", want{unauth, ok, forbid, forbid, forbid}, writes, newProposal, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/accept", id, pickupMessage), nil)
		}},
		{"decline a pickup time", want{unauth, ok, forbid, forbid, forbid}, writes, newProposal, func(c *client, id int64) *response {
			return c.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/decline", id, pickupMessage), nil)
		}},

		// Web Push.
		{"push key", want{ok, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/push/key", nil)
		}},
		{"subscribe to push", want{unauth, created, created, created, created}, writes, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/push/subscriptions", browserSubscription(t, "https://push.example.net/send/"+unique()))
		}},
		{"subscribe to push, plain HTTP", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("POST", "/api/push/subscriptions", browserSubscription(t, "http://push.example.net/send/"+unique()))
		}},
		{"unsubscribe one's browser", want{unauth, gone, gone, gone, gone}, writes, newBrowsers, func(c *client, _ int64) *response {
			return c.call("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": browsers[c]})
		}},
		// Someone else's browser stays subscribed, and the answer does not
		// say whether it exists.
		{"unsubscribe someone else's browser", want{unauth, gone, gone, gone, gone}, reads, newStrangersBrowser, func(c *client, _ int64) *response {
			return c.call("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": strangersBrowser})
		}},
		{"one's push devices", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/push/subscriptions", nil)
		}},
		{"remove one's push device", want{unauth, gone, gone, gone, gone}, writes, newBrowsers, func(c *client, _ int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/push/subscriptions/%d", newestDevice(t, c)), nil)
		}},
		// Someone else's device stays, as if there were none.
		{"remove someone else's push device", want{unauth, missing, missing, missing, missing}, reads, newStrangersDevice, func(c *client, id int64) *response {
			return c.call("DELETE", fmt.Sprintf("/api/push/subscriptions/%d", id), nil)
		}},
		{"push preferences", want{unauth, ok, ok, ok, ok}, reads, nil, func(c *client, _ int64) *response {
			return c.call("GET", "/api/push/preferences", nil)
		}},
		{"set push preferences", want{unauth, ok, ok, ok, ok}, writes, nil, func(c *client, _ int64) *response {
			// The opposite of what the caller has, so that something changes.
			var prefs map[string]bool
			if r := c.call("GET", "/api/push/preferences", nil); r.status == ok {
				prefs = decode[map[string]bool](t, r)
			}
			return c.call("PUT", "/api/push/preferences", map[string]bool{"payment": !prefs["payment"]})
		}},
		{"set push preferences, an unknown kind", want{unauth, invalid, invalid, invalid, invalid}, reads, nil, func(c *client, _ int64) *response {
			return c.call("PUT", "/api/push/preferences", map[string]bool{"sms": false})
		}},

		{"logout", want{gone, gone, gone, gone, gone}, reads, nil, func(c *client, _ int64) *response {
			// Log out a throwaway session, so the callers stay signed in.
			throwaway := e.client()
			throwaway.http.Jar = nil
			return throwaway.call("POST", "/api/auth/logout", nil)
		}},
	}

	// knownBugs skips the cases, named "case/caller", that fail because of a
	// bug in the server, with a "BUG: ..." reason; the table above still says
	// what should happen. None are known at present.
	knownBugs := map[string]string{}

	for _, tc := range cases {
		for i, caller := range callers {
			name := tc.name + "/" + caller.name
			t.Run(name, func(t *testing.T) {
				if reason, found := knownBugs[name]; found {
					t.Skip(reason)
				}
				var id int64
				if tc.setup != nil {
					id = tc.setup(t)
				}
				before := e.fingerprint(t)
				r := tc.do(caller.c, id)
				after := e.fingerprint(t)
				if r.status != tc.want[i] {
					t.Errorf("status %d, want %d; body %s", r.status, tc.want[i], r.body)
				}
				diff := fingerprintDiff(before, after)
				refused := r.status == unauth || r.status == forbid || tc.want[i] == unauth || tc.want[i] == forbid
				switch {
				case (refused || !tc.writes) && diff != "":
					t.Errorf("status %d changed what is stored:\n%s", r.status, diff)
				case alreadyDone[name] && diff != "":
					t.Errorf("status %d changed what is stored:\n%s", r.status, diff)
				case !refused && tc.writes && r.status < 300 && diff == "" && !alreadyDone[name]:
					t.Errorf("status %d, but nothing stored changed", r.status)
				}
			})
		}
	}
}
