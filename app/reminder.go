package app

import (
	"context"
	"time"
)

// Reminders tell both sides of a booking that its agreed pickup time is
// near: the day before, and again two hours before, by push note (a kind
// each person may turn off) and by mail when the marketplace sends mail.
// One instance sends them (the holder of the periodic jobs' lease), and
// the store claims each reminder once, so none goes twice.

// ReminderStage is which of a pickup's two reminders.
type ReminderStage string

const (
	ReminderDayBefore ReminderStage = "day"  // within a day of the pickup
	ReminderSoon      ReminderStage = "soon" // within two hours of it
)

// reminderWindows are how far ahead of a pickup each stage is due: the day
// before until two hours before, and the last two hours.
var reminderWindows = []struct {
	stage    ReminderStage
	from, to time.Duration
}{
	{ReminderSoon, 0, 2 * time.Hour},
	{ReminderDayBefore, 2 * time.Hour, 24 * time.Hour},
}

// ReminderStore claims the reminders that are due.
type ReminderStore interface {
	// ClaimReminders marks, in one transaction, the bookings still Booked
	// whose agreed pickup time is more than from and at most to after the
	// store's now, and which have not had stage's reminder for that pickup
	// time, and answers them: a pickup moved to another time is reminded
	// again, and a reminder claimed is never claimed again.
	ClaimReminders(ctx context.Context, stage ReminderStage, from, to time.Duration) ([]Booking, error)
}

// pickupTexts are a reminder's title and its bodies for the buyer and
// the seller, for a pickup in hours (whole, rounded): "in 23 hours", "in
// 1 hour", "now".
func pickupTexts(hours int) (title, buyer, seller string) {
	switch {
	case hours <= 0:
		return "Pickup now: {product}", "You agreed to pick it up now, at {place}", "{buyer} agreed to pick it up now"
	case hours == 1:
		return "Pickup in 1 hour: {product}", "You agreed to pick it up in 1 hour, at {place}", "{buyer} agreed to pick it up in 1 hour"
	}
	return "Pickup in {hours} hours: {product}", "You agreed to pick it up in {hours} hours, at {place}",
		"{buyer} agreed to pick it up in {hours} hours"
}

func (o *Outbox) pickupReminderMail(say speaker, u *User, title, body, link string) *Mail {
	return o.spokenMail(say, u, u.Email, title, MailContent{
		Paragraphs:  []string{body + ".", say("If plans changed, write to each other in the app before then.")},
		ActionLabel: say("Open the booking"), ActionURL: link,
		Footer: say("You can turn pickup reminders off on your profile.")})
}
