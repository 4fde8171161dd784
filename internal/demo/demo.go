// Package demo fills an empty marketplace with people, categories and
// listings, so a fresh 'rehome serve --demo' shows a living site. Everything
// goes through the services, under the same rules as real users, and every
// picture is drawn here: nothing is downloaded.
package demo

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"rehome/api"
	"rehome/app"
)

// Fill adds the demo content unless the marketplace already has categories.
//
// It runs at server start, so the slow parts overlap: pictures are drawn
// from the start on every core; they go through the image intake as soon as
// the admin and the sellers exist (password hashing takes a core meanwhile),
// and the buyers register while they do. Products, adverts, bookings and the
// report then follow one by one, so that their order, and the times the
// site shows, read like a story.
func Fill(ctx context.Context, svc api.Services, past PastPickups, log *slog.Logger) error {
	start := time.Now()
	existing, err := svc.Catalogue.Categories(ctx)
	if err != nil {
		return err
	}
	if len(existing) > 0 {
		log.Info("demo data skipped: the database is not empty")
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the drawing if anything fails
	language := svc.Site.Language(ctx)

	// Pictures 0 to len(categories)-1 are the categories', then the
	// products' covers, then their other views.
	type drawing struct {
		i   int
		pic []byte
		err error
	}
	views := otherViews()
	count := len(categories) + len(products) + len(views)
	drawn := make(chan drawing, count)
	go func() {
		defer close(drawn)
		parallel(ctx, count, func(i int) error {
			var d drawing
			switch {
			case i < len(categories):
				d.pic, d.err = picture(categories[i].picture, 1000+i)
			case i < len(categories)+len(products):
				d.pic, d.err = picture(products[i-len(categories)].picture, i-len(categories)+1)
			default:
				v := views[i-len(categories)-len(products)]
				d.pic, d.err = picture(products[v.product].picture, 5000+10*v.product+v.view)
			}
			d.i = i
			drawn <- d
			return d.err
		})
	}()

	staff, err := register(ctx, svc, append([]app.NewUser{adminAccount}, sellers...), 0)
	if err != nil {
		return err
	}
	admin, seller := staff[0].User, func(i int) *app.User { return staff[1+i].User }
	if _, err := svc.Moderation.VerifySeller(ctx, admin, seller(sam).ID); err != nil {
		return fmt.Errorf("verify %s: %w", seller(sam).Email, err)
	}
	var customers []account
	buyersDone := make(chan error, 1)
	go func() {
		var err error
		customers, err = register(ctx, svc, buyers, len(staff))
		buyersDone <- err
	}()

	// Two uploads at a time: while one waits for the disk, the other computes.
	images := make([][]*app.Image, len(products)) // each product's photos, the cover first
	for i, p := range products {
		images[i] = make([]*app.Image, 1+moreViews[p.name])
	}
	failed := make([]error, 2)
	var wg sync.WaitGroup
	for w := range failed {
		wg.Go(func() {
			for d := range drawn {
				if failed[w] != nil {
					continue // let the drawing finish
				}
				failed[w] = d.err
				if d.err != nil {
					cancel()
					continue
				}
				failed[w] = upload(ctx, svc, admin, seller, language, d.i, d.pic, views, images)
				if failed[w] != nil {
					cancel()
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(<-buyersDone, errors.Join(failed...)); err != nil {
		return err
	}
	buyer := func(i int) *app.User { return customers[i].User }

	listed := map[string]*app.Product{}
	year := time.Now().UTC().Year()
	for i, p := range products {
		in := app.ProductInput{
			Category: categoryIn(language, p.category), Product: p.name, Description: p.description, Images: urls(images[i]),
			Dimensions: dimensions(measures[p.name]), Condition: p.condition, Location: p.location,
			OriginalPrice: app.NumberText(p.original), ResalePrice: app.NumberText(p.resale),
			PurchaseYear: app.NumberText(fmt.Sprint(year - p.age)), UsePeriod: p.used,
			// As the listing form offers: the seller's phone, for their buyers.
			SellerPhone: seller(p.seller).Phone,
		}
		product, err := svc.Catalogue.CreateProduct(ctx, seller(p.seller), in)
		if err != nil {
			return fmt.Errorf("product %s: %w", p.name, err)
		}
		listed[p.name] = product
	}
	find := func(name string) (*app.Product, error) {
		if p, ok := listed[name]; ok {
			return p, nil
		}
		return nil, fmt.Errorf("demo content names no product %q", name)
	}

	for _, name := range adverts {
		p, err := find(name)
		if err != nil {
			return err
		}
		if _, err := svc.Catalogue.Advertise(ctx, owner(staff, p), p.ID); err != nil {
			return fmt.Errorf("advertise %s: %w", name, err)
		}
	}
	booked := map[string]*app.Booking{}
	for _, b := range bookings {
		p, err := find(b.product)
		if err != nil {
			return err
		}
		who := buyer(b.buyer)
		booking, err := svc.Bookings.Book(ctx, who, app.BookingInput{ProductID: p.ID, Location: b.meet, BuyerPhone: who.Phone})
		if err != nil {
			return fmt.Errorf("book %s: %w", b.product, err)
		}
		booked[b.product] = booking
		if b.handedOver != nil {
			if err := handOver(ctx, svc, who, owner(staff, p), booking.ID, b.handedOver); err != nil {
				return fmt.Errorf("hand over %s: %w", b.product, err)
			}
		}
	}
	for _, c := range conversations {
		p, err := find(c.product)
		if err != nil {
			return err
		}
		if err := talk(ctx, svc, buyer(c.buyer), owner(staff, p), p.ID, c.lines); err != nil {
			return fmt.Errorf("conversation about %s: %w", c.product, err)
		}
	}
	p, err := find(noShow.product)
	if err != nil {
		return err
	}
	if err := missPickup(ctx, svc, past, owner(staff, p), booked[noShow.product].ID, noShow.ask); err != nil {
		return fmt.Errorf("no-show for %s: %w", noShow.product, err)
	}
	p, err = find(report.product)
	if err != nil {
		return err
	}
	if err := svc.Reports.Report(ctx, buyer(report.buyer), app.ReportInput{ProductID: p.ID, Reason: report.reason}); err != nil {
		return fmt.Errorf("report %s: %w", report.product, err)
	}

	if err := writePosts(ctx, svc, admin, time.Now()); err != nil {
		return err
	}
	// The site's texts stay the defaults, which tell the demo's admin what to
	// write on Site settings; a contact address makes "Contact an admin" work.
	if _, err := svc.Site.UpdateSite(ctx, admin, app.SitePatch{ContactEmail: &contactEmail}); err != nil {
		return fmt.Errorf("site settings: %w", err)
	}
	if _, err := svc.Site.SetSynonyms(ctx, admin, synonyms[language]); err != nil {
		return fmt.Errorf("search synonyms: %w", err)
	}

	for _, a := range append(staff, customers...) {
		log.Info("demo account (password shown only now)", "email", a.Email, "password", a.password)
	}
	log.Info("demo data added", "categories", len(categories), "products", len(products),
		"took", time.Since(start).Round(time.Millisecond))
	return nil
}

// handOver has the buyer show the booking's code and the seller enter it,
// then each review the other.
func handOver(ctx context.Context, svc api.Services, buyer, seller *app.User, bookingID int64, reviews *demoReviews) error {
	code, err := svc.Bookings.HandoverCode(ctx, buyer, bookingID)
	if err != nil {
		return err
	}
	if _, err := svc.Bookings.HandOver(ctx, seller, bookingID, app.HandoverInput{Code: code.Code}); err != nil {
		return err
	}
	if _, err := svc.Bookings.ReviewSeller(ctx, buyer, bookingID, reviews.buyer); err != nil {
		return err
	}
	_, err = svc.Bookings.ReviewBuyer(ctx, seller, bookingID, reviews.seller)
	return err
}

// PastPickups write an agreed pickup time that has passed, which the app
// never does (a time proposed in it is in the future): the demo's no-show
// needs one.
type PastPickups interface {
	AddMessageTo(ctx context.Context, conversationID int64, m *app.Message) error
	AcceptPickup(ctx context.Context, conversationID, messageID int64) (*app.Booking, error)
}

// missPickup agrees on a pickup time three hours ago for a booking, which
// the buyer missed: the seller says they did not come.
func missPickup(ctx context.Context, svc api.Services, past PastPickups, seller *app.User, bookingID int64, ask string) error {
	m, err := svc.Conversations.MessageAboutBooking(ctx, seller, bookingID, app.MessageInput{Text: ask})
	if err != nil {
		return err
	}
	at := time.Now().Add(-3 * time.Hour).Truncate(time.Minute)
	proposal := &app.Message{SenderID: seller.ID, PickupAt: &at}
	if err := past.AddMessageTo(ctx, m.ConversationID, proposal); err != nil {
		return err
	}
	if _, err := past.AcceptPickup(ctx, m.ConversationID, proposal.ID); err != nil {
		return err
	}
	_, err = svc.Bookings.BuyerNoShow(ctx, seller, bookingID)
	return err
}

// talk sends lines between buyer and seller about a product, the buyer
// first, as each would from the app.
func talk(ctx context.Context, svc api.Services, buyer, seller *app.User, productID int64, lines []demoMessage) error {
	var conversationID int64
	for i, line := range lines {
		in := app.MessageInput{Text: line.text}
		if line.pickupInDays > 0 {
			day := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, line.pickupInDays)
			at := day.Add(10 * time.Hour)
			in.PickupAt = &at
		}
		from := buyer
		if line.seller {
			from = seller
		}
		var m *app.Message
		var err error
		if i == 0 {
			m, err = svc.Conversations.MessageAboutProduct(ctx, from, productID, in)
		} else {
			m, err = svc.Conversations.SendMessage(ctx, from, conversationID, in)
		}
		if err != nil {
			return err
		}
		conversationID = m.ConversationID
		if line.accepted {
			if _, err := svc.Conversations.AcceptPickup(ctx, buyer, conversationID, m.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// account is a demo user with their password.
type account struct {
	*app.User
	password string
}

// register makes the accounts in order, each with a fresh random password
// and, but for the admin, a picture; first numbers the pictures.
func register(ctx context.Context, svc api.Services, people []app.NewUser, first int) ([]account, error) {
	var made []account
	for i, n := range people {
		n.Password = password()
		var u *app.User
		var err error
		if n.Role == app.RoleAdmin {
			u, err = svc.SigningIn.CreateAdmin(ctx, n)
		} else {
			u, err = svc.SigningIn.Register(ctx, n, bytes.NewReader(avatar(first+i)), "demo")
		}
		if err != nil {
			return nil, fmt.Errorf("account %s: %w", n.Email, err)
		}
		made = append(made, account{u, n.Password})
	}
	return made, nil
}

// upload stores drawing i: a category's picture, which makes the category,
// or a product's, which its seller uploads for the listing.
func upload(ctx context.Context, svc api.Services, admin *app.User, seller func(int) *app.User, language app.Language,
	i int, pic []byte, views []view, images [][]*app.Image) error {
	if i < len(categories) {
		name := categoryIn(language, categories[i].name)
		if _, err := svc.Catalogue.CreateCategory(ctx, admin, app.NewCategory{Name: name}, bytes.NewReader(pic)); err != nil {
			return fmt.Errorf("category %s: %w", name, err)
		}
		return nil
	}
	v := view{product: i - len(categories)}
	if v.product >= len(products) {
		v = views[v.product-len(products)]
	}
	img, err := svc.Images.UploadImage(ctx, seller(products[v.product].seller), bytes.NewReader(pic))
	if err != nil {
		return fmt.Errorf("picture of %s: %w", products[v.product].name, err)
	}
	images[v.product][v.view] = img // each drawing has a place of its own
	return nil
}

// view is a product's photo: 0 the cover, then the other views.
type view struct{ product, view int }

// otherViews lists the photos beyond the covers, as moreViews asks.
func otherViews() []view {
	var views []view
	for i, p := range products {
		for n := 1; n <= moreViews[p.name]; n++ {
			views = append(views, view{i, n})
		}
	}
	return views
}

func urls(images []*app.Image) []string {
	list := make([]string, len(images))
	for i, img := range images {
		list[i] = img.URL
	}
	return list
}

// dimensions is a seller's measures; 0 is one not given.
func dimensions(m [3]float64) *app.DimensionsInput {
	if m == [3]float64{} {
		return nil
	}
	text := func(f float64) app.NumberText {
		if f == 0 {
			return ""
		}
		return app.NumberText(fmt.Sprint(f))
	}
	return &app.DimensionsInput{WidthCM: text(m[0]), DepthCM: text(m[1]), HeightCM: text(m[2])}
}

// owner is the seller of p among the staff.
func owner(staff []account, p *app.Product) *app.User {
	for _, a := range staff {
		if a.ID == p.SellerID {
			return a.User
		}
	}
	return nil
}

// parallel calls fn for 0 to n-1 on as many goroutines as there are cores
// and returns the first error; after one, no further calls start.
func parallel(ctx context.Context, n int, fn func(i int) error) error {
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = ctx.Err()
		}
		if first != nil || next == n {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i, ok := take(); ok; i, ok = take() {
				if err := fn(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return first
}

// password makes a random demo password, so a demo left running in public
// does not open with a well-known one.
func password() string {
	b := make([]byte, 9)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
