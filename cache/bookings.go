package cache

import (
	"context"

	"rehome/app"
)

// KeptBookingsEach is the most bookings kept for one viewer.
const KeptBookingsEach = 256

// BookingsReader reads a viewer's open or paid bookings, by listing.
type BookingsReader interface {
	// MyBookings reads those of the given listings.
	MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error)
	// BookingsOfBuyer reads up to limit of them.
	BookingsOfBuyer(ctx context.Context, viewerID int64, limit int) (map[int64]app.MyBooking, error)
}

// MyBookings is store.MyBookings through the cache of each viewer's
// bookings, which every signed-in list of listings asks: all of a viewer's
// are read once and kept until a write changes one of them; a viewer with
// more than KeptBookingsEach is asked about the listings at hand alone.
// Budget: the signed-in category page's server CPU per request
// (docs/benchmarks.md).
func (c *Caches) MyBookings(ctx context.Context, store BookingsReader, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	all, ok := c.BookedBy.Get(viewerID)
	if !ok {
		gen := c.BookedBy.Generation()
		read, err := store.BookingsOfBuyer(ctx, viewerID, KeptBookingsEach+1)
		if err != nil {
			return nil, err
		}
		if len(read) > KeptBookingsEach {
			return store.MyBookings(ctx, viewerID, productIDs)
		}
		c.BookedBy.Put(gen, viewerID, read)
		all = read
	}
	var mine map[int64]app.MyBooking
	for _, product := range productIDs {
		if booking, found := all[product]; found {
			if mine == nil {
				mine = map[int64]app.MyBooking{}
			}
			mine[product] = booking
		}
	}
	return mine, nil
}
