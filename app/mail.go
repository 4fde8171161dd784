package app

import (
	"context"
	"time"
)

// Mail is a message to one person, as plain text and as HTML.
type Mail struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// QueuedMail is a mail waiting in the queue to be sent.
type QueuedMail struct {
	ID int64
	Mail
	Queued   time.Time
	Attempts int // failed so far
}

// MailQueue keeps mail in the database until it is sent, so that a slow
// mail server never slows a request and a restart loses nothing. The writes
// that a mail announces (a reset link, an email change) queue it in their
// own transaction. Couriers, one per instance, claim the mail they send, so
// that each mail goes out once however many of them run.
type MailQueue interface {
	// QueueMail adds m to the queue, due at once.
	QueueMail(ctx context.Context, m *Mail) error
	// ClaimDueMail claims, in one step, up to limit mails whose next attempt
	// is due at now, oldest first, for courier until now+lease: no other
	// claim takes them before the lease ends. A claim whose lease ended
	// unsent (its courier stopped) is due again.
	ClaimDueMail(ctx context.Context, courier string, now time.Time, lease time.Duration, limit int) ([]QueuedMail, error)
	// NextMailDue is when the next attempt is due, the end of a lease
	// included; false when none waits.
	NextMailDue(ctx context.Context) (time.Time, bool, error)
	// MailDone removes a mail that was sent, or given up: it is never sent
	// again, whoever holds it.
	MailDone(ctx context.Context, id int64) error
	// MailFailed counts courier's failed attempt and sets the next one,
	// releasing the claim; a mail courier no longer holds is left alone.
	MailFailed(ctx context.Context, courier string, id int64, retry time.Time, reason string) error
	// ReleaseMail gives back courier's claims of the mails ids, unsent and
	// due at once, as it stops.
	ReleaseMail(ctx context.Context, courier string, ids []int64) error
}

// MailSettings turn on the mails the marketplace sends.
type MailSettings struct {
	// URL is the address of a link at the address people use. That
	// address is never taken from a request: a forged Host header would
	// otherwise send someone's reset link to another site.
	URL Linker
	// Queued is called after a mail is queued, to wake the sender.
	Queued func()
}

// Outbox is how the services send mail. The services that send mail
// share one, so that they all send it or none does.
type Outbox struct {
	settings *MailSettings // nil: no mail is sent
	layout   MailLayout
}

// OutboxDeps are what an Outbox is built from.
type OutboxDeps struct {
	// Layout writes the mails out.
	Layout MailLayout
	// Mail lets the marketplace send mail: forgotten passwords and email
	// changes. nil: both are refused and admins make reset links.
	Mail *MailSettings
}

func NewOutbox(d OutboxDeps) *Outbox { return &Outbox{layout: d.Layout, settings: d.Mail} }

// Sends reports whether mail is set up.
func (o *Outbox) Sends() bool { return o.settings != nil }

// NoMailMessage refuses what needs mail on a marketplace without it.
const NoMailMessage = "This marketplace cannot send email. Ask an admin for help."

func (o *Outbox) require() error {
	if o.settings == nil {
		return Errorf(KindConflict, NoMailMessage)
	}
	return nil
}

// link is an absolute link to a page of the web app, for a mail.
func (o *Outbox) link(l Link) string { return o.settings.URL(l) }

// queued wakes the sender after a mail was committed to the queue.
func (o *Outbox) queued() {
	if o.settings != nil && o.settings.Queued != nil {
		o.settings.Queued()
	}
}
