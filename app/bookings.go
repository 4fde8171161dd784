package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Bookings are buyers reserving products, and their payment in person or
// by card.
type Bookings struct {
	bookings BookingStore
	products ProductStore
	payments PaymentStore
	users    UserStore // whose bookings an admin asks for
	reviews  ReviewStore
	safety   SafetyStore // who blocked whom, who is suspended
	notices  *Notices
	// mails, outbox and site mail the people whose bookings are cancelled
	// for them, when the marketplace sends mail.
	mails    MailQueue
	outbox   *Outbox
	site     *SiteSettings
	cards    CardPayments // nil: pay in person only
	currency string       // see Currency
	now      func() time.Time
}

// BookingsDeps are what Bookings is built from.
type BookingsDeps struct {
	Bookings BookingStore
	Products ProductStore
	Payments PaymentStore
	Users    UserStore
	Reviews  ReviewStore
	Safety   SafetyStore
	Notices  *Notices
	Mails    MailQueue
	Outbox   *Outbox
	Site     *SiteSettings
	// Currency is what prices are in, an ISO 4217 code in lower case;
	// "": usd.
	Currency string
	// CardPayments takes payments by card; nil: Checkout refuses, and
	// buyers pay in person.
	CardPayments CardPayments
}

func NewBookings(d BookingsDeps) *Bookings {
	return &Bookings{bookings: d.Bookings, products: d.Products, payments: d.Payments, users: d.Users, reviews: d.Reviews,
		safety: d.Safety, notices: d.Notices, mails: d.Mails, outbox: d.Outbox, site: d.Site, currency: d.Currency,
		cards: d.CardPayments, now: utcNow}
}

// Book reserves a product for the signed-in user. The price, product and
// buyer details are taken from the database, never from the request.
func (s *Bookings) Book(ctx context.Context, actor *User, in BookingInput) (*Booking, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := s.products.ProductByID(ctx, in.ProductID)
	if err != nil {
		return nil, err
	}
	if !CanBook(actor, p) {
		return nil, Errorf(KindForbidden, "You cannot book your own product")
	}
	if p.Status == StatusSold {
		return nil, Errorf(KindConflict, "This product is already sold")
	}
	if err := refuseBlocked(ctx, s.safety, actor.ID, p.SellerID, "You cannot book this listing"); err != nil {
		return nil, err
	}
	productID := p.ID
	b := &Booking{
		ProductID: &productID, Product: p.Name, Category: p.Category, Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: in.Location, BuyerID: actor.ID, BuyerName: actor.Name,
		BuyerEmail: actor.Email, BuyerPhone: in.BuyerPhone, SellerID: p.SellerID, Status: BookingBooked,
	}
	// Drawn now rather than when the buyer first looks, so the seller's
	// list carries its check from the start.
	if b.HandoverCode, err = newHandoverCode(); err != nil {
		return nil, err
	}
	if err := s.bookings.CreateBooking(ctx, b); err != nil {
		return nil, err
	}
	s.bookingChanged(b, bookedNote(b))
	// Read back: the buyer may have written to the seller before booking.
	return s.bookingAs(ctx, actor, b.ID)
}

// BuyerBookings lists the orders of the buyer behind email.
func (s *Bookings) BuyerBookings(ctx context.Context, actor *User, email string, page Page) (List[Booking], error) {
	buyer, err := accountFor(ctx, s.users, actor, email, CanSeeBookingsOf)
	if err != nil {
		return List[Booking]{}, err
	}
	list, err := s.bookings.BuyerBookings(ctx, buyer.ID, page.Clamp())
	if err != nil {
		return list, err
	}
	return list, s.showBuyerContact(ctx, actor, list.Items)
}

// SellerBookings lists the bookings on the signed-in seller's products.
func (s *Bookings) SellerBookings(ctx context.Context, actor *User, page Page) (List[Booking], error) {
	if err := Allow(actor, CanSeeOwnBuyers(actor)); err != nil {
		return List[Booking]{}, err
	}
	list, err := s.bookings.SellerBookings(ctx, actor.ID, page.Clamp())
	if err != nil {
		return list, err
	}
	if err := s.showHandoverChecks(ctx, actor, list.Items); err != nil {
		return list, err
	}
	if err := s.markNew(ctx, actor.ID, list.Items); err != nil {
		return list, err
	}
	return list, s.showBuyerContact(ctx, actor, list.Items)
}

// Booking shows one booking to either side of it.
func (s *Bookings) Booking(ctx context.Context, actor *User, id int64) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanSeeBooking)
	if err != nil {
		return nil, err
	}
	one := []Booking{*b}
	if err := s.showBuyerContact(ctx, actor, one); err != nil {
		return nil, err
	}
	return &one[0], nil
}

// CancelBooking calls off a booking that is not paid yet.
func (s *Bookings) CancelBooking(ctx context.Context, actor *User, id int64) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanCancelBooking)
	if err != nil {
		return nil, err
	}
	if err := s.bookings.CancelBooking(ctx, b.ID); err != nil {
		return nil, err
	}
	s.bookingChanged(b, nil)
	return s.bookingAs(ctx, actor, id)
}

// DeclineBooking lets the seller turn a booking down, with a reason the
// buyer reads in My Orders.
func (s *Bookings) DeclineBooking(ctx context.Context, actor *User, id int64, in DeclineInput) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanDeclineBooking)
	if err != nil {
		return nil, err
	}
	reason := CleanText(in.Reason)
	v := &Validator{}
	v.Check(utf8.RuneCountInString(reason) <= 500, "reason", "Use at most 500 characters")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.bookings.DeclineBooking(ctx, b.ID, reason); err != nil {
		return nil, err
	}
	b.DeclineReason = reason
	s.bookingChanged(b, declinedNote(b))
	return s.bookingAs(ctx, actor, id)
}

// ConfirmPayment records that the seller was paid: the product is sold.
func (s *Bookings) ConfirmPayment(ctx context.Context, actor *User, id int64) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanConfirmPayment)
	if err != nil {
		return nil, err
	}
	queued := s.queuedBehind(ctx, b)
	if err := s.bookings.MarkPaid(ctx, b.ID); err != nil {
		return nil, err
	}
	s.paid(b, queued)
	return s.bookingAs(ctx, actor, id)
}

// bookingFor loads a booking the actor may act on.
func (s *Bookings) bookingFor(ctx context.Context, actor *User, id int64, may func(*User, *Booking) bool) (*Booking, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	b, err := s.bookings.BookingByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, b)); err != nil {
		return nil, err
	}
	return b, nil
}

// queuedBehind are the product's other open bookings, which its sale calls
// off. Read before the sale, they are only who is told of it: a booking
// made meanwhile is called off all the same, and its buyer sees it on
// their next look.
func (s *Bookings) queuedBehind(ctx context.Context, b *Booking) []Booking {
	if b.ProductID == nil {
		return nil
	}
	open, err := s.bookings.OpenBookingsOf(ctx, *b.ProductID)
	if err != nil {
		return nil
	}
	return open
}

// paid tells both sides of a paid booking, and the buyers whose bookings
// the sale called off.
func (s *Bookings) paid(b *Booking, queued []Booking) {
	s.bookingChanged(b, paidNote(b))
	for i := range queued {
		if queued[i].ID != b.ID {
			s.bookingChanged(&queued[i], nil)
		}
	}
}

// endingBookings are the open bookings that a deletion of a product (or
// of an account, when productID is 0) is about to call off, so that their
// people can be told. Read before the deletion, like queuedBehind.
func (s *Bookings) endingBookings(ctx context.Context, productID, userID int64) []Booking {
	var open []Booking
	var err error
	if productID != 0 {
		open, err = s.bookings.OpenBookingsOf(ctx, productID)
	} else {
		open, err = s.bookings.OpenBookingsWith(ctx, userID)
	}
	if err != nil {
		return nil
	}
	return open
}

// bookingsEnded tells both sides of each booking a deletion called off.
func (s *Bookings) bookingsEnded(ended []Booking) {
	for i := range ended {
		s.bookingChanged(&ended[i], nil)
	}
}

// bookingsCancelled tells both sides of each booking cancelled for them,
// after the change committed: an event, a push note and, when the
// marketplace sends mail, a mail, each saying body.
func (s *Bookings) bookingsCancelled(ctx context.Context, cancelled []Booking, body string) {
	for i := range cancelled {
		b := &cancelled[i]
		s.notices.notify(someone(s.toldCancelled(ctx, b, b.BuyerID, body), s.toldCancelled(ctx, b, b.SellerID, body))...)
	}
}

// cancelledForBuyers tells the buyer of each booking cancelled for them
// what bookingsCancelled does, and its seller only that it changed.
func (s *Bookings) cancelledForBuyers(ctx context.Context, cancelled []Booking, body string) {
	for i := range cancelled {
		b := &cancelled[i]
		s.notices.notify(someone(s.toldCancelled(ctx, b, b.BuyerID, body),
			NewEvent(b.SellerID, BookingEventData{BookingID: b.ID, ProductID: b.ProductID}))...)
	}
}

// accountEnded tells the people of the bookings an account's deletion
// cancelled: each buyer of its products why, the others that they changed.
func (s *Bookings) accountEnded(ctx context.Context, ended []Booking, userID int64) {
	for i := range ended {
		b := &ended[i]
		if b.SellerID != userID {
			s.bookingChanged(b, nil)
			continue
		}
		s.notices.notify(someone(s.toldCancelled(ctx, b, b.BuyerID, sellerDeletedBody))...)
	}
}

// toldCancelled is the event that tells userID, one side of b, that it was
// cancelled, with its push note; it mails them too. A side whose account
// was deleted gets an event for nobody, which someone drops.
func (s *Bookings) toldCancelled(ctx context.Context, b *Booking, userID int64, body string) Event {
	e := NewEvent(userID, BookingEventData{BookingID: b.ID, ProductID: b.ProductID})
	if userID == 0 {
		return e
	}
	kind, screen := PushDeclined, ScreenMyOrders
	if userID == b.SellerID {
		kind, screen = PushBooking, ScreenMyBuyers
	}
	vars := []string{"product", b.Product}
	e.Push = &PushNote{Kind: kind, Title: bookingCancelledTitle, Body: body, Vars: vars, Link: Link{Screen: screen}, Tag: bookingTag(b)}
	s.mailCancelled(ctx, userID, body, vars, Link{Screen: screen})
	return e
}

// mailCancelled mails one side of a cancelled booking. The cancellation
// has committed, and the event and push note tell it too: a mail that
// cannot be queued is left out, as the email change's notice is.
func (s *Bookings) mailCancelled(ctx context.Context, userID int64, body string, vars []string, link Link) {
	if s.outbox == nil || !s.outbox.Sends() {
		return
	}
	u, err := s.users.UserByID(ctx, userID)
	if err != nil {
		return // gone meanwhile
	}
	say := s.site.speakerTo(ctx, u)
	m := s.outbox.spokenMail(say, u, u.Email, say(bookingCancelledTitle, vars...), MailContent{
		Paragraphs:  []string{say(body, vars...) + ".", say("Your bookings in the app show it.")},
		ActionLabel: say("Open the booking"), ActionURL: s.outbox.link(link)})
	if err := s.mails.QueueMail(ctx, m); err == nil {
		s.outbox.queued()
	}
}

// bookingChanged tells both sides of b that it changed, after the change
// committed; note, if any, goes to the phone of the side it names.
func (s *Bookings) bookingChanged(b *Booking, note *bookingNote) {
	data := BookingEventData{BookingID: b.ID, ProductID: b.ProductID}
	var events []Event
	for _, userID := range []int64{b.BuyerID, b.SellerID} {
		if userID == 0 {
			continue // the account was deleted
		}
		e := NewEvent(userID, data)
		if note != nil && note.to == userID {
			e.Push = &note.PushNote
		}
		events = append(events, e)
	}
	s.notices.notify(events...)
}

// SeeBookings records that My Buyers showed the actor their bookings up
// to in.BookingID. Anyone signed in may say so: a buyer has no bookings to
// see, and their count stays 0.
func (s *Bookings) SeeBookings(ctx context.Context, actor *User, in SeenInput) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	v := &Validator{}
	v.Check(in.BookingID > 0, "booking_id", RequiredMessage)
	if err := v.Err(); err != nil {
		return err
	}
	return s.bookings.SeeBookings(ctx, actor.ID, in.BookingID)
}

// newBookings counts the open bookings the seller has not seen in My
// Buyers.
func (s *Bookings) newBookings(ctx context.Context, sellerID int64) (int, error) {
	return s.bookings.NewBookings(ctx, sellerID)
}

// markNew marks the bookings of a seller's list that are new to them.
func (s *Bookings) markNew(ctx context.Context, sellerID int64, list []Booking) error {
	seen, err := s.bookings.BookingsSeen(ctx, sellerID)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].New = list[i].ID > seen && list[i].StillOpen()
	}
	return nil
}

// showBuyerContact leaves the buyer's email and phone in the bookings that
// viewer reads as their seller only where BuyerContactVisible; the buyer
// reads their own, and admins everyone's. Every answer, export and event
// that carries a booking to its seller passes through it. Whether the two
// blocked each other is asked only of the bookings the rest of the rule
// would show, once per buyer.
func (s *Bookings) showBuyerContact(ctx context.Context, viewer *User, bookings []Booking) error {
	now := s.now()
	blockedWith := map[int64]bool{}
	for i := range bookings {
		b := &bookings[i]
		if viewer == nil || viewer.ID != b.SellerID || viewer.ID == b.BuyerID {
			continue
		}
		blocked := false
		if BuyerContactVisible(b, now, false) {
			known, asked := blockedWith[b.BuyerID]
			if !asked {
				var err error
				if known, err = s.safety.EitherBlocked(ctx, viewer.ID, b.BuyerID); err != nil {
					return err
				}
				blockedWith[b.BuyerID] = known
			}
			blocked = known
		}
		if !BuyerContactVisible(b, now, blocked) {
			b.BuyerEmail, b.BuyerPhone = "", ""
		}
	}
	return nil
}

// bookingAs reads booking id as viewer may see it (showBuyerContact).
func (s *Bookings) bookingAs(ctx context.Context, viewer *User, id int64) (*Booking, error) {
	b, err := s.bookings.BookingByID(ctx, id)
	if err != nil {
		return nil, err
	}
	one := []Booking{*b}
	if err := s.showBuyerContact(ctx, viewer, one); err != nil {
		return nil, err
	}
	return &one[0], nil
}

// showHandoverChecks gives the seller each open booking's check, where
// the booking has a code: one drawn before codes were drawn at booking has
// none until its buyer first looks at it.
func (s *Bookings) showHandoverChecks(ctx context.Context, viewer *User, bookings []Booking) error {
	var open []int64
	for i := range bookings {
		if b := &bookings[i]; viewer != nil && viewer.ID == b.SellerID && handoverOpen(b) == nil {
			open = append(open, b.ID)
		}
	}
	if len(open) == 0 {
		return nil
	}
	codes, err := s.bookings.HandoverCodes(ctx, open)
	if err != nil {
		return err
	}
	for i := range bookings {
		if code, ok := codes[bookings[i].ID]; ok && code != "" {
			check := HandoverCheckOf(bookings[i].ID, code)
			bookings[i].HandoverCheck = &check
		}
	}
	return nil
}

// HandoverCode shows the buyer of an open booking the code to show the
// seller at the pickup: the same code every time it is asked for.
func (s *Bookings) HandoverCode(ctx context.Context, actor *User, id int64) (*HandoverCode, error) {
	b, err := s.bookingFor(ctx, actor, id, CanShowHandoverCode)
	if err != nil {
		return nil, err
	}
	if err := handoverOpen(b); err != nil {
		return nil, err
	}
	fresh, err := newHandoverCode()
	if err != nil {
		return nil, err
	}
	code, err := s.bookings.HandoverCode(ctx, b.ID, fresh)
	if err != nil {
		return nil, err
	}
	return &HandoverCode{Code: code}, nil
}

// HandOver is the seller entering the buyer's code at the pickup: the
// booking is handed over, and paid in person unless it was paid by card,
// and the product sold, in one transaction.
func (s *Bookings) HandOver(ctx context.Context, actor *User, id int64, in HandoverInput) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanHandOver)
	if err != nil {
		return nil, err
	}
	// People read codes aloud in groups: "123 456".
	code := strings.Join(strings.Fields(in.Code), "")
	v := &Validator{}
	v.Check(len(code) == HandoverCodeDigits && strings.Trim(code, "0123456789") == "", "code",
		"Enter the 6-digit code the buyer shows you")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := handoverOpen(b); err != nil {
		return nil, err
	}
	queued := s.queuedBehind(ctx, b)
	if err := s.bookings.HandOver(ctx, b.ID, code); err != nil {
		return nil, err
	}
	if b.Status == BookingBooked {
		s.paid(b, queued)
	}
	s.bookingChanged(b, handedOverNote(b))
	return s.bookingAs(ctx, actor, id)
}

// BuyerNoShow is the seller saying the buyer did not come: the booking is
// declined, and the next buyer in the queue is told.
func (s *Bookings) BuyerNoShow(ctx context.Context, actor *User, id int64) (*Booking, error) {
	return s.noShow(ctx, actor, id, NoShowBuyer, CanReportBuyerNoShow)
}

// SellerNoShow is the buyer saying the seller did not come: the booking is
// cancelled.
func (s *Bookings) SellerNoShow(ctx context.Context, actor *User, id int64) (*Booking, error) {
	return s.noShow(ctx, actor, id, NoShowSeller, CanReportSellerNoShow)
}

func (s *Bookings) noShow(ctx context.Context, actor *User, id int64, absent string, may func(*User, *Booking) bool) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, may)
	if err != nil {
		return nil, err
	}
	// The store decides on the booking and the time, by its clock.
	if err := s.bookings.MarkNoShow(ctx, b.ID, absent); err != nil {
		return nil, err
	}
	s.bookingChanged(b, nil)
	if next := s.queuedBehind(ctx, b); len(next) > 0 {
		s.bookingChanged(&next[0], nextInQueueNote(&next[0]))
	}
	return s.bookingAs(ctx, actor, id)
}

// AnswerNoShow lets the person a no-show was counted against say, once,
// what happened; their profile shows it beside the no-show.
func (s *Bookings) AnswerNoShow(ctx context.Context, actor *User, id int64, in NoShowAnswerInput) (*Booking, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	answer := CleanText(in.Answer)
	v := &Validator{}
	v.Required(answer, "answer")
	v.Check(utf8.RuneCountInString(answer) <= MaxNoShowAnswer, "answer", "Use at most 500 characters")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.bookings.AnswerNoShow(ctx, id, actor.ID, answer); err != nil {
		return nil, err
	}
	return s.bookingAs(ctx, actor, id)
}

// RemoveNoShow is an admin taking back a no-show, with a reason kept in
// the audit log: it no longer counts nor shows.
func (s *Bookings) RemoveNoShow(ctx context.Context, actor *User, id int64, in RemoveNoShowInput) error {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return err
	}
	reason, err := auditReason(in.Reason)
	if err != nil {
		return err
	}
	b, err := s.bookings.BookingByID(ctx, id)
	if err != nil {
		return err
	}
	target := fmt.Sprintf("%s (the %s did not come): %s", b.Product, b.NoShow, reason)
	if err := s.bookings.RemoveNoShow(ctx, id, auditOf(actor, AuditRemoveNoShow, AuditTargetBooking, id, target)); err != nil {
		return err
	}
	s.bookingChanged(b, nil)
	return nil
}

// CardPaymentEvent acts on a webhook from the provider: a succeeded payment
// marks its booking Paid; other events are ignored.
func (s *Bookings) CardPaymentEvent(ctx context.Context, payload []byte, signature string) error {
	if s.cards == nil {
		return Errorf(KindNotFound, "Card payments are not set up on this marketplace")
	}
	ev, err := s.cards.Event(payload, signature)
	if err != nil || ev.Type != PaymentSucceeded {
		return err
	}
	if ev.Currency != s.cards.Currency() {
		return Errorf(KindInvalid, "Payment %s is in %s, not %s", ev.PaymentID, ev.Currency, s.cards.Currency())
	}
	return s.cardPaymentSucceeded(ctx, ev)
}

// CardPaymentsEnabled reports whether card payments are set up.
func (s *Bookings) CardPaymentsEnabled() bool { return s.cards != nil }

// Currency is what prices are in; usd unless built with another.
func (s *Bookings) Currency() string {
	if s.currency == "" {
		return "usd"
	}
	return s.currency
}

// Checkout starts (or finds again) the card payment of a booking for its
// buyer. The amount is the booking's price as stored, never the client's.
func (s *Bookings) Checkout(ctx context.Context, actor *User, bookingID int64) (*Checkout, error) {
	b, err := s.bookingFor(ctx, actor, bookingID, CanPayByCard)
	if err != nil {
		return nil, err
	}
	if s.cards == nil {
		return nil, Errorf(KindConflict, "Card payments are not set up on this marketplace")
	}
	if err := payable(ctx, s.products, b); err != nil {
		return nil, err
	}
	existing, err := s.payments.PaymentID(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	p, err := s.cards.Start(ctx, b, existing)
	if err != nil {
		return nil, err
	}
	if existing == "" {
		if err := s.payments.SetPaymentID(ctx, b.ID, p.ID); err != nil {
			return nil, err
		}
	}
	return &Checkout{ClientSecret: p.ClientSecret, PublishableKey: s.cards.PublishableKey(), PaymentID: cmp.Or(existing, p.ID)}, nil
}

// cardPaymentSucceeded is the provider saying a payment went through: the
// booking becomes Paid and its product Sold, as when the seller confirms a
// payment in person. The provider may send an event twice, or late: the
// second time, or for a booking no longer payable, nothing changes. A
// payment that is not the booking's, or not of its price, is refused.
func (s *Bookings) cardPaymentSucceeded(ctx context.Context, ev *PaymentEvent) error {
	b, err := s.bookings.BookingByID(ctx, ev.BookingID)
	if err != nil {
		return err
	}
	recorded, err := s.payments.PaymentID(ctx, b.ID)
	if err != nil {
		return err
	}
	if recorded == "" || recorded != ev.PaymentID {
		return Errorf(KindInvalid, "Payment %s is not the payment of booking %d", ev.PaymentID, b.ID)
	}
	if ev.Amount != b.Price {
		return Errorf(KindInvalid, "Payment %s is of %s, booking %d costs %s", ev.PaymentID, ev.Amount, b.ID, b.Price)
	}
	queued := s.queuedBehind(ctx, b)
	done, err := s.payments.MarkPaidByEvent(ctx, ev.ID, b.ID)
	var e *Error
	if errors.As(err, &e) && e.Kind == KindConflict {
		return nil // already paid, cancelled or sold: nothing to do, and no reason to be asked again
	}
	if done {
		s.paid(b, queued)
	}
	return err
}

// ReviewSeller is the buyer's review of the seller of a completed booking.
func (s *Bookings) ReviewSeller(ctx context.Context, actor *User, id int64, in ReviewInput) (*Review, error) {
	return s.review(ctx, actor, id, in, true)
}

// ReviewBuyer is the seller's review of the buyer of a completed booking.
func (s *Bookings) ReviewBuyer(ctx context.Context, actor *User, id int64, in ReviewInput) (*Review, error) {
	return s.review(ctx, actor, id, in, false)
}

func (s *Bookings) review(ctx context.Context, actor *User, id int64, in ReviewInput, byBuyer bool) (*Review, error) {
	may, subject := CanReviewAsSeller, func(b *Booking) int64 { return b.BuyerID }
	if byBuyer {
		may, subject = CanReviewAsBuyer, func(b *Booking) int64 { return b.SellerID }
	}
	b, err := s.bookingFor(ctx, actor, id, may)
	if err != nil {
		return nil, err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := ReviewWindowOpen(b.CompletedAt, time.Now()); err != nil {
		return nil, err
	}
	if subject(b) == 0 {
		return nil, Errorf(KindConflict, "This account was deleted")
	}
	authorID := actor.ID
	r := &Review{BookingID: b.ID, AuthorID: &authorID, AuthorName: actor.Name, SubjectID: subject(b), ByBuyer: byBuyer,
		Role: ReviewRole(byBuyer), Product: b.Product, Rating: in.Rating, Text: in.Text}
	if err := s.reviews.AddReview(ctx, r); err != nil {
		return nil, err
	}
	s.bookingChanged(b, nil)
	return r, nil
}
