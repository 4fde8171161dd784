package storecore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"rehome/app"
)

// BookingColumns are a booking's columns, with whether each side reviewed
// it and its conversation.
const BookingColumns = `id, product_id, product, category, image, thumb_url, price, location,
	coalesce(buyer_id, 0), buyer_name, buyer_email, buyer_phone, coalesce(seller_id, 0), status, decline_reason, created,
	pickup_at, ` + bookingConversation + `, handed_over_at, completed_at,
	EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = bookings.id AND r.by_buyer),
	EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = bookings.id AND NOT r.by_buyer), no_show, cancel_reason, no_show_answer`

// bookingConversation finds the conversation between a booking's buyer and
// seller about its product, after the product's deletion too.
const bookingConversation = `(SELECT c.id FROM conversations c
	WHERE c.product_ref = bookings.product_ref AND c.buyer_id = bookings.buyer_id) AS conversation_id`

// ScanBooking reads a row of BookingColumns.
func ScanBooking(row Row) (app.Booking, error) {
	var b app.Booking
	var productID, pickupAt, conversationID, handedOverAt, completedAt sql.NullInt64
	var price, created int64
	var status string
	err := row.Scan(&b.ID, &productID, &b.Product, &b.Category, &b.Image, &b.ThumbURL, &price, &b.Location,
		&b.BuyerID, &b.BuyerName, &b.BuyerEmail, &b.BuyerPhone, &b.SellerID, &status, &b.DeclineReason, &created,
		&pickupAt, &conversationID, &handedOverAt, &completedAt, &b.BuyerReviewed, &b.SellerReviewed, &b.NoShow, &b.CancelReason, &b.NoShowAnswer)
	b.ProductID = NullID(productID)
	b.ConversationID = NullID(conversationID)
	b.Price = app.Cents(price)
	b.Status = app.BookingStatus(status)
	b.PickupAt = NullTime(pickupAt)
	b.HandedOverAt = NullTime(handedOverAt)
	b.Completed(NullTime(completedAt))
	b.Created = FromMillis(created)
	b.BuyerRef = app.OptionalID(b.BuyerID)
	return b, err
}

// NullID reads a nullable ID column.
func NullID(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// NullTime reads a nullable time column.
func NullTime(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := FromMillis(ms.Int64)
	return &t
}

// The booking lists, newest first, through bookings_by_buyer and
// bookings_by_seller; see TestListQueriesUseIndexes.
const (
	BookingByIDQuery    = `SELECT ` + BookingColumns + ` FROM bookings WHERE id = ?`
	BuyerBookingsCount  = `SELECT count(*) FROM bookings WHERE buyer_id = ?`
	BuyerBookingsPage   = `SELECT ` + BookingColumns + ` FROM bookings WHERE buyer_id = ? ORDER BY id DESC LIMIT ? + 0 OFFSET ? + 0`
	SellerBookingsCount = `SELECT count(*) FROM bookings WHERE seller_id = ?`
	SellerBookingsPage  = `SELECT ` + BookingColumns + ` FROM bookings WHERE seller_id = ? ORDER BY id DESC LIMIT ? + 0 OFFSET ? + 0`
	// A product's bookings still Booked, oldest first; a person's, made or received.
	OpenBookingsQuery     = `SELECT ` + BookingColumns + ` FROM bookings WHERE product_id = ? AND status = 'Booked' ORDER BY id`
	OpenBookingsWithQuery = `SELECT ` + BookingColumns + ` FROM bookings WHERE buyer_id = ? AND status = 'Booked'
		UNION ALL SELECT ` + BookingColumns + ` FROM bookings WHERE seller_id = ? AND status = 'Booked'`
	// NoShowsQuery reads bookings_no_shows: a person's no-shows, few.
	NoShowsQuery = `SELECT id, no_show_at, no_show_answer FROM bookings WHERE no_show_user = ? AND no_show_at > ?
	ORDER BY no_show_at DESC, id DESC`
)

// BookingByID reads one booking.
func BookingByID(ctx context.Context, q Querier, id int64) (*app.Booking, error) {
	b, err := ScanBooking(q.QueryRow(ctx, BookingByIDQuery, id))
	if err != nil {
		return nil, NotFound(err, "Booking")
	}
	return &b, nil
}

// InsertBooking stores a new booking of a product the caller holds as for
// sale, and sets its ID; a second open booking of one buyer fails
// bookings_open_once.
func InsertBooking(ctx context.Context, tx Querier, b *app.Booking, created int64) error {
	return tx.QueryRow(ctx, `
		INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price,
		                      location, buyer_name, buyer_email, buyer_phone, status, created, handover_code)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		b.ProductID, b.BuyerID, b.SellerID, b.Product, b.Category, b.Image, b.ThumbURL, int64(b.Price),
		b.Location, b.BuyerName, b.BuyerEmail, b.BuyerPhone, string(b.Status), created, b.HandoverCode).Scan(&b.ID)
}

// ClaimAvailable checks, inside a write transaction, that a product exists
// and is still for sale, and holds its row until the transaction ends, so
// that a sale or deletion either comes first or waits for this
// transaction. Where the database locks rows, SELECT ... FOR NO KEY UPDATE
// waits for a write holding the row and then reads it as that write
// committed it; it is the lock an UPDATE of the row takes, so rows that
// merely refer to the product (a booking's foreign key) are not held up by
// it. SQLite's one writer holds the whole database; its conditional update
// of the row also tells the change feed the product changed, which its
// caches of listings (with their adverts) rely on.
func ClaimAvailable(ctx context.Context, d Dialect, tx Querier, productID int64, soldMessage string) error {
	return claimAvailable(ctx, tx, productID, d.ForNoKeyUpdate, soldMessage)
}

// claimAvailable is ClaimAvailable holding the row with lock, the clause
// that follows a SELECT, or "" for SQLite's conditional update.
func claimAvailable(ctx context.Context, tx Querier, productID int64, lock, soldMessage string) error {
	if lock == "" {
		claimed, err := tx.Exec(ctx, `UPDATE products SET status = status WHERE id = ? AND status = 'Available'`, productID)
		if err != nil || claimed == 1 {
			return err
		}
		return WhyNotForSale(ctx, tx, productID, soldMessage)
	}
	var status string
	err := tx.QueryRow(ctx, `SELECT status FROM products WHERE id = ?`+lock, productID).Scan(&status)
	if err != nil {
		return NotFound(err, "Product")
	}
	if app.ProductStatus(status) != app.StatusAvailable {
		return app.Errorf(app.KindConflict, "%s", soldMessage)
	}
	return nil
}

// HoldBookedProduct holds the row of a booking's product, if it still has
// one, for the rest of the transaction, where the database locks rows:
// every write that changes bookings takes the row of the booked product
// first and the booking rows after it, as CreateBooking, MarkPaid and
// DeleteProduct must (a booking's change of status updates the product's
// count of open bookings by trigger, so a write that took a booking first
// and the product after could deadlock with a payment).
func HoldBookedProduct(ctx context.Context, d Dialect, tx Querier, bookingID int64) error {
	if d.ForNoKeyUpdate == "" {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT p.id FROM bookings b JOIN products p ON p.id = b.product_id
		WHERE b.id = ?`+d.ForNoKeyUpdate+` OF p`, bookingID)
	return err
}

// CloseBooking ends a booking that is still Booked, as Cancelled or
// Declined; the product's open bookings follow by trigger. The update's
// condition decides a race with a payment or another close.
func CloseBooking(ctx context.Context, tx Querier, id int64, to app.BookingStatus, reason string) error {
	closed, err := tx.Exec(ctx, `UPDATE bookings SET status = ?, decline_reason = ? WHERE id = ? AND status = 'Booked'`,
		string(to), reason, id)
	if err != nil || closed > 0 {
		return err
	}
	status, _, err := bookingState(ctx, tx, id)
	if err != nil {
		return err
	}
	switch status {
	case app.BookingPaid:
		return app.Errorf(app.KindConflict, "A paid booking cannot be %s", strings.ToLower(string(to)))
	case app.BookingDeclined:
		return app.Errorf(app.KindConflict, "This booking was declined by the seller")
	case app.BookingCancelled:
		if to == app.BookingCancelled {
			return nil // calling off twice is calling off once
		}
		return app.Errorf(app.KindConflict, "This booking was cancelled")
	}
	return app.Errorf(app.KindConflict, "This booking changed meanwhile")
}

// MarkPaidByEvent is MarkPaid for a payment provider's event, once per
// event: a second delivery finds the event recorded and changes nothing.
// Two deliveries at once are decided by the event's primary key.
func MarkPaidByEvent(ctx context.Context, tx Querier, eventID string, id, now int64) (done bool, err error) {
	recorded, err := tx.Exec(ctx, `INSERT INTO payment_events (id, received) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
		eventID, now)
	if err != nil || recorded == 0 {
		return false, err // seen before
	}
	if err := MarkPaid(ctx, tx, id); err != nil {
		return false, err
	}
	// Paid by card: reviewable as a handover is.
	_, err = tx.Exec(ctx, `UPDATE bookings SET completed_at = ? WHERE id = ? AND completed_at IS NULL`, now, id)
	return err == nil, err
}

// MarkPaid moves the product from Available to Sold and the booking from
// Booked to Paid by conditional updates, so that of two payments racing for
// one booking, or for two bookings of one product, exactly one finds the
// rows still as it expects. The product goes first: two payers of one
// product then queue on its row instead of each holding a booking the
// other must call off.
func MarkPaid(ctx context.Context, tx Querier, id int64) error {
	status, productID, err := bookingState(ctx, tx, id)
	switch {
	case err != nil:
		return err
	case status != app.BookingBooked:
		return notPayable(status)
	case !productID.Valid:
		return app.Errorf(app.KindConflict, "The product no longer exists")
	}
	sold, err := tx.Exec(ctx, `UPDATE products SET status = 'Sold' WHERE id = ? AND status = 'Available'`, productID.Int64)
	if err != nil {
		return err
	}
	if sold == 0 {
		return WhyNotForSale(ctx, tx, productID.Int64, "This product is already sold")
	}
	paid, err := tx.Exec(ctx, `UPDATE bookings SET status = 'Paid' WHERE id = ? AND status = 'Booked'`, id)
	if err != nil {
		return err
	}
	if paid == 0 {
		status, _, err := bookingState(ctx, tx, id)
		if err != nil {
			return err
		}
		return notPayable(status)
	}
	for _, step := range []string{
		`UPDATE bookings SET status = 'Cancelled' WHERE product_id = ? AND status = 'Booked'`,
		`DELETE FROM adverts WHERE product_id = ?`,
	} {
		if _, err := tx.Exec(ctx, step, productID.Int64); err != nil {
			return err
		}
	}
	return nil
}

// notPayable explains why a booking in status cannot be paid.
func notPayable(status app.BookingStatus) error {
	switch status {
	case app.BookingPaid:
		return app.Errorf(app.KindConflict, "This booking is already paid")
	case app.BookingCancelled:
		return app.Errorf(app.KindConflict, "This booking was cancelled")
	case app.BookingDeclined:
		return app.Errorf(app.KindConflict, "This booking was declined by the seller")
	}
	return app.Errorf(app.KindConflict, "This booking changed meanwhile")
}

// bookingState reads a booking's status and product (not Valid once deleted).
func bookingState(ctx context.Context, tx Querier, id int64) (app.BookingStatus, sql.NullInt64, error) {
	var status string
	var productID sql.NullInt64
	err := tx.QueryRow(ctx, `SELECT status, product_id FROM bookings WHERE id = ?`, id).Scan(&status, &productID)
	return app.BookingStatus(status), productID, NotFound(err, "Booking")
}

// HandoverCode gives the booking's handover code, storing fresh as it if
// it has none yet.
func HandoverCode(ctx context.Context, tx Querier, id int64, fresh string) (string, error) {
	if _, err := tx.Exec(ctx, `UPDATE bookings SET handover_code = ? WHERE id = ? AND handover_code = ''`, fresh, id); err != nil {
		return "", err
	}
	var code string
	err := tx.QueryRow(ctx, `SELECT handover_code FROM bookings WHERE id = ?`, id).Scan(&code)
	return code, NotFound(err, "Booking")
}

// HandoverCodes reads the handover codes the bookings have.
func HandoverCodes(ctx context.Context, d Dialect, q Querier, ids []int64) (map[int64]string, error) {
	list, err := d.IDs(ids)
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT id, handover_code FROM bookings WHERE id`+d.InIDs+` AND handover_code != ''`, list)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	codes := make(map[int64]string, len(ids))
	for rows.Next() {
		var id int64
		var code string
		if err := rows.Scan(&id, &code); err != nil {
			return nil, err
		}
		codes[id] = code
	}
	return codes, rows.Err()
}

// HandOver decides by conditional updates, like MarkPaid: a wrong code
// counts in one update of the booking's row on condition the handover is
// not locked, and the right one hands over only a booking not handed over
// yet. A wrong code is refused, an answer for after the transaction
// commits what it counted; err ends the transaction.
func HandOver(ctx context.Context, tx Querier, id int64, code string, now int64) (refused, err error) {
	var status, stored string
	var lockedUntil int64
	var handedOver sql.NullInt64
	err = tx.QueryRow(ctx, `SELECT status, handover_code, handover_locked_until, handed_over_at FROM bookings WHERE id = ?`,
		id).Scan(&status, &stored, &lockedUntil, &handedOver)
	if err != nil {
		return nil, NotFound(err, "Booking")
	}
	switch {
	case handedOver.Valid:
		return nil, app.Errorf(app.KindConflict, "This booking was already handed over")
	case status != string(app.BookingBooked) && status != string(app.BookingPaid):
		return nil, notPayable(app.BookingStatus(status))
	case lockedUntil > now:
		return nil, app.HandoverLocked(time.Duration(lockedUntil-now) * time.Millisecond)
	case !app.SameHandoverCode(stored, code):
		// The update holds the row: the lock it may lead to is written
		// before another wrong code reads the count.
		var failures int
		err := tx.QueryRow(ctx, `UPDATE bookings SET handover_failures = handover_failures + 1
			WHERE id = ? AND handover_locked_until <= ? RETURNING handover_failures`, id, now).Scan(&failures)
		if errors.Is(err, sql.ErrNoRows) {
			// Locked meanwhile by another wrong code.
			err = tx.QueryRow(ctx, `SELECT handover_locked_until FROM bookings WHERE id = ?`, id).Scan(&lockedUntil)
			return app.HandoverLocked(time.Duration(lockedUntil-now) * time.Millisecond), err
		}
		if err != nil {
			return nil, err
		}
		if lock := app.HandoverLockAfter(failures); lock > 0 {
			_, err = tx.Exec(ctx, `UPDATE bookings SET handover_locked_until = ? WHERE id = ?`, now+lock.Milliseconds(), id)
		}
		return app.WrongHandoverCode(failures), err
	}
	if status == string(app.BookingBooked) {
		if err := MarkPaid(ctx, tx, id); err != nil {
			return nil, err
		}
	}
	handed, err := tx.Exec(ctx, `UPDATE bookings
		SET handed_over_at = ?, completed_at = coalesce(completed_at, ?), handover_failures = 0
		WHERE id = ? AND handed_over_at IS NULL AND status = 'Paid'`, now, now, id)
	if err == nil && handed == 0 {
		err = app.Errorf(app.KindConflict, "This booking changed meanwhile")
	}
	return nil, err
}

// MarkNoShow ends the booking by one conditional update of its row.
func MarkNoShow(ctx context.Context, tx Querier, id int64, absent string, now int64) error {
	status, reason := app.BookingDeclined, "The buyer did not come to the pickup"
	if absent == app.NoShowSeller {
		status, reason = app.BookingCancelled, "The seller did not come to the pickup"
	}
	ended, err := tx.Exec(ctx, `UPDATE bookings SET status = ?, decline_reason = ?, no_show = ?,
		no_show_user = CASE WHEN ? THEN buyer_id ELSE seller_id END, no_show_at = ?
		WHERE id = ? AND status = 'Booked' AND pickup_at IS NOT NULL AND pickup_at <= ?`,
		string(status), reason, absent, absent == app.NoShowBuyer, now, id, now-app.NoShowAfter.Milliseconds())
	if err != nil || ended == 1 {
		return err
	}
	var b app.Booking
	var st string
	var pickupAt sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT status, pickup_at FROM bookings WHERE id = ?`, id).Scan(&st, &pickupAt); err != nil {
		return NotFound(err, "Booking")
	}
	b.Status, b.PickupAt = app.BookingStatus(st), NullTime(pickupAt)
	if err := app.NoShowOpen(&b, FromMillis(now)); err != nil {
		return err
	}
	return app.Errorf(app.KindConflict, "This booking changed meanwhile")
}

// NoShowsOf lists a person's no-shows since a time, newest first.
func NoShowsOf(ctx context.Context, q Querier, userID, since int64) ([]app.NoShowRecord, error) {
	rows, err := q.Query(ctx, NoShowsQuery, userID, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	noShows := []app.NoShowRecord{}
	for rows.Next() {
		var r app.NoShowRecord
		var at int64
		if err := rows.Scan(&r.BookingID, &at, &r.Answer); err != nil {
			return nil, err
		}
		r.At = FromMillis(at)
		noShows = append(noShows, r)
	}
	return noShows, rows.Err()
}

// AnswerNoShow stores the one answer of the person a no-show counts against.
func AnswerNoShow(ctx context.Context, tx Querier, id, userID int64, answer string) error {
	answered, err := tx.Exec(ctx, `UPDATE bookings SET no_show_answer = ?
		WHERE id = ? AND no_show_user = ? AND no_show_answer = ''`, answer, id, userID)
	if err != nil || answered == 1 {
		return err
	}
	var counted bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bookings WHERE id = ? AND no_show_user = ?)`, id, userID).Scan(&counted); err != nil {
		return err
	}
	if counted {
		return app.Errorf(app.KindConflict, "You answered this no-show already")
	}
	return app.Errorf(app.KindNotFound, "No no-show of yours on this booking")
}

// RemoveNoShow stops a no-show from counting.
func RemoveNoShow(ctx context.Context, tx Querier, id int64) error {
	removed, err := tx.Exec(ctx, `UPDATE bookings SET no_show = '', no_show_user = NULL, no_show_at = NULL,
		no_show_answer = '' WHERE id = ? AND no_show_user IS NOT NULL`, id)
	return ChangedOne(removed, err, "No no-show counts on this booking")
}

// PaymentID is the provider's payment started for a booking, or empty.
func PaymentID(ctx context.Context, q Querier, id int64) (string, error) {
	var payment string
	err := q.QueryRow(ctx, `SELECT payment_id FROM bookings WHERE id = ?`, id).Scan(&payment)
	return payment, NotFound(err, "Booking")
}

// SetPaymentID records the provider's payment for a booking that has none.
func SetPaymentID(ctx context.Context, tx Querier, id int64, payment string) error {
	_, err := tx.Exec(ctx, `UPDATE bookings SET payment_id = ? WHERE id = ? AND payment_id = ''`, payment, id)
	return err
}

// Bookings reads the bookings a query of BookingColumns finds.
func Bookings(ctx context.Context, q Querier, query string, args ...any) ([]app.Booking, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []app.Booking{}
	for rows.Next() {
		b, err := ScanBooking(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, b)
	}
	return list, rows.Err()
}
