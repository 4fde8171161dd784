package app

import (
	"context"
	"time"
)

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

// ExportsDeps are what Exports is built from.
type ExportsDeps struct {
	Products      ProductStore
	Reports       ExportStore
	Sessions      SessionStore
	Bookings      *Bookings
	Conversations *Conversations
	Notifications *Notifications
}

func NewExports(d ExportsDeps) *Exports {
	return &Exports{products: d.Products, bookings: d.Bookings, reports: d.Reports, sessions: d.Sessions,
		conversations: d.Conversations, notifications: d.Notifications, now: utcNow}
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
