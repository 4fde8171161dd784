package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

// TestBuyersPage: a buyer who never sold has a page for the sellers they
// booked with, whatever became of the booking: their rating, the reviews
// sellers wrote of them and their no-shows with their answers, never how
// to reach them. To everybody else but admins and themselves there is no
// such person; once they start selling, their page is a seller's, open to
// all. My Buyers names the buyer's account, so the seller can open it.
func TestBuyersPage(t *testing.T) {
	t.Parallel()
	s := newTrustShop(t)
	olga, _ := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	cy, _ := s.register("Cy Queued", "cy@example.com", app.RoleBuyer)
	anonymous := s.client()
	profilePath := fmt.Sprintf("/api/users/%d/profile", s.buyerUser.ID)
	reviewsPath := fmt.Sprintf("/api/users/%d/reviews", s.buyerUser.ID)
	profileAs := func(t *testing.T, c *client) app.SellerProfile {
		t.Helper()
		r := c.call("GET", profilePath, nil)
		expectStatus(t, r, http.StatusOK)
		for _, secret := range []string{s.buyerUser.Email, "7946"} {
			if strings.Contains(string(r.body), secret) {
				t.Errorf("the buyer's page shows %q: %s", secret, r.body)
			}
		}
		return decode[app.SellerProfile](t, r)
	}

	expectError(t, s.seller.call("GET", profilePath, nil), http.StatusNotFound, "No seller with this id", nil)
	expectStatus(t, s.seller.call("GET", reviewsPath, nil), http.StatusNotFound)

	b, code := s.booking(t)
	t.Run("My Buyers names the buyer's account", func(t *testing.T) {
		r := s.seller.call("GET", "/api/mybuyers", nil)
		expectStatus(t, r, http.StatusOK)
		list := decode[app.List[map[string]any]](t, r)
		if len(list.Items) != 1 || list.Items[0]["buyer_id"] != float64(s.buyerUser.ID) {
			t.Errorf("My Buyers %s, want buyer_id %d", r.body, s.buyerUser.ID)
		}
	})

	t.Run("who sees it", func(t *testing.T) {
		setPublicListings(t, s.admin, true)
		defer setPublicListings(t, s.admin, false)
		for _, tc := range []struct {
			name string
			c    *client
			want int
		}{
			{"the seller they booked with", s.seller, http.StatusOK},
			{"an admin", s.admin, http.StatusOK},
			{"themselves", s.buyer, http.StatusOK},
			{"another seller", olga, http.StatusNotFound},
			{"another buyer", cy, http.StatusNotFound},
			{"a visitor", anonymous, http.StatusNotFound},
		} {
			t.Run(tc.name, func(t *testing.T) {
				expectStatus(t, tc.c.call("GET", profilePath, nil), tc.want)
				expectStatus(t, tc.c.call("GET", reviewsPath, nil), tc.want)
			})
		}
		got := profileAs(t, s.seller)
		if got.ID != s.buyerUser.ID || got.Name != "Bea Buyer" || got.Sells || got.Verified || got.Listings != 0 || got.Sold != 0 ||
			got.Rating.Count != 0 || got.NoShows != 0 || len(got.NoShowList) != 0 {
			t.Errorf("the buyer's page %+v", got)
		}
	})

	t.Run("rating, reviews and no-shows with answers", func(t *testing.T) {
		expectStatus(t, s.handOver(b, code), http.StatusOK)
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/review", b.ID), map[string]any{"rating": 4, "text": "Came on time"}),
			http.StatusCreated)
		expectStatus(t, s.buyer.call("POST", fmt.Sprintf("/api/booked/%d/review", b.ID), map[string]any{"rating": 5}), http.StatusCreated)
		missed := mpBook(t, s.buyer, s.mpProduct(t, "Tables"))
		at := s.agreePickup(t, s.buyer, missed)
		s.mu.Lock()
		s.now = at.Add(app.NoShowAfter)
		s.mu.Unlock()
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/no-show", missed.ID), nil), http.StatusOK)
		expectStatus(t, s.buyer.call("POST", fmt.Sprintf("/api/no-shows/%d/answer", missed.ID), map[string]string{"answer": "My bike broke"}),
			http.StatusOK)

		got := profileAs(t, s.seller)
		if got.Sells || got.Rating != (app.Rating{Average: 4, Count: 1}) || got.NoShows != 1 || len(got.NoShowList) != 1 ||
			got.NoShowList[0].BookingID != missed.ID || got.NoShowList[0].Answer != "My bike broke" {
			t.Errorf("the buyer's page %+v", got)
		}
		reviews := mpGet[app.Review](t, s.seller, reviewsPath)
		if reviews.Total != 1 || reviews.Items[0].Role != "seller" || reviews.Items[0].Text != "Came on time" {
			t.Errorf("the buyer's reviews %+v", reviews)
		}
		// Reviewed, with a no-show, they are still nobody's business but the seller's.
		expectStatus(t, olga.call("GET", profilePath, nil), http.StatusNotFound)
		expectStatus(t, olga.call("GET", reviewsPath, nil), http.StatusNotFound)
	})

	t.Run("once they sell, it is a seller's page", func(t *testing.T) {
		expectStatus(t, s.buyer.call("POST", "/api/auth/me/selling", nil), http.StatusOK)
		if got := profileAs(t, olga); !got.Sells || got.Rating.Count != 1 {
			t.Errorf("the new seller's page %+v", got)
		}
	})

	t.Run("a deleted buyer's booking names nobody", func(t *testing.T) {
		expectStatus(t, cy.call("POST", "/api/booked", mpBookBody(s.mpProduct(t, "Tables"))), http.StatusCreated)
		expectStatus(t, cy.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword}), http.StatusNoContent)
		r := s.seller.call("GET", "/api/mybuyers", nil)
		expectStatus(t, r, http.StatusOK)
		list := decode[app.List[map[string]any]](t, r)
		if id, found := list.Items[0]["buyer_id"]; !found || id != nil || list.Items[0]["buyer_name"] != "Cy Queued" {
			t.Errorf("the deleted buyer's booking %v", list.Items[0])
		}
	})
}
