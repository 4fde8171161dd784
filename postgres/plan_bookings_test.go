package postgres

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"rehome/storecore"
)

// bookingQueries are the reads of bookings, conversations, messages and
// reports with sample arguments. reportsCount is not among them: it counts
// every report, which PostgreSQL does fastest by reading the table.
var bookingQueries = map[string]struct {
	query string
	args  []any
}{
	"booking":                 {rebind(storecore.BookingByIDQuery), []any{5}},
	"buyer's bookings count":  {rebind(storecore.BuyerBookingsCount), []any{5}},
	"buyer's bookings page":   {rebind(storecore.BuyerBookingsPage), []any{5, 24, 0}},
	"seller's bookings count": {rebind(storecore.SellerBookingsCount), []any{5}},
	"seller's bookings page":  {rebind(storecore.SellerBookingsPage), []any{5, 24, 0}},
	"open bookings of":        {rebind(storecore.OpenBookingsQuery), []any{5}},
	"open bookings with":      {rebind(storecore.OpenBookingsWithQuery), []any{5, 5}},
	"conversation":            {rebind(storecore.ConversationQuery), []any{5, 7}},
	"conversations count":     {rebind(storecore.ConversationsCount), []any{5}},
	"conversations page":      {rebind(storecore.ConversationsPage), []any{5, 24, 0}},
	"messages count":          {rebind(storecore.MessagesCount), []any{5}},
	"messages page":           {rebind(storecore.MessagesPage), []any{5, int64(math.MaxInt64), 50}},
	"message":                 {rebind(storecore.MessageQuery), []any{5, 1}},
	"unread":                  {rebind(storecore.UnreadQuery), []any{5}},
	"reports page":            {rebind(storecore.ReportsPage), []any{24, 0}},
	"reviews count":           {rebind(storecore.ReviewsOfCount), []any{5, 1000}},
	"reviews page":            {rebind(storecore.ReviewsOfPage), []any{5, 1000, 24, 0}},
	"rating":                  {rebind(storecore.RatingOfQuery), []any{5, 1000}},
	"no-shows":                {rebind(storecore.NoShowsQuery), []any{5, 1000}},
}

// TestBookingQueriesUseIndexes: on a marketplace big enough, with the
// statistics of ANALYZE, that PostgreSQL's planner would rather read a
// table whole than through an index that does not serve the query, no
// read of bookings, conversations, messages or reports reads one of those
// tables (or products, users) whole.
func TestBookingQueriesUseIndexes(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, fixtureDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	// 2,000 people, 20,000 listings each booked and talked about once,
	// five messages a conversation, a report for every fourth listing.
	for _, step := range []string{
		`INSERT INTO users (name, email, password_hash, role, created)
			SELECT 'User ' || i, 'u' || i || '@example.com', '', 'Seller', 0 FROM generate_series(1, 2000) i`,
		`INSERT INTO images (url, thumb_url, width, height, created) VALUES ('/images/plan.jpg', '/images/plan-thumb.jpg', 1, 1, 0)`,
		`INSERT INTO categories (name, name_key, image, thumb_url, created) VALUES ('Furniture', 'furniture', '/images/plan.jpg', '/images/plan-thumb.jpg', 0)`,
		`INSERT INTO products (category_id, seller_id, name, description, image, thumb_url, condition, location, resale_price, seller_phone, created)
			SELECT 1, 1 + i % 2000, 'Listing ' || i, 'd', '/images/plan.jpg', '/images/plan-thumb.jpg', 'Good', 'Town', 100, '', i
			FROM generate_series(1, 20000) i`,
		`INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price, location,
				buyer_name, buyer_email, buyer_phone, status, created)
			SELECT i, 1 + (i * 7) % 2000, 1 + i % 2000, 'Listing ' || i, 'Furniture', '/images/plan.jpg', '/images/plan-thumb.jpg', 100, 'Town',
				'Buyer', 'b@example.com', '555 0100', CASE WHEN i % 3 = 0 THEN 'Booked' ELSE 'Cancelled' END, i
			FROM generate_series(1, 20000) i`,
		`INSERT INTO conversations (product_ref, product_id, buyer_id, seller_id, product, image, thumb_url, price, updated, last_message_id)
			SELECT i, i, 1 + (i * 7) % 2000, 1 + i % 2000, 'Listing ' || i, '/images/plan.jpg', '/images/plan-thumb.jpg', 100, i, i * 5
			FROM generate_series(1, 20000) i`,
		`INSERT INTO messages (conversation_id, sender_id, text, created)
			SELECT 1 + i / 5, 1 + i % 2000, 'Hello', i FROM generate_series(0, 99999) i`,
		`INSERT INTO reports (product_id, updated) SELECT i, i FROM generate_series(1, 20000, 4) i`,
		`INSERT INTO reporters (report_id, user_id, created) SELECT id, 1 + id % 2000, 0 FROM reports`,
		`INSERT INTO reviews (booking_id, by_buyer, author_id, author_name, subject_id, rating, created, visible_at)
			SELECT id, b, CASE WHEN b THEN buyer_id ELSE seller_id END, 'A', CASE WHEN b THEN seller_id ELSE buyer_id END, 4, id, id
			FROM bookings, (VALUES (true), (false)) v(b)`,
		`VACUUM ANALYZE`,
	} {
		if _, err := db.pool.Exec(ctx, step); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
	for name, q := range bookingQueries {
		t.Run(name, func(t *testing.T) {
			rows, err := db.pool.Query(ctx, "EXPLAIN "+q.query, q.args...)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range plan {
				for _, table := range []string{"bookings", "conversations", "messages", "reports", "reporters", "products", "users", "reviews"} {
					if strings.Contains(line, "Seq Scan on "+table+" ") {
						t.Errorf("%s reads %s whole; plan:\n%s", name, table, strings.Join(plan, "\n"))
					}
				}
			}
		})
	}
}
