package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"rehome/app"
)

const bookingColumns = `id, product_id, product, category, image, thumb_url, price, location,
	coalesce(buyer_id, 0), buyer_name, buyer_email, buyer_phone, coalesce(seller_id, 0), status, decline_reason, created,
	pickup_at, ` + bookingConversation + `, handed_over_at, completed_at,
	EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = bookings.id AND r.by_buyer = 1),
	EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = bookings.id AND r.by_buyer = 0), no_show, cancel_reason, no_show_answer`

// bookingConversation finds the conversation between a booking's buyer and
// seller about its product, after the product's deletion too.
const bookingConversation = `(SELECT c.id FROM conversations c
	WHERE c.product_ref = bookings.product_ref AND c.buyer_id = bookings.buyer_id)`

func scanBooking(row row) (app.Booking, error) {
	var b app.Booking
	var productID, pickupAt, conversationID, handedOverAt, completedAt sql.NullInt64
	var created int64
	err := row.Scan(&b.ID, &productID, &b.Product, &b.Category, &b.Image, &b.ThumbURL, &b.Price, &b.Location,
		&b.BuyerID, &b.BuyerName, &b.BuyerEmail, &b.BuyerPhone, &b.SellerID, &b.Status, &b.DeclineReason, &created,
		&pickupAt, &conversationID, &handedOverAt, &completedAt, &b.BuyerReviewed, &b.SellerReviewed, &b.NoShow, &b.CancelReason, &b.NoShowAnswer)
	b.ProductID = nullID(productID)
	b.ConversationID = nullID(conversationID)
	b.PickupAt = nullTime(pickupAt)
	b.HandedOverAt = nullTime(handedOverAt)
	b.Completed(nullTime(completedAt))
	b.Created = fromMillis(created)
	b.BuyerRef = app.OptionalID(b.BuyerID)
	return b, err
}

func nullID(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

func nullTime(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := fromMillis(ms.Int64)
	return &t
}

// The booking lists, newest first; see TestListQueriesUseIndexes.
const (
	buyerBookingsCount  = `SELECT count(*) FROM bookings WHERE buyer_id = ?`
	buyerBookingsPage   = `SELECT ` + bookingColumns + ` FROM bookings WHERE buyer_id = ? ORDER BY id DESC LIMIT ? + 0 OFFSET ? + 0`
	sellerBookingsCount = `SELECT count(*) FROM bookings WHERE seller_id = ?`
	sellerBookingsPage  = `SELECT ` + bookingColumns + ` FROM bookings WHERE seller_id = ? ORDER BY id DESC LIMIT ? + 0 OFFSET ? + 0`
)

func (db *DB) CreateBooking(ctx context.Context, b *app.Booking) error {
	created := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := db.claimAvailable(ctx, tx, *b.ProductID, "This product is already sold"); err != nil {
			return err
		}
		err := db.txRow(ctx, tx, `
			INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price,
			                      location, buyer_name, buyer_email, buyer_phone, status, created, handover_code)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			b.ProductID, b.BuyerID, b.SellerID, b.Product, b.Category, b.Image, b.ThumbURL, b.Price,
			b.Location, b.BuyerName, b.BuyerEmail, b.BuyerPhone, b.Status, created, b.HandoverCode).Scan(&b.ID)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already booked this product")
		}
		b.Created = fromMillis(created)
		return referenceGone(err)
	})
}

// claimAvailable checks, inside a write transaction, that a product exists
// and is still for sale, and holds its row until the transaction ends. It
// is a conditional update rather than a read: under snapshot reads a sale or
// deletion committed after the read would go unseen, while an update waits
// for the row and then checks the condition against what was committed.
func (db *DB) claimAvailable(ctx context.Context, tx *sql.Tx, productID int64, soldMessage string) error {
	claimed, err := changedRow(db.txExec(ctx, tx, `UPDATE products SET status = status WHERE id = ? AND status = 'Available'`, productID))
	if err != nil || claimed {
		return err
	}
	return db.whyNotAvailable(ctx, tx, productID, soldMessage)
}

// whyNotAvailable explains a conditional update of a product that changed
// nothing: it is gone, or no longer for sale.
func (db *DB) whyNotAvailable(ctx context.Context, tx *sql.Tx, productID int64, soldMessage string) error {
	var status app.ProductStatus
	if err := db.txRow(ctx, tx, `SELECT status FROM products WHERE id = ?`, productID).Scan(&status); err != nil {
		return notFound(err, "Product")
	}
	return app.Errorf(app.KindConflict, "%s", soldMessage)
}

func (db *DB) BookingByID(ctx context.Context, id int64) (*app.Booking, error) {
	b, err := scanBooking(db.queryRow(ctx, `SELECT `+bookingColumns+` FROM bookings WHERE id = ?`, id))
	if err != nil {
		return nil, notFound(err, "Booking")
	}
	return &b, nil
}

func (db *DB) BuyerBookings(ctx context.Context, buyerID int64, page app.Page) (app.List[app.Booking], error) {
	return readList(ctx, db, page, buyerBookingsCount, buyerBookingsPage, []any{buyerID}, scanBooking)
}

func (db *DB) SellerBookings(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Booking], error) {
	return readList(ctx, db, page, sellerBookingsCount, sellerBookingsPage, []any{sellerID}, scanBooking)
}

func (db *DB) CancelBooking(ctx context.Context, id int64) error {
	return db.closeBooking(ctx, id, app.BookingCancelled, "")
}

func (db *DB) DeclineBooking(ctx context.Context, id int64, reason string) error {
	return db.closeBooking(ctx, id, app.BookingDeclined, reason)
}

// closeBooking ends a booking that is still Booked, as Cancelled or
// Declined; the product's open bookings follow by trigger. The update's
// condition decides a race with a payment or another close.
func (db *DB) closeBooking(ctx context.Context, id int64, to app.BookingStatus, reason string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		closed, err := changedRow(db.txExec(ctx, tx, `UPDATE bookings SET status = ?, decline_reason = ? WHERE id = ? AND status = 'Booked'`,
			to, reason, id))
		if err != nil || closed {
			return err
		}
		status, _, err := db.bookingState(ctx, tx, id)
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
	})
}

// MarkPaid sells the product: it leaves its category's list and the adverts.
func (db *DB) MarkPaid(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return db.markPaid(ctx, tx, id) })
}

// MarkPaidByEvent is MarkPaid for a payment provider's event, once per
// event: a second delivery finds the event recorded and changes nothing.
func (db *DB) MarkPaidByEvent(ctx context.Context, eventID string, id int64) (done bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := db.txExec(ctx, tx, `INSERT INTO payment_events (id, received) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
			eventID, db.millis())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // seen before
		}
		done = true
		if err := db.markPaid(ctx, tx, id); err != nil {
			return err
		}
		// Paid by card: reviewable as a handover is.
		_, err = db.txExec(ctx, tx, `UPDATE bookings SET completed_at = ? WHERE id = ? AND completed_at IS NULL`, db.millis(), id)
		return err
	})
	return done && err == nil, err
}

// markPaid moves the product from Available to Sold and the booking from
// Booked to Paid by conditional updates, so that of two payments racing for
// one booking, or for two bookings of one product, exactly one finds the
// rows still as it expects. The product goes first: two payers of one
// product then queue on its row instead of each holding a booking the
// other must call off.
func (db *DB) markPaid(ctx context.Context, tx *sql.Tx, id int64) error {
	status, productID, err := db.bookingState(ctx, tx, id)
	switch {
	case err != nil:
		return err
	case status != app.BookingBooked:
		return notPayable(status)
	case !productID.Valid:
		return app.Errorf(app.KindConflict, "The product no longer exists")
	}
	sold, err := changedRow(db.txExec(ctx, tx, `UPDATE products SET status = 'Sold' WHERE id = ? AND status = 'Available'`, productID.Int64))
	if err != nil {
		return err
	}
	if !sold {
		return db.whyNotAvailable(ctx, tx, productID.Int64, "This product is already sold")
	}
	paid, err := changedRow(db.txExec(ctx, tx, `UPDATE bookings SET status = 'Paid' WHERE id = ? AND status = 'Booked'`, id))
	if err != nil {
		return err
	}
	if !paid {
		status, _, err := db.bookingState(ctx, tx, id)
		if err != nil {
			return err
		}
		return notPayable(status)
	}
	for _, step := range []string{
		`UPDATE bookings SET status = 'Cancelled' WHERE product_id = ? AND status = 'Booked'`,
		`DELETE FROM adverts WHERE product_id = ?`,
	} {
		if _, err := db.txExec(ctx, tx, step, productID.Int64); err != nil {
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

func (db *DB) HandoverCode(ctx context.Context, id int64, fresh string) (string, error) {
	var code string
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := db.txExec(ctx, tx, `UPDATE bookings SET handover_code = ? WHERE id = ? AND handover_code = ''`, fresh, id); err != nil {
			return err
		}
		return notFound(db.txRow(ctx, tx, `SELECT handover_code FROM bookings WHERE id = ?`, id).Scan(&code), "Booking")
	})
	return code, err
}

func (db *DB) HandoverCodes(ctx context.Context, ids []int64) (map[int64]string, error) {
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := db.query(ctx, `SELECT id, handover_code FROM bookings
		WHERE id IN (SELECT value FROM json_each(?)) AND handover_code != ''`, string(list))
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

// HandOver decides by conditional updates, like markPaid: a wrong code
// counts only while the handover is not locked, and the right one hands
// over only a booking not handed over yet. What a wrong code counted is
// committed, and only then answered as an error.
func (db *DB) HandOver(ctx context.Context, id int64, code string) error {
	var refused error
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		refused = nil
		var status app.BookingStatus
		var stored string
		var failures int
		var lockedUntil int64
		var handedOver sql.NullInt64
		err := db.txRow(ctx, tx, `SELECT status, handover_code, handover_failures, handover_locked_until, handed_over_at
			FROM bookings WHERE id = ?`, id).Scan(&status, &stored, &failures, &lockedUntil, &handedOver)
		if err != nil {
			return notFound(err, "Booking")
		}
		now := db.millis()
		switch {
		case handedOver.Valid:
			return app.Errorf(app.KindConflict, "This booking was already handed over")
		case status != app.BookingBooked && status != app.BookingPaid:
			return notPayable(status)
		case lockedUntil > now:
			return app.HandoverLocked(time.Duration(lockedUntil-now) * time.Millisecond)
		case !app.SameHandoverCode(stored, code):
			failures++
			if lock := app.HandoverLockAfter(failures); lock > 0 {
				lockedUntil = now + lock.Milliseconds()
			}
			_, err := db.txExec(ctx, tx, `UPDATE bookings SET handover_failures = ?, handover_locked_until = ? WHERE id = ?`,
				failures, lockedUntil, id)
			refused = app.WrongHandoverCode(failures)
			return err
		}
		if status == app.BookingBooked {
			if err := db.markPaid(ctx, tx, id); err != nil {
				return err
			}
		}
		handed, err := changedRow(db.txExec(ctx, tx, `UPDATE bookings
			SET handed_over_at = ?1, completed_at = coalesce(completed_at, ?1), handover_failures = 0
			WHERE id = ?2 AND handed_over_at IS NULL AND status = 'Paid'`, now, id))
		if err == nil && !handed {
			err = app.Errorf(app.KindConflict, "This booking changed meanwhile")
		}
		return err
	})
	if err != nil {
		return err
	}
	return refused
}

func (db *DB) MarkNoShow(ctx context.Context, id int64, absent string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		now := db.millis()
		status, reason := app.BookingDeclined, "The buyer did not come to the pickup"
		if absent == app.NoShowSeller {
			status, reason = app.BookingCancelled, "The seller did not come to the pickup"
		}
		ended, err := changedRow(db.txExec(ctx, tx, `UPDATE bookings SET status = ?1, decline_reason = ?2, no_show = ?3,
			no_show_user = CASE ?3 WHEN 'buyer' THEN buyer_id ELSE seller_id END, no_show_at = ?4
			WHERE id = ?5 AND status = 'Booked' AND pickup_at IS NOT NULL AND pickup_at <= ?4 - ?6`,
			status, reason, absent, now, id, app.NoShowAfter.Milliseconds()))
		if err != nil || ended {
			return err
		}
		var b app.Booking
		var pickupAt sql.NullInt64
		if err := db.txRow(ctx, tx, `SELECT status, pickup_at FROM bookings WHERE id = ?`, id).Scan(&b.Status, &pickupAt); err != nil {
			return notFound(err, "Booking")
		}
		b.PickupAt = nullTime(pickupAt)
		if err := app.NoShowOpen(&b, fromMillis(now)); err != nil {
			return err
		}
		return app.Errorf(app.KindConflict, "This booking changed meanwhile")
	})
}

// noShowsQuery reads bookings_no_shows: a person's no-shows, few.
const noShowsQuery = `SELECT id, no_show_at, no_show_answer FROM bookings WHERE no_show_user = ? AND no_show_at > ?
	ORDER BY no_show_at DESC, id DESC`

func (db *DB) NoShowsOf(ctx context.Context, userID int64, period time.Duration) ([]app.NoShowRecord, error) {
	rows, err := db.query(ctx, noShowsQuery, userID, db.millis()-period.Milliseconds())
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
		r.At = fromMillis(at)
		noShows = append(noShows, r)
	}
	return noShows, rows.Err()
}

func (db *DB) AnswerNoShow(ctx context.Context, id, userID int64, answer string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		answered, err := changedRow(db.txExec(ctx, tx, `UPDATE bookings SET no_show_answer = ?
			WHERE id = ? AND no_show_user = ? AND no_show_answer = ''`, answer, id, userID))
		if err != nil || answered {
			return err
		}
		var counted bool
		if err := db.txRow(ctx, tx, `SELECT EXISTS (SELECT 1 FROM bookings WHERE id = ? AND no_show_user = ?)`, id, userID).Scan(&counted); err != nil {
			return err
		}
		if counted {
			return app.Errorf(app.KindConflict, "You answered this no-show already")
		}
		return app.Errorf(app.KindNotFound, "No no-show of yours on this booking")
	})
}

func (db *DB) RemoveNoShow(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		removed, err := changedRow(db.txExec(ctx, tx, `UPDATE bookings SET no_show = '', no_show_user = NULL, no_show_at = NULL,
			no_show_answer = '' WHERE id = ? AND no_show_user IS NOT NULL`, id))
		if err != nil {
			return err
		}
		if !removed {
			return app.Errorf(app.KindNotFound, "No no-show counts on this booking")
		}
		return db.record(ctx, tx, audit)
	})
}

// PaymentID is the provider's payment started for a booking, or empty.
func (db *DB) PaymentID(ctx context.Context, id int64) (string, error) {
	var payment string
	err := db.queryRow(ctx, `SELECT payment_id FROM bookings WHERE id = ?`, id).Scan(&payment)
	return payment, notFound(err, "Booking")
}

// SetPaymentID records the provider's payment for a booking that has none.
func (db *DB) SetPaymentID(ctx context.Context, id int64, payment string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := db.txExec(ctx, tx, `UPDATE bookings SET payment_id = ? WHERE id = ? AND payment_id = ''`, payment, id)
		return err
	})
}

func (db *DB) bookingState(ctx context.Context, tx *sql.Tx, id int64) (app.BookingStatus, sql.NullInt64, error) {
	var status app.BookingStatus
	var productID sql.NullInt64
	err := db.txRow(ctx, tx, `SELECT status, product_id FROM bookings WHERE id = ?`, id).Scan(&status, &productID)
	return status, productID, notFound(err, "Booking")
}

// OpenBookingsOf lists a product's bookings still Booked, oldest first.
func (db *DB) OpenBookingsOf(ctx context.Context, productID int64) ([]app.Booking, error) {
	return db.bookings(ctx, openBookingsQuery, productID)
}

// OpenBookingsWith lists the bookings still Booked that a person made or
// received.
func (db *DB) OpenBookingsWith(ctx context.Context, userID int64) ([]app.Booking, error) {
	return db.bookings(ctx, openBookingsWithQuery, userID)
}

func (db *DB) bookings(ctx context.Context, query string, args ...any) ([]app.Booking, error) {
	rows, err := db.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	open := []app.Booking{}
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		open = append(open, b)
	}
	return open, rows.Err()
}

const (
	openBookingsQuery     = `SELECT ` + bookingColumns + ` FROM bookings WHERE product_id = ? AND status = 'Booked' ORDER BY id`
	openBookingsWithQuery = `SELECT ` + bookingColumns + ` FROM bookings WHERE buyer_id = ?1 AND status = 'Booked'
		UNION ALL SELECT ` + bookingColumns + ` FROM bookings WHERE seller_id = ?1 AND status = 'Booked'`
)
