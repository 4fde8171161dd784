package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"rehome/app"
)

// TestListsRefuseALongerPage: every list takes a limit up to the most a page
// holds and refuses more with 422, rather than answering a shorter page than
// asked for: a client stepping its offset by the limit it sent would skip
// what was left out.
func TestListsRefuseALongerPage(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), "Still there?")
	lists := []struct {
		path string
		as   *client
		most int
	}{
		{"/api/categories/Tables", bea, app.MaxPageLimit},
		{"/api/products", bea, app.MaxPageLimit},
		{"/api/advertised", bea, app.MaxPageLimit},
		{"/api/posts", bea, app.MaxPageLimit},
		{"/api/booked", bea, app.MaxPageLimit},
		{"/api/blocks", bea, app.MaxPageLimit},
		{"/api/conversations", bea, app.MaxPageLimit},
		{messagesPath(conversationAbout(t, bea, product)), bea, app.MaxMessageLimit},
		{"/api/mybuyers", s.seller, app.MaxPageLimit},
		{"/api/audit", s.admin, app.MaxPageLimit},
	}
	for _, list := range lists {
		t.Run(list.path, func(t *testing.T) {
			expectStatus(t, list.as.call("GET", fmt.Sprintf("%s?limit=%d", list.path, list.most), nil), http.StatusOK)
			expectError(t, list.as.call("GET", fmt.Sprintf("%s?limit=%d", list.path, list.most+1), nil), http.StatusUnprocessableEntity,
				"Please correct the highlighted fields", map[string]string{"limit": fmt.Sprintf("Use a number from 0 to %d", list.most)})
		})
	}
}
