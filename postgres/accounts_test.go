package postgres_test

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/postgres"
)

// The account store's own tests, beside the contract (storetest): what it
// promises that the contract does not reach. Rows of other stores (bookings,
// reports, adverts) are written and read with SQL, so each test depends on
// the accounts' methods alone.

func acctMust(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func acctWantKind(t testing.TB, err error, kind app.Kind) {
	t.Helper()
	if app.ErrorKind(err) != kind {
		t.Fatalf("got %v, want kind %q", err, kind)
	}
}

func acctUser(t testing.TB, db *postgres.DB, name string, role app.Role) *app.User {
	t.Helper()
	u := &app.User{Name: name, Email: name + "@example.com", Role: role}
	acctMust(t, db.CreateUser(context.Background(), u, []byte("hash")))
	return u
}

// acctRow reads one row of query into dest.
func acctRow(t testing.TB, db *postgres.DB, query string, args []any, dest ...any) {
	t.Helper()
	acctMust(t, db.Pool().QueryRow(context.Background(), query, args...).Scan(dest...))
}

func acctExec(t testing.TB, db *postgres.DB, query string, args ...any) {
	t.Helper()
	_, err := db.Pool().Exec(context.Background(), query, args...)
	acctMust(t, err)
}

func TestUsersStore(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleSeller, Phone: "555 0100"}
	acctMust(t, db.CreateUser(ctx, u, []byte("hash")))
	t.Run("OK", func(t *testing.T) {
		got, hash, err := db.PasswordHash(ctx, "ann@example.com")
		if err != nil || string(hash) != "hash" || got.Name != "Ann" || got.Role != app.RoleSeller || got.Created.IsZero() {
			t.Fatalf("got %+v %q %v", got, hash, err)
		}
		if got.Created.Location() != time.UTC {
			t.Errorf("created in %v, want UTC", got.Created.Location())
		}
	})
	t.Run("ErrBadRole", func(t *testing.T) {
		err := db.CreateUser(ctx, &app.User{Name: "X", Email: "x@example.com", Role: "Root"}, []byte("x"))
		if err == nil {
			t.Fatal("a role outside Buyer, Seller, Admin was stored")
		}
	})
	t.Run("AdminWrites", func(t *testing.T) {
		ada := acctUser(t, db, "ada", app.RoleAdmin)
		bea := acctUser(t, db, "bea", app.RoleBuyer)
		audit := func(action app.AuditAction, target *app.User) *app.AuditEntry {
			return &app.AuditEntry{ActorID: &ada.ID, ActorName: ada.Name, ActorEmail: ada.Email, Action: action,
				TargetType: app.AuditTargetUser, TargetID: target.ID, Target: target.Name}
		}
		for _, tc := range []struct {
			name  string
			write func() error
			want  app.Kind
		}{
			{"a buyer is no seller to verify", func() error { return db.VerifySeller(ctx, bea.ID, audit(app.AuditVerifySeller, bea)) }, app.KindNotFound},
			{"a seller verified", func() error { return db.VerifySeller(ctx, u.ID, audit(app.AuditVerifySeller, u)) }, ""},
			{"an unknown account promoted", func() error { return db.PromoteToAdmin(ctx, 9999, nil) }, app.KindNotFound},
			{"a buyer promoted", func() error { return db.PromoteToAdmin(ctx, bea.ID, audit(app.AuditPromoteUser, bea)) }, ""},
		} {
			t.Run(tc.name, func(t *testing.T) { acctWantKind(t, tc.write(), tc.want) })
		}
		if got, err := db.UserByID(ctx, u.ID); err != nil || !got.Verified {
			t.Errorf("the seller reads %+v (%v), want verified", got, err)
		}
		if got, err := db.UserByID(ctx, bea.ID); err != nil || got.Role != app.RoleAdmin {
			t.Errorf("the promoted buyer reads %+v (%v)", got, err)
		}
		var entries int
		acctRow(t, db, `SELECT count(*) FROM audit_log WHERE actor_id = $1`, []any{ada.ID}, &entries)
		if entries != 2 {
			t.Errorf("%d audit entries, want one for each write that succeeded", entries)
		}
	})
}

func TestIdempotencyAnswers(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	sam := acctUser(t, db, "sam", app.RoleSeller)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	db.SetClock(func() time.Time { return now })
	first := &app.StoredAnswer{RequestHash: []byte("hash"), Status: 201, Body: []byte(`{"id":1}`)}
	_, err := db.ClaimKey(ctx, sam.ID, "k", first.RequestHash, "req")
	acctMust(t, err)
	acctMust(t, db.KeepAnswer(ctx, sam.ID, "k", "req", first))
	// A second answer for the same key never replaces the first.
	acctMust(t, db.KeepAnswer(ctx, sam.ID, "k", "req", &app.StoredAnswer{RequestHash: []byte("other"), Status: 409, Body: []byte(`{}`)}))
	got, err := db.StoredAnswer(ctx, sam.ID, "k")
	if err != nil || got.Status != 201 || !bytes.Equal(got.Body, first.Body) || !bytes.Equal(got.RequestHash, first.RequestHash) {
		t.Fatalf("got %+v, %v", got, err)
	}
	if _, err := db.StoredAnswer(ctx, sam.ID+1, "k"); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("another user's key: %v", err)
	}
	_, err = db.ClaimKey(ctx, sam.ID+1, "k", first.RequestHash, "req")
	acctWantKind(t, err, app.KindConflict) // no such account

	now = now.Add(app.IdempotencyTTL - time.Minute)
	if _, err := db.StoredAnswer(ctx, sam.ID, "k"); err != nil {
		t.Errorf("within the TTL: %v", err)
	}
	now = now.Add(2 * time.Minute)
	if _, err := db.StoredAnswer(ctx, sam.ID, "k"); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("past the TTL: %v", err)
	}
	if n, err := db.ForgetAnswersBefore(ctx, now.Add(-app.IdempotencyTTL)); err != nil || n != 1 {
		t.Errorf("swept %d, %v; want 1", n, err)
	}
}

func TestIdentities(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	ann := acctUser(t, db, "ann", app.RoleBuyer)
	acctMust(t, db.LinkIdentity(ctx, "google", "g-ann", ann.ID))
	// Again is harmless, and the first link stays.
	acctMust(t, db.LinkIdentity(ctx, "google", "g-ann", ann.ID))
	bob := acctUser(t, db, "bob", app.RoleBuyer)
	acctMust(t, db.LinkIdentity(ctx, "google", "g-ann", bob.ID))
	if got, err := db.UserByIdentity(ctx, "google", "g-ann"); err != nil || got.ID != ann.ID {
		t.Errorf("the linked account is %+v (%v), want ann", got, err)
	}
	acctWantKind(t, db.LinkIdentity(ctx, "google", "g-gone", 9999), app.KindConflict)

	cy := &app.User{Name: "Cy", Email: "cy@example.com", Role: app.RoleBuyer, EmailVerified: true}
	acctMust(t, db.CreateUserWithIdentity(ctx, cy, "google", "g-cy"))
	if got, err := db.UserByIdentity(ctx, "google", "g-cy"); err != nil || got.ID != cy.ID || got.HasPassword || !got.EmailVerified {
		t.Errorf("the new account reads %+v (%v)", got, err)
	}
	// Both or neither: a subject already linked leaves no account behind.
	if err := db.CreateUserWithIdentity(ctx, &app.User{Name: "Dee", Email: "dee@example.com", Role: app.RoleBuyer}, "google", "g-cy"); err == nil {
		t.Error("a subject was linked twice")
	}
	if _, err := db.UserByEmail(ctx, "dee@example.com"); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("the account of a refused link: %v", err)
	}
	err := db.CreateUserWithIdentity(ctx, &app.User{Name: "Ann 2", Email: ann.Email, Role: app.RoleBuyer}, "google", "g-ann-2")
	acctWantKind(t, err, app.KindConflict)
	_, err = db.UserByIdentity(ctx, "google", "g-ann-2")
	acctWantKind(t, err, app.KindNotFound)
}

// TestSessionsEndedWithTheirAccount: a write that raises an account's
// epoch, or deletes it, also deletes its sessions (triggers), and tells
// each, with the epoch or the account, in one report.
func TestSessionsEndedWithTheirAccount(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	var told []app.SessionsEnded
	db.OnSessionsEnded(func(e app.SessionsEnded) { told = append(told, e) })
	ann := acctUser(t, db, "ann", app.RoleBuyer)
	store := db.Sessions()
	signIn := func(token string) {
		owner := app.SessionOwner{UserID: ann.ID, Device: token, SignedIn: time.Now(), LastSeen: time.Now()}
		acctMust(t, store.CommitOwned(ctx, token, []byte("data"), time.Now().Add(time.Hour), owner))
	}
	for _, tc := range []struct {
		name  string
		write func() error
		want  app.SessionsEnded
	}{
		{"a new password", func() error {
			_, err := db.SetPassword(ctx, ann.ID, []byte("new hash"))
			return err
		}, app.SessionsEnded{Sessions: []string{app.SessionID("phone")}, Epochs: map[int64]int64{ann.ID: 1}}},
		{"the account deleted", func() error {
			return db.DeleteUser(ctx, ann.ID, nil)
		}, app.SessionsEnded{Sessions: []string{app.SessionID("phone")}, Accounts: []int64{ann.ID}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			signIn("phone")
			told = nil
			acctMust(t, tc.write())
			if want := []app.SessionsEnded{tc.want}; !reflect.DeepEqual(told, want) {
				t.Errorf("told %+v, want %+v", told, want)
			}
			if _, found, err := store.FindCtx(ctx, "phone"); err != nil || found {
				t.Errorf("the session after it: found %v, %v", found, err)
			}
		})
	}
}

// TestExpiredSessionsEndedAreTold: the store's own cleanup of expired
// sessions is told as any other write that ends sessions is.
func TestExpiredSessionsEndedAreTold(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	var told []app.SessionsEnded
	db.OnSessionsEnded(func(e app.SessionsEnded) { told = append(told, e) })
	store := db.Sessions()
	ann := acctUser(t, db, "ann", app.RoleBuyer)
	owner := app.SessionOwner{UserID: ann.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}
	acctMust(t, store.CommitOwned(ctx, "old", []byte("data"), time.Now().Add(-time.Second), owner))
	acctMust(t, store.CommitOwned(ctx, "live", []byte("data"), time.Now().Add(time.Hour), owner))
	if n, err := store.DeleteExpired(ctx); err != nil || n != 1 {
		t.Errorf("deleted %d expired, %v; want 1", n, err)
	}
	if want := []app.SessionsEnded{{Sessions: []string{app.SessionID("old")}}}; !reflect.DeepEqual(told, want) {
		t.Errorf("told %+v, want %+v", told, want)
	}
	if _, found, err := store.FindCtx(ctx, "live"); err != nil || !found {
		t.Errorf("a live session after the cleanup: found %v, %v", found, err)
	}
}

// TestManyExpiredSessions: a cleanup of more expired sessions than one
// transaction deletes deletes them all, in batches, and tells each once.
func TestManyExpiredSessions(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	told := map[string]int{}
	db.OnSessionsEnded(func(e app.SessionsEnded) {
		for _, id := range e.Sessions {
			told[id]++
		}
	})
	expired := 2*postgres.ExpiredBatch + 1
	rows := make([][]any, expired)
	for i := range rows {
		rows[i] = []any{fmt.Sprint("old", i), []byte("data"), time.Now().Add(-time.Second).UnixMilli(), app.SessionID(fmt.Sprint("old", i))}
	}
	_, err := db.Pool().CopyFrom(ctx, pgx.Identifier{"sessions"}, []string{"token", "data", "expiry", "id"}, pgx.CopyFromRows(rows))
	acctMust(t, err)
	store := db.Sessions()
	acctMust(t, store.CommitCtx(ctx, "live", []byte("data"), time.Now().Add(time.Hour)))
	if n, err := store.DeleteExpired(ctx); err != nil || n != int64(expired) {
		t.Errorf("deleted %d expired, %v; want %d", n, err, expired)
	}
	if len(told) != expired {
		t.Errorf("told of %d sessions, want %d", len(told), expired)
	}
	for id, times := range told {
		if times != 1 {
			t.Errorf("session %s told %d times", id, times)
		}
	}
	if _, found, err := store.FindCtx(ctx, "live"); err != nil || !found {
		t.Errorf("a live session after the cleanup: found %v, %v", found, err)
	}
}

// TestDeletedUserIDIsNotReused: IDs name accounts in sessions, so a new
// account must never get a deleted account's ID.
func TestDeletedUserIDIsNotReused(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	acctUser(t, db, "first", app.RoleBuyer)
	last := acctUser(t, db, "last", app.RoleBuyer)
	acctMust(t, db.DeleteUser(ctx, last.ID, nil))
	if next := acctUser(t, db, "next", app.RoleBuyer); next.ID == last.ID {
		t.Fatalf("the new account got the deleted account's id %d", next.ID)
	}
}

// acctShop is a seller with a category and a picture to list with.
type acctShop struct {
	db       *postgres.DB
	seller   *app.User
	category *app.Category
	image    *app.Image
}

func newAcctShop(t *testing.T) *acctShop {
	t.Helper()
	ctx := context.Background()
	s := &acctShop{db: mustOpenDB(t)}
	s.seller = acctUser(t, s.db, "Sam", app.RoleSeller)
	s.image = &app.Image{URL: "/images/a.jpg", ThumbURL: "/images/a-thumb.jpg", Width: 10, Height: 10}
	acctMust(t, s.db.RecordImage(ctx, s.image, s.seller.ID))
	s.category = &app.Category{Name: "Décor", Image: s.image.URL}
	acctMust(t, s.db.CreateCategory(ctx, s.category, nil))
	return s
}

func (s *acctShop) product(t *testing.T, seller *app.User, name string) int64 {
	t.Helper()
	p := &app.Product{CategoryID: s.category.ID, SellerID: seller.ID, Name: name, Description: "d", Image: s.image.URL,
		ThumbURL: s.image.ThumbURL, Condition: app.ConditionGood, Location: "Town", ResalePrice: 2550, Status: app.StatusAvailable}
	acctMust(t, s.db.CreateProduct(context.Background(), p))
	return p.ID
}

// book stores buyer's booking of a product, with its status.
func (s *acctShop) book(t *testing.T, productID int64, buyer *app.User, status app.BookingStatus) int64 {
	t.Helper()
	var id int64
	acctRow(t, s.db, `
		INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price, location,
			buyer_name, buyer_email, buyer_phone, status, created)
		SELECT p.id, $2, p.seller_id, p.name, 'Décor', p.image, p.thumb_url, p.resale_price, 'Station', $3, $4, '555 0100', $5, 0
		FROM products p WHERE p.id = $1 RETURNING id`,
		[]any{productID, buyer.ID, buyer.Name, buyer.Email, string(status)}, &id)
	return id
}

// report stores reporter's report of a product, reason the latest.
func (s *acctShop) report(t *testing.T, productID int64, reporter *app.User, reason string) {
	t.Helper()
	var id int64
	acctRow(t, s.db, `INSERT INTO reports (product_id, latest_reason, updated) VALUES ($1, $2, 0)
		ON CONFLICT (product_id) DO UPDATE SET latest_reason = CASE WHEN $2 <> '' THEN $2 ELSE reports.latest_reason END
		RETURNING id`, []any{productID, reason}, &id)
	acctExec(t, s.db, `INSERT INTO reporters (report_id, user_id, reason, created)
		VALUES ($1, $2, $3, (SELECT count(*) FROM reporters))`, id, reporter.ID, reason)
}

// acctBooking is what a deletion may change of a booking.
type acctBooking struct {
	Status            string
	Product, Buyer    *int64
	Seller            *int64
	BuyerName, Detail string
}

func (s *acctShop) booking(t *testing.T, id int64) acctBooking {
	t.Helper()
	var b acctBooking
	acctRow(t, s.db, `SELECT status, product_id, buyer_id, seller_id, buyer_name, product FROM bookings WHERE id = $1`,
		[]any{id}, &b.Status, &b.Product, &b.Buyer, &b.Seller, &b.BuyerName, &b.Detail)
	return b
}

// reports are the reported products, each with its count of reporters
// and its latest reason.
func (s *acctShop) reports(t *testing.T) map[int64]string {
	t.Helper()
	rows, err := s.db.Pool().Query(context.Background(), `
		SELECT r.product_id, (SELECT count(*) FROM reporters WHERE report_id = r.id), r.latest_reason FROM reports r`)
	acctMust(t, err)
	defer rows.Close()
	found := map[int64]string{}
	for rows.Next() {
		var product, reporters int64
		var reason string
		acctMust(t, rows.Scan(&product, &reporters, &reason))
		found[product] = reason
		if reporters == 0 {
			t.Errorf("the report of %d stays with nobody behind it", product)
		}
	}
	acctMust(t, rows.Err())
	return found
}

func (s *acctShop) openBookings(t *testing.T, productID int64) int {
	t.Helper()
	var open int
	acctRow(t, s.db, `SELECT open_bookings FROM products WHERE id = $1`, []any{productID}, &open)
	return open
}

func TestDeleteUserStore(t *testing.T) {
	ctx := context.Background()
	t.Run("the last admin stays", func(t *testing.T) {
		db := mustOpenDB(t)
		only := acctUser(t, db, "root", app.RoleAdmin)
		acctWantKind(t, db.DeleteUser(ctx, only.ID, nil), app.KindConflict)
		if _, err := db.UserByID(ctx, only.ID); err != nil {
			t.Fatal(err)
		}
		second := acctUser(t, db, "second", app.RoleAdmin)
		acctMust(t, db.DeleteUser(ctx, only.ID, nil))
		acctWantKind(t, db.DeleteUser(ctx, second.ID, nil), app.KindConflict)
		acctWantKind(t, db.DeleteUser(ctx, 999, nil), app.KindNotFound)
	})

	t.Run("a seller", func(t *testing.T) {
		s := newAcctShop(t)
		p, q := s.product(t, s.seller, "table"), s.product(t, s.seller, "chair")
		olga := acctUser(t, s.db, "olga", app.RoleSeller)
		kept := s.product(t, olga, "lamp")
		bea := acctUser(t, s.db, "bea", app.RoleBuyer)
		open, paid := s.book(t, p, bea, app.BookingBooked), s.book(t, q, bea, app.BookingPaid)
		// The seller was buying too.
		own := s.book(t, kept, s.seller, app.BookingBooked)
		for _, id := range []int64{p, kept} {
			acctExec(t, s.db, `INSERT INTO adverts (product_id, created) VALUES ($1, 0)`, id)
			s.report(t, id, bea, "x")
		}
		// The seller reported someone else's product after the buyer.
		s.report(t, kept, s.seller, "y")
		audit := &app.AuditEntry{ActorName: "Ada", ActorEmail: "ada@example.com", Action: app.AuditDeleteUser,
			TargetType: app.AuditTargetUser, TargetID: s.seller.ID, Target: "Sam"}

		acctMust(t, s.db.DeleteUser(ctx, s.seller.ID, audit))
		if _, err := s.db.UserByID(ctx, s.seller.ID); app.ErrorKind(err) != app.KindNotFound {
			t.Errorf("user: %v", err)
		}
		for _, id := range []int64{p, q} {
			if _, err := s.db.ProductByID(ctx, id); app.ErrorKind(err) != app.KindNotFound {
				t.Errorf("product %d: %v", id, err)
			}
		}
		var advertised []int64
		rows, err := s.db.Pool().Query(ctx, `SELECT product_id FROM adverts`)
		acctMust(t, err)
		for rows.Next() {
			var id int64
			acctMust(t, rows.Scan(&id))
			advertised = append(advertised, id)
		}
		if len(advertised) != 1 || advertised[0] != kept {
			t.Errorf("advertised %v", advertised)
		}
		// The seller's reason goes with them; the buyer's is the latest left.
		if got := s.reports(t); len(got) != 1 || got[kept] != "x" {
			t.Errorf("reports %+v", got)
		}
		for id, want := range map[int64]string{open: "Cancelled", paid: "Paid"} {
			if b := s.booking(t, id); b.Status != want || b.Product != nil || b.Seller != nil || b.Buyer == nil || b.Detail == "" {
				t.Errorf("bea's booking %d: %+v, want %s", id, b, want)
			}
		}
		if b := s.booking(t, own); b.Status != "Cancelled" || b.Buyer != nil || b.BuyerName != "Sam" || b.Product == nil {
			t.Errorf("the seller's own booking %+v", b)
		}
		// The product is free for the next buyer.
		if n := s.openBookings(t, kept); n != 0 {
			t.Errorf("the lamp has %d open bookings", n)
		}
		var entries int
		acctRow(t, s.db, `SELECT count(*) FROM audit_log WHERE action = 'delete_user' AND target_id = $1`, []any{s.seller.ID}, &entries)
		if entries != 1 || audit.ID == 0 {
			t.Errorf("%d audit entries, the entry's id %d", entries, audit.ID)
		}
	})

	t.Run("a buyer", func(t *testing.T) {
		s := newAcctShop(t)
		p, q := s.product(t, s.seller, "table"), s.product(t, s.seller, "chair")
		bea, bob := acctUser(t, s.db, "bea", app.RoleBuyer), acctUser(t, s.db, "bob", app.RoleBuyer)
		open, paid := s.book(t, p, bea, app.BookingBooked), s.book(t, q, bea, app.BookingPaid)
		s.report(t, p, bea, "only bea")
		s.report(t, q, bea, "bea")
		s.report(t, q, bob, "")

		acctMust(t, s.db.DeleteUser(ctx, bea.ID, nil))
		for id, want := range map[int64]string{open: "Cancelled", paid: "Paid"} {
			if b := s.booking(t, id); b.Status != want || b.BuyerName != "bea" || b.Buyer != nil || b.Product == nil || b.Seller == nil {
				t.Errorf("booking %d: %+v, want %s", id, b, want)
			}
		}
		// A report nobody stands behind goes; the other loses the reason the gone account gave.
		if got := s.reports(t); len(got) != 1 || got[q] != "" {
			t.Errorf("reports %+v", got)
		}
		if _, err := s.db.ProductByID(ctx, p); err != nil {
			t.Errorf("the seller's product went: %v", err)
		}
		if n := s.openBookings(t, p); n != 0 {
			t.Errorf("the table has %d open bookings", n)
		}
	})
}

// TestDeleteUserCancelsABookingMadeMeanwhile: a booking by the account,
// inserted but not yet committed when the deletion begins, is cancelled
// with the others once it commits, never left open behind the account.
func TestDeleteUserCancelsABookingMadeMeanwhile(t *testing.T) {
	ctx := context.Background()
	s := newAcctShop(t)
	p := s.product(t, s.seller, "table")
	bea := acctUser(t, s.db, "bea", app.RoleBuyer)
	booking, err := s.db.Pool().Begin(ctx)
	acctMust(t, err)
	defer booking.Rollback(context.WithoutCancel(ctx))
	var id int64
	acctMust(t, booking.QueryRow(ctx, `
		INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price, location,
			buyer_name, buyer_email, buyer_phone, status, created)
		VALUES ($1, $2, $3, 'table', 'Décor', '', '', 2550, 'Station', 'bea', 'bea@example.com', '', 'Booked', 0) RETURNING id`,
		p, bea.ID, s.seller.ID).Scan(&id))

	deleted := make(chan error, 1)
	go func() { deleted <- s.db.DeleteUser(ctx, bea.ID, nil) }()
	waitForALockWait(t, s.db, deleted)
	acctMust(t, booking.Commit(ctx))
	acctMust(t, <-deleted)
	if b := s.booking(t, id); b.Status != "Cancelled" || b.Buyer != nil {
		t.Errorf("the booking made meanwhile is %+v, want Cancelled", b)
	}
	if n := s.openBookings(t, p); n != 0 {
		t.Errorf("the table has %d open bookings", n)
	}
}
