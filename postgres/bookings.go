package postgres

import (
	"context"
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

func (db *DB) CreateBooking(ctx context.Context, b *app.Booking) error {
	created := db.millis()
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := db.claimAvailable(ctx, tx, *b.ProductID, "This product is already sold"); err != nil {
			return err
		}
		err := storecore.InsertBooking(ctx, core{tx}, b, created)
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
// foreign key) are not held up by it. CreateBooking holds it from the
// check until the booking commits, so a sale or deletion either comes
// first or waits for the booking and calls it off. One buyer's racing
// bookings are decided by the unique index bookings_open_once.
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

func (db *DB) BookingByID(ctx context.Context, id int64) (*app.Booking, error) {
	return storecore.BookingByID(ctx, core{db.pool}, id)
}

func (db *DB) BuyerBookings(ctx context.Context, buyerID int64, page app.Page) (app.List[app.Booking], error) {
	return readList(ctx, db, page, storecore.BuyerBookingsCount, storecore.BuyerBookingsPage, []any{buyerID}, storecore.ScanBooking)
}

func (db *DB) SellerBookings(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Booking], error) {
	return readList(ctx, db, page, storecore.SellerBookingsCount, storecore.SellerBookingsPage, []any{sellerID}, storecore.ScanBooking)
}

func (db *DB) CancelBooking(ctx context.Context, id int64) error {
	return db.closeBooking(ctx, id, app.BookingCancelled, "")
}

func (db *DB) DeclineBooking(ctx context.Context, id int64, reason string) error {
	return db.closeBooking(ctx, id, app.BookingDeclined, reason)
}

// closeBooking: READ COMMITTED checks the update's condition again once
// the booking's row lock is granted. The product's row is locked first
// (see Lock order above).
func (db *DB) closeBooking(ctx context.Context, id int64, to app.BookingStatus, reason string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockBookedProduct(ctx, tx, id); err != nil {
			return err
		}
		return storecore.CloseBooking(ctx, core{tx}, id, to, reason)
	})
}

// lockBookedProduct holds the row of a booking's product, if it still has
// one, for the rest of the transaction.
func lockBookedProduct(ctx context.Context, tx pgx.Tx, bookingID int64) error {
	_, err := tx.Exec(ctx, `SELECT p.id FROM bookings b JOIN products p ON p.id = b.product_id
		WHERE b.id = $1 FOR NO KEY UPDATE OF p`, bookingID)
	return err
}

// MarkPaid sells the product: it leaves its category's list and the
// adverts. Of racing payments the others wait for the row lock and then
// find the condition false; the product's row is taken first (see Lock
// order).
func (db *DB) MarkPaid(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.MarkPaid(ctx, core{tx}, id) })
}

// MarkPaidByEvent: the second of two deliveries at once waits for the
// first transaction's insert of the event and, once it commits, inserts
// nothing.
func (db *DB) MarkPaidByEvent(ctx context.Context, eventID string, id int64) (done bool, err error) {
	err = db.inTx(ctx, func(tx pgx.Tx) (err error) {
		done, err = storecore.MarkPaidByEvent(ctx, core{tx}, eventID, id, db.millis())
		return err
	})
	return done && err == nil, err
}

func (db *DB) HandoverCode(ctx context.Context, id int64, fresh string) (code string, err error) {
	err = db.inTx(ctx, func(tx pgx.Tx) (err error) {
		code, err = storecore.HandoverCode(ctx, core{tx}, id, fresh)
		return err
	})
	return code, err
}

func (db *DB) HandoverCodes(ctx context.Context, ids []int64) (map[int64]string, error) {
	return storecore.HandoverCodes(ctx, dialect, core{db.pool}, ids)
}

// HandOver takes the product's row first when it sells it (MarkPaid, see
// Lock order). What a wrong code counted is committed, and only then
// answered as an error.
func (db *DB) HandOver(ctx context.Context, id int64, code string) error {
	var refused error
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		refused, err = storecore.HandOver(ctx, core{tx}, id, code, db.millis())
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
		return storecore.MarkNoShow(ctx, core{tx}, id, absent, db.millis())
	})
}

func (db *DB) NoShowsOf(ctx context.Context, userID int64, period time.Duration) ([]app.NoShowRecord, error) {
	return storecore.NoShowsOf(ctx, core{db.pool}, userID, db.millis()-period.Milliseconds())
}

func (db *DB) AnswerNoShow(ctx context.Context, id, userID int64, answer string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.AnswerNoShow(ctx, core{tx}, id, userID, answer) })
}

func (db *DB) RemoveNoShow(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := storecore.RemoveNoShow(ctx, core{tx}, id); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}

func (db *DB) PaymentID(ctx context.Context, id int64) (string, error) {
	return storecore.PaymentID(ctx, core{db.pool}, id)
}

func (db *DB) SetPaymentID(ctx context.Context, id int64, payment string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.SetPaymentID(ctx, core{tx}, id, payment) })
}

func (db *DB) OpenBookingsOf(ctx context.Context, productID int64) ([]app.Booking, error) {
	return storecore.Bookings(ctx, core{db.pool}, storecore.OpenBookingsQuery, productID)
}

func (db *DB) OpenBookingsWith(ctx context.Context, userID int64) ([]app.Booking, error) {
	return storecore.Bookings(ctx, core{db.pool}, storecore.OpenBookingsWithQuery, userID, userID)
}

// nullTime reads a nullable time column.
func nullTime(ms *int64) *time.Time {
	if ms == nil {
		return nil
	}
	t := fromMillis(*ms)
	return &t
}
