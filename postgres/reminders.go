package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// The claims of each stage's reminders, through bookings_by_pickup. Two
// instances claiming at once each take a row's lock in turn, and the
// second finds the condition false once the first committed.
const (
	claimDayReminders = `UPDATE bookings SET reminded_day = pickup_at
		WHERE status = 'Booked' AND pickup_at > $1 AND pickup_at <= $2 AND reminded_day IS DISTINCT FROM pickup_at RETURNING id`
	claimSoonReminders = `UPDATE bookings SET reminded_soon = pickup_at
		WHERE status = 'Booked' AND pickup_at > $1 AND pickup_at <= $2 AND reminded_soon IS DISTINCT FROM pickup_at RETURNING id`
)

func (db *DB) ClaimReminders(ctx context.Context, stage app.ReminderStage, from, to time.Duration) ([]app.Booking, error) {
	claim := claimDayReminders
	if stage == app.ReminderSoon {
		claim = claimSoonReminders
	}
	var due []app.Booking
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		due = nil
		now := db.millis()
		rows, err := tx.Query(ctx, claim, now+from.Milliseconds(), now+to.Milliseconds())
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range ids {
			b, err := storecore.ScanBooking(tx.QueryRow(ctx, `SELECT `+storecore.BookingColumns+` FROM bookings WHERE id = $1`, id))
			if err != nil {
				return err
			}
			due = append(due, b)
		}
		return nil
	})
	return due, err
}
