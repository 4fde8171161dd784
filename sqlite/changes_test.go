package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

// world is a small marketplace whose every cached row is read by view.
type world struct {
	path                   string
	db                     *sqlite.DB
	image                  *app.Image
	lamps, sofas           *app.Category
	admin, sam, sid, buyer *app.User
	lamp, lantern, sofa    *app.Product
	booking                *app.Booking
	reportID               int64
	sessionTokens          []string
	now                    time.Time
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{path: filepath.Join(t.TempDir(), "rehome.db"), now: time.Now().UTC()}
	db, err := sqlite.Open(ctx, w.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetClock(func() time.Time { return w.now })
	w.db = db
	w.admin = mpUser(t, db, "Ada", app.RoleAdmin)
	w.sam = mpUser(t, db, "Sam", app.RoleSeller)
	w.sid = mpUser(t, db, "Sid", app.RoleSeller)
	w.buyer = mpUser(t, db, "Bea", app.RoleBuyer)
	w.image = &app.Image{URL: "/images/a.jpg", ThumbURL: "/images/a-thumb.jpg", Width: 10, Height: 10}
	must(t, db.RecordImage(ctx, w.image, w.sam.ID))
	w.lamps, w.sofas = w.category(t, "Lamps"), w.category(t, "Sofas")
	w.lamp = w.product(t, w.lamps, w.sam, "Lamp")
	w.lantern = w.product(t, w.lamps, w.sid, "Lantern")
	w.sofa = w.product(t, w.sofas, w.sam, "Sofa")
	must(t, db.CreateAdvert(ctx, w.lantern.ID))
	must(t, db.CreateAdvert(ctx, w.sofa.ID))
	w.booking = w.book(w.lamp, w.buyer)
	must(t, db.CreateBooking(ctx, w.booking))
	must(t, db.CreateReport(ctx, w.sofa.ID, w.buyer.ID, "Broken"))
	reports, err := db.ReportedProducts(ctx, app.Page{Limit: 10})
	must(t, err)
	w.reportID = reports.Items[0].ID
	store := db.Sessions()
	must(t, store.CommitCtx(ctx, "long", []byte("long"), w.now.Add(time.Hour)))
	must(t, store.CommitCtx(ctx, "short", []byte("short"), w.now.Add(time.Minute)))
	w.sessionTokens = []string{"long", "short"}
	return w
}

func (w *world) category(t *testing.T, name string) *app.Category {
	c := &app.Category{Name: name, Image: w.image.URL, ThumbURL: w.image.ThumbURL}
	must(t, w.db.CreateCategory(context.Background(), c, nil))
	return c
}

func (w *world) newProduct(c *app.Category, seller *app.User, name string) *app.Product {
	return &app.Product{
		CategoryID: c.ID, SellerID: seller.ID, Name: name, Description: "d", Image: w.image.URL,
		ThumbURL: w.image.ThumbURL, Condition: app.ConditionGood, Location: "Town", OriginalPrice: new(app.Cents(10000)),
		ResalePrice: 2550, Contact: app.SellerContact{Phone: "555 0100"}, PurchaseYear: new(2020), UsePeriod: new("2 years"), Status: app.StatusAvailable,
	}
}

func (w *world) product(t *testing.T, c *app.Category, seller *app.User, name string) *app.Product {
	p := w.newProduct(c, seller, name)
	must(t, w.db.CreateProduct(context.Background(), p))
	return p
}

func (w *world) book(p *app.Product, buyer *app.User) *app.Booking {
	id := p.ID
	return &app.Booking{
		ProductID: &id, Product: p.Name, Category: "Lamps", Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: "Station", BuyerID: buyer.ID, BuyerName: buyer.Name,
		BuyerEmail: buyer.Email, BuyerPhone: "555 0101", SellerID: p.SellerID, Status: app.BookingBooked,
	}
}

// view reads every row the store may answer from a cache: the public part
// (what the catalogue version tags) and the rest.
func (w *world) view(t *testing.T, db *sqlite.DB) (public, private string) {
	t.Helper()
	ctx := context.Background()
	var pub, priv strings.Builder
	categories, err := db.Categories(ctx)
	must(t, err)
	for _, c := range categories {
		fmt.Fprintf(&pub, "category %d %s count=%d\n", c.ID, c.Name, c.Count)
		if byName, err := db.CategoryByName(ctx, strings.ToUpper(c.Name)); err != nil || byName.ID != c.ID {
			fmt.Fprintf(&pub, "  by name: %v %v\n", byName, err)
		}
		for _, offset := range []int{0, 1} {
			page, err := db.Caches().CategoryProducts(ctx, db, &c, app.Page{Limit: 10, Offset: offset})
			must(t, err)
			fmt.Fprintf(&pub, "  page at %d of %d:", offset, page.Total)
			for _, p := range page.Items {
				fmt.Fprintf(&pub, " %d %s by %s verified=%v %s advertised=%v images=%v dimensions=%v;",
					p.ID, p.Name, p.Seller, p.SellerVerified, p.Status, p.Advertised, p.Images, dimensions(p.Dimensions))
			}
			pub.WriteString("\n")
		}
	}
	adverts, err := db.AdvertisedProducts(ctx, app.Page{Limit: 10})
	must(t, err)
	fmt.Fprintf(&pub, "adverts of %d:", adverts.Total)
	for _, p := range adverts.Items {
		fmt.Fprintf(&pub, " %d %s by %s verified=%v %s;", p.ID, p.Name, p.Seller, p.SellerVerified, p.Status)
	}
	// Stemmed in English, 'lamping' finds the lamps; in German it does not.
	for _, parts := range [][]searchPart{{}, {text("la")}, {text("lamp sofa")}, {text("lamping")},
		{statuses(app.StatusSold, app.StatusReserved), sortBy(app.SortPriceDesc)},
		{{"max_width_cm=500", func(in *app.SearchInput) { in.MaxWidth = cm(500) }}}} {
		search, query := checkedSearch(t, parts...)
		found, err := db.SearchProducts(ctx, search, app.Page{Limit: 10})
		must(t, err)
		fmt.Fprintf(&pub, "search %q: %d", query, found.Total)
		for _, p := range found.Items {
			fmt.Fprintf(&pub, " %d %s in %s by %s %s %+v;", p.ID, p.Name, p.Category, p.Seller, p.Status, p.Contact)
		}
		pub.WriteString("\n")
	}
	products := []int64{w.lamp.ID, w.lantern.ID, w.sofa.ID}
	for _, u := range []*app.User{w.admin, w.sam, w.sid, w.buyer} {
		mine, err := db.Caches().MyBookings(ctx, db, u.ID, products)
		must(t, err)
		fmt.Fprintf(&priv, "bookings of user %d: %v\n", u.ID, mine)
		// Read through the caches above the store, as the server reads them.
		got, err := db.Caches().UserByID(ctx, db, u.ID)
		if err != nil {
			fmt.Fprintf(&priv, "user %d: %v\n", u.ID, app.ErrorKind(err))
			continue
		}
		fmt.Fprintf(&priv, "user %d %s %s %s verified=%v epoch=%d email_verified=%v show_phone=%v\n", got.ID, got.Name, got.Email, got.Role, got.Verified, got.SessionEpoch, got.EmailVerified, got.ShowPhone)
	}
	for _, token := range w.sessionTokens {
		data, found, err := db.Caches().SessionStore(db.Sessions()).FindCtx(ctx, token)
		must(t, err)
		fmt.Fprintf(&priv, "session %s %q %v\n", token, data, found)
	}
	// The site's settings are kept too; they are not part of the
	// catalogue's public lists, whose version they need not change.
	site, err := db.Site(ctx)
	must(t, err)
	fmt.Fprintf(&priv, "site %+v\n", site)
	synonyms, err := db.SearchSynonyms(ctx)
	must(t, err)
	fmt.Fprintf(&priv, "synonyms %v\n", synonyms)
	return pub.String(), priv.String()
}

func dimensions(d *app.Dimensions) string {
	if d == nil {
		return "none"
	}
	show := func(f *float64) string {
		if f == nil {
			return "-"
		}
		return fmt.Sprint(*f)
	}
	return show(d.WidthCM) + "x" + show(d.DepthCM) + "x" + show(d.HeightCM)
}

// storeWrites are the store's writes, each applied to a fresh world.
// buyerNoShow agrees a pickup time of the world's booking, past, and says
// the buyer did not come.
func buyerNoShow(ctx context.Context, w *world) error {
	pickup := w.now.Add(-app.NoShowAfter)
	c := &app.Conversation{ProductRef: w.lamp.ID, BuyerID: w.buyer.ID, SellerID: w.sam.ID,
		Product: app.ConversationProduct{ID: &w.lamp.ID, Name: w.lamp.Name}}
	m := &app.Message{SenderID: w.sam.ID, PickupAt: &pickup}
	if err := w.db.AddMessage(ctx, c, m); err != nil {
		return err
	}
	if _, err := w.db.AcceptPickup(ctx, c.ID, m.ID); err != nil {
		return err
	}
	return w.db.MarkNoShow(ctx, w.booking.ID, app.NoShowBuyer)
}

var storeWrites = map[string]func(ctx context.Context, w *world) error{
	"CreateUser": func(ctx context.Context, w *world) error {
		return w.db.CreateUser(ctx, &app.User{Name: "Ned", Email: "ned@example.com", Role: app.RoleBuyer}, []byte("h"))
	},
	"CreateUsers": func(ctx context.Context, w *world) error {
		return w.db.CreateUsers(ctx, []app.User{{Name: "Ned", Email: "ned@example.com", Role: app.RoleSeller}}, []byte("h"))
	},
	"CreateUserWithIdentity": func(ctx context.Context, w *world) error {
		return w.db.CreateUserWithIdentity(ctx, &app.User{Name: "Gia", Email: "gia@example.com", Role: app.RoleBuyer}, "google", "g-1")
	},
	"LinkIdentity":   func(ctx context.Context, w *world) error { return w.db.LinkIdentity(ctx, "google", "g-2", w.buyer.ID) },
	"PromoteToAdmin": func(ctx context.Context, w *world) error { return w.db.PromoteToAdmin(ctx, w.buyer.ID, nil) },
	"SetPaymentID":   func(ctx context.Context, w *world) error { return w.db.SetPaymentID(ctx, w.booking.ID, "pi_1") },
	"MarkPaidByEvent": func(ctx context.Context, w *world) error {
		_, err := w.db.MarkPaidByEvent(ctx, "evt_1", w.booking.ID)
		return err
	},
	"SetPassword": func(ctx context.Context, w *world) error {
		_, err := w.db.SetPassword(ctx, w.buyer.ID, []byte("new hash"))
		return err
	},
	"UpdateProfile": func(ctx context.Context, w *world) error {
		_, err := w.db.UpdateProfile(ctx, w.sam.ID, app.Profile{Name: "Samuel", Location: "Hillside", Image: w.image.URL, ShowPhone: true})
		return err
	},
	"EndSessions": func(ctx context.Context, w *world) error {
		_, err := w.db.EndSessions(ctx, w.buyer.ID)
		return err
	},
	"CreatePasswordReset": func(ctx context.Context, w *world) error {
		return w.db.CreatePasswordReset(ctx, w.reset())
	},
	// Sets a new password and session epoch: the user is read afresh.
	"UsePasswordReset": func(ctx context.Context, w *world) error {
		if err := w.db.CreatePasswordReset(ctx, w.reset()); err != nil {
			return err
		}
		_, err := w.db.UsePasswordReset(ctx, []byte("hash"), []byte("new hash"), time.Now())
		return err
	},
	"CreateEmailChange": func(ctx context.Context, w *world) error {
		return w.db.CreateEmailChange(ctx, w.emailChange())
	},
	// Moves the account to a new email: the user is read afresh.
	"UseEmailChange": func(ctx context.Context, w *world) error {
		if err := w.db.CreateEmailChange(ctx, w.emailChange()); err != nil {
			return err
		}
		_, _, err := w.db.UseEmailChange(ctx, []byte("hash"), time.Now())
		return err
	},
	"CreateEmailVerification": func(ctx context.Context, w *world) error {
		return w.db.CreateEmailVerification(ctx, w.emailVerification())
	},
	// Marks the email verified: the user is read afresh.
	"UseEmailVerification": func(ctx context.Context, w *world) error {
		if err := w.db.CreateEmailVerification(ctx, w.emailVerification()); err != nil {
			return err
		}
		_, err := w.db.UseEmailVerification(ctx, []byte("hash"), time.Now())
		return err
	},
	// Verifies the email, removes the password and raises the epoch.
	"ClaimAccount": func(ctx context.Context, w *world) error {
		_, _, err := w.db.ClaimAccount(ctx, app.AccountClaim{UserID: w.buyer.ID, Email: w.buyer.Email, Provider: "google", Subject: "g-3"})
		return err
	},
	"DeleteExpiredLinks": func(ctx context.Context, w *world) error {
		if err := w.db.CreatePasswordReset(ctx, w.reset()); err != nil {
			return err
		}
		w.now = w.now.Add(2 * time.Hour)
		return w.db.DeleteExpiredLinks(ctx)
	},
	"QueueMail": func(ctx context.Context, w *world) error {
		return w.db.QueueMail(ctx, &app.Mail{To: w.buyer.Email, Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"})
	},
	"ClaimDueMail": func(ctx context.Context, w *world) error {
		_, err := w.db.ClaimDueMail(ctx, "courier", w.now, time.Minute, 10)
		return err
	},
	"MailFailed":  func(ctx context.Context, w *world) error { return w.db.MailFailed(ctx, "courier", 1, w.now, "refused") },
	"ReleaseMail": func(ctx context.Context, w *world) error { return w.db.ReleaseMail(ctx, "courier", []int64{1}) },
	"MailDone":    func(ctx context.Context, w *world) error { return w.db.MailDone(ctx, 1) },
	"HoldLease": func(ctx context.Context, w *world) error {
		_, err := w.db.HoldLease(ctx, "jobs", "holder", w.now, time.Minute)
		return err
	},
	"ReleaseLease": func(ctx context.Context, w *world) error { return w.db.ReleaseLease(ctx, "jobs", "holder") },
	// The session cached by its token is deleted through its owner.
	"EndAccountSession": func(ctx context.Context, w *world) error {
		owner := app.SessionOwner{UserID: w.buyer.ID, Device: "Firefox on Linux", SignedIn: w.now, LastSeen: w.now}
		if err := w.db.Sessions().CommitOwned(ctx, "long", []byte("owned"), w.now.Add(time.Hour), owner); err != nil {
			return err
		}
		return w.db.EndAccountSession(ctx, w.buyer.ID, app.SessionID("long"))
	},
	"VerifySeller": func(ctx context.Context, w *world) error { return w.db.VerifySeller(ctx, w.sam.ID, nil) },
	"DeleteUser":   func(ctx context.Context, w *world) error { return w.db.DeleteUser(ctx, w.sam.ID, nil) },
	"CreateCategory": func(ctx context.Context, w *world) error {
		return w.db.CreateCategory(ctx, &app.Category{Name: "Rugs", Image: w.image.URL}, nil)
	},
	"UpdateCategory": func(ctx context.Context, w *world) error {
		renamed := *w.lamps
		renamed.Name = "Lights"
		return w.db.UpdateCategory(ctx, &renamed, w.lamps.Name, nil)
	},
	"CreateProduct": func(ctx context.Context, w *world) error {
		return w.db.CreateProduct(ctx, w.newProduct(w.lamps, w.sid, "Torch"))
	},
	"CreateProducts": func(ctx context.Context, w *world) error {
		return w.db.CreateProducts(ctx, []app.Product{*w.newProduct(w.sofas, w.sid, "Couch")})
	},
	"UpdateProduct": func(ctx context.Context, w *world) error {
		p := *w.lamp
		p.CategoryID, p.Name = w.sofas.ID, "Floor lamp"
		p.Images, p.Thumbs = []string{w.image.URL, w.image.URL}, []string{w.image.ThumbURL, w.image.ThumbURL}
		width := 40.5
		p.Dimensions = &app.Dimensions{WidthCM: &width}
		return w.db.UpdateProduct(ctx, &p)
	},
	"DeleteProduct": func(ctx context.Context, w *world) error { return w.db.DeleteProduct(ctx, w.lantern.ID) },
	"CreateBooking": func(ctx context.Context, w *world) error { return w.db.CreateBooking(ctx, w.book(w.sofa, w.buyer)) },
	"CreateBookings": func(ctx context.Context, w *world) error {
		return w.db.CreateBookings(ctx, []app.Booking{*w.book(w.sofa, w.buyer)})
	},
	"CancelBooking": func(ctx context.Context, w *world) error { return w.db.CancelBooking(ctx, w.booking.ID) },
	"SeeBookings":   func(ctx context.Context, w *world) error { return w.db.SeeBookings(ctx, w.sam.ID, w.booking.ID) },
	"DeclineBooking": func(ctx context.Context, w *world) error {
		return w.db.DeclineBooking(ctx, w.booking.ID, "Sold elsewhere")
	},
	"MarkPaid": func(ctx context.Context, w *world) error { return w.db.MarkPaid(ctx, w.booking.ID) },
	"HandoverCode": func(ctx context.Context, w *world) error {
		_, err := w.db.HandoverCode(ctx, w.booking.ID, "123456")
		return err
	},
	"HandOver":   func(ctx context.Context, w *world) error { return w.handOver(ctx) },
	"MarkNoShow": buyerNoShow,
	"AnswerNoShow": func(ctx context.Context, w *world) error {
		if err := buyerNoShow(ctx, w); err != nil {
			return err
		}
		return w.db.AnswerNoShow(ctx, w.booking.ID, w.buyer.ID, "I was there")
	},
	"RemoveNoShow": func(ctx context.Context, w *world) error {
		if err := buyerNoShow(ctx, w); err != nil {
			return err
		}
		return w.db.RemoveNoShow(ctx, w.booking.ID, nil)
	},
	"ReportOther": func(ctx context.Context, w *world) error {
		return w.db.ReportOther(ctx, app.ReportUser, w.sam.ID, w.buyer.ID, "Rude")
	},
	"ClaimReminders": func(ctx context.Context, w *world) error {
		_, err := w.db.ClaimReminders(ctx, app.ReminderDayBefore, 0, 24*time.Hour)
		return err
	},
	"SuspendUser": func(ctx context.Context, w *world) error {
		_, err := w.db.SuspendUser(ctx, w.sam.ID, w.now.Add(time.Hour), "Spam", nil)
		return err
	},
	"UnsuspendUser": func(ctx context.Context, w *world) error {
		if _, err := w.db.SuspendUser(ctx, w.sam.ID, w.now.Add(time.Hour), "Spam", nil); err != nil {
			return err
		}
		return w.db.UnsuspendUser(ctx, w.sam.ID, nil)
	},
	"Block": func(ctx context.Context, w *world) error {
		_, err := w.db.Block(ctx, w.buyer.ID, w.sam.ID)
		return err
	},
	"Unblock": func(ctx context.Context, w *world) error {
		if _, err := w.db.Block(ctx, w.buyer.ID, w.sam.ID); err != nil {
			return err
		}
		return w.db.Unblock(ctx, w.buyer.ID, w.sam.ID)
	},
	"AddReview": func(ctx context.Context, w *world) error {
		if err := w.handOver(ctx); err != nil {
			return err
		}
		return w.db.AddReview(ctx, &app.Review{BookingID: w.booking.ID, AuthorID: &w.buyer.ID, AuthorName: w.buyer.Name,
			SubjectID: w.booking.SellerID, ByBuyer: true, Rating: 5})
	},
	"HideReview": func(ctx context.Context, w *world) error {
		if err := w.handOver(ctx); err != nil {
			return err
		}
		r := &app.Review{BookingID: w.booking.ID, AuthorID: &w.buyer.ID, AuthorName: w.buyer.Name,
			SubjectID: w.booking.SellerID, ByBuyer: true, Rating: 5}
		if err := w.db.AddReview(ctx, r); err != nil {
			return err
		}
		return w.db.HideReview(ctx, r.ID, "Rude", nil)
	},
	"CreateAdvert": func(ctx context.Context, w *world) error { return w.db.CreateAdvert(ctx, w.lamp.ID) },
	"DeleteAdvert": func(ctx context.Context, w *world) error { return w.db.DeleteAdvert(ctx, w.lantern.ID) },
	"CreateReport": func(ctx context.Context, w *world) error {
		return w.db.CreateReport(ctx, w.lamp.ID, w.buyer.ID, "Fake")
	},
	"DismissReport": func(ctx context.Context, w *world) error { return w.db.DismissReport(ctx, w.reportID, nil) },
	"RecordImage": func(ctx context.Context, w *world) error {
		return w.db.RecordImage(ctx, &app.Image{URL: "/images/b.jpg", ThumbURL: "/images/b-thumb.jpg", Width: 1, Height: 1}, w.sid.ID)
	},
	"ClaimKey": func(ctx context.Context, w *world) error {
		_, err := w.db.ClaimKey(ctx, w.buyer.ID, "key", []byte("h"), "req")
		return err
	},
	"KeepAnswer": func(ctx context.Context, w *world) error {
		if _, err := w.db.ClaimKey(ctx, w.buyer.ID, "key", []byte("h"), "req"); err != nil {
			return err
		}
		return w.db.KeepAnswer(ctx, w.buyer.ID, "key", "req", &app.StoredAnswer{RequestHash: []byte("h"), Status: 201, Body: []byte("{}")})
	},
	"ReleaseClaim": func(ctx context.Context, w *world) error {
		if _, err := w.db.ClaimKey(ctx, w.buyer.ID, "key", []byte("h"), "req"); err != nil {
			return err
		}
		return w.db.ReleaseClaim(ctx, w.buyer.ID, "key", "req")
	},
	"ForgetAnswersBefore": func(ctx context.Context, w *world) error {
		_, err := w.db.ForgetAnswersBefore(ctx, w.now.Add(time.Hour))
		return err
	},
	"Sessions.CommitCtx": func(ctx context.Context, w *world) error {
		return w.db.Sessions().CommitCtx(ctx, "long", []byte("changed"), w.now.Add(time.Hour))
	},
	"Sessions.Commit": func(ctx context.Context, w *world) error {
		return w.db.Sessions().Commit("long", []byte("changed"), w.now.Add(time.Hour))
	},
	"Sessions.CommitOwned": func(ctx context.Context, w *world) error {
		owner := app.SessionOwner{UserID: w.buyer.ID, Device: "Chrome on Android", SignedIn: w.now, LastSeen: w.now}
		return w.db.Sessions().CommitOwned(ctx, "long", []byte("changed"), w.now.Add(time.Hour), owner)
	},
	"Sessions.DeleteCtx": func(ctx context.Context, w *world) error { return w.db.Sessions().DeleteCtx(ctx, "long") },
	"Sessions.Delete":    func(ctx context.Context, w *world) error { return w.db.Sessions().Delete("long") },
	"Sessions.DeleteExpired": func(ctx context.Context, w *world) error {
		w.now = w.now.Add(2 * time.Minute)
		_, err := w.db.Sessions().DeleteExpired(ctx)
		return err
	},
	"AddMessage": func(ctx context.Context, w *world) error {
		_, err := w.message(ctx, nil)
		return err
	},
	"AddMessageTo": func(ctx context.Context, w *world) error {
		c, err := w.message(ctx, nil)
		if err != nil {
			return err
		}
		return w.db.AddMessageTo(ctx, c.ID, &app.Message{SenderID: w.sam.ID, Text: "Yes"})
	},
	"MarkRead": func(ctx context.Context, w *world) error {
		c, err := w.message(ctx, nil)
		if err != nil {
			return err
		}
		_, err = w.db.MarkRead(ctx, c.ID, w.sam.ID)
		return err
	},
	// Sets the booking's pickup time.
	"AcceptPickup": func(ctx context.Context, w *world) error {
		at := w.now.Add(24 * time.Hour)
		c, err := w.message(ctx, &at)
		if err != nil {
			return err
		}
		_, err = w.db.AcceptPickup(ctx, c.ID, c.LastMessage.ID)
		return err
	},
	"DeclinePickup": func(ctx context.Context, w *world) error {
		at := w.now.Add(24 * time.Hour)
		c, err := w.message(ctx, &at)
		if err != nil {
			return err
		}
		return w.db.DeclinePickup(ctx, c.ID, c.LastMessage.ID)
	},
	// Web Push.
	"KeepVAPIDKeys": func(ctx context.Context, w *world) error {
		_, err := w.db.KeepVAPIDKeys(ctx, app.VAPIDKeys{Public: "public", Private: "private"})
		return err
	},
	"KeepServerKey": func(ctx context.Context, w *world) error {
		_, err := w.db.KeepServerKey(ctx, "device cookies", []byte("key"))
		return err
	},
	"SavePushSubscription": func(ctx context.Context, w *world) error {
		return w.subscribe(ctx)
	},
	"DeletePushSubscription": func(ctx context.Context, w *world) error {
		if err := w.subscribe(ctx); err != nil {
			return err
		}
		return w.db.DeletePushSubscription(ctx, w.buyer.ID, w.pushSubscription().Endpoint)
	},
	"DeletePushEndpoint": func(ctx context.Context, w *world) error {
		if err := w.subscribe(ctx); err != nil {
			return err
		}
		return w.db.DeletePushEndpoint(ctx, w.pushSubscription().Endpoint)
	},
	"DeletePushDevice": func(ctx context.Context, w *world) error {
		if err := w.subscribe(ctx); err != nil {
			return err
		}
		subs, err := w.db.PushSubscriptions(ctx, w.buyer.ID)
		if err != nil {
			return err
		}
		return w.db.DeletePushDevice(ctx, w.buyer.ID, subs[0].ID)
	},
	"PushSent": func(ctx context.Context, w *world) error {
		if err := w.subscribe(ctx); err != nil {
			return err
		}
		subs, err := w.db.PushSubscriptions(ctx, w.buyer.ID)
		if err != nil {
			return err
		}
		return w.db.PushSent(ctx, subs[0].ID)
	},
	"SetPushKinds": func(ctx context.Context, w *world) error {
		return w.db.SetPushKinds(ctx, w.buyer.ID, map[app.PushKind]bool{app.PushReply: false})
	},
	"QueuePush": func(ctx context.Context, w *world) error {
		return w.db.QueuePush(ctx, []app.QueuedPush{w.pushNote()})
	},
	"ClaimDuePush": func(ctx context.Context, w *world) error {
		if err := w.db.QueuePush(ctx, []app.QueuedPush{w.pushNote()}); err != nil {
			return err
		}
		_, err := w.db.ClaimDuePush(ctx, "sender", w.now, time.Minute, 10)
		return err
	},
	"ReleasePush": func(ctx context.Context, w *world) error { return w.db.ReleasePush(ctx, "sender", []int64{1}) },
	"PushDone":    func(ctx context.Context, w *world) error { return w.db.PushDone(ctx, 1) },
	"StartSelling": func(ctx context.Context, w *world) error {
		return w.db.StartSelling(ctx, w.buyer.ID, nil)
	},
	"UseSearchLanguage": func(ctx context.Context, w *world) error {
		return w.db.UseSearchLanguage(ctx, app.German)
	},
	"SaveSearchSynonyms": func(ctx context.Context, w *world) error {
		return w.db.SaveSearchSynonyms(ctx, [][]string{{"couch", "sofa"}}, nil)
	},
	"SaveSite": func(ctx context.Context, w *world) error {
		site := app.DefaultSite()
		site.Name, site.PublicListings = "Riverside Swap", true
		return w.db.SaveSite(ctx, site, nil)
	},
	// Posts are not cached; their writes are here to be known.
	"CreatePost": func(ctx context.Context, w *world) error {
		_, err := w.post(ctx)
		return err
	},
	"UpdatePost": func(ctx context.Context, w *world) error {
		p, err := w.post(ctx)
		if err != nil {
			return err
		}
		p.Title = "Swap day moved"
		return w.db.UpdatePost(ctx, p, nil)
	},
	"DeletePost": func(ctx context.Context, w *world) error {
		p, err := w.post(ctx)
		if err != nil {
			return err
		}
		return w.db.DeletePost(ctx, p.ID, nil)
	},
	// Test-only: a statement run on the writer is seen as any other write.
	"ExecForTest": func(ctx context.Context, w *world) error {
		return w.db.ExecForTest(ctx, `UPDATE users SET name = 'Samuel' WHERE id = ?`, w.sam.ID)
	},
}

// message has the buyer ask about the booked lamp, proposing a pickup at
// pickupAt when it is set.
func (w *world) message(ctx context.Context, pickupAt *time.Time) (*app.Conversation, error) {
	id := w.lamp.ID
	c := &app.Conversation{ProductRef: id, BuyerID: w.buyer.ID, SellerID: w.sam.ID,
		Product: app.ConversationProduct{ID: &id, Name: w.lamp.Name, Price: w.lamp.ResalePrice}}
	m := &app.Message{SenderID: w.buyer.ID, Text: "Still there?", PickupAt: pickupAt}
	if err := w.db.AddMessage(ctx, c, m); err != nil {
		return nil, err
	}
	c.LastMessage = m
	return c, nil
}

// post has the admin publish a post.
func (w *world) post(ctx context.Context) (*app.Post, error) {
	id := w.admin.ID
	p := &app.Post{Slug: "swap-day", Title: "Swap day", Body: "Saturday", Author: app.PostAuthor{ID: &id, Name: w.admin.Name}}
	return p, w.db.CreatePost(ctx, p, nil)
}

func (w *world) reset() app.PasswordReset {
	return app.PasswordReset{UserID: w.buyer.ID, Email: w.buyer.Email, TokenHash: []byte("hash"), Expires: time.Now().Add(time.Hour)}
}

// subscribe subscribes the buyer's browser from a session of theirs.
func (w *world) subscribe(ctx context.Context) error {
	owner := app.SessionOwner{UserID: w.buyer.ID, Device: "Firefox on Android", SignedIn: w.now, LastSeen: w.now}
	if err := w.db.Sessions().CommitOwned(ctx, "buyer's phone", []byte("data"), w.now.Add(time.Hour), owner); err != nil {
		return err
	}
	_, err := w.db.SavePushSubscription(ctx, w.buyer.ID, app.PushFrom{Session: app.SessionID("buyer's phone")}, w.pushSubscription())
	return err
}

func (w *world) pushSubscription() app.PushSubscription {
	return app.PushSubscription{Endpoint: "https://push.example.net/send/1", Keys: app.PushKeys{P256dh: "key", Auth: "auth"}}
}

// handOver hands the world's booking over.
func (w *world) handOver(ctx context.Context) error {
	if _, err := w.db.HandoverCode(ctx, w.booking.ID, "123456"); err != nil {
		return err
	}
	return w.db.HandOver(ctx, w.booking.ID, "123456")
}

func (w *world) pushNote() app.QueuedPush {
	return app.QueuedPush{UserID: w.buyer.ID, Kind: app.PushReply, Title: "Reply", Body: "Sam: Yes", Path: "/dashboard/messages/1", Queued: w.now}
}

func (w *world) emailVerification() app.EmailVerification {
	return app.EmailVerification{UserID: w.buyer.ID, Email: w.buyer.Email, TokenHash: []byte("hash"), Expires: time.Now().Add(time.Hour),
		Mail: &app.Mail{To: w.buyer.Email, Subject: "Confirm", Text: "Link", HTML: "<p>Link</p>"}}
}

func (w *world) emailChange() app.EmailChange {
	return app.EmailChange{UserID: w.buyer.ID, NewEmail: "bea@new.test", TokenHash: []byte("hash"), Expires: time.Now().Add(time.Hour),
		Mail: &app.Mail{To: "bea@new.test", Subject: "Confirm", Text: "Link", HTML: "<p>Link</p>"}}
}

// storeReads change nothing, or only call the writes above.
var storeReads = []string{
	"AdvertisedProducts", "BookingByID", "BuyerBookings", "CatalogueVersion", "Categories", "CategoryByName", "CategoryRenamedFrom",
	"CategoryProducts", "Close", "ImageByURL", "PasswordHash", "ProductByID", "QueryPlan", "ReaderPragma", "WriterPragma", "AuditLog", "ReportsMadeBy",
	"ReportedProducts", "SellerBookings", "SellerProducts", "Sessions", "SetClock", "StoredAnswer", "UserByEmail",
	"UserByID", "Users", "Sessions.Find", "Sessions.FindCtx", "Sessions.FindUntil", "Sessions.Now", "Caches", "Feed", "Ping", "Count", "Pools", "ObserveWriteWaits", "OnSessionsEnded", "UserByIdentity", "PaymentID", "MyBookings", "SearchProducts", "SearchSynonyms",
	"NextMailDue", "AccountSessions", "CategoryMarks", "CategoryPageIDs", "ListedProducts", "UsersByIDs", "BookingsOfBuyer",
	"ConversationByID", "Conversations", "MessageByID", "Messages", "Unread", "OpenBookingsOf", "OpenBookingsWith",
	"BookingsSeen", "NewBookings", "BookedFrom", "Exclusively",
	"VAPIDKeys", "PushSubscriptions", "PushDevices", "PushKindsOff", "Site", "ServerKey",
	"Posts", "PostBySlug", "PostByID", "ListingsForSale", "SellerCounts", "ReviewsOf", "RatingOf",
	"SuspendedUsers", "Blocks", "BlockedBy", "EitherBlocked", "NoShowsOf", "ConversationOfMessage", "ReviewByID", "HandoverCodes",
	// Test-only: they empty caches, which never makes a row stale.
	"ForgetCategoryPages", "ForgetProducts", "ForgetSearches",
	// Test-only reads: a search kept or read afresh, the locations kept.
	"KeptSearch", "FreshSearch", "LocationsKept", "SearchGeneration", "ChangedSince",
}

// TestNoWriteLeavesAStaleRow reads everything the caches keep, makes one
// write, and reads again: what this store answers must be what a store
// opened afresh on the same file answers, and the catalogue version must
// change when the public lists did.
func TestNoWriteLeavesAStaleRow(t *testing.T) {
	for name, write := range storeWrites {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			w := newWorld(t)
			beforePublic, beforePrivate := w.view(t, w.db)
			version := w.db.CatalogueVersion()
			must(t, write(ctx, w))
			fresh, err := sqlite.Open(ctx, w.path)
			must(t, err)
			defer fresh.Close()
			fresh.SetClock(func() time.Time { return w.now })
			wantPublic, wantPrivate := w.view(t, fresh)
			gotPublic, gotPrivate := w.view(t, w.db)
			if gotPublic != wantPublic || gotPrivate != wantPrivate {
				t.Errorf("stale after %s:\n%s%s\nwant:\n%s%s", name, gotPublic, gotPrivate, wantPublic, wantPrivate)
			}
			if publicChanged := wantPublic != beforePublic; publicChanged && w.db.CatalogueVersion() == version {
				t.Errorf("the public lists changed but the catalogue version did not")
			}
			if beforePublic == wantPublic && beforePrivate == wantPrivate && !slices.Contains(unseenWrites, name) {
				t.Errorf("%s changed nothing this test sees: make it change a cached row", name)
			}
		})
	}
}

// unseenWrites change rows no cache keeps.
var unseenWrites = []string{
	"CreateUser", "CreateUsers", "CreateUserWithIdentity", "LinkIdentity", "SetPaymentID", "CreateReport",
	"DismissReport", "RecordImage", "ClaimKey", "KeepAnswer", "ReleaseClaim", "ForgetAnswersBefore", "CreatePasswordReset",
	"CreateEmailChange", "CreateEmailVerification", "DeleteExpiredLinks", "QueueMail", "ClaimDueMail", "MailFailed", "ReleaseMail", "MailDone", "HoldLease", "ReleaseLease",
	"AddMessage", "AddMessageTo", "MarkRead", "AcceptPickup", "DeclinePickup",
	"KeepVAPIDKeys", "KeepServerKey", "SavePushSubscription", "DeletePushSubscription", "DeletePushEndpoint", "DeletePushDevice", "PushSent", "SetPushKinds",
	"QueuePush", "ClaimDuePush", "ReleasePush", "PushDone",
	"CreatePost", "UpdatePost", "DeletePost", "HandoverCode", "Block", "Unblock", "ClaimReminders", "ReportOther",
	"SeeBookings",
}

// TestEveryStoreMethodIsKnown makes a new store method say whether it
// writes, so that a new write is checked by TestNoWriteLeavesAStaleRow.
func TestEveryStoreMethodIsKnown(t *testing.T) {
	methods := func(v any, prefix string) []string {
		var names []string
		typ := reflect.TypeOf(v)
		for i := range typ.NumMethod() {
			names = append(names, prefix+typ.Method(i).Name)
		}
		return names
	}
	all := append(methods(&sqlite.DB{}, ""), methods(&sqlite.SessionStore{}, "Sessions.")...)
	for _, name := range all {
		_, writes := storeWrites[name]
		if !writes && !slices.Contains(storeReads, name) {
			t.Errorf("%s is neither in storeWrites nor in storeReads", name)
		}
	}
}
