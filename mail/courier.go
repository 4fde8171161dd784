package mail

import (
	"context"
	"errors"
	"log/slog"
	"net/mail"
	"time"

	"rehome/app"
	"rehome/internal/instance"
)

// Sender hands a message to a mail server; *Server is the real one.
type Sender interface {
	Send(ctx context.Context, from, to string, msg []byte) error
}

// Courier sends the queued mail, one at a time, in the order it was
// queued. A mail leaves the queue once the server accepts it; a failed
// attempt is tried again after a pause that doubles each time, up to an
// hour, until the mail is a day old. Each courier claims the mail it is
// about to send (app.MailQueue), so that the couriers of several instances
// on one queue send each mail once.
type Courier struct {
	name   string // whose claims are whose
	queue  app.MailQueue
	sender Sender
	from   *mail.Address
	log    *slog.Logger
	wake   chan struct{}
	now    func() time.Time
}

// Retry pauses and how long a mail is tried.
const (
	FirstRetry = 30 * time.Second
	LastRetry  = time.Hour
	// MaxMailAge: the links mails carry last an hour, and a day of
	// failures is a server to fix, not a mail to keep trying.
	MaxMailAge = 24 * time.Hour
	// poll finds mail queued by another process, such as an earlier run.
	poll = time.Minute
	// Lease is how long a claim keeps a mail from other couriers: one
	// attempt, at most sendTimeout, then the time to record that the
	// server accepted it (recordSent), so that no other courier sends it
	// again meanwhile. A courier claims one mail at a time: the mail of
	// one that stopped without giving it back waits that long, and only
	// the mail it was sending.
	Lease = sendTimeout + 2*time.Minute
	// recordTries are the pauses between attempts to record a mail as
	// sent, doubling from the first to the last.
	firstRecordTry, lastRecordTry = 250 * time.Millisecond, 5 * time.Second
)

// NewCourier sends queue's mail through sender as from.
func NewCourier(queue app.MailQueue, sender Sender, from *mail.Address, log *slog.Logger) *Courier {
	return &Courier{name: instance.NewName(), queue: queue, sender: sender, from: from, log: log, wake: make(chan struct{}, 1),
		now: func() time.Time { return time.Now().UTC() }}
}

// Wake tells the courier a mail was queued. It never blocks.
func (c *Courier) Wake() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// Run sends mail as it comes due, until ctx ends.
func (c *Courier) Run(ctx context.Context) {
	for {
		c.SendDue(ctx)
		wait := poll
		next, ok, err := c.queue.NextMailDue(ctx)
		if err != nil && ctx.Err() == nil {
			c.log.Error("read the mail queue", "err", err)
		}
		if ok {
			wait = min(wait, max(0, next.Sub(c.now())))
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-c.wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// SendDue sends every mail that is due now.
func (c *Courier) SendDue(ctx context.Context) {
	for ctx.Err() == nil {
		claimed := c.now()
		due, err := c.queue.ClaimDueMail(ctx, c.name, claimed, Lease, 1)
		if err != nil {
			if ctx.Err() == nil {
				c.log.Error("read the mail queue", "err", err)
			}
			return
		}
		if len(due) == 0 {
			return
		}
		for i, m := range due {
			if ctx.Err() != nil {
				c.release(due[i:])
				return
			}
			c.send(ctx, m, claimed.Add(Lease))
		}
	}
}

// send makes one attempt at m, claimed until leaseEnd.
func (c *Courier) send(ctx context.Context, m app.QueuedMail, leaseEnd time.Time) {
	msg, err := Compose(c.from, m, c.now())
	if err == nil {
		err = c.sender.Send(ctx, c.from.Address, m.To, msg)
	}
	if err == nil {
		c.log.Info("mail sent", "mail", m.ID, "subject", m.Subject)
		c.recordSent(ctx, m, leaseEnd)
		return
	}
	if ctx.Err() != nil {
		c.release([]app.QueuedMail{m}) // stopping: the attempt does not count
		return
	}
	var refused *RefusedError
	switch {
	case msg == nil || errors.As(err, &refused) || c.now().Sub(m.Queued) >= MaxMailAge:
		c.log.Error("mail given up", "mail", m.ID, "subject", m.Subject, "attempts", m.Attempts+1, "err", err)
		c.done(ctx, m)
	default:
		retry := c.now().Add(RetryAfter(m.Attempts + 1))
		c.log.Warn("mail not sent; will retry", "mail", m.ID, "retry_at", retry, "err", err)
		if err := c.queue.MailFailed(ctx, c.name, m.ID, retry, err.Error()); err != nil {
			c.log.Error("count a failed mail", "mail", m.ID, "err", err)
		}
	}
}

func (c *Courier) done(ctx context.Context, m app.QueuedMail) {
	if err := c.queue.MailDone(ctx, m.ID); err != nil {
		// It stays queued and would go again: say so loudly.
		c.log.Error("remove a sent mail from the queue", "mail", m.ID, "err", err)
	}
}

// recordSent removes m, which the server has accepted, from the queue,
// trying again while the database refuses (busy, restarting), until
// leaseEnd: past it, another courier may claim m and send it a second
// time. Even when stopping, a sent mail must leave the queue: it is tried
// at once, but a shutdown does not wait out the pauses between tries (up
// to the lease's minutes), as one stopped by force would not either.
func (c *Courier) recordSent(ctx context.Context, m app.QueuedMail, leaseEnd time.Time) {
	pause := firstRecordTry
	for {
		err := c.queue.MailDone(context.WithoutCancel(ctx), m.ID)
		if err == nil {
			return
		}
		if ctx.Err() != nil || c.now().Add(pause).After(leaseEnd) {
			// It stays queued and would go again: say so loudly.
			c.log.Error("remove a sent mail from the queue; it may be sent again", "mail", m.ID, "err", err)
			return
		}
		c.log.Warn("remove a sent mail from the queue; trying again", "mail", m.ID, "err", err, "retry_in", pause.String())
		timer := time.NewTimer(pause)
		select {
		case <-ctx.Done(): // one try more, at once
		case <-timer.C:
		}
		timer.Stop()
		pause = min(2*pause, lastRecordTry)
	}
}

// release gives back the claims of mails a stopping courier did not send,
// so that the next courier sends them at once rather than after the lease.
func (c *Courier) release(unsent []app.QueuedMail) {
	ids := make([]int64, len(unsent))
	for i, m := range unsent {
		ids[i] = m.ID
	}
	if err := c.queue.ReleaseMail(context.Background(), c.name, ids); err != nil {
		c.log.Warn("give back the claims of unsent mail; they wait for their lease", "err", err)
	}
}

// RetryAfter is the pause after the failed attempt number failures.
func RetryAfter(failures int) time.Duration {
	wait := FirstRetry
	for range failures - 1 {
		wait *= 2
		if wait >= LastRetry {
			return LastRetry
		}
	}
	return wait
}
