package postgres_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"rehome/app"
	"rehome/postgres"
)

// catalogue is a store with a seller, a category and a picture to list
// with, for the catalogue's own tests (those the contract suite does not
// hold). Writes of other parts of the store are made in SQL.
type catalogue struct {
	db       *postgres.DB
	ctx      context.Context
	seller   *app.User
	category *app.Category
	image    *app.Image
}

func newCatalogue(t *testing.T) *catalogue {
	t.Helper()
	c := &catalogue{db: mustOpenDB(t), ctx: context.Background()}
	c.seller = c.user(t, "Sam", app.RoleSeller)
	c.image = &app.Image{URL: "/images/a.jpg", ThumbURL: "/images/a-thumb.jpg", Width: 10, Height: 10}
	c.must(t, c.db.RecordImage(c.ctx, c.image, c.seller.ID))
	c.category = &app.Category{Name: "Décor", Image: c.image.URL}
	c.must(t, c.db.CreateCategory(c.ctx, c.category, nil))
	return c
}

func (c *catalogue) must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (c *catalogue) user(t *testing.T, name string, role app.Role) *app.User {
	t.Helper()
	u := &app.User{Name: name, Email: name + "@example.com", Role: role}
	c.must(t, c.db.CreateUser(c.ctx, u, []byte("hash")))
	return u
}

// newProduct is a listing of the seller's, not stored yet.
func (c *catalogue) newProduct(name string) *app.Product {
	return &app.Product{
		CategoryID: c.category.ID, SellerID: c.seller.ID, Name: name, Description: "d", Image: c.image.URL,
		ThumbURL: c.image.ThumbURL, Condition: app.ConditionGood, Location: "Town", OriginalPrice: new(app.Cents(10000)),
		ResalePrice: 2550, Contact: app.SellerContact{Phone: "555 0100"}, PurchaseYear: new(2020), UsePeriod: new("2 years"),
		Status: app.StatusAvailable,
	}
}

func (c *catalogue) product(t *testing.T, name string) *app.Product {
	t.Helper()
	p := c.newProduct(name)
	c.must(t, c.db.CreateProduct(c.ctx, p))
	return p
}

// booking is buyer's booking of p in status, stored.
func (c *catalogue) booking(t *testing.T, p *app.Product, buyer *app.User, status app.BookingStatus) *app.Booking {
	t.Helper()
	id := p.ID
	b := []app.Booking{{ProductID: &id, BuyerID: buyer.ID, SellerID: p.SellerID, Product: p.Name, Category: c.category.Name,
		Image: p.Image, ThumbURL: p.ThumbURL, Price: p.ResalePrice, Location: "Station", BuyerName: buyer.Name,
		BuyerEmail: buyer.Email, BuyerPhone: "555 0100", Status: status}}
	c.must(t, c.db.CreateBookings(c.ctx, b))
	return &b[0]
}

func (c *catalogue) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	_, err := c.db.Pool().Exec(c.ctx, query, args...)
	c.must(t, err)
}

func (c *catalogue) wantKind(t *testing.T, err error, kind app.Kind) {
	t.Helper()
	if app.ErrorKind(err) != kind {
		t.Fatalf("got %v, want kind %q", err, kind)
	}
}

func TestBulk(t *testing.T) {
	c := newCatalogue(t)
	ctx := c.ctx
	created := time.Date(2025, 3, 4, 5, 6, 7, 891_234_567, time.UTC)
	t.Run("OK", func(t *testing.T) {
		users := []app.User{
			{Name: "A", Email: "a@example.com", Role: app.RoleBuyer, Created: created},
			{Name: "B", Email: "b@example.com", Role: app.RoleSeller, Verified: true, ShowPhone: true},
		}
		c.must(t, c.db.CreateUsers(ctx, users, []byte("shared hash")))
		for _, u := range users {
			var id, createdMs int64
			var hash []byte
			var verified, showPhone bool
			err := c.db.Pool().QueryRow(ctx, `SELECT id, password_hash, verified, show_phone, created FROM users WHERE email = $1`,
				u.Email).Scan(&id, &hash, &verified, &showPhone, &createdMs)
			if err != nil || id != u.ID || string(hash) != "shared hash" || verified != u.Verified || showPhone != u.ShowPhone ||
				createdMs != u.Created.UnixMilli() {
				t.Errorf("stored %d %q %v %v %d (%v), want %+v", id, hash, verified, showPhone, createdMs, err, u)
			}
		}
		if !users[0].Created.Equal(created.Truncate(time.Millisecond)) || users[1].Created.IsZero() {
			t.Errorf("created %v and %v, want the given time to the millisecond and now", users[0].Created, users[1].Created)
		}
		products := []app.Product{*c.newProduct("Sold one"), *c.newProduct("Available one")}
		products[0].Status, products[0].Created = app.StatusSold, created
		products[1].Dimensions = &app.Dimensions{WidthCM: new(80.5)}
		c.must(t, c.db.CreateProducts(ctx, products))
		for _, p := range products {
			got, err := c.db.ProductByID(ctx, p.ID)
			if err != nil || got.Name != p.Name || got.Status != p.Status || !got.Created.Equal(p.Created) ||
				*got.OriginalPrice != *p.OriginalPrice || *got.UsePeriod != *p.UsePeriod || got.Contact.Phone != p.Contact.Phone ||
				(p.Dimensions != nil && *got.Dimensions.WidthCM != 80.5) {
				t.Errorf("stored %+v %v, want %+v", got, err, p)
			}
		}
		sold, available := products[0].ID, products[1].ID
		bookings := []app.Booking{
			{ProductID: &sold, BuyerID: users[0].ID, SellerID: c.seller.ID, Product: "Sold one", Category: "Décor",
				Image: c.image.URL, ThumbURL: c.image.ThumbURL, Price: 50, Location: "Town", BuyerName: "A",
				BuyerEmail: "a@example.com", BuyerPhone: "555 0100", Status: app.BookingPaid},
			{ProductID: &available, BuyerID: users[0].ID, SellerID: c.seller.ID, Product: "Available one", Category: "Décor",
				Image: c.image.URL, ThumbURL: c.image.ThumbURL, Price: 50, Location: "Town", BuyerName: "A",
				BuyerEmail: "a@example.com", BuyerPhone: "555 0100", Status: app.BookingBooked},
		}
		c.must(t, c.db.CreateBookings(ctx, bookings))
		for _, b := range bookings {
			var status string
			var product, ref int64
			err := c.db.Pool().QueryRow(ctx, `SELECT status, product_id, product_ref FROM bookings WHERE id = $1`, b.ID).
				Scan(&status, &product, &ref)
			if err != nil || status != string(b.Status) || product != *b.ProductID || ref != product {
				t.Errorf("stored %s of %d (ref %d) %v, want %+v", status, product, ref, err, b)
			}
		}
		// The triggers ran: the booked listing shows as Reserved.
		if got, err := c.db.ProductByID(ctx, available); err != nil || got.Status != app.StatusReserved {
			t.Errorf("the booked listing is %v (%v), want Reserved", got.Status, err)
		}
		// The IDs came from the identity sequences: a listing made one by
		// one afterwards gets a new ID.
		if p := c.product(t, "After"); p.ID <= available {
			t.Errorf("a listing after the bulk load got ID %d, not after %d", p.ID, available)
		}
	})
	t.Run("IDsInOrder", func(t *testing.T) {
		products := make([]app.Product, 2000)
		for i := range products {
			products[i] = *c.newProduct(fmt.Sprint("Bulk ", i))
		}
		c.must(t, c.db.CreateProducts(ctx, products))
		rows, err := c.db.Pool().Query(ctx, `SELECT id, name FROM products WHERE name LIKE 'Bulk %'`)
		c.must(t, err)
		stored := map[int64]string{}
		for rows.Next() {
			var id int64
			var name string
			c.must(t, rows.Scan(&id, &name))
			stored[id] = name
		}
		c.must(t, rows.Err())
		if len(stored) != len(products) {
			t.Fatalf("%d stored, want %d", len(stored), len(products))
		}
		for _, p := range products {
			if stored[p.ID] != p.Name {
				t.Fatalf("ID %d is %q, filled in for %q", p.ID, stored[p.ID], p.Name)
			}
		}
	})
	t.Run("CategoriesStaySmall", func(t *testing.T) {
		// Each listing for sale counts in its category by trigger; a bulk
		// load must not leave the categories table as many pages as listings.
		products := make([]app.Product, 20_000)
		for i := range products {
			products[i] = *c.newProduct(fmt.Sprint("Many ", i))
		}
		c.must(t, c.db.CreateProducts(ctx, products))
		var pages int64
		c.must(t, c.db.Pool().QueryRow(ctx, `SELECT pg_relation_size('categories') / current_setting('block_size')::int`).Scan(&pages))
		if pages > 2 {
			t.Errorf("categories take %d pages after a bulk load", pages)
		}
		all, err := c.db.Categories(ctx)
		c.must(t, err)
		if len(all) != 1 || all[0].Count != 20_000+2002 {
			t.Errorf("categories %+v, want 22002 listed", all)
		}
	})
	t.Run("ErrConflictStoresNothing", func(t *testing.T) {
		users := []app.User{
			{Name: "C", Email: "c@example.com", Role: app.RoleBuyer},
			{Name: "A again", Email: "a@example.com", Role: app.RoleBuyer},
		}
		c.wantKind(t, c.db.CreateUsers(ctx, users, []byte("h")), app.KindConflict)
		var n int
		c.must(t, c.db.Pool().QueryRow(ctx, `SELECT count(*) FROM users WHERE email = 'c@example.com'`).Scan(&n))
		if n != 0 {
			t.Errorf("the batch was half stored")
		}
	})
	t.Run("ErrReferenceGone", func(t *testing.T) {
		p := c.newProduct("Nobody's")
		p.SellerID = 999
		c.wantKind(t, c.db.CreateProducts(ctx, []app.Product{*p}), app.KindConflict)
	})
	t.Run("Nothing", func(t *testing.T) {
		c.must(t, c.db.CreateProducts(ctx, nil))
	})
}

func TestMyBookings(t *testing.T) {
	c := newCatalogue(t)
	table, chair, lamp, desk, stool := c.product(t, "table"), c.product(t, "chair"), c.product(t, "lamp"),
		c.product(t, "desk"), c.product(t, "stool")
	bea, bob := c.user(t, "bea", app.RoleBuyer), c.user(t, "bob", app.RoleBuyer)
	onTable := c.booking(t, table, bea, app.BookingBooked)
	c.booking(t, chair, bea, app.BookingCancelled)
	c.booking(t, lamp, bob, app.BookingBooked)
	c.booking(t, desk, bea, app.BookingDeclined)
	onStool := c.booking(t, stool, bea, app.BookingPaid)
	all := []int64{table.ID, chair.ID, lamp.ID, desk.ID, stool.ID}
	for _, tc := range []struct {
		name     string
		viewer   int64
		products []int64
		want     map[int64]app.MyBooking
	}{
		{"open and paid, not called off, declined nor another's", bea.ID, all, map[int64]app.MyBooking{
			table.ID: {ID: onTable.ID, Status: app.BookingBooked},
			stool.ID: {ID: onStool.ID, Status: app.BookingPaid},
		}},
		{"only the products asked about", bea.ID, []int64{table.ID, lamp.ID}, map[int64]app.MyBooking{
			table.ID: {ID: onTable.ID, Status: app.BookingBooked},
		}},
		{"none", bob.ID, []int64{table.ID}, nil},
		{"no products", bea.ID, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mine, err := c.db.MyBookings(c.ctx, tc.viewer, tc.products)
			c.must(t, err)
			if !maps.Equal(mine, tc.want) {
				t.Errorf("MyBookings = %v, want %v", mine, tc.want)
			}
		})
	}
	t.Run("booked again after a decline", func(t *testing.T) {
		again := c.booking(t, desk, bea, app.BookingBooked)
		mine, err := c.db.MyBookings(c.ctx, bea.ID, []int64{desk.ID})
		c.must(t, err)
		if got := mine[desk.ID]; got.ID != again.ID || got.Status != app.BookingBooked {
			t.Errorf("desk booked again: %v, want booking %d Booked", got, again.ID)
		}
	})
}

// TestDeleteProductCallsOffBookings: the open booking is cancelled and
// keeps its snapshot; the paid one stays paid; the advert goes with the
// listing.
func TestDeleteProductCallsOffBookings(t *testing.T) {
	c := newCatalogue(t)
	p := c.product(t, "Table")
	bea, bob := c.user(t, "bea", app.RoleBuyer), c.user(t, "bob", app.RoleBuyer)
	open, paid := c.booking(t, p, bea, app.BookingBooked), c.booking(t, p, bob, app.BookingPaid)
	c.must(t, c.db.CreateAdvert(c.ctx, p.ID))
	c.must(t, c.db.DeleteProduct(c.ctx, p.ID))
	for id, want := range map[int64]app.BookingStatus{open.ID: app.BookingCancelled, paid.ID: app.BookingPaid} {
		var status, product string
		var productID *int64
		c.must(t, c.db.Pool().QueryRow(c.ctx, `SELECT status, product, product_id FROM bookings WHERE id = $1`, id).
			Scan(&status, &product, &productID))
		if status != string(want) || product != "Table" || productID != nil {
			t.Errorf("booking %d is %s of %q (%v), want %s of the deleted Table", id, status, product, productID, want)
		}
	}
	list, err := c.db.AdvertisedProducts(c.ctx, app.Page{Limit: 10})
	c.must(t, err)
	if list.Total != 0 {
		t.Errorf("adverts %+v after the deletion", list)
	}
	c.wantKind(t, c.db.DeleteProduct(c.ctx, p.ID), app.KindNotFound)
}

func TestAdvertisedProductsNewestAdvertFirst(t *testing.T) {
	c := newCatalogue(t)
	var want []int64
	for _, name := range []string{"a", "b", "c", "d"} {
		p := c.product(t, name)
		c.must(t, c.db.CreateAdvert(c.ctx, p.ID))
		want = append([]int64{p.ID}, want...)
	}
	c.product(t, "not advertised")
	for _, tc := range []struct {
		page app.Page
		want []int64
	}{
		{app.Page{Limit: 10}, want},
		{app.Page{Limit: 2, Offset: 1}, want[1:3]},
		{app.Page{Limit: 2, Offset: 4}, nil},
	} {
		list, err := c.db.AdvertisedProducts(c.ctx, tc.page)
		c.must(t, err)
		var got []int64
		for _, p := range list.Items {
			if !p.Advertised {
				t.Errorf("%s listed as an advert, not advertised", p.Name)
			}
			got = append(got, p.ID)
		}
		if !slices.Equal(got, tc.want) || list.Total != 4 {
			t.Errorf("page %+v: %v of %d, want %v of 4", tc.page, got, list.Total, tc.want)
		}
	}
	c.must(t, c.db.DeleteAdvert(c.ctx, want[0]))
	c.wantKind(t, c.db.DeleteAdvert(c.ctx, want[0]), app.KindNotFound)
	if p, err := c.db.ProductByID(c.ctx, want[0]); err != nil || p.Advertised {
		t.Errorf("advert taken off, still advertised (%v)", err)
	}
}

func TestSellerCountsAndCount(t *testing.T) {
	c := newCatalogue(t)
	for _, name := range []string{"a", "b", "c"} {
		c.product(t, name)
	}
	sold := c.newProduct("sold")
	sold.Status = app.StatusSold
	c.must(t, c.db.CreateProducts(c.ctx, []app.Product{*sold}))
	reserved := c.product(t, "reserved")
	buyer := c.user(t, "bea", app.RoleBuyer)
	c.booking(t, reserved, buyer, app.BookingBooked)

	listings, soldCount, err := c.db.SellerCounts(c.ctx, c.seller.ID)
	c.must(t, err)
	if listings != 4 || soldCount != 1 {
		t.Errorf("SellerCounts = %d, %d; want 4 for sale (one reserved), 1 sold", listings, soldCount)
	}
	if l, s, err := c.db.SellerCounts(c.ctx, buyer.ID); err != nil || l != 0 || s != 0 {
		t.Errorf("a buyer's counts %d, %d (%v)", l, s, err)
	}
	now := time.Now()
	c.exec(t, `INSERT INTO sessions (token, data, expiry) VALUES ('live', '', $1), ('expired', '', $2)`,
		now.Add(time.Hour).UnixMilli(), now.Add(-time.Hour).UnixMilli())
	counts, err := c.db.Count(c.ctx)
	c.must(t, err)
	if want := (postgres.Counts{Users: 2, Products: 5, Bookings: 1, Categories: 1, Sessions: 1}); counts != want {
		t.Errorf("Count = %+v, want %+v", counts, want)
	}
}

func TestCataloguePictures(t *testing.T) {
	c := newCatalogue(t)
	anonymous := &app.Image{URL: "/images/b.jpg", ThumbURL: "/images/b-thumb.jpg", Width: 3, Height: 4}
	c.must(t, c.db.RecordImage(c.ctx, anonymous, 0))
	for _, want := range []app.Image{{URL: c.image.URL, ThumbURL: c.image.ThumbURL, Width: 10, Height: 10, UploaderID: c.seller.ID}, *anonymous} {
		got, err := c.db.ImageByURL(c.ctx, want.URL)
		if err != nil || *got != want {
			t.Errorf("ImageByURL(%s) = %+v (%v), want %+v", want.URL, got, err, want)
		}
	}
	_, err := c.db.ImageByURL(c.ctx, "/images/never.jpg")
	c.wantKind(t, err, app.KindNotFound)
}

func TestCategoriesByName(t *testing.T) {
	c := newCatalogue(t)
	for _, name := range []string{"lamps", "Beds", "armchairs"} {
		c.must(t, c.db.CreateCategory(c.ctx, &app.Category{Name: name, Image: c.image.URL}, nil))
	}
	all, err := c.db.Categories(c.ctx)
	c.must(t, err)
	var names []string
	for _, cat := range all {
		names = append(names, cat.Name)
	}
	if want := []string{"armchairs", "Beds", "Décor", "lamps"}; !slices.Equal(names, want) {
		t.Errorf("categories %q, want %q (by name, case folded)", names, want)
	}
	if got, err := c.db.CategoryByName(c.ctx, " LAMPS "); err != nil || got.Name != "lamps" {
		t.Errorf("CategoryByName = %+v (%v)", got, err)
	}
	_, err = c.db.CategoryByName(c.ctx, "Toys")
	c.wantKind(t, err, app.KindNotFound)
}
