package sqlite_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/benchdata"
	"rehome/sqlite"
	"rehome/uploads"
)

// The store's hot queries on the benchmark data set of 'make bench':
// 100,000 listings in 20 categories, 2,000 accounts, 20,000 bookings.
//
//	go test -run '^$' -bench . -benchmem ./sqlite/
var benchSize = benchdata.Size{Products: 100_000, Users: 2_000, Bookings: 20_000, Categories: 20, Adverts: 50}

var (
	benchOnce sync.Once
	benchDir  string
	benchErr  error
)

// benchDB opens the benchmark data set, writing it once per test binary.
func benchDB(b *testing.B) *sqlite.DB {
	b.Helper()
	benchOnce.Do(func() {
		benchDir, benchErr = os.MkdirTemp("", "rehome-sqlite-bench-")
		if benchErr != nil {
			return
		}
		ctx := context.Background()
		db, err := sqlite.Open(ctx, filepath.Join(benchDir, "rehome.db"))
		if err != nil {
			benchErr = err
			return
		}
		defer db.Close()
		images, err := uploads.New(filepath.Join(benchDir, "images"))
		if err != nil {
			benchErr = err
			return
		}
		benchErr = benchdata.Fill(ctx, db, images, []byte("not a real hash"), benchSize, slog.New(slog.NewTextHandler(io.Discard, nil)))
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(benchDir, "rehome.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// BenchmarkCategoryPage reads a page of 24 at the start and deep in a
// category of 4,900 available products: the two must cost the same.
func BenchmarkCategoryPage(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	categories, err := db.Categories(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for _, offset := range []int{0, 2400, 4800} {
		b.Run(fmt.Sprintf("offset=%d", offset), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c := categories[i%len(categories)]
				i++
				list, err := db.Caches().CategoryProducts(ctx, db, &c, app.Page{Limit: 24, Offset: offset})
				if err != nil || len(list.Items) != 24 {
					b.Fatalf("%d items, %v", len(list.Items), err)
				}
			}
		})
	}
	// A page none of whose products was read before.
	b.Run("offset=2400 uncached", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			b.StopTimer()
			db.ForgetProducts()
			b.StartTimer()
			c := categories[i%len(categories)]
			i++
			if _, err := db.Caches().CategoryProducts(ctx, db, &c, app.Page{Limit: 24, Offset: 2400}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// What the first request after a change to a category pays.
	b.Run("after a write", func(b *testing.B) {
		b.ReportAllocs()
		c := categories[0]
		for b.Loop() {
			b.StopTimer()
			db.ForgetCategoryPages(c.ID)
			b.StartTimer()
			if _, err := db.Caches().CategoryProducts(ctx, db, &c, app.Page{Limit: 24, Offset: 2400}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSearch is the searches make bench measures through the API, at
// the start and deep in their results, and what the first of each costs
// after a write of a listing: a seller's edit of its price, made through
// the store between two searches.
func BenchmarkSearch(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	categories, err := db.Categories(ctx)
	if err != nil {
		b.Fatal(err)
	}
	writer := &benchWriter{db: db}
	maxPrice := func(c app.Cents) searchPart {
		return searchPart{set: func(in *app.SearchInput) { in.MaxPrice = cents(c) }}
	}
	for _, tc := range []struct {
		name  string
		parts []searchPart
	}{
		{"one word", []searchPart{text("velvet")}},                                     // 8,166 matches
		{"two words and a price", []searchPart{text("velvet sofas"), maxPrice(80000)}}, // 255
		{"by price in a category", []searchPart{sortBy(app.SortPriceAsc), maxPrice(100000)}},
		{"just listed", nil},
		{"a town", []searchPart{{set: func(in *app.SearchInput) { in.Location = "riverside" }}}}, // 10,000
		{"a misspelt word", []searchPart{text("velvte")}},                                        // none, and a suggestion
	} {
		search, _ := checkedSearch(b, tc.parts...)
		if tc.name == "by price in a category" {
			search.CategoryID = categories[0].ID
		}
		for _, offset := range []int{0, 2400} {
			b.Run(fmt.Sprintf("%s/offset=%d", tc.name, offset), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := db.SearchProducts(ctx, search, app.Page{Limit: 24, Offset: offset}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		// What a search costs read afresh: the first ever, or one whose
		// kept answer is too far behind to bring up to date.
		b.Run(tc.name+"/afresh", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				db.ForgetSearches()
				b.StartTimer()
				if _, err := db.SearchProducts(ctx, search, app.Page{Limit: 24}); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, write := range []struct {
			name    string
			newName bool
		}{{"after a write", false}, {"after a new title", true}} {
			b.Run(tc.name+"/"+write.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					b.StopTimer()
					writer.edit(b, write.newName)
					b.StartTimer()
					if _, err := db.SearchProducts(ctx, search, app.Page{Limit: 24}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchWriter edits listings for sale in turn, each one's price up or down
// a pound, or its title, so that the searches' kept answers are behind a
// real write.
type benchWriter struct {
	db   *sqlite.DB
	next int64
	up   bool
}

func (w *benchWriter) edit(b *testing.B, newName bool) {
	b.Helper()
	ctx := context.Background()
	for {
		// Listings spread over the whole set, some of every search.
		w.next = (w.next + 7919) % int64(benchSize.Products)
		p, err := w.db.ProductByID(ctx, w.next+1)
		if err != nil {
			b.Fatal(err)
		}
		if p.Status == app.StatusSold {
			continue
		}
		switch w.up = !w.up; {
		case newName && strings.HasSuffix(p.Name, " (as new)"):
			p.Name = strings.TrimSuffix(p.Name, " (as new)")
		case newName:
			p.Name += " (as new)"
		case w.up:
			p.ResalePrice += 100
		case p.ResalePrice > 100:
			p.ResalePrice -= 100
		}
		if err := w.db.UpdateProduct(ctx, p); err != nil {
			b.Fatal(err)
		}
		return
	}
}

// BenchmarkMyBookings is the look-up of a viewer's bookings that every
// signed-in category page adds, for a viewer with none of the page's.
func BenchmarkMyBookings(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	categories, err := db.Categories(ctx)
	if err != nil {
		b.Fatal(err)
	}
	list, err := db.CategoryProducts(ctx, &categories[0], app.Page{Limit: 24})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]int64, len(list.Items))
	for i, p := range list.Items {
		ids[i] = p.ID
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.Caches().MyBookings(ctx, db, 1, ids); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProductByID(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	b.ReportAllocs()
	id := int64(0)
	for b.Loop() {
		id = id%int64(benchSize.Products) + 1
		if _, err := db.ProductByID(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCreateBooking books distinct products, as the write path of
// 'make bench' does: one write transaction each.
func BenchmarkCreateBooking(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	buyer := &app.User{Name: "Bench", Email: fmt.Sprintf("bench%d@example.com", time.Now().UnixNano()), Role: app.RoleBuyer}
	if err := db.CreateUser(ctx, buyer, []byte("hash")); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	id := int64(0)
	for b.Loop() {
		id++
		productID := id
		err := db.CreateBooking(ctx, &app.Booking{ProductID: &productID, BuyerID: buyer.ID, SellerID: 2,
			Product: "Sofa", Category: "Sofas", Image: "/images/x.jpg", ThumbURL: "/images/x-thumb.jpg", Price: 1000,
			Location: "Station", BuyerName: buyer.Name, BuyerEmail: buyer.Email, BuyerPhone: "+44 7700 900123",
			Status: app.BookingBooked})
		if app.ErrorKind(err) == app.KindConflict {
			continue // a sold product
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSessionFind is the look-up behind every signed-in request,
// through the sessions cache as the server reads it.
func BenchmarkSessionFind(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	store := db.Caches().SessionStore(db.Sessions())
	const tokens = 64
	for i := range tokens {
		if err := store.CommitCtx(ctx, fmt.Sprint("token", i), []byte("data"), time.Now().Add(time.Hour)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, found, err := store.FindCtx(ctx, fmt.Sprint("token", i%tokens)); err != nil || !found {
			b.Fatal(found, err)
		}
		i++
	}
}

// BenchmarkUserByID is the signed-in user of every request, through the
// users cache as the server reads it.
func BenchmarkUserByID(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	caches := db.Caches()
	b.ReportAllocs()
	id := int64(0)
	for b.Loop() {
		id = id%int64(benchSize.Users) + 1
		if _, err := caches.UserByID(ctx, db, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHiddenSellers are the two reads every list asked for adds: the
// accounts suspended now (kept between writes) and, for a signed-in
// viewer, whom they blocked (most block nobody).
func BenchmarkHiddenSellers(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	b.Run("suspended", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := db.SuspendedUsers(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("blocked by", func(b *testing.B) {
		b.ReportAllocs()
		id := int64(0)
		for b.Loop() {
			id = id%int64(benchSize.Users) + 1
			if _, err := db.BlockedBy(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkConversations reads a person's conversations and messages and
// writes a message, on thirty conversations of ten messages each.
func BenchmarkConversations(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	buyer := &app.User{Name: "Chat", Email: fmt.Sprintf("chat%d@example.com", time.Now().UnixNano()), Role: app.RoleBuyer}
	if err := db.CreateUser(ctx, buyer, []byte("hash")); err != nil {
		b.Fatal(err)
	}
	var first int64
	for id := int64(1); id <= 30; id++ {
		p, err := db.ProductByID(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		c := &app.Conversation{ProductRef: p.ID, BuyerID: buyer.ID, SellerID: p.SellerID,
			Product: app.ConversationProduct{ID: &p.ID, Name: p.Name, Image: p.Image, ThumbURL: p.ThumbURL, Price: p.ResalePrice}}
		for i := range 10 {
			sender := buyer.ID
			if i%2 == 1 {
				sender = p.SellerID
			}
			if err := db.AddMessage(ctx, c, &app.Message{SenderID: sender, Text: "Is it still there?"}); err != nil {
				b.Fatal(err)
			}
		}
		if first == 0 {
			first = c.ID
		}
	}
	b.Run("list", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := db.Conversations(ctx, buyer.ID, app.Page{Limit: 20}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := db.ConversationByID(ctx, first, buyer.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("messages", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := db.Messages(ctx, first, 0, 20); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("unread", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := db.Unread(ctx, buyer.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("add", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := db.AddMessageTo(ctx, first, &app.Message{SenderID: buyer.ID, Text: "On my way"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
