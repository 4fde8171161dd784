package app

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// BookingStatus: a booking is Booked until the seller confirms payment (Paid)
// or it is called off (Cancelled).
type BookingStatus string

const (
	BookingBooked    BookingStatus = "Booked"
	BookingPaid      BookingStatus = "Paid"
	BookingCancelled BookingStatus = "Cancelled"
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
	Created    time.Time     `json:"time"`
}

// BookingInput is the body of POST /api/booked; everything else comes from
// the product and the signed-in buyer.
type BookingInput struct {
	ProductID  int64  `json:"product_id"`
	Location   string `json:"location"`
	BuyerPhone string `json:"buyer_phone"`
}

func (in *BookingInput) Validate(v *Validator) {
	in.Location = strings.TrimSpace(in.Location)
	in.BuyerPhone = strings.TrimSpace(in.BuyerPhone)
	v.Check(in.ProductID > 0, "product_id", RequiredMessage)
	v.Required(in.Location, "location")
	v.Check(utf8.RuneCountInString(in.Location) <= 200, "location", "Use at most 200 characters")
	v.Required(in.BuyerPhone, "buyer_phone")
	if !v.Has("buyer_phone") {
		v.Check(ValidPhone(in.BuyerPhone), "buyer_phone", PhoneMessage)
	}
}

// BookingStore keeps bookings. The methods that change a booking check the
// states they depend on inside their transaction, so two requests racing for
// the same product cannot both win.
type BookingStore interface {
	// CreateBooking stores b if its product is still available and b's buyer
	// has no open booking for it (a conflict otherwise).
	CreateBooking(ctx context.Context, b *Booking) error
	BookingByID(ctx context.Context, id int64) (*Booking, error)
	BuyerBookings(ctx context.Context, buyerID int64, page Page) (List[Booking], error)
	SellerBookings(ctx context.Context, sellerID int64, page Page) (List[Booking], error)
	// CancelBooking calls off a booking that is not paid.
	CancelBooking(ctx context.Context, id int64) error
	// MarkPaid makes the booking Paid and its product Sold, cancels the
	// product's other open bookings and takes it off the advertised list.
	MarkPaid(ctx context.Context, id int64) error
}
