package storecore

import (
	"context"
	"time"

	"rehome/app"
)

// The claims of each stage's reminders, through bookings_by_pickup. Under
// PostgreSQL two instances claiming at once each take a row's lock in
// turn, and the second finds the condition false once the first
// committed.
const (
	claimDayReminders = `UPDATE bookings SET reminded_day = pickup_at
		WHERE status = 'Booked' AND pickup_at > ? AND pickup_at <= ? AND reminded_day IS DISTINCT FROM pickup_at RETURNING id`
	claimSoonReminders = `UPDATE bookings SET reminded_soon = pickup_at
		WHERE status = 'Booked' AND pickup_at > ? AND pickup_at <= ? AND reminded_soon IS DISTINCT FROM pickup_at RETURNING id`
)

func (s *Store) ClaimReminders(ctx context.Context, stage app.ReminderStage, from, to time.Duration) ([]app.Booking, error) {
	claim := claimDayReminders
	if stage == app.ReminderSoon {
		claim = claimSoonReminders
	}
	var due []app.Booking
	err := s.inTx(ctx, func(tx Querier) error {
		due = nil
		now := s.now()
		ids, err := ScanIDs(tx.Query(ctx, claim, now+from.Milliseconds(), now+to.Milliseconds()))
		if err != nil {
			return err
		}
		for _, id := range ids {
			b, err := ScanBooking(tx.QueryRow(ctx, BookingByIDQuery, id))
			if err != nil {
				return err
			}
			due = append(due, b)
		}
		return nil
	})
	return due, err
}
