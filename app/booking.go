package app

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// BookingStatus: a booking is Booked until the seller confirms payment
// (Paid), the buyer calls it off (Cancelled) or the seller turns it down
// (Declined).
type BookingStatus string

const (
	BookingBooked    BookingStatus = "Booked"
	BookingPaid      BookingStatus = "Paid"
	BookingCancelled BookingStatus = "Cancelled"
	BookingDeclined  BookingStatus = "Declined"
)

// Booking is a buyer's reservation of a product. What was booked and who
// booked it are copied at booking time, so a buyer's orders survive the
// product's deletion and a seller's buyers survive the buyer's.
type Booking struct {
	ID         int64         `json:"id"`
	ProductID  *int64        `json:"product_id"` // null once the product is deleted
	Product    string        `json:"product"`
	Category   string        `json:"category"`
	Image      string        `json:"image"`
	ThumbURL   string        `json:"thumb_url"`
	Price      Cents         `json:"price"`
	Location   string        `json:"location"`
	BuyerID    int64         `json:"-"`
	BuyerName  string        `json:"buyer_name"`
	BuyerEmail string        `json:"buyer_email"`
	BuyerPhone string        `json:"buyer_phone"`
	SellerID   int64         `json:"-"`
	Status     BookingStatus `json:"status"`
	// DeclineReason is what the seller said when declining, if anything.
	DeclineReason string    `json:"decline_reason"`
	Created       time.Time `json:"time"`
	// PickupAt is the pickup time both sides agreed on in their conversation.
	PickupAt *time.Time `json:"pickup_at"`
	// ConversationID is the conversation between the booking's buyer and
	// seller about its product, if there is one.
	ConversationID *int64 `json:"conversation_id"`
	// HandedOverAt is when the seller entered the buyer's handover code.
	HandedOverAt *time.Time `json:"handed_over_at"`
	// CompletedAt is when the booking became reviewable: handed over, or
	// paid by card. ReviewUntil is when its reviews close.
	CompletedAt *time.Time `json:"-"`
	ReviewUntil *time.Time `json:"review_until"`
	// BuyerReviewed and SellerReviewed say whether each side has written
	// its review of the other.
	BuyerReviewed  bool `json:"buyer_reviewed"`
	SellerReviewed bool `json:"seller_reviewed"`
	// NoShow says who did not come to the pickup, when the booking ended
	// so: NoShowBuyer or NoShowSeller; empty otherwise.
	NoShow string `json:"no_show"`
	// NoShowAnswer is what the person the no-show was counted against
	// said of it, once; empty until they do.
	NoShowAnswer string `json:"no_show_answer"`
	// CancelReason says why a booking was cancelled for its buyer when
	// neither side did it: CancelSellerSuspended or CancelSellerDeleted;
	// empty otherwise.
	CancelReason string `json:"cancel_reason"`
	// HandoverCheck lets the seller's device tell a mistyped handover code
	// without knowing the code (see HandoverCheckOf); it is in the seller's
	// list of an open booking only, and nil everywhere else.
	HandoverCheck *int `json:"handover_check,omitempty"`
	// HandoverCode is the code a booking is created with. The store takes
	// it at CreateBooking and never reads it back into a Booking: only
	// HandoverCode and HandoverCodes answer it.
	HandoverCode string `json:"-"`
	// New says, in the seller's list, that the booking is still open and
	// came after the newest one My Buyers showed them (see NewBookings).
	New bool `json:"new"`
	// BuyerRef is BuyerID as answers write it, so that the seller can open
	// the buyer's page: null once the buyer's account is gone (BuyerID is 0
	// then), as product_id is once the product is. The stores set both.
	BuyerRef *int64 `json:"buyer_id"`
}

// OptionalID is id as an answer writes a reference that may be gone: null
// for 0, as a store reads one whose row was deleted.
func OptionalID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// Why a booking was cancelled for its buyer (Booking.CancelReason).
const (
	CancelSellerSuspended = "seller_suspended"
	CancelSellerDeleted   = "seller_deleted"
)

// BookingInput is the body of POST /api/booked; everything else comes from
// the product and the signed-in buyer.
type BookingInput struct {
	ProductID  int64  `json:"product_id"`
	Location   string `json:"location"`
	BuyerPhone string `json:"buyer_phone"`
}

func (in *BookingInput) Validate(v *Validator) {
	in.Location = CleanLine(in.Location)
	in.BuyerPhone = strings.TrimSpace(in.BuyerPhone)
	v.Check(in.ProductID > 0, "product_id", RequiredMessage)
	v.Required(in.Location, "location")
	v.Check(utf8.RuneCountInString(in.Location) <= 200, "location", "Use at most 200 characters")
	v.Required(in.BuyerPhone, "buyer_phone")
	if !v.Has("buyer_phone") {
		v.Check(ValidPhone(in.BuyerPhone), "buyer_phone", PhoneMessage)
	}
}

// BookingStore keeps bookings. The methods that change a booking decide
// on the states they depend on by conditional updates in their
// transaction, so two requests racing for the same product cannot both win.
type BookingStore interface {
	// CreateBooking stores b and fills in its ID and Created, in one
	// transaction that holds the product's row while it checks that the
	// product is still Available: a sale or deletion racing it either
	// comes first (the booking is refused) or waits and then calls the new
	// booking off with the rest. A sold product is a conflict, an unknown
	// one not found, a buyer or product removed meanwhile a conflict (a
	// foreign key). A buyer with an open or paid booking of the product
	// has a conflict (unique index bookings_open_once): of one buyer's
	// racing calls exactly one succeeds. Different buyers may each hold an
	// open booking of one product; the product's count of open bookings
	// (Reserved) follows by trigger.
	CreateBooking(ctx context.Context, b *Booking) error
	// BookingByID finds a booking; an unknown one is not found.
	BookingByID(ctx context.Context, id int64) (*Booking, error)
	// BuyerBookings and SellerBookings list a person's bookings on either
	// side, newest first, and how many there are.
	BuyerBookings(ctx context.Context, buyerID int64, page Page) (List[Booking], error)
	SellerBookings(ctx context.Context, sellerID int64, page Page) (List[Booking], error)
	// CancelBooking calls off a booking that is still Booked by an update
	// on that condition: of a cancel racing a payment or a decline exactly
	// one changes it, and the other is a conflict. Calling off a booking
	// already cancelled succeeds and changes nothing; a paid or declined
	// one is a conflict, an unknown one not found.
	CancelBooking(ctx context.Context, id int64) error
	// DeclineBooking turns down a booking that is still Booked, with
	// reason, on the same condition as CancelBooking; any other state is a
	// conflict, an unknown booking not found.
	DeclineBooking(ctx context.Context, id int64, reason string) error
	// MarkPaid, in one transaction, makes the product Sold on condition it
	// is still Available, then the booking Paid on condition it is still
	// Booked, cancels the product's other open bookings and takes its
	// advert off. Of racing payments, for one booking or for two bookings
	// of one product, exactly one succeeds and the others are conflicts; a
	// booking not Booked, or whose product is gone or sold, is a conflict,
	// an unknown one not found.
	MarkPaid(ctx context.Context, id int64) error
	// HandoverCode stores fresh as the booking's handover code unless it
	// has one already, and answers the code it has; an unknown booking is
	// not found.
	HandoverCode(ctx context.Context, id int64, fresh string) (string, error)
	// HandoverCodes answers the handover codes of the bookings ids that
	// have one, by booking id.
	HandoverCodes(ctx context.Context, ids []int64) (map[int64]string, error)
	// HandOver checks code against the booking's handover code. The right
	// code, in one transaction, marks the booking handed over and
	// completed and, when it is still Booked, makes it Paid as MarkPaid
	// does; a booking handed over already, or neither Booked nor Paid, is
	// a conflict. A wrong code is counted and answered WrongHandoverCode
	// with the count of wrong codes in a row, which locks the handover for
	// HandoverLockAfter that count, during which every code is answered
	// HandoverLocked. The count and the lock are committed whatever the
	// answer; only the handover ends the count.
	HandOver(ctx context.Context, id int64, code string) error
	// MarkNoShow ends a booking still Booked whose agreed pickup time is
	// NoShowAfter past, by an update on those conditions: declined when the
	// buyer did not come (absent is NoShowBuyer), cancelled when the seller
	// did not, and counted against the absent person. Any other state is a
	// conflict, an unknown booking not found.
	MarkNoShow(ctx context.Context, id int64, absent string) error
	// NoShowsOf lists the no-shows counted against a person within the
	// last period, newest first.
	NoShowsOf(ctx context.Context, userID int64, period time.Duration) ([]NoShowRecord, error)
	// AnswerNoShow records answer beside the no-show of booking id counted
	// against userID, by an update on condition it has none yet: a second
	// answer is a conflict; a booking with no no-show counted against
	// userID is not found.
	AnswerNoShow(ctx context.Context, id, userID int64, answer string) error
	// RemoveNoShow stops the no-show of booking id from counting (the
	// booking no longer says who did not come, and its answer goes) and
	// records audit, in one transaction; a booking with no no-show counted
	// is not found.
	RemoveNoShow(ctx context.Context, id int64, audit *AuditEntry) error
	// OpenBookingsOf lists a product's bookings that are still Booked,
	// oldest first.
	OpenBookingsOf(ctx context.Context, productID int64) ([]Booking, error)
	// OpenBookingsWith lists the bookings still Booked that userID made or
	// received.
	OpenBookingsWith(ctx context.Context, userID int64) ([]Booking, error)
	// SeeBookings records that My Buyers showed sellerID their bookings up
	// to upTo: the marker moves to their newest booking not past upTo, and
	// never back.
	SeeBookings(ctx context.Context, sellerID, upTo int64) error
	// BookingsSeen is the marker SeeBookings moved: a booking id, 0 before
	// the first.
	BookingsSeen(ctx context.Context, sellerID int64) (int64, error)
	// NewBookings counts sellerID's bookings past their marker that are
	// still open (see Booking.StillOpen).
	NewBookings(ctx context.Context, sellerID int64) (int, error)
}

// DeclineInput is the optional body of DELETE /api/mybuyers/{id}.
type DeclineInput struct {
	Reason string `json:"reason"`
}

// SeenInput is the body of POST /api/mybuyers/seen: the newest booking My
// Buyers showed.
type SeenInput struct {
	BookingID int64 `json:"booking_id"`
}

// A seller sees new bookings: the top bar's badge counts them beside the
// unread messages, and My Buyers marks them until the seller has seen
// them there. Seen is per person, not per device: My Buyers tells the
// server the newest booking it showed (SeeBookings), and every device of
// the seller counts from there.

// StillOpen reports whether the booking still asks something of its
// seller: booked or paid, and not handed over yet. A cancelled or
// declined one, or one handed over, is never new. The stores' NewBookings
// count the same condition.
func (b *Booking) StillOpen() bool {
	return (b.Status == BookingBooked || b.Status == BookingPaid) && b.HandedOverAt == nil
}
