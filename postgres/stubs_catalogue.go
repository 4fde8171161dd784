package postgres

// Stubs of the methods still to port from package sqlite; each is
// deleted as its method is written.

import (
	"context"
	"rehome/app"
)

// CreateAdvert is not written yet (sqlite/adverts.go).
func (db *DB) CreateAdvert(ctx context.Context, productID int64) error {
	panic("postgres: CreateAdvert is not written yet")
}

// AdvertisedProducts is not written yet (sqlite/adverts.go).
func (db *DB) AdvertisedProducts(ctx context.Context, page app.Page) (app.List[app.Product], error) {
	panic("postgres: AdvertisedProducts is not written yet")
}

// DeleteAdvert is not written yet (sqlite/adverts.go).
func (db *DB) DeleteAdvert(ctx context.Context, productID int64) error {
	panic("postgres: DeleteAdvert is not written yet")
}

// CreateUsers is not written yet (sqlite/bulk.go).
func (db *DB) CreateUsers(ctx context.Context, users []app.User, passwordHash []byte) error {
	panic("postgres: CreateUsers is not written yet")
}

// CreateProducts is not written yet (sqlite/bulk.go).
func (db *DB) CreateProducts(ctx context.Context, products []app.Product) error {
	panic("postgres: CreateProducts is not written yet")
}

// CreateBookings is not written yet (sqlite/bulk.go).
func (db *DB) CreateBookings(ctx context.Context, bookings []app.Booking) error {
	panic("postgres: CreateBookings is not written yet")
}

// Categories is not written yet (sqlite/categories.go).
func (db *DB) Categories(ctx context.Context) ([]app.Category, error) {
	panic("postgres: Categories is not written yet")
}

// CategoryByName is not written yet (sqlite/categories.go).
func (db *DB) CategoryByName(ctx context.Context, name string) (*app.Category, error) {
	panic("postgres: CategoryByName is not written yet")
}

// ImageByURL is not written yet (sqlite/images.go).
func (db *DB) ImageByURL(ctx context.Context, url string) (*app.Image, error) {
	panic("postgres: ImageByURL is not written yet")
}

// ListingsForSale is not written yet (sqlite/listings_for_sale.go).
func (db *DB) ListingsForSale(ctx context.Context, page app.Page) (app.List[app.ListedProduct], error) {
	panic("postgres: ListingsForSale is not written yet")
}

// CategoryProducts is not written yet (sqlite/pages.go).
func (db *DB) CategoryProducts(ctx context.Context, category *app.Category, page app.Page) (app.List[app.Product], error) {
	panic("postgres: CategoryProducts is not written yet")
}

// UpdateProduct is not written yet (sqlite/products.go).
func (db *DB) UpdateProduct(ctx context.Context, p *app.Product) error {
	panic("postgres: UpdateProduct is not written yet")
}

// SellerProducts is not written yet (sqlite/products.go).
func (db *DB) SellerProducts(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Product], error) {
	panic("postgres: SellerProducts is not written yet")
}

// DeleteProduct is not written yet (sqlite/products.go).
func (db *DB) DeleteProduct(ctx context.Context, id int64) error {
	panic("postgres: DeleteProduct is not written yet")
}

// MyBookings is not written yet (sqlite/products.go).
func (db *DB) MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	panic("postgres: MyBookings is not written yet")
}

// StartSelling is not written yet (sqlite/selling.go).
func (db *DB) StartSelling(ctx context.Context, id int64, audit *app.AuditEntry) error {
	panic("postgres: StartSelling is not written yet")
}

// SellerCounts is not written yet (sqlite/selling.go).
func (db *DB) SellerCounts(ctx context.Context, id int64) (listings, sold int, err error) {
	panic("postgres: SellerCounts is not written yet")
}

// Count is not written yet (sqlite/stats.go).
func (db *DB) Count(ctx context.Context) (Counts, error) {
	panic("postgres: Count is not written yet")
}

// Counts is how much the marketplace holds.
type Counts struct {
	Users, Products, Bookings, Categories, Sessions int64
}
