package app

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"
)

// PickupReminders sends the reminders.
type PickupReminders struct {
	store   ReminderStore
	users   UserStore
	mails   MailQueue
	kinds   PushStore // who turned reminders off, by mail too
	outbox  *Outbox
	site    *SiteSettings
	notices *Notices
	now     func() time.Time
}

// PickupRemindersDeps are what PickupReminders is built from.
type PickupRemindersDeps struct {
	Reminders ReminderStore
	Users     UserStore
	Mails     MailQueue
	Push      PushStore // who turned reminders off, by mail too
	Outbox    *Outbox
	Site      *SiteSettings
	Notices   *Notices
}

func NewPickupReminders(d PickupRemindersDeps) *PickupReminders {
	return &PickupReminders{store: d.Reminders, users: d.Users, mails: d.Mails, kinds: d.Push, outbox: d.Outbox, site: d.Site,
		notices: d.Notices, now: utcNow}
}

// Send sends every reminder due now. The two-hour reminder is claimed
// first, so a pickup agreed for the next two hours gets that one alone. A
// mail that cannot be queued is not sent, and its error is answered with
// the others once every reminder went: the push notes still go.
func (r *PickupReminders) Send(ctx context.Context) error {
	var failed []error
	for _, w := range reminderWindows {
		due, err := r.store.ClaimReminders(ctx, w.stage, w.from, w.to)
		if err != nil {
			return errors.Join(append(failed, err)...)
		}
		for i := range due {
			failed = append(failed, r.remind(ctx, &due[i])...)
		}
	}
	return errors.Join(failed...)
}

// remind tells both sides of b; it answers the mails it could not queue.
func (r *PickupReminders) remind(ctx context.Context, b *Booking) []error {
	var failed []error
	hours := int(math.Round(b.PickupAt.Sub(r.now()).Hours()))
	title, buyerBody, sellerBody := pickupTexts(hours)
	vars := []string{"product", b.Product, "place", b.Location, "buyer", b.BuyerName, "hours", strconv.Itoa(hours)}
	data := BookingEventData{BookingID: b.ID, ProductID: b.ProductID}
	var events []Event
	for _, side := range []struct {
		userID int64
		screen Screen
		body   string
	}{
		{b.BuyerID, ScreenMyOrders, buyerBody},
		{b.SellerID, ScreenMyBuyers, sellerBody},
	} {
		if side.userID == 0 {
			continue
		}
		e := NewEvent(side.userID, data)
		e.Push = &PushNote{Kind: PushReminder, Title: title, Body: side.body, Vars: vars, Link: Link{Screen: side.screen},
			Tag: fmt.Sprintf("pickup-%d", b.ID)}
		events = append(events, e)
		if !r.outbox.Sends() || r.turnedOff(ctx, side.userID) {
			continue
		}
		u, err := r.users.UserByID(ctx, side.userID)
		if err != nil {
			continue // gone meanwhile
		}
		say := r.site.speakerTo(ctx, u)
		mail := r.outbox.pickupReminderMail(say, u, say(title, vars...), say(side.body, vars...), r.outbox.link(Link{Screen: side.screen}))
		if err := r.mails.QueueMail(ctx, mail); err != nil {
			failed = append(failed, fmt.Errorf("queue the pickup reminder of booking %d: %w", b.ID, err))
			continue
		}
		r.outbox.queued()
	}
	r.notices.notify(events...)
	return failed
}

// turnedOff says whether a person turned pickup reminders off; when that
// cannot be read, they get the mail.
func (r *PickupReminders) turnedOff(ctx context.Context, userID int64) bool {
	off, err := r.kinds.PushKindsOff(ctx, userID)
	return err == nil && slices.Contains(off, PushReminder)
}
