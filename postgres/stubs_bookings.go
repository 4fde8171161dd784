package postgres

// Stubs of the methods still to port from package sqlite; each is
// deleted as its method is written.

import (
	"context"
	"rehome/app"
)

// CreateBooking is not written yet (sqlite/bookings.go).
func (db *DB) CreateBooking(ctx context.Context, b *app.Booking) error {
	panic("postgres: CreateBooking is not written yet")
}

// BookingByID is not written yet (sqlite/bookings.go).
func (db *DB) BookingByID(ctx context.Context, id int64) (*app.Booking, error) {
	panic("postgres: BookingByID is not written yet")
}

// BuyerBookings is not written yet (sqlite/bookings.go).
func (db *DB) BuyerBookings(ctx context.Context, buyerID int64, page app.Page) (app.List[app.Booking], error) {
	panic("postgres: BuyerBookings is not written yet")
}

// SellerBookings is not written yet (sqlite/bookings.go).
func (db *DB) SellerBookings(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Booking], error) {
	panic("postgres: SellerBookings is not written yet")
}

// CancelBooking is not written yet (sqlite/bookings.go).
func (db *DB) CancelBooking(ctx context.Context, id int64) error {
	panic("postgres: CancelBooking is not written yet")
}

// DeclineBooking is not written yet (sqlite/bookings.go).
func (db *DB) DeclineBooking(ctx context.Context, id int64, reason string) error {
	panic("postgres: DeclineBooking is not written yet")
}

// MarkPaid is not written yet (sqlite/bookings.go).
func (db *DB) MarkPaid(ctx context.Context, id int64) error {
	panic("postgres: MarkPaid is not written yet")
}

// MarkPaidByEvent is not written yet (sqlite/bookings.go).
func (db *DB) MarkPaidByEvent(ctx context.Context, eventID string, id int64) (done bool, err error) {
	panic("postgres: MarkPaidByEvent is not written yet")
}

// PaymentID is not written yet (sqlite/bookings.go).
func (db *DB) PaymentID(ctx context.Context, id int64) (string, error) {
	panic("postgres: PaymentID is not written yet")
}

// SetPaymentID is not written yet (sqlite/bookings.go).
func (db *DB) SetPaymentID(ctx context.Context, id int64, payment string) error {
	panic("postgres: SetPaymentID is not written yet")
}

// OpenBookingsOf is not written yet (sqlite/bookings.go).
func (db *DB) OpenBookingsOf(ctx context.Context, productID int64) ([]app.Booking, error) {
	panic("postgres: OpenBookingsOf is not written yet")
}

// OpenBookingsWith is not written yet (sqlite/bookings.go).
func (db *DB) OpenBookingsWith(ctx context.Context, userID int64) ([]app.Booking, error) {
	panic("postgres: OpenBookingsWith is not written yet")
}

// AddMessage is not written yet (sqlite/conversations.go).
func (db *DB) AddMessage(ctx context.Context, c *app.Conversation, m *app.Message) error {
	panic("postgres: AddMessage is not written yet")
}

// AddMessageTo is not written yet (sqlite/conversations.go).
func (db *DB) AddMessageTo(ctx context.Context, conversationID int64, m *app.Message) error {
	panic("postgres: AddMessageTo is not written yet")
}

// ConversationByID is not written yet (sqlite/conversations.go).
func (db *DB) ConversationByID(ctx context.Context, id, viewerID int64) (*app.Conversation, error) {
	panic("postgres: ConversationByID is not written yet")
}

// Conversations is not written yet (sqlite/conversations.go).
func (db *DB) Conversations(ctx context.Context, viewerID int64, page app.Page) (app.List[app.Conversation], error) {
	panic("postgres: Conversations is not written yet")
}

// Messages is not written yet (sqlite/conversations.go).
func (db *DB) Messages(ctx context.Context, conversationID, before int64, limit int) (app.List[app.Message], error) {
	panic("postgres: Messages is not written yet")
}

// MessageByID is not written yet (sqlite/conversations.go).
func (db *DB) MessageByID(ctx context.Context, conversationID, id int64) (*app.Message, error) {
	panic("postgres: MessageByID is not written yet")
}

// MarkRead is not written yet (sqlite/conversations.go).
func (db *DB) MarkRead(ctx context.Context, conversationID, readerID int64) (changed bool, err error) {
	panic("postgres: MarkRead is not written yet")
}

// Unread is not written yet (sqlite/conversations.go).
func (db *DB) Unread(ctx context.Context, userID int64) (int, error) {
	panic("postgres: Unread is not written yet")
}

// AcceptPickup is not written yet (sqlite/conversations.go).
func (db *DB) AcceptPickup(ctx context.Context, conversationID, messageID int64) (*app.Booking, error) {
	panic("postgres: AcceptPickup is not written yet")
}

// DeclinePickup is not written yet (sqlite/conversations.go).
func (db *DB) DeclinePickup(ctx context.Context, conversationID, messageID int64) error {
	panic("postgres: DeclinePickup is not written yet")
}

// CreateReport is not written yet (sqlite/reports.go).
func (db *DB) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	panic("postgres: CreateReport is not written yet")
}

// ReportedProducts is not written yet (sqlite/reports.go).
func (db *DB) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	panic("postgres: ReportedProducts is not written yet")
}

// DismissReport is not written yet (sqlite/reports.go).
func (db *DB) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	panic("postgres: DismissReport is not written yet")
}

// ReportsMadeBy is not written yet (sqlite/reports.go).
func (db *DB) ReportsMadeBy(ctx context.Context, userID int64) ([]app.ReportMade, error) {
	panic("postgres: ReportsMadeBy is not written yet")
}
