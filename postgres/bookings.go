package postgres

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// Lock order. Every write that changes bookings takes the row of the
// booked product first and the booking rows after it, as CreateBooking,
// MarkPaid and DeleteProduct must: a booking's change of status updates
// the product's count of open bookings by trigger, so a write that took a
// booking first and the product after could deadlock with a payment that
// holds the product and cancels its other bookings.

const bookingColumns = `id, product_id, product, category, image, thumb_url, price, location,
	coalesce(buyer_id, 0), buyer_name, buyer_email, buyer_phone, coalesce(seller_id, 0), status, decline_reason, created,
	pickup_at, ` + bookingConversation + `, handed_over_at, completed_at,
	EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = bookings.id AND r.by_buyer),
	EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = bookings.id AND NOT r.by_buyer), no_show, cancel_reason, no_show_answer`

// bookingConversation finds the conversation between a booking's buyer and
// seller about its product, after the product's deletion too.
const bookingConversation = `(SELECT c.id FROM conversations c
	WHERE c.product_ref = bookings.product_ref AND c.buyer_id = bookings.buyer_id) AS conversation_id`

func scanBooking(row storecore.Row) (app.Booking, error) {
	var b app.Booking
	var price, created int64
	var status string
	var pickupAt, handedOverAt, completedAt *int64
	err := row.Scan(&b.ID, &b.ProductID, &b.Product, &b.Category, &b.Image, &b.ThumbURL, &price, &b.Location,
		&b.BuyerID, &b.BuyerName, &b.BuyerEmail, &b.BuyerPhone, &b.SellerID, &status, &b.DeclineReason, &created,
		&pickupAt, &b.ConversationID, &handedOverAt, &completedAt, &b.BuyerReviewed, &b.SellerReviewed, &b.NoShow, &b.CancelReason, &b.NoShowAnswer)
	b.Price = app.Cents(price)
	b.Status = app.BookingStatus(status)
	b.PickupAt = nullTime(pickupAt)
	b.HandedOverAt = nullTime(handedOverAt)
	b.Completed(nullTime(completedAt))
	b.Created = fromMillis(created)
	b.BuyerRef = app.OptionalID(b.BuyerID)
	return b, err
}

// nullTime reads a nullable time column.
func nullTime(ms *int64) *time.Time {
	if ms == nil {
		return nil
	}
	t := fromMillis(*ms)
	return &t
}

// The booking lists, newest first, through bookings_by_buyer and
// bookings_by_seller.
const (
	buyerBookingsCount  = `SELECT count(*) FROM bookings WHERE buyer_id = $1`
	buyerBookingsPage   = `SELECT ` + bookingColumns + ` FROM bookings WHERE buyer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`
	sellerBookingsCount = `SELECT count(*) FROM bookings WHERE seller_id = $1`
	sellerBookingsPage  = `SELECT ` + bookingColumns + ` FROM bookings WHERE seller_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`
)

// CreateBooking holds the product's row (claimAvailable) from the check
// that it is for sale until the booking commits, so a sale or deletion
// either comes first or waits for the booking and calls it off. One
// buyer's racing bookings are decided by the unique index
// bookings_open_once.
func (db *DB) CreateBooking(ctx context.Context, b *app.Booking) error {
	created := db.millis()
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := db.claimAvailable(ctx, tx, *b.ProductID, "This product is already sold"); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `
			INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price,
			                      location, buyer_name, buyer_email, buyer_phone, status, created, handover_code)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
			b.ProductID, b.BuyerID, b.SellerID, b.Product, b.Category, b.Image, b.ThumbURL, int64(b.Price),
			b.Location, b.BuyerName, b.BuyerEmail, b.BuyerPhone, string(b.Status), created, b.HandoverCode).Scan(&b.ID)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already booked this product")
		}
		b.Created = fromMillis(created)
		return referenceGone(err)
	})
}

// claimAvailable checks, inside a write transaction, that a product exists
// and is still for sale, and holds its row until the transaction ends.
// SELECT ... FOR NO KEY UPDATE waits for a write holding the row and then
// reads it as that write committed it (or finds it deleted), so the check
// cannot be overtaken by a sale or deletion; it is the lock an UPDATE of
// the row takes, so rows that merely refer to the product (a booking's
// foreign key) are not held up by it.
func (db *DB) claimAvailable(ctx context.Context, tx pgx.Tx, productID int64, soldMessage string) error {
	var status string
	err := tx.QueryRow(ctx, `SELECT status FROM products WHERE id = $1 FOR NO KEY UPDATE`, productID).Scan(&status)
	if err != nil {
		return notFound(err, "Product")
	}
	if app.ProductStatus(status) != app.StatusAvailable {
		return app.Errorf(app.KindConflict, "%s", soldMessage)
	}
	return nil
}

// whyNotAvailable explains a conditional update of a product that changed
// nothing: it is gone, or no longer for sale.
func (db *DB) whyNotAvailable(ctx context.Context, tx pgx.Tx, productID int64, soldMessage string) error {
	var status string
	if err := tx.QueryRow(ctx, `SELECT status FROM products WHERE id = $1`, productID).Scan(&status); err != nil {
		return notFound(err, "Product")
	}
	return app.Errorf(app.KindConflict, "%s", soldMessage)
}

func (db *DB) BookingByID(ctx context.Context, id int64) (*app.Booking, error) {
	b, err := scanBooking(db.pool.QueryRow(ctx, `SELECT `+bookingColumns+` FROM bookings WHERE id = $1`, id))
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
// condition decides a race with a payment or another close: READ COMMITTED
// checks it again once the booking's row lock is granted. The product's
// row is locked first (see Lock order above).
func (db *DB) closeBooking(ctx context.Context, id int64, to app.BookingStatus, reason string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockBookedProduct(ctx, tx, id); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE bookings SET status = $1, decline_reason = $2 WHERE id = $3 AND status = 'Booked'`,
			string(to), reason, id)
		if err != nil || tag.RowsAffected() > 0 {
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
	})
}

// lockBookedProduct holds the row of a booking's product, if it still has
// one, for the rest of the transaction.
func lockBookedProduct(ctx context.Context, tx pgx.Tx, bookingID int64) error {
	_, err := tx.Exec(ctx, `SELECT p.id FROM bookings b JOIN products p ON p.id = b.product_id
		WHERE b.id = $1 FOR NO KEY UPDATE OF p`, bookingID)
	return err
}

// MarkPaid sells the product: it leaves its category's list and the adverts.
func (db *DB) MarkPaid(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return db.markPaid(ctx, tx, id) })
}

// MarkPaidByEvent is MarkPaid for a payment provider's event, once per
// event: a second delivery finds the event recorded and changes nothing.
// Two deliveries at once are decided by the event's primary key: the
// second insert waits for the first transaction and, once it commits,
// inserts nothing.
func (db *DB) MarkPaidByEvent(ctx context.Context, eventID string, id int64) (done bool, err error) {
	err = db.inTx(ctx, func(tx pgx.Tx) error {
		done = false
		tag, err := tx.Exec(ctx, `INSERT INTO payment_events (id, received) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
			eventID, db.millis())
		if err != nil || tag.RowsAffected() == 0 {
			return err // seen before
		}
		done = true
		if err := db.markPaid(ctx, tx, id); err != nil {
			return err
		}
		// Paid by card: reviewable as a handover is.
		_, err = tx.Exec(ctx, `UPDATE bookings SET completed_at = $1 WHERE id = $2 AND completed_at IS NULL`, db.millis(), id)
		return err
	})
	return done && err == nil, err
}

// markPaid moves the product from Available to Sold and the booking from
// Booked to Paid by conditional updates, so that of two payments racing for
// one booking, or for two bookings of one product, exactly one finds the
// rows still as it expects: the other waits for the row lock and then
// finds the condition false. The product goes first (see Lock order): two
// payers of one product then queue on its row instead of each holding a
// booking the other must call off.
func (db *DB) markPaid(ctx context.Context, tx pgx.Tx, id int64) error {
	status, productID, err := bookingState(ctx, tx, id)
	switch {
	case err != nil:
		return err
	case status != app.BookingBooked:
		return notPayable(status)
	case productID == nil:
		return app.Errorf(app.KindConflict, "The product no longer exists")
	}
	tag, err := tx.Exec(ctx, `UPDATE products SET status = 'Sold' WHERE id = $1 AND status = 'Available'`, *productID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return db.whyNotAvailable(ctx, tx, *productID, "This product is already sold")
	}
	tag, err = tx.Exec(ctx, `UPDATE bookings SET status = 'Paid' WHERE id = $1 AND status = 'Booked'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		status, _, err := bookingState(ctx, tx, id)
		if err != nil {
			return err
		}
		return notPayable(status)
	}
	for _, step := range []string{
		`UPDATE bookings SET status = 'Cancelled' WHERE product_id = $1 AND status = 'Booked'`,
		`DELETE FROM adverts WHERE product_id = $1`,
	} {
		if _, err := tx.Exec(ctx, step, *productID); err != nil {
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
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE bookings SET handover_code = $1 WHERE id = $2 AND handover_code = ''`, fresh, id); err != nil {
			return err
		}
		return notFound(tx.QueryRow(ctx, `SELECT handover_code FROM bookings WHERE id = $1`, id).Scan(&code), "Booking")
	})
	return code, err
}

func (db *DB) HandoverCodes(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, handover_code FROM bookings WHERE id = ANY($1) AND handover_code != ''`, ids)
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
// counts in one update of the booking's row on condition the handover is
// not locked, and the right one hands over only a booking not handed over
// yet, taking the product's row first (markPaid, see Lock order). What a
// wrong code counted is committed, and only then answered as an error.
func (db *DB) HandOver(ctx context.Context, id int64, code string) error {
	var refused error
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		refused = nil
		var status, stored string
		var lockedUntil int64
		var handedOver *int64
		err := tx.QueryRow(ctx, `SELECT status, handover_code, handover_locked_until, handed_over_at FROM bookings WHERE id = $1`,
			id).Scan(&status, &stored, &lockedUntil, &handedOver)
		if err != nil {
			return notFound(err, "Booking")
		}
		now := db.millis()
		switch {
		case handedOver != nil:
			return app.Errorf(app.KindConflict, "This booking was already handed over")
		case status != string(app.BookingBooked) && status != string(app.BookingPaid):
			return notPayable(app.BookingStatus(status))
		case lockedUntil > now:
			return app.HandoverLocked(time.Duration(lockedUntil-now) * time.Millisecond)
		case !app.SameHandoverCode(stored, code):
			// The update holds the row: the lock it may lead to is written
			// before another wrong code reads the count.
			var failures int
			err := tx.QueryRow(ctx, `UPDATE bookings SET handover_failures = handover_failures + 1
				WHERE id = $1 AND handover_locked_until <= $2 RETURNING handover_failures`, id, now).Scan(&failures)
			if errors.Is(err, pgx.ErrNoRows) {
				// Locked meanwhile by another wrong code.
				err = tx.QueryRow(ctx, `SELECT handover_locked_until FROM bookings WHERE id = $1`, id).Scan(&lockedUntil)
				refused = app.HandoverLocked(time.Duration(lockedUntil-now) * time.Millisecond)
				return err
			}
			if err != nil {
				return err
			}
			if lock := app.HandoverLockAfter(failures); lock > 0 {
				_, err = tx.Exec(ctx, `UPDATE bookings SET handover_locked_until = $1 WHERE id = $2`, now+lock.Milliseconds(), id)
			}
			refused = app.WrongHandoverCode(failures)
			return err
		}
		if status == string(app.BookingBooked) {
			if err := db.markPaid(ctx, tx, id); err != nil {
				return err
			}
		}
		tag, err := tx.Exec(ctx, `UPDATE bookings
			SET handed_over_at = $1, completed_at = coalesce(completed_at, $1), handover_failures = 0
			WHERE id = $2 AND handed_over_at IS NULL AND status = 'Paid'`, now, id)
		if err == nil && tag.RowsAffected() == 0 {
			err = app.Errorf(app.KindConflict, "This booking changed meanwhile")
		}
		return err
	})
	if err != nil {
		return err
	}
	return refused
}

// MarkNoShow ends the booking by one conditional update of its row, after
// holding its product's (see Lock order), like closeBooking.
func (db *DB) MarkNoShow(ctx context.Context, id int64, absent string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockBookedProduct(ctx, tx, id); err != nil {
			return err
		}
		now := db.millis()
		status, reason := app.BookingDeclined, "The buyer did not come to the pickup"
		if absent == app.NoShowSeller {
			status, reason = app.BookingCancelled, "The seller did not come to the pickup"
		}
		tag, err := tx.Exec(ctx, `UPDATE bookings SET status = $1, decline_reason = $2, no_show = $3,
			no_show_user = CASE WHEN $4 THEN buyer_id ELSE seller_id END, no_show_at = $5
			WHERE id = $6 AND status = 'Booked' AND pickup_at IS NOT NULL AND pickup_at <= $7`,
			string(status), reason, absent, absent == app.NoShowBuyer, now, id, now-app.NoShowAfter.Milliseconds())
		if err != nil || tag.RowsAffected() == 1 {
			return err
		}
		var b app.Booking
		var st string
		var pickupAt *int64
		if err := tx.QueryRow(ctx, `SELECT status, pickup_at FROM bookings WHERE id = $1`, id).Scan(&st, &pickupAt); err != nil {
			return notFound(err, "Booking")
		}
		b.Status, b.PickupAt = app.BookingStatus(st), nullTime(pickupAt)
		if err := app.NoShowOpen(&b, fromMillis(now)); err != nil {
			return err
		}
		return app.Errorf(app.KindConflict, "This booking changed meanwhile")
	})
}

// noShowsQuery reads bookings_no_shows: a person's no-shows, few.
const noShowsQuery = `SELECT id, no_show_at, no_show_answer FROM bookings WHERE no_show_user = $1 AND no_show_at > $2
	ORDER BY no_show_at DESC, id DESC`

func (db *DB) NoShowsOf(ctx context.Context, userID int64, period time.Duration) ([]app.NoShowRecord, error) {
	rows, err := db.pool.Query(ctx, noShowsQuery, userID, db.millis()-period.Milliseconds())
	if err != nil {
		return nil, err
	}
	noShows, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (app.NoShowRecord, error) {
		var n app.NoShowRecord
		var at int64
		err := r.Scan(&n.BookingID, &at, &n.Answer)
		n.At = fromMillis(at)
		return n, err
	})
	if noShows == nil {
		noShows = []app.NoShowRecord{}
	}
	return noShows, err
}

func (db *DB) AnswerNoShow(ctx context.Context, id, userID int64, answer string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE bookings SET no_show_answer = $1
			WHERE id = $2 AND no_show_user = $3 AND no_show_answer = ''`, answer, id, userID)
		if err != nil || tag.RowsAffected() == 1 {
			return err
		}
		var counted bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bookings WHERE id = $1 AND no_show_user = $2)`, id, userID).Scan(&counted); err != nil {
			return err
		}
		if counted {
			return app.Errorf(app.KindConflict, "You answered this no-show already")
		}
		return app.Errorf(app.KindNotFound, "No no-show of yours on this booking")
	})
}

func (db *DB) RemoveNoShow(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE bookings SET no_show = '', no_show_user = NULL, no_show_at = NULL,
			no_show_answer = '' WHERE id = $1 AND no_show_user IS NOT NULL`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "No no-show counts on this booking")
		}
		return db.record(ctx, tx, audit)
	})
}

// PaymentID is the provider's payment started for a booking, or empty.
func (db *DB) PaymentID(ctx context.Context, id int64) (string, error) {
	var payment string
	err := db.pool.QueryRow(ctx, `SELECT payment_id FROM bookings WHERE id = $1`, id).Scan(&payment)
	return payment, notFound(err, "Booking")
}

// SetPaymentID records the provider's payment for a booking that has none.
func (db *DB) SetPaymentID(ctx context.Context, id int64, payment string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE bookings SET payment_id = $1 WHERE id = $2 AND payment_id = ''`, payment, id)
		return err
	})
}

// bookingState reads a booking's status and product (nil once deleted).
func bookingState(ctx context.Context, tx pgx.Tx, id int64) (app.BookingStatus, *int64, error) {
	var status string
	var productID *int64
	err := tx.QueryRow(ctx, `SELECT status, product_id FROM bookings WHERE id = $1`, id).Scan(&status, &productID)
	return app.BookingStatus(status), productID, notFound(err, "Booking")
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
	rows, err := db.pool.Query(ctx, query, args...)
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
	openBookingsQuery     = `SELECT ` + bookingColumns + ` FROM bookings WHERE product_id = $1 AND status = 'Booked' ORDER BY id`
	openBookingsWithQuery = `SELECT ` + bookingColumns + ` FROM bookings WHERE buyer_id = $1 AND status = 'Booked'
		UNION ALL SELECT ` + bookingColumns + ` FROM bookings WHERE seller_id = $1 AND status = 'Booked'`
)
