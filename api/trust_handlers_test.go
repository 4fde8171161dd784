package api_test

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// trustShop is a shop with a buyer, a booking of theirs, and a clock the
// store reads that a test can move on.
type trustShop struct {
	*shop
	buyer     *client
	buyerUser app.User
	mu        sync.Mutex
	now       time.Time
}

func newTrustShop(t *testing.T) *trustShop {
	t.Helper()
	return trustShopOf(t, newShop(t))
}

// trustShopOf is sh with the buyer and the clock of a trustShop.
func trustShopOf(t *testing.T, sh *shop) *trustShop {
	t.Helper()
	s := &trustShop{shop: sh, now: time.Now()}
	s.buyer, s.buyerUser = s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	clocked, ok := s.db.(interface{ SetClock(func() time.Time) })
	if !ok {
		t.Fatal("the store has no clock to set")
	}
	clocked.SetClock(func() time.Time {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.now
	})
	return s
}

// later moves the store's clock on by d.
func (s *trustShop) later(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = s.now.Add(d)
}

// booking is the buyer's booking of a new product, and its handover code.
func (s *trustShop) booking(t *testing.T) (app.Booking, string) {
	t.Helper()
	b := mpBook(t, s.buyer, s.mpProduct(t, "Tables"))
	r := s.buyer.call("GET", fmt.Sprintf("/api/booked/%d/handover", b.ID), nil)
	expectStatus(t, r, http.StatusOK)
	if r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("a handover code may be kept: Cache-Control %q", r.header.Get("Cache-Control"))
	}
	return b, decode[app.HandoverCode](t, r).Code
}

func (s *trustShop) handOver(b app.Booking, code string) *response {
	return s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/handover", b.ID), map[string]string{"code": code})
}

// wrong is a code that is not code.
func wrong(code string) string {
	n, _ := strconv.Atoi(code)
	return fmt.Sprintf("%06d", (n+1)%1_000_000)
}

func TestHandoverCode(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	b, code := s.booking(t)
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		t.Fatalf("code %q", code)
	}
	again := decode[app.HandoverCode](t, s.buyer.call("GET", fmt.Sprintf("/api/booked/%d/handover", b.ID), nil))
	if again.Code != code {
		t.Errorf("asked again, the code is %q, was %q", again.Code, code)
	}
	other, otherCode := s.booking(t)
	if otherCode == code {
		// One in a million; a fixed code for every booking would always be.
		t.Logf("two bookings drew the same code %s", code)
	}

	t.Run("the right code sells the product and ends the queue", func(t *testing.T) {
		cy, _ := s.register("Cy Queued", "cy@example.com", app.RoleBuyer)
		queued := mpBook(t, cy, *other.ProductID)
		r := s.handOver(other, " "+otherCode[:3]+" "+otherCode[3:]+" ")
		expectStatus(t, r, http.StatusOK)
		got := decode[app.Booking](t, r)
		if got.Status != app.BookingPaid || got.HandedOverAt == nil || got.ReviewUntil == nil {
			t.Errorf("handed over: %+v", got)
		}
		if want := got.HandedOverAt.Add(app.ReviewWindow); !got.ReviewUntil.Equal(want) {
			t.Errorf("reviews close %v, want %v", got.ReviewUntil, want)
		}
		p := decode[app.Product](t, s.buyer.call("GET", fmt.Sprintf("/api/products/%d", *other.ProductID), nil))
		if p.Status != app.StatusSold {
			t.Errorf("the product is %s", p.Status)
		}
		if q := decode[app.Booking](t, cy.call("GET", fmt.Sprintf("/api/booked/%d", queued.ID), nil)); q.Status != app.BookingCancelled {
			t.Errorf("the queued booking is %s", q.Status)
		}
		expectError(t, s.handOver(other, otherCode), http.StatusConflict, "This booking was already handed over", nil)
		expectStatus(t, s.buyer.call("GET", fmt.Sprintf("/api/booked/%d/handover", other.ID), nil), http.StatusConflict)
	})

	t.Run("a code that is no code", func(t *testing.T) {
		for _, bad := range []string{"", "12345", "1234567", "12a456", "one two"} {
			expectError(t, s.handOver(b, bad), http.StatusUnprocessableEntity, "Please correct the highlighted fields",
				map[string]string{"code": "Enter the 6-digit code the buyer shows you"})
		}
	})

	t.Run("five wrong codes lock the handover for 15 minutes", func(t *testing.T) {
		for i := 1; i < app.HandoverAttempts; i++ {
			expectError(t, s.handOver(b, wrong(code)), http.StatusUnprocessableEntity, "This is not the buyer's code",
				map[string]string{"code": "This is not the buyer's code"})
		}
		r := s.handOver(b, wrong(code))
		expectStatus(t, r, http.StatusUnprocessableEntity)
		if !strings.Contains(string(r.body), "locked for 15 minutes") {
			t.Errorf("the fifth wrong code: %s", r.body)
		}
		// Locked: even the right code waits.
		r = s.handOver(b, code)
		expectError(t, r, http.StatusTooManyRequests, "Too many wrong codes: try again in 15 minutes", nil)
		if r.header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		if got := decode[app.Booking](t, s.buyer.call("GET", fmt.Sprintf("/api/booked/%d", b.ID), nil)); got.Status != app.BookingBooked {
			t.Errorf("a locked handover changed the booking: %+v", got)
		}
		s.later(app.HandoverLock - time.Second)
		expectStatus(t, s.handOver(b, code), http.StatusTooManyRequests)
		s.later(time.Second)
		expectStatus(t, s.handOver(b, code), http.StatusOK)
	})

	t.Run("each run of wrong codes locks for twice as long", func(t *testing.T) {
		guessed, code := s.booking(t)
		var r *response
		for range 2 * app.HandoverAttempts {
			if r = s.handOver(guessed, wrong(code)); r.status == http.StatusTooManyRequests {
				s.later(app.HandoverLock)
				r = s.handOver(guessed, wrong(code))
			}
			expectStatus(t, r, http.StatusUnprocessableEntity)
		}
		if !strings.Contains(string(r.body), "the handover is now locked for 30 minutes") {
			t.Errorf("the tenth wrong code: %s", r.body)
		}
		r = s.handOver(guessed, code)
		expectError(t, r, http.StatusTooManyRequests, "Too many wrong codes: try again in 30 minutes", nil)
		s.later(2*app.HandoverLock - time.Second)
		expectStatus(t, s.handOver(guessed, code), http.StatusTooManyRequests)
		s.later(time.Second)
		expectStatus(t, s.handOver(guessed, code), http.StatusOK)
	})

	t.Run("a booking paid by card is handed over as it is", func(t *testing.T) {
		paid, code := s.booking(t)
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", paid.ID), nil), http.StatusOK)
		got := decode[app.Booking](t, s.handOver(paid, code))
		if got.Status != app.BookingPaid || got.HandedOverAt == nil {
			t.Errorf("handed over: %+v", got)
		}
	})

	t.Run("a cancelled booking has no handover", func(t *testing.T) {
		gone, code := s.booking(t)
		expectStatus(t, s.buyer.call("DELETE", fmt.Sprintf("/api/booked/%d", gone.ID), nil), http.StatusOK)
		expectError(t, s.handOver(gone, code), http.StatusConflict, "This booking was cancelled", nil)
		expectStatus(t, s.buyer.call("GET", fmt.Sprintf("/api/booked/%d/handover", gone.ID), nil), http.StatusConflict)
	})

	t.Run("one of two entries at once hands over", func(t *testing.T) {
		twice, code := s.booking(t)
		statuses := make(chan int, 2)
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { statuses <- s.handOver(twice, code).status })
		}
		wg.Wait()
		close(statuses)
		counts := map[int]int{}
		for status := range statuses {
			counts[status]++
		}
		if counts[http.StatusOK] != 1 || counts[http.StatusConflict] != 1 {
			t.Errorf("statuses %v", counts)
		}
	})
}

func TestHandoverOfflineOnce(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	b, code := s.booking(t)
	// The seller's phone sends its outbox entry again after a lost answer.
	send := func() *response {
		return s.seller.send("POST", fmt.Sprintf("/api/mybuyers/%d/handover", b.ID), "application/json",
			strings.NewReader(`{"code":"`+code+`"}`), "Idempotency-Key", "handover-entry-1")
	}
	first, second := send(), send()
	expectStatus(t, first, http.StatusOK)
	expectStatus(t, second, http.StatusOK)
	if second.header.Get("Idempotent-Replayed") != "true" || string(second.body) != string(first.body) {
		t.Errorf("sent again, answered %s %s", second.header, second.body)
	}
}

func TestReviews(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	b, code := s.booking(t)
	reviewSeller := func(body any) *response {
		return s.buyer.call("POST", fmt.Sprintf("/api/booked/%d/review", b.ID), body)
	}
	reviewBuyer := func(body any) *response {
		return s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/review", b.ID), body)
	}
	reviewsOf := func(u app.User) app.List[app.Review] {
		return mpGet[app.Review](t, s.admin, fmt.Sprintf("/api/users/%d/reviews", u.ID))
	}

	expectError(t, reviewSeller(map[string]any{"rating": 5}), http.StatusConflict,
		"A booking can be reviewed once the product was handed over", nil)
	expectStatus(t, s.handOver(b, code), http.StatusOK)

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			body   map[string]any
			fields map[string]string
		}{
			{map[string]any{}, map[string]string{"rating": "Choose 1 to 5 stars"}},
			{map[string]any{"rating": 0}, map[string]string{"rating": "Choose 1 to 5 stars"}},
			{map[string]any{"rating": 6}, map[string]string{"rating": "Choose 1 to 5 stars"}},
			{map[string]any{"rating": 4, "text": strings.Repeat("é", 501)}, map[string]string{"text": "Use at most 500 characters"}},
		} {
			expectError(t, reviewSeller(tc.body), http.StatusUnprocessableEntity, "Please correct the highlighted fields", tc.fields)
		}
		expectStatus(t, reviewSeller(map[string]any{"rating": "five"}), http.StatusBadRequest)
	})

	var first app.Review
	t.Run("a review waits for the other side's", func(t *testing.T) {
		r := reviewSeller(map[string]any{"rating": 4, "text": "  Kind,\x01 and the table is as described  "})
		expectStatus(t, r, http.StatusCreated)
		first = decode[app.Review](t, r)
		if first.Rating != 4 || first.Text != "Kind, and the table is as described" || first.Role != "buyer" ||
			first.AuthorName != "Bea Buyer" || first.Product != "Oak table" {
			t.Errorf("review %+v", first)
		}
		if want := first.Created.Add(app.ReviewBlind); !first.VisibleFrom.Equal(want) {
			t.Errorf("visible from %v, want %v", first.VisibleFrom, want)
		}
		expectError(t, reviewSeller(map[string]any{"rating": 1}), http.StatusConflict, "You have already reviewed this booking", nil)
		if list := reviewsOf(s.sellerUser); list.Total != 0 {
			t.Errorf("seen before the other side wrote: %+v", list)
		}
		profile := decode[app.SellerProfile](t, s.buyer.call("GET", fmt.Sprintf("/api/users/%d/profile", s.sellerUser.ID), nil))
		if profile.Rating.Count != 0 {
			t.Errorf("rated before the other side wrote: %+v", profile.Rating)
		}
		got := decode[app.Booking](t, s.seller.call("GET", fmt.Sprintf("/api/booked/%d", b.ID), nil))
		if !got.BuyerReviewed || got.SellerReviewed {
			t.Errorf("booking says buyer reviewed %v, seller %v", got.BuyerReviewed, got.SellerReviewed)
		}
	})

	t.Run("the second review shows both", func(t *testing.T) {
		expectStatus(t, reviewBuyer(map[string]any{"rating": 5}), http.StatusCreated)
		list := reviewsOf(s.sellerUser)
		if list.Total != 1 || list.Items[0].ID != first.ID || list.Items[0].Text != first.Text {
			t.Errorf("the seller's reviews %+v", list)
		}
		if list := reviewsOf(s.buyerUser); list.Total != 1 || list.Items[0].Role != "seller" || list.Items[0].Rating != 5 {
			t.Errorf("the buyer's reviews %+v", list)
		}
		profile := decode[app.SellerProfile](t, s.buyer.call("GET", fmt.Sprintf("/api/users/%d/profile", s.sellerUser.ID), nil))
		if profile.Rating != (app.Rating{Average: 4, Count: 1}) {
			t.Errorf("the seller's rating %+v", profile.Rating)
		}
		p := decode[app.Product](t, s.buyer.call("GET", fmt.Sprintf("/api/products/%d", *b.ProductID), nil))
		if p.SellerRating == nil || *p.SellerRating != (app.Rating{Average: 4, Count: 1}) {
			t.Errorf("the product's seller rating %+v", p.SellerRating)
		}
		// A buyer who never sold has a profile once reviewed.
		buyerProfile := decode[app.SellerProfile](t, s.seller.call("GET", fmt.Sprintf("/api/users/%d/profile", s.buyerUser.ID), nil))
		if buyerProfile.Rating.Count != 1 || buyerProfile.Listings != 0 {
			t.Errorf("the buyer's profile %+v", buyerProfile)
		}
	})

	t.Run("alone, a review shows 14 days after", func(t *testing.T) {
		b, code := s.booking(t)
		expectStatus(t, s.handOver(b, code), http.StatusOK)
		expectStatus(t, s.buyer.call("POST", fmt.Sprintf("/api/booked/%d/review", b.ID), map[string]any{"rating": 1}), http.StatusCreated)
		s.later(app.ReviewBlind - time.Minute)
		if list := reviewsOf(s.sellerUser); list.Total != 1 {
			t.Errorf("seen early: %+v", list)
		}
		s.later(time.Minute)
		list := reviewsOf(s.sellerUser)
		if list.Total != 2 || list.Items[0].Rating != 1 {
			t.Errorf("not seen, or not first: %+v", list)
		}
		profile := decode[app.SellerProfile](t, s.buyer.call("GET", fmt.Sprintf("/api/users/%d/profile", s.sellerUser.ID), nil))
		if profile.Rating != (app.Rating{Average: 2.5, Count: 2}) {
			t.Errorf("the seller's rating %+v", profile.Rating)
		}
		// The window has 16 days left: the seller may still write.
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/review", b.ID), map[string]any{"rating": 3}), http.StatusCreated)
	})

	t.Run("an admin hides a review, with a reason", func(t *testing.T) {
		path := fmt.Sprintf("/api/reviews/%d/hide", first.ID)
		expectError(t, s.admin.call("POST", path, map[string]string{"reason": " "}), http.StatusUnprocessableEntity,
			"Please correct the highlighted fields", map[string]string{"reason": "This field is required"})
		expectStatus(t, s.admin.call("POST", path, map[string]string{"reason": "Names a neighbour"}), http.StatusNoContent)
		for _, review := range reviewsOf(s.sellerUser).Items {
			if review.ID == first.ID {
				t.Errorf("a hidden review is listed")
			}
		}
		audit := mpGet[app.AuditEntry](t, s.admin, "/api/audit")
		if audit.Items[0].Action != app.AuditHideReview || audit.Items[0].Target != "Names a neighbour" ||
			audit.Items[0].TargetID != first.ID {
			t.Errorf("audit %+v", audit.Items[0])
		}
		expectStatus(t, s.admin.call("POST", "/api/reviews/99999/hide", map[string]string{"reason": "x"}), http.StatusNotFound)
	})
}

// agreePickup has the seller propose a pickup time for b and its buyer
// accept it; it answers the time.
func (s *trustShop) agreePickup(t *testing.T, buyer *client, b app.Booking) time.Time {
	t.Helper()
	conversation := say(t, s.seller, fmt.Sprintf("/api/booked/%d/messages", b.ID), "When suits you?").ConversationID
	at := time.Now().Add(26 * time.Hour).UTC().Truncate(time.Millisecond)
	r := s.seller.call("POST", messagesPath(conversation), map[string]any{"text": "", "pickup_at": at})
	expectStatus(t, r, http.StatusCreated)
	proposal := decode[app.Message](t, r)
	expectStatus(t, buyer.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/accept", conversation, proposal.ID), nil),
		http.StatusOK)
	return at
}

func TestNoShow(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	b := mpBook(t, s.buyer, s.mpProduct(t, "Tables"))
	cy, _ := s.register("Cy Queued", "cy@example.com", app.RoleBuyer)
	next := mpBook(t, cy, *b.ProductID)
	noShowOfBuyer := func() *response { return s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/no-show", b.ID), nil) }

	expectError(t, noShowOfBuyer(), http.StatusConflict, "A no-show needs a pickup time you both agreed on", nil)
	at := s.agreePickup(t, s.buyer, b)
	s.mu.Lock()
	s.now = at.Add(app.NoShowAfter - time.Minute)
	s.mu.Unlock()
	expectError(t, noShowOfBuyer(), http.StatusConflict, "You can say they did not come 2 hours after the agreed pickup time", nil)
	expectStatus(t, s.buyer.call("POST", fmt.Sprintf("/api/mybuyers/%d/no-show", b.ID), nil), http.StatusForbidden)
	s.later(time.Minute)

	r := noShowOfBuyer()
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Booking](t, r); got.Status != app.BookingDeclined || got.NoShow != app.NoShowBuyer ||
		got.DeclineReason != "The buyer did not come to the pickup" {
		t.Errorf("no-show %+v", got)
	}
	expectError(t, noShowOfBuyer(), http.StatusConflict, "Only an open booking can end in a no-show", nil)
	if got := decode[app.Booking](t, cy.call("GET", fmt.Sprintf("/api/booked/%d", next.ID), nil)); got.Status != app.BookingBooked {
		t.Errorf("the next booking is %s", got.Status)
	}
	// The buyer, who never sold, has a profile now: their no-show is on it.
	profile := decode[app.SellerProfile](t, s.seller.call("GET", fmt.Sprintf("/api/users/%d/profile", s.buyerUser.ID), nil))
	if profile.NoShows != 1 {
		t.Errorf("the buyer's profile %+v", profile)
	}
	if profile := decode[app.SellerProfile](t, s.buyer.call("GET", fmt.Sprintf("/api/users/%d/profile", s.sellerUser.ID), nil)); profile.NoShows != 0 {
		t.Errorf("the seller's profile %+v", profile)
	}

	t.Run("the buyer says the seller did not come", func(t *testing.T) {
		at := s.agreePickup(t, cy, next)
		s.mu.Lock()
		s.now = at.Add(app.NoShowAfter)
		s.mu.Unlock()
		r := cy.call("POST", fmt.Sprintf("/api/booked/%d/no-show", next.ID), nil)
		expectStatus(t, r, http.StatusOK)
		if got := decode[app.Booking](t, r); got.Status != app.BookingCancelled || got.NoShow != app.NoShowSeller {
			t.Errorf("no-show %+v", got)
		}
		profile := decode[app.SellerProfile](t, cy.call("GET", fmt.Sprintf("/api/users/%d/profile", s.sellerUser.ID), nil))
		if profile.NoShows != 1 {
			t.Errorf("the seller's profile %+v", profile)
		}
	})
}

// TestNoShowAnswerAndRemoval: the person a no-show was counted against
// answers it once, in at most 500 characters, and their profile shows the
// answer beside it; an admin removes it with a reason, audit-logged, and
// it no longer counts nor shows.
func TestNoShowAnswerAndRemoval(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	b := mpBook(t, s.buyer, s.mpProduct(t, "Tables"))
	at := s.agreePickup(t, s.buyer, b)
	s.mu.Lock()
	s.now = at.Add(app.NoShowAfter)
	s.mu.Unlock()
	expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/no-show", b.ID), nil), http.StatusOK)
	answer := func(c *client, text string) *response {
		return c.call("POST", fmt.Sprintf("/api/no-shows/%d/answer", b.ID), map[string]string{"answer": text})
	}

	expectError(t, answer(s.seller, "I waited"), http.StatusNotFound, "No no-show of yours on this booking", nil)
	expectError(t, answer(s.buyer, strings.Repeat("a", 501)), http.StatusUnprocessableEntity, "Please correct the highlighted fields",
		map[string]string{"answer": "Use at most 500 characters"})
	expectError(t, answer(s.buyer, "  "), http.StatusUnprocessableEntity, "Please correct the highlighted fields",
		map[string]string{"answer": "This field is required"})
	r := answer(s.buyer, "The bus broke down; I wrote at once")
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Booking](t, r); got.NoShowAnswer != "The bus broke down; I wrote at once" {
		t.Errorf("answered %+v", got)
	}
	expectError(t, answer(s.buyer, "Again"), http.StatusConflict, "You answered this no-show already", nil)

	profilePath := fmt.Sprintf("/api/users/%d/profile", s.buyerUser.ID)
	r = s.seller.call("GET", profilePath, nil)
	expectStatus(t, r, http.StatusOK)
	profile := decode[app.SellerProfile](t, r)
	if profile.NoShows != 1 || len(profile.NoShowList) != 1 || profile.NoShowList[0].BookingID != b.ID ||
		profile.NoShowList[0].Answer != "The bus broke down; I wrote at once" {
		t.Errorf("the buyer's profile %+v", profile)
	}
	if strings.Contains(string(r.body), s.buyerUser.Email) || strings.Contains(string(r.body), "phone") {
		t.Errorf("the profile tells contact details: %s", r.body)
	}

	remove := func(c *client, reason string) *response {
		return c.call("DELETE", fmt.Sprintf("/api/no-shows/%d", b.ID), map[string]string{"reason": reason})
	}
	expectStatus(t, remove(s.seller, "Mistaken"), http.StatusForbidden)
	expectError(t, remove(s.admin, ""), http.StatusUnprocessableEntity, "Please correct the highlighted fields",
		map[string]string{"reason": "This field is required"})
	expectStatus(t, remove(s.admin, "The seller was at another station"), http.StatusNoContent)
	expectError(t, remove(s.admin, "Again"), http.StatusNotFound, "No no-show counts on this booking", nil)
	// The seller they booked with still sees their page, without it.
	if profile := decode[app.SellerProfile](t, s.seller.call("GET", profilePath, nil)); profile.NoShows != 0 || len(profile.NoShowList) != 0 {
		t.Errorf("the buyer's profile after the removal %+v", profile)
	}
	audit := decode[app.List[app.AuditEntry]](t, s.admin.call("GET", "/api/audit", nil))
	if len(audit.Items) == 0 || audit.Items[0].Action != app.AuditRemoveNoShow || audit.Items[0].TargetType != app.AuditTargetBooking ||
		audit.Items[0].TargetID != b.ID || !strings.Contains(audit.Items[0].Target, "The seller was at another station") {
		t.Errorf("the audit log %+v", audit.Items)
	}
}

// TestHandoverCheck: the seller's list carries each open booking's check,
// which the seller's device compares with what was typed; nobody else's
// answer carries it.
func TestHandoverCheck(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	b := mpBook(t, s.buyer, s.mpProduct(t, "Tables"))
	sellerRow := func(id int64) app.Booking {
		t.Helper()
		row, ok := mpBookingByID(mpGet[app.Booking](t, s.seller, "/api/mybuyers"), id)
		if !ok {
			t.Fatalf("booking %d is not in My Buyers", id)
		}
		return row
	}
	// The code is drawn at booking: the seller has the check before the buyer ever looked.
	check := sellerRow(b.ID).HandoverCheck
	if check == nil {
		t.Fatal("no handover check in the seller's list")
	}
	code := decode[app.HandoverCode](t, s.buyer.call("GET", fmt.Sprintf("/api/booked/%d/handover", b.ID), nil)).Code
	sum := sha256.Sum256([]byte("rehome-handover\x00" + strconv.FormatInt(b.ID, 10) + "\x00" + code))
	if want := int(binary.BigEndian.Uint16(sum[:2])) >> (16 - app.HandoverCheckBits); *check != want {
		t.Errorf("check %d, want the first %d bits of the hash, %d", *check, app.HandoverCheckBits, want)
	}

	t.Run("a seller who holds it still has many codes to guess among", func(t *testing.T) {
		agreeing := 0
		for n := range 1_000_000 {
			if app.HandoverCheckOf(b.ID, fmt.Sprintf("%06d", n)) == *check {
				agreeing++
			}
		}
		if agreeing < 500 {
			t.Errorf("%d codes agree with the check, want at least 500", agreeing)
		}
	})

	t.Run("only the seller's list carries it", func(t *testing.T) {
		otherSeller, _ := s.register("Olli Other", "olli@example.com", app.RoleSeller)
		answers := map[string]*response{
			"the buyer's orders":             s.buyer.call("GET", "/api/booked", nil),
			"the buyer's booking":            s.buyer.call("GET", fmt.Sprintf("/api/booked/%d", b.ID), nil),
			"the booking read by its seller": s.seller.call("GET", fmt.Sprintf("/api/booked/%d", b.ID), nil),
			"an admin's look at the orders":  s.admin.call("GET", "/api/booked?email=bea@example.com", nil),
			"another seller's buyers":        otherSeller.call("GET", "/api/mybuyers", nil),
			"a new booking":                  s.buyer.call("POST", "/api/booked", mpBookBody(s.mpProduct(t, "Chairs"))),
		}
		for name, r := range answers {
			if r.status >= 300 {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
			if strings.Contains(string(r.body), "handover_check") {
				t.Errorf("%s carries the check: %s", name, r.body)
			}
		}
	})

	t.Run("a booking no longer open has none", func(t *testing.T) {
		gone := mpBook(t, s.buyer, s.mpProduct(t, "Tables"))
		expectStatus(t, s.buyer.call("DELETE", fmt.Sprintf("/api/booked/%d", gone.ID), nil), http.StatusOK)
		if check := sellerRow(gone.ID).HandoverCheck; check != nil {
			t.Errorf("a cancelled booking's check %d", *check)
		}
		expectStatus(t, s.handOver(b, code), http.StatusOK)
		if check := sellerRow(b.ID).HandoverCheck; check != nil {
			t.Errorf("a handed over booking's check %d", *check)
		}
	})
}
