// Package storetest holds the contract every store of the marketplace keeps:
// the promises written on app's store interfaces, checked through those
// interfaces alone, so that any store can run them. A store's own tests call
// Run with a function that opens a fresh, empty store.
package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"rehome/api/sessions"
	"rehome/app"
	"rehome/cache"
)

// Stores is what the contract tests reach a store through.
type Stores interface {
	app.UserStore
	app.ImageStore
	app.CategoryStore
	app.ProductStore
	app.AdvertStore
	app.ReportStore
	app.ExportStore
	app.BookingStore
	app.PaymentStore
	app.PostStore
	app.AccountStore
	app.SellingStore
	app.PasswordResetStore
	app.EmailVerificationStore
	app.EmailChangeStore
	app.PushStore
	app.IdempotencyStore
	app.ConversationStore
	app.IdentityStore
	app.SearchStore
	app.SessionStore
	app.AuditStore
	app.MailQueue
	app.PushQueue
	app.ReviewStore
	app.SafetyStore
	app.ReminderStore
	app.SiteStore
	app.ServerKeyStore
	// SetClock replaces the store's clock, for what depends on time.
	SetClock(now func() time.Time)
	// The sessions of signed-in people, which the server keeps through
	// the store beside the service's ports.
	sessions.Store
	// DeleteExpired deletes the sessions past their expiry, as the hourly
	// cleanup does, and says how many; FindUntil and Now are what the
	// sessions cache reads sessions through.
	cache.SessionBacking
	// Feed tells what each write changed, before the write returns; the
	// caches above the store forget by it.
	Feed() cache.Feed
	// The narrower reads the caches above the store read through.
	cache.PageStore
	cache.BookingsReader
	// OnSessionsEnded has ended told, after each committed write that
	// ended sessions and before that write returns, which it ended; set
	// before the store is used. The live event streams close on it.
	OnSessionsEnded(ended func(app.SessionsEnded))
	// Exclusively runs fn while no other call with the same name runs its
	// own, on this store or another over the same database.
	Exclusively(ctx context.Context, name string, fn func(context.Context) error) error
}

// Run runs every contract test, each on a store of its own from open.
// The groups run in parallel with each other, as their stores are
// independent; the tests of a group run one after another.
func Run(t *testing.T, open func(t *testing.T) Stores) {
	for _, group := range []struct {
		name string
		run  func(t *testing.T, open func(t *testing.T) Stores)
	}{
		{"Users", RunUsers},
		{"Products", RunProducts},
		{"CategoryPages", RunCategoryPages},
		{"RenameCategory", RunRenameCategory},
		{"Adverts", RunAdverts},
		{"Bookings", RunBookings},
		{"BookingsSeen", RunBookingsSeen},
		{"Posts", RunPosts},
		{"Accounts", RunAccounts},
		{"Push", RunPush},
		{"ServerKeys", RunServerKeys},
		{"Idempotency", RunIdempotency},
		{"Conversations", RunConversations},
		{"Races", RunRaces},
		{"ClaimAccount", RunClaimAccount},
		{"Links", RunLinks},
		{"Search", RunSearch},
		{"SearchRanking", RunSearchRanking},
		{"SearchLanguages", RunSearchLanguages},
		{"ListingsForSale", RunListingsForSale},
		{"Sessions", RunSessions},
		{"Feed", RunFeed},
		{"Audit", RunAudit},
		{"Mail", RunMail},
		{"PushQueue", RunPushQueue},
		{"Trust", RunTrust},
		{"Safety", RunSafety},
		{"Exclusively", RunExclusively},
		{"Admin", RunAdmin},
		{"Reports", RunReports},
	} {
		t.Run(group.name, func(t *testing.T) {
			t.Parallel()
			group.run(t, open)
		})
	}
}

// world is a store with a seller, a category and an image to list with.
type world struct {
	Stores
	ctx      context.Context
	seller   *app.User
	category *app.Category
	image    *app.Image
}

func newWorld(t *testing.T, open func(t *testing.T) Stores) *world {
	t.Helper()
	w := &world{Stores: open(t), ctx: context.Background()}
	w.seller = w.user(t, "sam", app.RoleSeller)
	w.image = &app.Image{URL: "/images/storetest.jpg", ThumbURL: "/images/storetest-thumb.jpg", Width: 10, Height: 10}
	must(t, w.RecordImage(w.ctx, w.image, w.seller.ID))
	w.category = &app.Category{Name: "Furniture", Image: w.image.URL}
	must(t, w.CreateCategory(w.ctx, w.category, nil))
	return w
}

// user stores an account named name of role.
func (w *world) user(t *testing.T, name string, role app.Role) *app.User {
	t.Helper()
	u := &app.User{Name: name, Email: name + "@example.com", Role: role}
	must(t, w.CreateUser(w.ctx, u, []byte("hash")))
	return u
}

// session signs u in under token until a month from now, as the server
// keeps a signed-in session, and is where u subscribes from in it.
func (w *world) session(t *testing.T, u *app.User, token string) app.PushFrom {
	t.Helper()
	w.sessionUntil(t, u, token, time.Now().Add(30*24*time.Hour))
	return app.PushFrom{Session: app.SessionID(token), Browser: "Firefox", System: "Android"}
}

func (w *world) sessionUntil(t *testing.T, u *app.User, token string, expiry time.Time) {
	t.Helper()
	owner := app.SessionOwner{UserID: u.ID, Device: "Firefox on Android", SignedIn: time.Now(), LastSeen: time.Now()}
	must(t, w.CommitOwned(w.ctx, token, []byte("data"), expiry, owner))
}

// newProduct is a listing of the world's seller, not stored yet.
func (w *world) newProduct(name string) *app.Product {
	return &app.Product{
		CategoryID: w.category.ID, SellerID: w.seller.ID, Name: name, Description: "Solid oak", Image: w.image.URL,
		ThumbURL: w.image.ThumbURL, Images: []string{w.image.URL}, Thumbs: []string{w.image.ThumbURL},
		Condition: app.ConditionGood, Location: "Town", ResalePrice: 2550, Status: app.StatusAvailable,
	}
}

func (w *world) product(t *testing.T, name string) *app.Product {
	t.Helper()
	p := w.newProduct(name)
	must(t, w.CreateProduct(w.ctx, p))
	return p
}

// newBooking is buyer's booking of p the way the service builds one.
func (w *world) newBooking(p *app.Product, buyer *app.User) *app.Booking {
	id := p.ID
	return &app.Booking{
		ProductID: &id, Product: p.Name, Category: w.category.Name, Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: "Station", BuyerID: buyer.ID, BuyerName: buyer.Name, BuyerEmail: buyer.Email,
		BuyerPhone: "555 0100", SellerID: p.SellerID, Status: app.BookingBooked,
	}
}

func (w *world) book(t *testing.T, p *app.Product, buyer *app.User) *app.Booking {
	t.Helper()
	b := w.newBooking(p, buyer)
	must(t, w.CreateBooking(w.ctx, b))
	return b
}

func (w *world) bookingStatus(t *testing.T, id int64) app.BookingStatus {
	t.Helper()
	b, err := w.BookingByID(w.ctx, id)
	must(t, err)
	return b.Status
}

func (w *world) productStatus(t *testing.T, id int64) app.ProductStatus {
	t.Helper()
	p, err := w.ProductByID(w.ctx, id)
	must(t, err)
	return p.Status
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// wantKind fails unless err is of kind (none: nil).
func wantKind(t *testing.T, err error, kind app.Kind) {
	t.Helper()
	if app.ErrorKind(err) != kind {
		t.Fatalf("got %v, want kind %q", err, kind)
	}
}

// race runs fn n times at once, each in its own goroutine released only
// when all are ready, and returns each call's error. The goroutines start
// from call first on: the scheduler tends to run them in the same order
// each time, so a test calls race once per round, first the round, to see
// each side of a race go first.
func race(n, first int, fn func(i int) error) []error {
	errs := make([]error, n)
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for k := range n {
		i := (first + k) % n
		ready.Add(1)
		done.Go(func() {
			ready.Done()
			<-start
			errs[i] = fn(i)
		})
	}
	ready.Wait()
	close(start)
	done.Wait()
	return errs
}

// rounds runs a race test's body once per round, on one store.
const rounds = 6

// outcomes counts errors by kind; successes count under "ok".
func outcomes(errs []error) map[string]int {
	count := map[string]int{}
	for _, err := range errs {
		if err == nil {
			count["ok"]++
		} else {
			count[string(app.ErrorKind(err))]++
		}
	}
	return count
}

// wantOneWinner fails unless exactly one call succeeded and every other
// was refused with a conflict.
func wantOneWinner(t *testing.T, errs []error) int {
	t.Helper()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("calls %d and %d both succeeded: %v", winner, i, outcomes(errs))
		case err == nil:
			winner = i
		case app.ErrorKind(err) != app.KindConflict:
			t.Fatalf("call %d: %v, want a conflict", i, err)
		}
	}
	if winner < 0 {
		t.Fatalf("no call succeeded: %v", errs)
	}
	return winner
}

func names[T any](items []T, name func(T) string) string {
	s := ""
	for i, item := range items {
		if i > 0 {
			s += " "
		}
		s += name(item)
	}
	return s
}
