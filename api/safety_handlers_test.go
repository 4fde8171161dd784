package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// listed says which of ids the list shows.
func listed(list app.List[app.Product], ids ...int64) []int64 {
	var shown []int64
	for _, p := range list.Items {
		if slices.Contains(ids, p.ID) {
			shown = append(shown, p.ID)
		}
	}
	return shown
}

func TestBlock(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	bea, beaUser := s.register("Bea Buyer", "bea@example.com", app.RoleSeller)
	mine := s.mpProduct(t, "Tables")
	beas := s.createProducts(t, beaUser, "Tables", 1)[0]
	message := func(c *client, product int64) *response {
		return c.call("POST", fmt.Sprintf("/api/products/%d/messages", product), map[string]string{"text": "Still there?"})
	}
	expectStatus(t, message(bea, mine), http.StatusCreated)

	block := fmt.Sprintf("/api/users/%d/block", beaUser.ID)
	expectStatus(t, s.seller.call("POST", block, nil), http.StatusNoContent)
	expectStatus(t, s.seller.call("POST", block, nil), http.StatusNoContent) // twice is once

	t.Run("they cannot message or book, and neither can the blocker", func(t *testing.T) {
		expectError(t, message(bea, mine), http.StatusForbidden, "You cannot message this person", nil)
		expectError(t, message(s.seller, beas), http.StatusForbidden, "You cannot message this person", nil)
		expectError(t, bea.call("POST", "/api/booked", mpBookBody(mine)), http.StatusForbidden, "You cannot book this listing", nil)
	})
	t.Run("the blocker stops seeing their listings", func(t *testing.T) {
		if shown := listed(mpGet[app.Product](t, s.seller, "/api/categories/Tables"), mine, beas); !slices.Equal(shown, []int64{mine}) {
			t.Errorf("the blocker's category page shows %v", shown)
		}
		if shown := listed(mpGet[app.Product](t, s.seller, "/api/products?q=item"), beas); len(shown) != 0 {
			t.Errorf("the blocker's search shows %v", shown)
		}
		if shown := listed(mpGet[app.Product](t, bea, "/api/categories/Tables"), mine, beas); len(shown) != 2 {
			t.Errorf("the blocked person's category page shows %v: they blocked nobody", shown)
		}
	})
	t.Run("the blocker's list", func(t *testing.T) {
		list := mpGet[app.BlockedUser](t, s.seller, "/api/blocks")
		if list.Total != 1 || list.Items[0].ID != beaUser.ID || list.Items[0].Name != "Bea Buyer" {
			t.Errorf("blocks %+v", list)
		}
		if list := mpGet[app.BlockedUser](t, bea, "/api/blocks"); list.Total != 0 {
			t.Errorf("the blocked person's blocks %+v", list)
		}
	})
	t.Run("refused", func(t *testing.T) {
		expectError(t, s.seller.call("POST", fmt.Sprintf("/api/users/%d/block", s.sellerUser.ID), nil), http.StatusConflict,
			"You cannot block yourself", nil)
		expectStatus(t, s.seller.call("POST", "/api/users/99999/block", nil), http.StatusNotFound)
		expectStatus(t, s.seller.call("POST", "/api/users/abc/block", nil), http.StatusNotFound)
		// No id names nothing: there is no block of it to lift.
		expectStatus(t, s.seller.call("DELETE", "/api/users/abc/block", nil), http.StatusNotFound)
	})
	t.Run("unblocked, all is as before", func(t *testing.T) {
		expectStatus(t, s.seller.call("DELETE", block, nil), http.StatusNoContent)
		expectStatus(t, message(bea, mine), http.StatusCreated)
		if shown := listed(mpGet[app.Product](t, s.seller, "/api/categories/Tables"), mine, beas); len(shown) != 2 {
			t.Errorf("the category page shows %v", shown)
		}
	})
}

func TestSuspend(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	listing := s.mpProduct(t, "Tables")
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": listing}), http.StatusCreated)
	path := fmt.Sprintf("/api/users/%d/suspend", s.sellerUser.ID)
	adverts := func() []int64 { return listed(mpGet[app.Product](t, s.client(), "/api/advertised"), listing) }
	if len(adverts()) != 1 {
		t.Fatal("the advert is not on the home page")
	}

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			body   map[string]any
			fields map[string]string
		}{
			{map[string]any{"days": 0, "reason": "Spam"}, map[string]string{"days": "Choose 1 to 365 days"}},
			{map[string]any{"days": 366, "reason": "Spam"}, map[string]string{"days": "Choose 1 to 365 days"}},
			{map[string]any{"days": 3, "reason": "  "}, map[string]string{"reason": "This field is required"}},
		} {
			expectError(t, s.admin.call("POST", path, tc.body), http.StatusUnprocessableEntity, "Please correct the highlighted fields", tc.fields)
		}
		expectError(t, s.admin.call("POST", fmt.Sprintf("/api/users/%d/suspend", s.adminUser.ID), map[string]any{"days": 3, "reason": "x"}),
			http.StatusConflict, "An admin's account cannot be suspended", nil)
	})

	r := s.admin.call("POST", path, map[string]any{"days": 7, "reason": "Sold a broken fridge as new"})
	expectStatus(t, r, http.StatusOK)
	suspended := decode[app.User](t, r)
	if suspended.SuspendedUntil == nil || suspended.SuspendReason != "Sold a broken fridge as new" {
		t.Fatalf("suspended %+v", suspended)
	}

	t.Run("their sessions end and they are told why at login", func(t *testing.T) {
		if me := s.seller.call("GET", "/api/auth/me", nil); me.status != http.StatusNoContent {
			t.Errorf("still signed in: %d %s", me.status, me.body)
		}
		r := s.client().call("POST", "/api/auth/login", map[string]string{"email": "seller@example.com", "password": testPassword})
		expectStatus(t, r, http.StatusForbidden)
		got := decode[map[string]any](t, r)
		message, _ := got["error"].(string)
		if !strings.HasPrefix(message, "Your account is suspended until ") || !strings.HasSuffix(message, ": Sold a broken fridge as new") {
			t.Errorf("told %q", message)
		}
	})
	t.Run("their listings are hidden from all but admins", func(t *testing.T) {
		if shown := listed(mpGet[app.Product](t, bea, "/api/categories/Tables"), listing); len(shown) != 0 {
			t.Errorf("the category page shows %v", shown)
		}
		if shown := listed(mpGet[app.Product](t, bea, "/api/products?q=oak"), listing); len(shown) != 0 {
			t.Errorf("search shows %v", shown)
		}
		expectStatus(t, bea.call("GET", fmt.Sprintf("/api/products/%d", listing), nil), http.StatusNotFound)
		expectStatus(t, s.admin.call("GET", fmt.Sprintf("/api/products/%d", listing), nil), http.StatusOK)
		if shown := adverts(); len(shown) != 0 {
			t.Errorf("the home page advertises %v", shown)
		}
	})
	t.Run("audit-logged", func(t *testing.T) {
		audit := mpGet[app.AuditEntry](t, s.admin, "/api/audit")
		if audit.Items[0].Action != app.AuditSuspendUser || !strings.Contains(audit.Items[0].Target, "for 7 days: Sold a broken fridge as new") {
			t.Errorf("audit %+v", audit.Items[0])
		}
	})
	t.Run("lifted, all is as before", func(t *testing.T) {
		r := s.admin.call("DELETE", path, nil)
		expectStatus(t, r, http.StatusOK)
		if u := decode[app.User](t, r); u.SuspendedUntil != nil || u.SuspendReason != "" {
			t.Errorf("lifted %+v", u)
		}
		expectStatus(t, s.seller.call("POST", "/api/auth/login", map[string]string{"email": "seller@example.com", "password": testPassword}),
			http.StatusOK)
		if shown := listed(mpGet[app.Product](t, bea, "/api/categories/Tables"), listing); len(shown) != 1 {
			t.Errorf("the category page shows %v", shown)
		}
		if audit := mpGet[app.AuditEntry](t, s.admin, "/api/audit"); audit.Items[0].Action != app.AuditUnsuspendUser {
			t.Errorf("audit %+v", audit.Items[0])
		}
	})
}

func TestReportPeopleMessagesAndReviews(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	stranger, _ := s.register("Stu Stranger", "stu@example.com", app.RoleBuyer)
	b, code := s.booking(t)
	question := say(t, s.buyer, fmt.Sprintf("/api/products/%d/messages", *b.ProductID), "Is it still there?")
	rude := say(t, s.seller, messagesPath(question.ConversationID), "Pay me first or else")
	report := func(c *client, body map[string]any) *response { return c.call("POST", "/api/reported", body) }

	t.Run("a message sent to you", func(t *testing.T) {
		r := report(s.buyer, map[string]any{"message_id": rude.ID, "reason": "Threatening"})
		expectStatus(t, r, http.StatusCreated)
		if got := decode[map[string]int64](t, r); got["message_id"] != rude.ID || len(got) != 1 {
			t.Errorf("answered %v", got)
		}
		expectError(t, report(s.buyer, map[string]any{"message_id": rude.ID}), http.StatusConflict, "You have already reported this message", nil)
		expectError(t, report(s.seller, map[string]any{"message_id": rude.ID}), http.StatusForbidden, "You cannot report your own message", nil)
		expectStatus(t, report(stranger, map[string]any{"message_id": rude.ID}), http.StatusNotFound)
		expectStatus(t, report(s.buyer, map[string]any{"message_id": 99999}), http.StatusNotFound)
	})
	t.Run("a person", func(t *testing.T) {
		expectStatus(t, report(s.buyer, map[string]any{"user_id": s.sellerUser.ID, "reason": "Asks for money upfront"}), http.StatusCreated)
		expectError(t, report(s.buyer, map[string]any{"user_id": s.buyerUser.ID}), http.StatusForbidden, "You cannot report yourself", nil)
		expectStatus(t, report(s.buyer, map[string]any{"user_id": 99999}), http.StatusNotFound)
	})
	t.Run("a review others see", func(t *testing.T) {
		expectStatus(t, s.handOver(b, code), http.StatusOK)
		r := s.buyer.call("POST", fmt.Sprintf("/api/booked/%d/review", b.ID), map[string]any{"rating": 1, "text": "Rude"})
		expectStatus(t, r, http.StatusCreated)
		review := decode[app.Review](t, r)
		// Not seen yet: nobody can report it.
		expectStatus(t, report(stranger, map[string]any{"review_id": review.ID}), http.StatusNotFound)
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/review", b.ID), map[string]any{"rating": 5}), http.StatusCreated)
		expectError(t, report(s.buyer, map[string]any{"review_id": review.ID}), http.StatusForbidden, "You cannot report your own review", nil)
		expectStatus(t, report(stranger, map[string]any{"review_id": review.ID, "reason": "Unfair"}), http.StatusCreated)
	})
	t.Run("one thing at a time", func(t *testing.T) {
		expectError(t, report(s.buyer, map[string]any{"user_id": s.sellerUser.ID, "message_id": rude.ID}), http.StatusUnprocessableEntity,
			"Please correct the highlighted fields", map[string]string{"product_id": "Report one thing: one of product_id, user_id, message_id and review_id"})
	})

	t.Run("the admins see each with what it is about", func(t *testing.T) {
		list := mpGet[app.ReportedProduct](t, s.admin, "/api/reported")
		byKind := map[app.ReportKind]app.ReportedProduct{}
		for _, r := range list.Items {
			byKind[r.Kind] = r
		}
		if len(byKind) != 3 {
			t.Fatalf("reported %+v", list.Items)
		}
		m := byKind[app.ReportMessage]
		if m.MessageID == nil || *m.MessageID != rude.ID || m.Text != "Pay me first or else" || m.User != "Sam Seller" ||
			m.Reason != "Threatening" || m.ProductID != nil || len(m.Context) != 2 || m.Context[0].Text != "Is it still there?" ||
			!m.Context[1].Reported || m.Context[1].SenderID != s.sellerUser.ID {
			t.Errorf("the message's report %+v", m)
		}
		if u := byKind[app.ReportUser]; u.UserID == nil || *u.UserID != s.sellerUser.ID || u.UserEmail != "seller@example.com" || u.Context != nil {
			t.Errorf("the person's report %+v", u)
		}
		if rv := byKind[app.ReportReview]; rv.Rating == nil || *rv.Rating != 1 || rv.Text != "Rude" || rv.User != "Bea Buyer" {
			t.Errorf("the review's report %+v", rv)
		}
		expectStatus(t, s.admin.call("DELETE", fmt.Sprintf("/api/reported/%d", m.ID), nil), http.StatusNoContent)
		if audit := mpGet[app.AuditEntry](t, s.admin, "/api/audit"); audit.Items[0].Target != "message of Sam Seller" {
			t.Errorf("audit %+v", audit.Items[0])
		}
	})
}

// TestSuspensionEnds: when a suspension's time is up, with no write since,
// the listings show again, the home page's adverts too.
func TestSuspensionEnds(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	listing := s.mpProduct(t, "Tables")
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": listing}), http.StatusCreated)
	expectStatus(t, s.admin.call("POST", fmt.Sprintf("/api/users/%d/suspend", s.sellerUser.ID), map[string]any{"days": 1, "reason": "Spam"}),
		http.StatusOK)
	visitor := s.client()
	expectStatus(t, s.admin.call("PUT", "/api/site", map[string]any{"public_listings": true}), http.StatusOK)
	if shown := listed(mpGet[app.Product](t, visitor, "/api/advertised"), listing); len(shown) != 0 {
		t.Fatalf("advertised while suspended: %v", shown)
	}
	s.later(24*time.Hour + time.Second)
	if shown := listed(mpGet[app.Product](t, visitor, "/api/advertised"), listing); len(shown) != 1 {
		t.Errorf("the advert did not come back: %v", shown)
	}
	if shown := listed(mpGet[app.Product](t, visitor, "/api/categories/Tables"), listing); len(shown) != 1 {
		t.Errorf("the listing did not come back: %v", shown)
	}
}

// TestBlockStopsAnsweringPickups: once either side blocked the other,
// neither can accept or decline a pickup time the other proposed before
// (403, as a message is); unblocked, they can again.
func TestBlockStopsAnsweringPickups(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	at := time.Now().Add(26 * time.Hour).UTC().Truncate(time.Millisecond)
	for i, tc := range []struct {
		name               string
		sellerProposes     bool // else the buyer does
		sellerBlocks       bool // else the buyer does
		answerAfterUnblock string
	}{
		{"the blocker's proposal, answered by the blocked buyer", true, true, "accept"},
		{"the blocker's proposal, answered by the blocked seller", false, false, "decline"},
		{"the blocked buyer's proposal, answered by the blocker", false, true, "accept"},
		{"the blocked seller's proposal, answered by the blocker", true, false, "decline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buyer, buyerUser := s.register("Bea Buyer", fmt.Sprintf("bea%d@example.com", i), app.RoleBuyer)
			booking := mpBook(t, buyer, s.mpProduct(t, "Tables"))
			conversation := say(t, s.seller, fmt.Sprintf("/api/booked/%d/messages", booking.ID), "When suits you?").ConversationID
			proposer, answerer := buyer, s.seller
			if tc.sellerProposes {
				proposer, answerer = s.seller, buyer
			}
			r := proposer.call("POST", messagesPath(conversation), map[string]any{"pickup_at": at})
			expectStatus(t, r, http.StatusCreated)
			proposal := decode[app.Message](t, r).ID
			blocker, block := buyer, fmt.Sprintf("/api/users/%d/block", s.sellerUser.ID)
			if tc.sellerBlocks {
				blocker, block = s.seller, fmt.Sprintf("/api/users/%d/block", buyerUser.ID)
			}
			expectStatus(t, blocker.call("POST", block, nil), http.StatusNoContent)
			answer := func(verb string) *response {
				return answerer.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/%s", conversation, proposal, verb), nil)
			}
			for _, verb := range []string{"accept", "decline"} {
				expectError(t, answer(verb), http.StatusForbidden, "You cannot message this person", nil)
			}
			m := found(func() (app.Message, bool) {
				for _, m := range mpGet[app.Message](t, proposer, messagesPath(conversation)).Items {
					if m.ID == proposal {
						return m, true
					}
				}
				return app.Message{}, false
			}())
			if m.Accepted || m.Declined {
				t.Errorf("answered while blocked: %+v", m)
			}
			if b := decode[app.Booking](t, buyer.call("GET", fmt.Sprintf("/api/booked/%d", booking.ID), nil)); b.PickupAt != nil {
				t.Errorf("the booking's pickup_at became %v", b.PickupAt)
			}

			// The block cancelled the booking: once unblocked, a proposal
			// can be declined but no longer accepted.
			expectStatus(t, blocker.call("DELETE", block, nil), http.StatusNoContent)
			if tc.answerAfterUnblock == "accept" {
				expectError(t, answer("accept"), http.StatusConflict, "The buyer has no open booking of this product", nil)
			} else {
				expectStatus(t, answer("decline"), http.StatusOK)
			}
		})
	}
}

// TestBlockCancelsTheBookingBetweenThem: a block, by either side, cancels
// their open booking; both are told it was cancelled, by event, push note
// and mail, and not who blocked whom; neither can then say the other did
// not come. Another buyer's booking of the product stays.
func TestBlockCancelsTheBookingBetweenThem(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	rec := e.listen()
	s := trustShopOf(t, shopOn(t, e))
	cy, _ := s.register("Cy Queued", "cy@example.com", app.RoleBuyer)
	for i, sellerBlocks := range []bool{true, false} {
		buyer, buyerUser := s.register("Di Buyer", fmt.Sprintf("di%d@example.com", i), app.RoleBuyer)
		b := mpBook(t, buyer, s.mpProduct(t, "Tables"))
		other := mpBook(t, cy, *b.ProductID)
		at := s.agreePickup(t, buyer, b)
		rec.take()

		blocker, block := buyer, fmt.Sprintf("/api/users/%d/block", s.sellerUser.ID)
		if sellerBlocks {
			blocker, block = s.seller, fmt.Sprintf("/api/users/%d/block", buyerUser.ID)
		}
		expectStatus(t, blocker.call("POST", block, nil), http.StatusNoContent)
		expectEvents(t, rec, "the block",
			fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push declined "Booking cancelled: Oak table" "The booking was cancelled" /dashboard/myorders booking-%d`,
				buyerUser.ID, b.ID, *b.ProductID, b.ID),
			fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push booking "Booking cancelled: Oak table" "The booking was cancelled" /dashboard/mybuyers booking-%d`,
				s.sellerUser.ID, b.ID, *b.ProductID, b.ID))
		for _, side := range []*client{buyer, s.seller} {
			if got := decode[app.Booking](t, side.call("GET", fmt.Sprintf("/api/booked/%d", b.ID), nil)); got.Status != app.BookingCancelled {
				t.Errorf("seller blocks %v: the booking is %s", sellerBlocks, got.Status)
			}
		}
		if got := decode[app.Booking](t, cy.call("GET", fmt.Sprintf("/api/booked/%d", other.ID), nil)); got.Status != app.BookingBooked {
			t.Errorf("cy's booking is %s", got.Status)
		}
		for _, to := range []string{buyerUser.Email, s.sellerUser.Email} {
			m := mailFor(t, sink, to, 1+i*map[string]int{buyerUser.Email: 0, s.sellerUser.Email: 1}[to])
			if m.Subject != "Booking cancelled: Oak table" || !strings.Contains(m.Text, "The booking was cancelled.") ||
				strings.Contains(strings.ToLower(m.Text), "block") {
				t.Errorf("the mail to %s: %s\n%s", to, m.Subject, m.Text)
			}
		}

		s.mu.Lock()
		s.now = at.Add(app.NoShowAfter + time.Minute)
		s.mu.Unlock()
		for _, r := range []*response{
			s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/no-show", b.ID), nil),
			buyer.call("POST", fmt.Sprintf("/api/booked/%d/no-show", b.ID), nil),
		} {
			expectError(t, r, http.StatusConflict, "Only an open booking can end in a no-show", nil)
		}
		s.mu.Lock()
		s.now = time.Now()
		s.mu.Unlock()
	}
}

// TestSellerGoneCancelsTheirBuyersBookings: a seller suspended, deleted by
// an admin or leaving: each of their buyers' open bookings is cancelled,
// the buyer is told why by event, push note and mail, and My Orders says
// why; the seller's own bookings as a buyer are only told as changed.
func TestSellerGoneCancelsTheirBuyersBookings(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	rec := e.listen()
	s := shopOn(t, e)
	for i, tc := range []struct {
		name   string
		end    func(seller *client, sellerUser app.User) *response
		reason string
		body   string
	}{
		{"suspended", func(_ *client, u app.User) *response {
			return s.admin.call("POST", fmt.Sprintf("/api/users/%d/suspend", u.ID), map[string]any{"days": 3, "reason": "Spam"})
		}, app.CancelSellerSuspended, "The seller's account was suspended, so your booking was cancelled"},
		{"deleted by an admin", func(_ *client, u app.User) *response {
			return s.admin.call("DELETE", fmt.Sprintf("/api/users/%d", u.ID), nil)
		}, app.CancelSellerDeleted, "The seller's account was deleted, so your booking was cancelled"},
		{"leaving", func(c *client, _ app.User) *response {
			return c.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword})
		}, app.CancelSellerDeleted, "The seller's account was deleted, so your booking was cancelled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seller, sellerUser := e.register("Olga Other", fmt.Sprintf("olga%d@example.com", i), app.RoleSeller)
			buyer, buyerUser := e.register("Di Buyer", fmt.Sprintf("di%d@example.com", i), app.RoleBuyer)
			r := seller.call("POST", "/api/products", productBody("Tables", seller.upload(pngImage(t, 40, 30)).URL))
			expectStatus(t, r, http.StatusCreated)
			b := mpBook(t, buyer, decode[app.Product](t, r).ID)
			rec.take()

			r = tc.end(seller, sellerUser)
			if r.status != http.StatusOK && r.status != http.StatusNoContent {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			want := []string{fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push declined "Booking cancelled: Oak table" %q /dashboard/myorders booking-%d`,
				buyerUser.ID, b.ID, *b.ProductID, tc.body, b.ID)}
			if tc.reason == app.CancelSellerSuspended {
				want = append(want, fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d}`, sellerUser.ID, b.ID, *b.ProductID))
			}
			expectEvents(t, rec, "the seller's end", want...)
			got, ok := mpBookingByID(mpGet[app.Booking](t, buyer, "/api/booked"), b.ID)
			if !ok || got.Status != app.BookingCancelled || got.CancelReason != tc.reason {
				t.Errorf("my orders show %+v", got)
			}
			if m := mailFor(t, sink, buyerUser.Email, 1); m.Subject != "Booking cancelled: Oak table" || !strings.Contains(m.Text, tc.body+".") {
				t.Errorf("the buyer's mail: %s\n%s", m.Subject, m.Text)
			}
			if mails := mailsTo(sink, sellerUser.Email); len(mails) != 0 {
				t.Errorf("the seller got %d mails", len(mails))
			}
		})
	}
}
