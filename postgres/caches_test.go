package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"rehome/app"
	"rehome/cache"
	"rehome/postgres"
)

// feedOf collects what db's change feed tells.
func feedOf(db *postgres.DB) <-chan cache.Change {
	ch := make(chan cache.Change, 1000)
	db.Feed().Subscribe(func(c cache.Change) { ch <- c })
	return ch
}

// waitFeed waits until the feed tells a change that ok accepts.
func waitFeed(t *testing.T, from <-chan cache.Change, what string, ok func(cache.Change) bool) {
	t.Helper()
	for {
		select {
		case c := <-from:
			if ok(c) {
				return
			}
		case <-time.After(guard):
			t.Fatalf("the feed never told %s", what)
		}
	}
}

// The bound between instances: an instance forgets a row another instance
// changed once that write's NOTIFY reaches its listener, a moment after
// the write committed, and from then on reads it afresh. Read through the
// caches as the server reads them, instance b answers a's changes as soon
// as its feed told them.
func TestCachesForgetWhatAnotherInstanceChanged(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	changesB := feedOf(b)
	caches := cache.NewCaches(b.Feed())
	sessions := caches.SessionStore(b.Sessions())
	u := newUser(t, a, "ann@example.com")
	const token = "ann's phone"
	owner := app.SessionOwner{UserID: u.ID, Device: "Firefox on Android", SignedIn: time.Now(), LastSeen: time.Now()}
	if err := a.Sessions().CommitOwned(ctx, token, []byte("signed in"), time.Now().Add(time.Hour), owner); err != nil {
		t.Fatal(err)
	}
	read := func() (name string, session string) {
		t.Helper()
		got, err := caches.UserByID(ctx, b, u.ID)
		if err == nil {
			name = got.Name
		} else if app.ErrorKind(err) != app.KindNotFound {
			t.Fatal(err)
		}
		data, _, err := sessions.FindCtx(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		return name, string(data)
	}
	toldUser := func(c cache.Change) bool { return slices.Contains(c.Users, u.ID) }
	toldSession := func(c cache.Change) bool { return slices.Contains(c.Sessions, app.SessionID(token)) }

	for _, step := range []struct {
		name       string
		write      func() error
		told       func(cache.Change) bool
		user, data string
	}{
		{"a new name", func() error {
			_, err := a.UpdateProfile(ctx, u.ID, app.Profile{Name: "Ann B", Language: app.English})
			return err
		}, toldUser, "Ann B", "signed in"},
		{"the session rewritten", func() error {
			return a.Sessions().CommitOwned(ctx, token, []byte("rewritten"), time.Now().Add(time.Hour), owner)
		}, toldSession, "Ann B", "rewritten"},
		{"the session signed out", func() error {
			return a.Sessions().DeleteCtx(ctx, token)
		}, toldSession, "Ann B", ""},
		{"the account deleted", func() error {
			return a.DeleteUser(ctx, u.ID, nil)
		}, toldUser, "", ""},
	} {
		// b keeps what it read: read twice, the second from its caches.
		read()
		read()
		if err := step.write(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		waitFeed(t, changesB, "of "+step.name, step.told)
		if name, data := read(); name != step.user || data != step.data {
			t.Errorf("after %s, b read %q with session %q, want %q with %q", step.name, name, data, step.user, step.data)
		}
	}
}

// While its listener is not connected, an instance may miss what others
// change: once it listens again, its caches have forgotten everything
// they kept before.
func TestCachesForgetEverythingWhenTheListenerConnectsAgain(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	changesB := feedOf(b)
	caches := cache.NewCaches(b.Feed())
	u := newUser(t, a, "ann@example.com")
	name := func() string {
		t.Helper()
		got, err := caches.UserByID(ctx, b, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Name
	}
	name()
	// A change b never hears of, as one made while it did not listen.
	for _, q := range []string{
		`ALTER TABLE users DISABLE TRIGGER users_note_changed`,
		`UPDATE users SET name = 'Ann B' WHERE id = ` + strconv.FormatInt(u.ID, 10),
		`ALTER TABLE users ENABLE TRIGGER users_note_changed`,
	} {
		if _, err := a.Pool().Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if got := name(); got != "Ann" {
		t.Fatalf("b read %q, want the name it kept", got)
	}
	var pid int32
	err := a.Pool().QueryRow(ctx, `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`,
		postgres.InstanceName(b)).Scan(&pid)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Pool().Exec(ctx, `SELECT pg_terminate_backend($1, 30000)`, pid); err != nil {
		t.Fatal(err)
	}
	waitFeed(t, changesB, "that it may have missed changes", func(c cache.Change) bool { return c.Unheard })
	waitFeed(t, changesB, "that it hears again", func(c cache.Change) bool { return c.Heard })
	if got := name(); got != "Ann B" {
		t.Errorf("b read %q once it listened again, want %q", got, "Ann B")
	}
}

// So do the categories, which every category page reads by name.
func TestCategoriesForgottenOnAnotherInstance(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	changesB := feedOf(b)
	caches := cache.NewCaches(b.Feed())
	u := newUser(t, a, "ann@example.com")
	image := &app.Image{URL: "/images/lamp.jpg", ThumbURL: "/images/lamp-thumb.jpg", Width: 10, Height: 10}
	if err := a.RecordImage(ctx, image, u.ID); err != nil {
		t.Fatal(err)
	}
	lamps := &app.Category{Name: "Lamps", Image: image.URL}
	if err := a.CreateCategory(ctx, lamps, nil); err != nil {
		t.Fatal(err)
	}
	// Heard first, so that the change waited for below is the rename's.
	waitFeed(t, changesB, "of the category made", func(c cache.Change) bool { return c.Categories })
	read := func(name string) string {
		t.Helper()
		for range 2 { // the second from b's caches
			if _, err := caches.CategoryByName(ctx, b, name); app.ErrorKind(err) == app.KindNotFound {
				return "not found"
			} else if err != nil {
				t.Fatal(err)
			}
		}
		return "found"
	}
	if got := read("Lamps"); got != "found" {
		t.Fatalf("b: Lamps %s", got)
	}
	renamed := *lamps
	renamed.Name = "Lights"
	if err := a.UpdateCategory(ctx, &renamed, lamps.Name, nil); err != nil {
		t.Fatal(err)
	}
	waitFeed(t, changesB, "of the categories", func(c cache.Change) bool { return c.Categories })
	if got := read("Lamps"); got != "not found" {
		t.Errorf("b: Lamps %s after a renamed it", got)
	}
}

// And so do the category pages and the buyers' bookings: a listing booked
// and then sold on one instance is shown so, and then gone, on another as
// soon as its feed told it, with the buyer's booking marked.
func TestCategoryPagesForgottenOnAnotherInstance(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	changesB := feedOf(b)
	caches := cache.NewCaches(b.Feed())
	seller, buyer := newUser(t, a, "sam@example.com"), newUser(t, a, "bea@example.com")
	lamps, lamp := listLamp(t, a, seller)
	waitFeed(t, changesB, "of the listing made", func(c cache.Change) bool { return slices.Contains(c.Listings, lamps.ID) })
	read := func() (page string, booked bool) {
		t.Helper()
		for range 2 { // the second from b's caches
			list, err := caches.CategoryProducts(ctx, b, lamps, app.Page{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			page = ""
			for _, p := range list.Items {
				page += p.Name + " " + string(p.Status)
			}
			mine, err := caches.MyBookings(ctx, b, buyer.ID, []int64{lamp.ID})
			if err != nil {
				t.Fatal(err)
			}
			_, booked = mine[lamp.ID]
		}
		return page, booked
	}
	if page, booked := read(); page != "Lamp Available" || booked {
		t.Fatalf("b read %q, booked %v", page, booked)
	}
	productID := lamp.ID
	booking := &app.Booking{ProductID: &productID, Product: lamp.Name, Category: lamps.Name, Image: lamp.Image, ThumbURL: lamp.ThumbURL,
		Price: lamp.ResalePrice, Location: "Station", BuyerID: buyer.ID, BuyerName: buyer.Name, BuyerEmail: buyer.Email,
		SellerID: seller.ID, Status: app.BookingBooked}
	if err := a.CreateBooking(ctx, booking); err != nil {
		t.Fatal(err)
	}
	// Each note reaches another instance in a NOTIFY of its own: the
	// booking's buyer, and the listing and its category, whose count of
	// open bookings changed.
	var toldListing, toldCategory, toldBuyer bool
	waitFeed(t, changesB, "of the booking", func(c cache.Change) bool {
		toldListing = toldListing || slices.Contains(c.Products, lamp.ID)
		toldCategory = toldCategory || slices.Contains(c.Listings, lamps.ID)
		toldBuyer = toldBuyer || slices.Contains(c.Bookers, buyer.ID)
		return toldListing && toldCategory && toldBuyer
	})
	if page, booked := read(); page != "Lamp Reserved" || !booked {
		t.Errorf("b read %q, booked %v, once a booked the lamp", page, booked)
	}
	if err := a.MarkPaid(ctx, booking.ID); err != nil {
		t.Fatal(err)
	}
	waitFeed(t, changesB, "of the sale", func(c cache.Change) bool { return slices.Contains(c.Listings, lamps.ID) })
	if page, booked := read(); page != "" || !booked {
		t.Errorf("b read %q, booked %v, once a sold the lamp", page, booked)
	}
}

// A request reads the catalogue's version as it begins (wiring), and the
// caches forget what they keep of the catalogue once another instance
// changed it, without waiting for that write's NOTIFY: here none is sent,
// and instance b still reads the settings and the page a wrote.
func TestCatalogueVersionForgetsWhatAnotherInstanceChanged(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	caches := cache.NewCaches(b.Feed())
	seller := newUser(t, a, "sam@example.com")
	lamps, lamp := listLamp(t, a, seller)
	read := func() string {
		t.Helper()
		var got string
		for range 2 { // the second from b's caches
			caches.SeenCatalogue(b.CatalogueVersion())
			site, err := caches.ReadSite(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			page, err := caches.CategoryProducts(ctx, b, lamps, app.Page{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			got = fmt.Sprintf("public=%v", site.PublicListings)
			for _, p := range page.Items {
				got += " " + p.Name
			}
		}
		return got
	}
	if got := read(); got != "public=false Lamp" {
		t.Fatalf("b read %q", got)
	}
	// a's writes, with the triggers that tell other instances off.
	exec := func(q string) {
		t.Helper()
		if _, err := a.Pool().Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	for table, trigger := range map[string]string{"site_settings": "site_settings_note_changed", "products": "products_updated_note_changed"} {
		exec(`ALTER TABLE ` + table + ` DISABLE TRIGGER ` + trigger)
		defer exec(`ALTER TABLE ` + table + ` ENABLE TRIGGER ` + trigger)
	}
	site := app.DefaultSite()
	site.PublicListings = true
	if err := a.SaveSite(ctx, site, nil); err != nil {
		t.Fatal(err)
	}
	renamed := *lamp
	renamed.Name = "Brass lamp"
	if err := a.UpdateProduct(ctx, &renamed); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "public=true Brass lamp" {
		t.Errorf("b read %q once a wrote, want what a wrote", got)
	}
}

// listLamp has seller list a lamp on db, in a category of lamps of its own.
func listLamp(t *testing.T, db *postgres.DB, seller *app.User) (*app.Category, *app.Product) {
	t.Helper()
	ctx := context.Background()
	image := &app.Image{URL: "/images/lamp.jpg", ThumbURL: "/images/lamp-thumb.jpg", Width: 10, Height: 10}
	lamps := &app.Category{Name: "Lamps", Image: image.URL}
	for _, err := range []error{db.RecordImage(ctx, image, seller.ID), db.CreateCategory(ctx, lamps, nil)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	lamp := &app.Product{SellerID: seller.ID, CategoryID: lamps.ID, Name: "Lamp", Description: "Brass", Image: image.URL,
		ThumbURL: image.ThumbURL, Images: []string{image.URL}, Thumbs: []string{image.ThumbURL}, Condition: app.ConditionGood,
		Location: "Town", ResalePrice: 1000, Status: app.StatusAvailable}
	if err := db.CreateProduct(ctx, lamp); err != nil {
		t.Fatal(err)
	}
	return lamps, lamp
}
