// Package benchdata fills an empty marketplace with a large, repeatable data
// set for benchmarks: thousands of accounts, a hundred thousand listings or
// more, bookings and adverts. Unlike the demo, it writes through the store's
// bulk methods, a thousand rows per transaction; every account shares one
// password hash and every listing one of a handful of pictures, so building
// it measures neither bcrypt nor the image pipeline.
package benchdata

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"log/slog"
	"math/rand/v2"
	"slices"
	"time"

	"rehome/app"
)

// Store is what the data set is written through.
type Store interface {
	Categories(ctx context.Context) ([]app.Category, error)
	CreateCategory(ctx context.Context, c *app.Category, audit *app.AuditEntry) error
	RecordImage(ctx context.Context, img *app.Image, uploaderID int64) error
	CreateUsers(ctx context.Context, users []app.User, passwordHash []byte) error
	CreateProducts(ctx context.Context, products []app.Product) error
	CreateBookings(ctx context.Context, bookings []app.Booking) error
	CreateAdvert(ctx context.Context, productID int64) error
}

// Size is how much to write. Of the accounts, the first is an admin and a
// quarter are sellers; the rest are buyers.
type Size struct {
	Products, Users, Bookings, Categories, Adverts int
}

// Accounts are named by role and number, from 1: seller1@bench.rehome.test,
// buyer1@bench.rehome.test; the admin is admin@bench.rehome.test.
func SellerEmail(i int) string { return fmt.Sprintf("seller%d@bench.rehome.test", i) }
func BuyerEmail(i int) string  { return fmt.Sprintf("buyer%d@bench.rehome.test", i) }

const AdminEmail = "admin@bench.rehome.test"

// Rows per transaction: large enough that commits cost little, small
// enough that the writer is never held for long.
const batch = 1000

// pictures is how many different pictures the listings share.
const pictures = 8

// Every listing is a minute younger than the one before; the last is now.
const listingInterval = time.Minute

// Fill writes the data set into an empty store. Listings spread evenly over
// the categories, one in 50 is sold (with a paid booking when bookings are
// asked for), and the adverts are the newest available listings.
func Fill(ctx context.Context, store Store, intake app.ImageIntake, passwordHash []byte, size Size, log *slog.Logger) error {
	if err := size.check(); err != nil {
		return err
	}
	existing, err := store.Categories(ctx)
	if err != nil {
		return err
	}
	if len(existing) > 0 {
		return errors.New("the database is not empty")
	}
	start := time.Now()
	f := &filler{store: store, size: size, rnd: rand.New(rand.NewPCG(1, 2)) /* #nosec G404 -- the same data set every run, no secret */, now: time.Now().UTC()}
	steps := []struct {
		name string
		run  func(context.Context) error
	}{
		{"pictures", func(ctx context.Context) error { return f.pictures(ctx, intake) }},
		{"categories", f.addCategories},
		{"accounts", func(ctx context.Context) error { return f.addUsers(ctx, passwordHash) }},
		{"listings", func(ctx context.Context) error { return f.addProducts(ctx, log) }},
		{"bookings", f.addBookings},
		{"adverts", f.addAdverts},
	}
	for _, step := range steps {
		if err := step.run(ctx); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
	}
	log.Info("benchmark data written", "products", size.Products, "users", size.Users, "bookings", size.Bookings,
		"categories", size.Categories, "adverts", size.Adverts, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

func (s Size) check() error {
	switch {
	case s.Users < 3:
		return errors.New("at least 3 accounts: an admin, a seller and a buyer")
	case s.Categories < 1:
		return errors.New("at least one category")
	case s.Products < 0 || s.Bookings < 0 || s.Adverts < 0:
		return errors.New("counts cannot be negative")
	case s.Adverts > s.Products:
		return errors.New("more adverts than listings")
	case s.Bookings > 0 && s.Products == 0:
		return errors.New("bookings need listings")
	}
	return nil
}

type filler struct {
	store Store
	size  Size
	rnd   *rand.Rand
	now   time.Time

	images     []*app.Image
	categories []app.Category
	sellers    []app.User
	buyers     []app.User
	productIDs []int64
}

func (f *filler) sellerCount() int { return max(1, (f.size.Users-1)/4) }

// pictures stores a few plain gradients through the image intake.
func (f *filler) pictures(ctx context.Context, intake app.ImageIntake) error {
	for i := range pictures {
		img, err := intake.Save(ctx, 0, bytes.NewReader(gradient(i)))
		if err != nil {
			return err
		}
		if err := f.store.RecordImage(ctx, img, 0); err != nil {
			return err
		}
		f.images = append(f.images, img)
	}
	return nil
}

func gradient(seed int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	base := color.RGBA{uint8(60 + 25*seed), uint8(180 - 15*seed), uint8(90 + 20*seed), 255} // #nosec G115 -- seed is below pictures, each channel stays a byte
	for y := range 480 {
		for x := range 640 {
			i := img.PixOffset(x, y)
			img.Pix[i] = base.R + uint8(x/8)
			img.Pix[i+1] = base.G + uint8(y/8)
			img.Pix[i+2] = base.B
			img.Pix[i+3] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		panic(err) // encoding to memory cannot fail
	}
	return buf.Bytes()
}

func (f *filler) picture(i int) *app.Image { return f.images[i%len(f.images)] }

var categoryNames = []string{"Sofas", "Beds", "Dining tables", "Chairs", "Wardrobes", "Desks", "Bookcases",
	"Lamps", "Rugs", "Mirrors", "Kitchen", "Fridges", "Washing machines", "Garden", "Kids", "Storage",
	"Office chairs", "Art", "Clocks", "Outdoor lighting"}

func categoryName(i int) string {
	if i < len(categoryNames) {
		return categoryNames[i]
	}
	return fmt.Sprintf("%s %d", categoryNames[i%len(categoryNames)], i/len(categoryNames)+1)
}

func (f *filler) addCategories(ctx context.Context) error {
	for i := range f.size.Categories {
		img := f.picture(i)
		c := app.Category{Name: categoryName(i), Image: img.URL, ThumbURL: img.ThumbURL}
		if err := f.store.CreateCategory(ctx, &c, nil); err != nil {
			return err
		}
		f.categories = append(f.categories, c)
	}
	return nil
}

var towns = []string{"Northfield", "Riverside", "Old Town", "Hillcrest", "Station Quarter", "Millbrook",
	"Southgate", "Harbourside", "Greenwood", "Market Square"}

// Towns are the locations of the accounts and listings, each one tenth of them.
func Towns() []string { return slices.Clone(towns) }

func (f *filler) addUsers(ctx context.Context, hash []byte) error {
	sellers := f.sellerCount()
	all := make([]app.User, 0, f.size.Users)
	all = append(all, app.User{Name: "Bench Admin", Email: AdminEmail, Role: app.RoleAdmin, Image: f.picture(0).URL})
	for i := 1; i < f.size.Users; i++ {
		u := app.User{Image: f.picture(i).URL, Phone: fmt.Sprintf("+44 7700 %06d", i), Location: towns[i%len(towns)],
			Created: f.now.Add(-time.Duration(f.size.Users-i) * time.Hour)}
		if i <= sellers {
			u.Name, u.Email, u.Role, u.Verified = fmt.Sprintf("Seller %d", i), SellerEmail(i), app.RoleSeller, i%3 == 1
			u.ShowPhone = i%5 == 2 // some show their phone to everyone; most leave it to messages
		} else {
			n := i - sellers
			u.Name, u.Email, u.Role = fmt.Sprintf("Buyer %d", n), BuyerEmail(n), app.RoleBuyer
		}
		all = append(all, u)
	}
	for lo := 0; lo < len(all); lo += batch {
		if err := f.store.CreateUsers(ctx, all[lo:min(lo+batch, len(all))], hash); err != nil {
			return err
		}
	}
	f.sellers, f.buyers = all[1:1+sellers], all[1+sellers:]
	return nil
}

var (
	adjectives = []string{"Solid oak", "Vintage", "Modern", "Compact", "Scandinavian", "Painted", "Teak",
		"Industrial", "Velvet", "Rattan", "Walnut", "White"}
	conditions = []app.Condition{app.ConditionExcellent, app.ConditionGood, app.ConditionFair}
)

// sold says which listings are sold: one in 50 of each category's, so a
// category of 5,000 still has a page at offset 4800.
func (f *filler) sold(i int) bool { return (i/len(f.categories))%50 == 7 }

// product is listing i, the same on every run.
func (f *filler) product(i int) app.Product {
	c := f.categories[i%len(f.categories)]
	seller := f.sellers[(i*7919)%len(f.sellers)]
	img := f.picture(i)
	original := app.Cents(5000 + (i*7727)%200000)
	p := app.Product{
		CategoryID: c.ID, Category: c.Name, SellerID: seller.ID,
		Name: fmt.Sprintf("%s %s no. %d", adjectives[i%len(adjectives)], c.Name, i+1),
		Description: "Well looked after and ready for a new home. Collection only; happy to help carry it to a van. " +
			"Smoke-free, pet-free home. Measurements in the photos.",
		Image: img.URL, ThumbURL: img.ThumbURL, Condition: conditions[i%len(conditions)],
		Location: towns[i%len(towns)], OriginalPrice: new(original), ResalePrice: original * app.Cents(30+i%50) / 100,
		Contact: app.SellerContact{Phone: seller.Phone}, PurchaseYear: new(2005 + i%20), UsePeriod: new(fmt.Sprintf("%d years", 1+i%9)),
		Status:  app.StatusAvailable,
		Created: f.now.Add(-time.Duration(f.size.Products-1-i) * listingInterval),
	}
	if f.sold(i) {
		p.Status = app.StatusSold
	}
	return p
}

func (f *filler) addProducts(ctx context.Context, log *slog.Logger) error {
	f.productIDs = make([]int64, 0, f.size.Products)
	rows := make([]app.Product, 0, batch)
	for lo := 0; lo < f.size.Products; lo += batch {
		rows = rows[:0]
		for i := lo; i < min(lo+batch, f.size.Products); i++ {
			rows = append(rows, f.product(i))
		}
		if err := f.store.CreateProducts(ctx, rows); err != nil {
			return err
		}
		for _, p := range rows {
			f.productIDs = append(f.productIDs, p.ID)
		}
		if done := lo + len(rows); done%100_000 == 0 {
			log.Info("listings written", "count", done)
		}
	}
	return nil
}

// bookings books random listings by random buyers, at most once per pair.
// A sold listing's first booking is the paid one, any later one cancelled;
// one in ten of the others is cancelled too.
func (f *filler) addBookings(ctx context.Context) error {
	type pair struct{ product, buyer int }
	seen := make(map[pair]bool, f.size.Bookings)
	paid := map[int]bool{}
	rows := make([]app.Booking, 0, batch)
	for made := 0; made < f.size.Bookings; {
		i, b := f.rnd.IntN(f.size.Products), f.rnd.IntN(len(f.buyers))
		if seen[pair{i, b}] {
			if len(seen) >= f.size.Products*len(f.buyers) {
				return errors.New("more bookings than listings and buyers allow")
			}
			continue
		}
		seen[pair{i, b}] = true
		p, buyer, id := f.product(i), f.buyers[b], f.productIDs[i]
		status := app.BookingBooked
		switch {
		case f.sold(i) && !paid[i]:
			status, paid[i] = app.BookingPaid, true
		case f.sold(i), made%10 == 3:
			status = app.BookingCancelled
		}
		rows = append(rows, app.Booking{
			ProductID: &id, Product: p.Name, Category: p.Category, Image: p.Image, ThumbURL: p.ThumbURL,
			Price: p.ResalePrice, Location: p.Location, BuyerID: buyer.ID, BuyerName: buyer.Name,
			BuyerEmail: buyer.Email, BuyerPhone: buyer.Phone, SellerID: p.SellerID, Status: status,
			Created: p.Created.Add(time.Duration(1+f.rnd.IntN(600)) * time.Minute),
		})
		made++
		if len(rows) == batch || made == f.size.Bookings {
			if err := f.store.CreateBookings(ctx, rows); err != nil {
				return err
			}
			rows = rows[:0]
		}
	}
	return nil
}

func (f *filler) addAdverts(ctx context.Context) error {
	for i, made := f.size.Products-1, 0; made < f.size.Adverts && i >= 0; i-- {
		if f.sold(i) {
			continue
		}
		if err := f.store.CreateAdvert(ctx, f.productIDs[i]); err != nil {
			return err
		}
		made++
	}
	return nil
}
