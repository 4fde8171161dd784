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

// Exports hand people everything the marketplace holds about them, read
// from each part that holds some.
type Exports struct {
	products      ProductStore
	bookings      *Bookings
	reports       ExportStore
	sessions      SessionStore
	conversations *Conversations
	notifications *Notifications
	now           func() time.Time
}

func NewExports(products ProductStore, bookings *Bookings, reports ExportStore, sessions SessionStore,
	conversations *Conversations, notifications *Notifications) *Exports {
	return &Exports{products: products, bookings: bookings, reports: reports, sessions: sessions,
		conversations: conversations, notifications: notifications, now: utcNow}
}

// ExportAccount gathers everything the marketplace holds about actor.
func (s *Exports) ExportAccount(ctx context.Context, actor *User) (*Export, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	e := &Export{Exported: s.now(), Account: actor.JSON()}
	var err error
	if e.Listings, err = allPages(ctx, actor.ID, s.products.SellerProducts); err != nil {
		return nil, err
	}
	for i := range e.Listings {
		ShowContact(actor, &e.Listings[i], false)
	}
	if e.BookingsMade, err = allPages(ctx, actor.ID, s.bookings.bookings.BuyerBookings); err != nil {
		return nil, err
	}
	// A buyer's contact details go with a booking only while its seller may
	// see them in the app.
	if e.BookingsReceived, err = allPages(ctx, actor.ID, s.bookings.bookings.SellerBookings); err != nil {
		return nil, err
	}
	if err := s.bookings.showBuyerContact(ctx, actor, e.BookingsReceived); err != nil {
		return nil, err
	}
	if e.ReportsMade, err = s.reports.ReportsMadeBy(ctx, actor.ID); err != nil {
		return nil, err
	}
	sessions := func(ctx context.Context, id int64, page Page) (List[Session], error) {
		return s.sessions.AccountSessions(ctx, id, "", page)
	}
	if e.Sessions, err = allPages(ctx, actor.ID, sessions); err != nil {
		return nil, err
	}
	if e.Conversations, err = s.conversations.exportConversations(ctx, actor.ID); err != nil {
		return nil, err
	}
	if e.PushDevices, err = s.notifications.pushDevices(ctx, actor.ID); err != nil {
		return nil, err
	}
	if e.PushPreferences, err = s.notifications.pushPreferencesOf(ctx, actor.ID); err != nil {
		return nil, err
	}
	return e, nil
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
