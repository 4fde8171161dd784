package storecore

import (
	"context"
	"time"

	"rehome/app"
)

// Runner is what a store gives Store to run statements with: its
// transactions, each handing fn a Querier over it.
type Runner interface {
	// InTx runs fn in a write transaction, committing only when fn succeeds.
	InTx(ctx context.Context, fn func(tx Querier) error) error
	// ReadTx runs fn in a read transaction that sees one snapshot.
	ReadTx(ctx context.Context, fn func(tx Querier) error) error
}

// Store implements the store methods whose SQL both databases share. Each
// store embeds it, so these methods are the store's own; a store that
// must do one differently declares a method of the same name, which Go
// prefers to the embedded one.
type Store struct {
	d     Dialect
	read  Querier // single reads, outside a transaction
	run   Runner
	now   func() int64 // UTC Unix milliseconds
	users Users
}

// Users reads an account as the store does (SQLite's through its cache).
type Users interface {
	UserByID(ctx context.Context, id int64) (*app.User, error)
}

// NewStore is the shared part of a store that reads with read, runs
// transactions with run, tells the time with now and reads accounts with
// users.
func NewStore(d Dialect, read Querier, run Runner, now func() int64, users Users) Store {
	return Store{d: d, read: read, run: run, now: now, users: users}
}

// inTx runs fn in a write transaction.
func (s *Store) inTx(ctx context.Context, fn func(tx Querier) error) error {
	return s.run.InTx(ctx, fn)
}

// recorded writes fn's change and its audit entry in one transaction.
func (s *Store) recorded(ctx context.Context, audit *app.AuditEntry, fn func(tx Querier) error) error {
	return s.inTx(ctx, func(tx Querier) error {
		if err := fn(tx); err != nil {
			return err
		}
		return Record(ctx, s.d, tx, audit, s.now())
	})
}

// list reads a list in a read transaction.
func list[T any](ctx context.Context, s *Store, page app.Page, countQuery, pageQuery string, args []any,
	scan func(Row) (T, error)) (app.List[T], error) {
	var l app.List[T]
	err := s.run.ReadTx(ctx, func(tx Querier) (err error) {
		l, err = ReadList(ctx, tx, page, countQuery, pageQuery, args, scan)
		return err
	})
	return l, err
}

// Products.

func (s *Store) CreateProduct(ctx context.Context, p *app.Product) error {
	created := s.now()
	err := s.inTx(ctx, func(tx Querier) error { return CreateProduct(ctx, tx, p, created) })
	if err != nil {
		return s.d.ReferenceGone(err)
	}
	p.Created = FromMillis(created)
	return nil
}

func (s *Store) UpdateProduct(ctx context.Context, p *app.Product) error {
	return s.d.ReferenceGone(s.inTx(ctx, func(tx Querier) error { return UpdateProduct(ctx, tx, p) }))
}

func (s *Store) ProductByID(ctx context.Context, id int64) (*app.Product, error) {
	return ProductByID(ctx, s.read, id)
}

func (s *Store) SellerProducts(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Product], error) {
	return list(ctx, s, page, SellerCountQuery, SellerPageQuery, []any{sellerID}, ScanProduct)
}

func (s *Store) DeleteProduct(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(tx Querier) error { return DeleteProduct(ctx, s.d, tx, id) })
}

// Bookings.

// CreateBooking holds the product's row (ClaimAvailable) from the check
// that it is for sale until the booking commits. One buyer's racing
// bookings are decided by the unique index bookings_open_once.
func (s *Store) CreateBooking(ctx context.Context, b *app.Booking) error {
	created := s.now()
	return s.inTx(ctx, func(tx Querier) error {
		if err := ClaimAvailable(ctx, s.d, tx, *b.ProductID, "This product is already sold"); err != nil {
			return err
		}
		err := InsertBooking(ctx, tx, b, created)
		if s.d.IsUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already booked this product")
		}
		b.Created = FromMillis(created)
		return s.d.ReferenceGone(err)
	})
}

func (s *Store) BookingByID(ctx context.Context, id int64) (*app.Booking, error) {
	return BookingByID(ctx, s.read, id)
}

func (s *Store) BuyerBookings(ctx context.Context, buyerID int64, page app.Page) (app.List[app.Booking], error) {
	return list(ctx, s, page, BuyerBookingsCount, BuyerBookingsPage, []any{buyerID}, ScanBooking)
}

func (s *Store) SellerBookings(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Booking], error) {
	return list(ctx, s, page, SellerBookingsCount, SellerBookingsPage, []any{sellerID}, ScanBooking)
}

func (s *Store) CancelBooking(ctx context.Context, id int64) error {
	return s.closeBooking(ctx, id, app.BookingCancelled, "")
}

func (s *Store) DeclineBooking(ctx context.Context, id int64, reason string) error {
	return s.closeBooking(ctx, id, app.BookingDeclined, reason)
}

func (s *Store) closeBooking(ctx context.Context, id int64, to app.BookingStatus, reason string) error {
	return s.inTx(ctx, func(tx Querier) error {
		if err := HoldBookedProduct(ctx, s.d, tx, id); err != nil {
			return err
		}
		return CloseBooking(ctx, tx, id, to, reason)
	})
}

// MarkPaid sells the product: it leaves its category's list and the adverts.
func (s *Store) MarkPaid(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(tx Querier) error { return MarkPaid(ctx, tx, id) })
}

func (s *Store) MarkPaidByEvent(ctx context.Context, eventID string, id int64) (done bool, err error) {
	err = s.inTx(ctx, func(tx Querier) (err error) {
		done, err = MarkPaidByEvent(ctx, tx, eventID, id, s.now())
		return err
	})
	return done && err == nil, err
}

func (s *Store) HandoverCode(ctx context.Context, id int64, fresh string) (code string, err error) {
	err = s.inTx(ctx, func(tx Querier) (err error) {
		code, err = HandoverCode(ctx, tx, id, fresh)
		return err
	})
	return code, err
}

func (s *Store) HandoverCodes(ctx context.Context, ids []int64) (map[int64]string, error) {
	return HandoverCodes(ctx, s.d, s.read, ids)
}

// HandOver commits what a wrong code counted, and only then answers it as
// an error.
func (s *Store) HandOver(ctx context.Context, id int64, code string) error {
	var refused error
	err := s.inTx(ctx, func(tx Querier) (err error) {
		refused, err = HandOver(ctx, tx, id, code, s.now())
		return err
	})
	if err != nil {
		return err
	}
	return refused
}

func (s *Store) MarkNoShow(ctx context.Context, id int64, absent string) error {
	return s.inTx(ctx, func(tx Querier) error {
		if err := HoldBookedProduct(ctx, s.d, tx, id); err != nil {
			return err
		}
		return MarkNoShow(ctx, tx, id, absent, s.now())
	})
}

func (s *Store) NoShowsOf(ctx context.Context, userID int64, period time.Duration) ([]app.NoShowRecord, error) {
	return NoShowsOf(ctx, s.read, userID, s.now()-period.Milliseconds())
}

func (s *Store) AnswerNoShow(ctx context.Context, id, userID int64, answer string) error {
	return s.inTx(ctx, func(tx Querier) error { return AnswerNoShow(ctx, tx, id, userID, answer) })
}

func (s *Store) RemoveNoShow(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.recorded(ctx, audit, func(tx Querier) error { return RemoveNoShow(ctx, tx, id) })
}

func (s *Store) PaymentID(ctx context.Context, id int64) (string, error) {
	return PaymentID(ctx, s.read, id)
}

func (s *Store) SetPaymentID(ctx context.Context, id int64, payment string) error {
	return s.inTx(ctx, func(tx Querier) error { return SetPaymentID(ctx, tx, id, payment) })
}

func (s *Store) OpenBookingsOf(ctx context.Context, productID int64) ([]app.Booking, error) {
	return Bookings(ctx, s.read, OpenBookingsQuery, productID)
}

func (s *Store) OpenBookingsWith(ctx context.Context, userID int64) ([]app.Booking, error) {
	return Bookings(ctx, s.read, OpenBookingsWithQuery, userID, userID)
}

// Posts.

// CreatePost picks the slug in the transaction that stores the post: the
// first of the slug, slug-2, slug-3… that no post has (Dialect.PostSlugs
// finds those taken). Where Dialect.HoldPostSlug takes a lock per slug,
// transactions that write posts of one slug take turns, and the next one's
// PostSlugs (under READ COMMITTED a statement of its own, which sees every
// commit before it) finds the slug taken. Posts of different titles may
// still pick the same slug ("news-2" is both "News 2" and the second
// "News"); the unique index refuses the second, which then picks again.
func (s *Store) CreatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	return CreatePost(func() error { return s.insertPost(ctx, p, audit) })
}

func (s *Store) insertPost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now, base := s.now(), p.Slug
	err := s.inTx(ctx, func(tx Querier) error {
		if s.d.HoldPostSlug != "" {
			if _, err := tx.Exec(ctx, s.d.HoldPostSlug, base); err != nil {
				return err
			}
		}
		slug, err := FreeSlug(ctx, tx, s.d.PostSlugs, base)
		if err != nil {
			return err
		}
		err = InsertPost(ctx, tx, p, slug, now)
		if s.d.IsUniqueViolation(err) {
			return ErrSlugTaken
		}
		if err != nil {
			return s.d.ReferenceGone(err)
		}
		p.Slug = slug
		if audit != nil {
			audit.TargetID = p.ID
		}
		return Record(ctx, s.d, tx, audit, now)
	})
	if err != nil {
		return err
	}
	p.Created, p.Updated = FromMillis(now), FromMillis(now)
	return nil
}

func (s *Store) Posts(ctx context.Context, page app.Page) (app.List[app.Post], error) {
	return list(ctx, s, page, PostsCount, PostsPage, nil, ScanPost)
}

func (s *Store) PostBySlug(ctx context.Context, slug string) (*app.Post, error) {
	return PostBySlug(ctx, s.read, slug)
}

func (s *Store) PostByID(ctx context.Context, id int64) (*app.Post, error) {
	return PostByID(ctx, s.read, id)
}

func (s *Store) UpdatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now := s.now()
	err := s.recorded(ctx, audit, func(tx Querier) error { return UpdatePost(ctx, tx, p, now) })
	if err != nil {
		return err
	}
	p.Updated = FromMillis(now)
	return nil
}

func (s *Store) DeletePost(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.recorded(ctx, audit, func(tx Querier) error { return DeletePost(ctx, tx, id) })
}

// Reports.

func (s *Store) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	return s.inTx(ctx, func(tx Querier) error { return ReportProduct(ctx, s.d, tx, productID, reporterID, reason, s.now()) })
}

func (s *Store) ReportOther(ctx context.Context, kind app.ReportKind, id, reporterID int64, reason string) error {
	return s.inTx(ctx, func(tx Querier) error { return ReportOther(ctx, s.d, tx, kind, id, reporterID, reason, s.now()) })
}

func (s *Store) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	return list(ctx, s, page, ReportsCount, ReportsPage, nil, ScanReportedProduct)
}

func (s *Store) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.recorded(ctx, audit, func(tx Querier) error {
		target, err := DismissReport(ctx, s.d, tx, id)
		if err == nil && audit != nil {
			audit.Target = target
		}
		return err
	})
}

func (s *Store) ReportsMadeBy(ctx context.Context, userID int64) ([]app.ReportMade, error) {
	return ReportsMadeBy(ctx, s.read, userID)
}

// Reviews.

func (s *Store) AddReview(ctx context.Context, r *app.Review) error {
	return s.inTx(ctx, func(tx Querier) error { return AddReview(ctx, s.d, tx, r, s.now()) })
}

func (s *Store) ReviewByID(ctx context.Context, id int64) (*app.Review, error) {
	return ReviewByID(ctx, s.read, id, s.now())
}

func (s *Store) ReviewsOf(ctx context.Context, userID int64, page app.Page) (app.List[app.Review], error) {
	return list(ctx, s, page, ReviewsOfCount, ReviewsOfPage, []any{userID, s.now()}, ScanReview)
}

func (s *Store) RatingOf(ctx context.Context, userID int64) (app.Rating, error) {
	return RatingOf(ctx, s.read, userID, s.now())
}

func (s *Store) HideReview(ctx context.Context, id int64, reason string, audit *app.AuditEntry) error {
	return s.recorded(ctx, audit, func(tx Querier) error { return HideReview(ctx, tx, id, reason, s.now()) })
}

// The one-time links. A link spent but refused (expired) is committed
// spent, and only then refused.

func (s *Store) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	return s.inTx(ctx, func(tx Querier) error { return CreatePasswordReset(ctx, s.d, tx, r, s.now()) })
}

func (s *Store) UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*app.User, error) {
	return s.useLink(ctx, func(tx Querier) (int64, error, error) {
		return UsePasswordReset(ctx, s.d, tx, tokenHash, passwordHash, now)
	})
}

func (s *Store) CreateEmailVerification(ctx context.Context, v app.EmailVerification) error {
	return s.inTx(ctx, func(tx Querier) error { return CreateEmailVerification(ctx, s.d, tx, v, s.now()) })
}

func (s *Store) UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, error) {
	return s.useLink(ctx, func(tx Querier) (int64, error, error) {
		return UseEmailVerification(ctx, s.d, tx, tokenHash, now)
	})
}

func (s *Store) CreateEmailChange(ctx context.Context, c app.EmailChange) error {
	return s.inTx(ctx, func(tx Querier) error { return CreateEmailChange(ctx, s.d, tx, c, s.now()) })
}

func (s *Store) UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, string, error) {
	var oldEmail string
	u, err := s.useLink(ctx, func(tx Querier) (userID int64, refused, err error) {
		userID, oldEmail, refused, err = UseEmailChange(ctx, s.d, tx, tokenHash, now)
		return userID, refused, err
	})
	return u, oldEmail, err
}

// useLink spends a link in a write transaction and reads the account it
// was for.
func (s *Store) useLink(ctx context.Context, use func(tx Querier) (userID int64, refused, err error)) (*app.User, error) {
	var userID int64
	var refused error
	err := s.inTx(ctx, func(tx Querier) (err error) {
		userID, refused, err = use(tx)
		return err
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, userID)
}

// Sessions, as an account lists and ends them.

func (s *Store) AccountSessions(ctx context.Context, userID int64, current string, page app.Page) (app.List[app.Session], error) {
	var l app.List[app.Session]
	err := s.run.ReadTx(ctx, func(tx Querier) (err error) {
		l, err = AccountSessions(ctx, tx, userID, current, page, s.now())
		return err
	})
	return l, err
}

func (s *Store) EndAccountSession(ctx context.Context, userID int64, id string) error {
	return s.inTx(ctx, func(tx Querier) error { return EndAccountSession(ctx, tx, userID, id) })
}

// SessionStore keeps scs sessions in the database so they survive a
// restart and, under PostgreSQL, every instance finds them. A store embeds
// it in its own, which adds DeleteExpired and may find sessions its own way
// (SQLite keeps those it read in memory).
type SessionStore struct {
	store *Store
	find  func(ctx context.Context, token string) ([]byte, bool, error)
}

// NewSessionStore is the session store of s, finding sessions with find,
// or reading each from the database when find is nil.
func NewSessionStore(s *Store, find func(ctx context.Context, token string) ([]byte, bool, error)) *SessionStore {
	ss := &SessionStore{store: s, find: find}
	if find == nil {
		ss.find = func(ctx context.Context, token string) ([]byte, bool, error) {
			data, _, found, err := FindSession(ctx, s.read, token, s.now())
			return data, found, err
		}
	}
	return ss
}

func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	return s.find(ctx, token)
}

// FindUntil is FindCtx with the session's expiry, for the sessions cache
// above the store (cache.SessionStore).
func (s *SessionStore) FindUntil(ctx context.Context, token string) ([]byte, time.Time, bool, error) {
	data, expiry, found, err := FindSession(ctx, s.store.read, token, s.store.now())
	if !found {
		return nil, time.Time{}, false, err
	}
	return data, time.UnixMilli(expiry).UTC(), true, nil
}

// Now is the store's clock, by which sessions expire.
func (s *SessionStore) Now() time.Time { return time.UnixMilli(s.store.now()).UTC() }

func (s *SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	return s.CommitOwned(ctx, token, data, expiry, app.SessionOwner{})
}

// CommitOwned keeps a session with what it says of its owner, which lets
// people list and end their sessions; a zero owner is a signed-out session.
func (s *SessionStore) CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error {
	return s.store.inTx(ctx, func(tx Querier) error { return CommitSession(ctx, tx, token, data, expiry, owner) })
}

// DeleteCtx ends a session; under PostgreSQL trigger sessions_note_ended
// tells whoever holds something open for it, on every instance.
func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	return s.store.inTx(ctx, func(tx Querier) error { return DeleteSession(ctx, tx, token) })
}

// The context-free methods satisfy scs.Store; scs calls the Ctx ones.
func (s *SessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

func (s *SessionStore) Commit(token string, data []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, data, expiry)
}

func (s *SessionStore) Delete(token string) error {
	return s.DeleteCtx(context.Background(), token)
}
