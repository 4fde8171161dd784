package postgres

// Stubs of the methods still to port from package sqlite; each is
// deleted as its method is written.

import (
	"context"
	"log/slog"
	"rehome/app"
	"time"
)

// AuditLog is not written yet (sqlite/audit.go).
func (db *DB) AuditLog(ctx context.Context, page app.Page) (app.List[app.AuditEntry], error) {
	panic("postgres: AuditLog is not written yet")
}

// CleanUp is not written yet (sqlite/cleanup.go).
func (db *DB) CleanUp(ctx context.Context, interval time.Duration, log *slog.Logger) {
	panic("postgres: CleanUp is not written yet")
}

// DeleteExpiredLinks is not written yet (sqlite/cleanup.go).
func (db *DB) DeleteExpiredLinks(ctx context.Context) error {
	panic("postgres: DeleteExpiredLinks is not written yet")
}

// HoldLease is not written yet (sqlite/leases.go).
func (db *DB) HoldLease(ctx context.Context, name, holder string, now time.Time, lease time.Duration) (bool, error) {
	panic("postgres: HoldLease is not written yet")
}

// ReleaseLease is not written yet (sqlite/leases.go).
func (db *DB) ReleaseLease(ctx context.Context, name, holder string) error {
	panic("postgres: ReleaseLease is not written yet")
}

// QueueMail is not written yet (sqlite/mail.go).
func (db *DB) QueueMail(ctx context.Context, m *app.Mail) error {
	panic("postgres: QueueMail is not written yet")
}

// ClaimDueMail is not written yet (sqlite/mail.go).
func (db *DB) ClaimDueMail(ctx context.Context, courier string, now time.Time, lease time.Duration, limit int) ([]app.QueuedMail, error) {
	panic("postgres: ClaimDueMail is not written yet")
}

// NextMailDue is not written yet (sqlite/mail.go).
func (db *DB) NextMailDue(ctx context.Context) (time.Time, bool, error) {
	panic("postgres: NextMailDue is not written yet")
}

// MailDone is not written yet (sqlite/mail.go).
func (db *DB) MailDone(ctx context.Context, id int64) error {
	panic("postgres: MailDone is not written yet")
}

// MailFailed is not written yet (sqlite/mail.go).
func (db *DB) MailFailed(ctx context.Context, courier string, id int64, retry time.Time, reason string) error {
	panic("postgres: MailFailed is not written yet")
}

// ReleaseMail is not written yet (sqlite/mail.go).
func (db *DB) ReleaseMail(ctx context.Context, courier string, ids []int64) error {
	panic("postgres: ReleaseMail is not written yet")
}

// Posts is not written yet (sqlite/posts.go).
func (db *DB) Posts(ctx context.Context, page app.Page) (app.List[app.Post], error) {
	panic("postgres: Posts is not written yet")
}

// PostBySlug is not written yet (sqlite/posts.go).
func (db *DB) PostBySlug(ctx context.Context, slug string) (*app.Post, error) {
	panic("postgres: PostBySlug is not written yet")
}

// PostByID is not written yet (sqlite/posts.go).
func (db *DB) PostByID(ctx context.Context, id int64) (*app.Post, error) {
	panic("postgres: PostByID is not written yet")
}

// CreatePost is not written yet (sqlite/posts.go).
func (db *DB) CreatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	panic("postgres: CreatePost is not written yet")
}

// UpdatePost is not written yet (sqlite/posts.go).
func (db *DB) UpdatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	panic("postgres: UpdatePost is not written yet")
}

// DeletePost is not written yet (sqlite/posts.go).
func (db *DB) DeletePost(ctx context.Context, id int64, audit *app.AuditEntry) error {
	panic("postgres: DeletePost is not written yet")
}

// VAPIDKeys is not written yet (sqlite/push.go).
func (db *DB) VAPIDKeys(ctx context.Context) (app.VAPIDKeys, error) {
	panic("postgres: VAPIDKeys is not written yet")
}

// KeepVAPIDKeys is not written yet (sqlite/push.go).
func (db *DB) KeepVAPIDKeys(ctx context.Context, fresh app.VAPIDKeys) (app.VAPIDKeys, error) {
	panic("postgres: KeepVAPIDKeys is not written yet")
}

// SavePushSubscription is not written yet (sqlite/push.go).
func (db *DB) SavePushSubscription(ctx context.Context, userID int64, sub app.PushSubscription) (created bool, err error) {
	panic("postgres: SavePushSubscription is not written yet")
}

// DeletePushSubscription is not written yet (sqlite/push.go).
func (db *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	panic("postgres: DeletePushSubscription is not written yet")
}

// DeletePushEndpoint is not written yet (sqlite/push.go).
func (db *DB) DeletePushEndpoint(ctx context.Context, endpoint string) error {
	panic("postgres: DeletePushEndpoint is not written yet")
}

// PushSubscriptions is not written yet (sqlite/push.go).
func (db *DB) PushSubscriptions(ctx context.Context, userID int64) ([]app.PushSubscription, error) {
	panic("postgres: PushSubscriptions is not written yet")
}

// PushKindsOff is not written yet (sqlite/push.go).
func (db *DB) PushKindsOff(ctx context.Context, userID int64) ([]app.PushKind, error) {
	panic("postgres: PushKindsOff is not written yet")
}

// SetPushKinds is not written yet (sqlite/push.go).
func (db *DB) SetPushKinds(ctx context.Context, userID int64, on map[app.PushKind]bool) error {
	panic("postgres: SetPushKinds is not written yet")
}

// Site is not written yet (sqlite/site.go).
func (db *DB) Site(ctx context.Context) (app.Site, error) {
	panic("postgres: Site is not written yet")
}

// SaveSite is not written yet (sqlite/site.go).
func (db *DB) SaveSite(ctx context.Context, site app.Site, audit *app.AuditEntry) error {
	panic("postgres: SaveSite is not written yet")
}
