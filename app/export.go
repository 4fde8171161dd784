package app

import (
	"context"
	"time"
)

// Export is everything the marketplace holds about one person, for them
// to take: GET /api/auth/me/export.
type Export struct {
	Exported time.Time `json:"exported"`
	Account  any       `json:"account"`
	// Listings are theirs, with their photos' URLs.
	Listings []Product `json:"listings"`
	// Bookings they made, and bookings of their listings.
	BookingsMade     []Booking    `json:"bookings_made"`
	BookingsReceived []Booking    `json:"bookings_received"`
	ReportsMade      []ReportMade `json:"reports_made"`
	// Sessions are the devices signed in to the account.
	Sessions []Session `json:"sessions"`
	// Conversations they are in, each with every message, oldest first.
	Conversations []ConversationExport `json:"conversations"`
	// PushDevices are the push service addresses of the browsers they
	// asked to be notified on, and PushPreferences the kinds they want.
	PushDevices     []string        `json:"push_devices"`
	PushPreferences PushPreferences `json:"push_preferences"`
}

// ConversationExport is a conversation with its messages.
type ConversationExport struct {
	Conversation
	Messages []Message `json:"messages"`
}

// ReportMade is one report a person made that is still open: of a
// listing (ProductID and its name in Product), a person, a message or a
// review.
type ReportMade struct {
	Kind      ReportKind `json:"kind"`
	ProductID *int64     `json:"product_id"`
	Product   string     `json:"product"`
	UserID    *int64     `json:"user_id"`
	MessageID *int64     `json:"message_id"`
	ReviewID  *int64     `json:"review_id"`
	Reason    string     `json:"reason"`
	Time      time.Time  `json:"time"`
}

// ExportStore reads what only an export needs.
type ExportStore interface {
	// ReportsMadeBy lists the reports a person made, oldest first.
	ReportsMadeBy(ctx context.Context, userID int64) ([]ReportMade, error)
}

// allPages reads every page of a person's list.
func allPages[T any](ctx context.Context, id int64, list func(context.Context, int64, Page) (List[T], error)) ([]T, error) {
	all := []T{}
	for page := (Page{Limit: MaxPageLimit}); ; page.Offset += page.Limit {
		l, err := list(ctx, id, page)
		if err != nil {
			return nil, err
		}
		all = append(all, l.Items...)
		if len(l.Items) == 0 || page.Offset+len(l.Items) >= l.Total {
			return all, nil
		}
	}
}
