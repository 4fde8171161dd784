package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/klauspost/compress/gzip"
	_ "modernc.org/sqlite"
)

// 'bench bare' is the yardstick of the category page's latency budget: a
// server that does the page's work with nothing around it. How long a
// request waits on this machine depends on its neighbours as much as on
// the server (a p99 at half of peak of 4–21 ms for one build in one day),
// so the budget compares the server with this handler, run in turn through
// the same client at the same rate, rather than with a fixed figure.
//
// It is chi and modernc.org/sqlite on the bench's database file, opened
// read-only: one route answers GET /api/categories/{name}?limit=&offset=
// with the page's products, newest first, each with its category's name
// and its seller's name, email and verified state, read by one query with
// joins, encoded by encoding/json and gzipped as the server does (the same
// bytes on the wire; TestBareAnswersAsTheServer). No session, no log, no
// cache of rows. Like the store, it knows for each category how many
// products it has for sale and the sort key of every 64th one, read once
// at start (the data do not change while it runs): with a plain OFFSET a
// page at offset 4,800 walks 4,800 rows and costs a hundred times what the
// server spends, which would make it no yardstick at all.
//
// GET /api/categories answers the readiness check and the paced client's
// warm-up; it is not measured.

// bareStride is the store's pageStride.
const bareStride = 64

// The bare handler's queries. The page seeks in products_by_category to
// the key of the nearest 64th product before it (bareStride), walks there
// at most 63 entries of the index, and reads the page's rows with their
// joins. The marks are read with a window function, simpler than the
// store's recursive query and slower, but only once.
const (
	bareCategoryQuery = `SELECT id FROM categories WHERE name_key = ?`
	bareCountQuery    = `SELECT count(*) FROM products WHERE category_id = ? AND status = 'Available'`
	bareMarksQuery    = `SELECT created, id FROM (
		SELECT created, id, row_number() OVER (ORDER BY created DESC, id DESC) - 1 AS n
		FROM products WHERE category_id = ? AND status = 'Available') WHERE n % 64 = 0 ORDER BY n`
	barePageQuery = `SELECT p.id, c.name, p.name, p.description, p.image, p.thumb_url, p.images, p.thumbs,
	       p.width_cm, p.depth_cm, p.height_cm, p.condition, p.location, p.original_price, p.resale_price,
	       p.seller_id, u.name, u.email, p.seller_phone, u.show_phone, u.verified, p.purchase_year, p.use_period, p.status, p.open_bookings,
	       EXISTS (SELECT 1 FROM adverts a WHERE a.product_id = p.id), p.created
	FROM products p
	JOIN categories c ON c.id = p.category_id
	JOIN users u ON u.id = p.seller_id
	WHERE p.category_id = ?1 AND p.status = 'Available' AND (p.created, p.id) <= (
		SELECT created, id FROM products
		WHERE category_id = ?1 AND status = 'Available' AND created <= ?2 AND (created < ?2 OR id <= ?3)
		ORDER BY created DESC, id DESC LIMIT 1 OFFSET ?4 + 0)
	ORDER BY p.created DESC, p.id DESC LIMIT ?5 + 0`
	bareCategoriesQuery = `SELECT id, name FROM categories ORDER BY id`
	// The viewer's own bookings of the page's products, as the server looks
	// them up for my_booking_id; the bare handler has no viewer, so it asks
	// for nobody's and finds none, as the bench's fresh account does.
	bareMyBookingsQuery = `SELECT product_id, id, status FROM bookings
		WHERE product_id IN (SELECT value FROM json_each(?1)) AND buyer_id = ?2 AND status IN ('Booked', 'Paid')`
)

// bareProduct is app.Product as the API sends it to a viewer who is not its
// seller, an admin or a buyer who booked it: the seller's phone only when
// they show it to everyone, their email never.
type bareProduct struct {
	ID             int64     `json:"id"`
	Category       string    `json:"category"`
	Name           string    `json:"product"`
	Description    string    `json:"description"`
	Image          string    `json:"image"`
	ThumbURL       string    `json:"thumb_url"`
	Images         []string  `json:"images"`
	Thumbs         []string  `json:"thumbs"`
	Dimensions     *bareDims `json:"dimensions"`
	Condition      string    `json:"condition"`
	Location       string    `json:"location"`
	OriginalPrice  *cents    `json:"original_price"`
	ResalePrice    cents     `json:"resale_price"`
	SellerID       int64     `json:"seller_id"`
	Seller         string    `json:"seller"`
	SellerPhone    string    `json:"seller_phone,omitempty"`
	SellerVerified bool      `json:"seller_verified"`
	PurchaseYear   *int      `json:"purchase_year"`
	UsePeriod      *string   `json:"use_period"`
	Status         string    `json:"status"`
	MyBookingID    *int64    `json:"my_booking_id"`
	Advertised     bool      `json:"advertised"`
	Created        time.Time `json:"time"`
}

type bareDims struct {
	WidthCM  *float64 `json:"width_cm,omitempty"`
	DepthCM  *float64 `json:"depth_cm,omitempty"`
	HeightCM *float64 `json:"height_cm,omitempty"`
}

type barePage struct {
	Items []bareProduct `json:"items"`
	Total int           `json:"total"`
}

// cents is a price in hundredths, sent as the shortest decimal: 120.5.
type cents int64

func (c cents) MarshalJSON() ([]byte, error) {
	b := strconv.AppendInt(make([]byte, 0, 16), int64(c)/100, 10)
	switch frac := byte(c % 100); {
	case frac == 0:
		return b, nil
	case frac%10 == 0:
		return append(b, '.', '0'+frac/10), nil
	default:
		return append(b, '.', '0'+frac/10, '0'+frac%10), nil
	}
}

type bareKey struct{ created, id int64 }

type bareMarks struct {
	total int
	keys  []bareKey // keys[i] is the product at offset i*bareStride
}

type bareServer struct {
	db                         *sql.DB
	category, page, categories *sql.Stmt
	myBookings                 *sql.Stmt
	marks                      map[int64]bareMarks
}

// bareMain is 'bench bare --addr ADDR --data DIR'.
func bareMain(args []string) int {
	fs := flag.NewFlagSet("bench bare", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8081", "address to listen on")
	data := fs.String("data", "", "the data directory of 'rehome bench-data'")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := runBare(ctx, *addr, filepath.Join(*data, "rehome.db")); err != nil {
		fmt.Fprintln(os.Stderr, "bench bare:", err)
		return 1
	}
	return 0
}

func runBare(ctx context.Context, addr, path string) error {
	s, err := openBare(ctx, path)
	if err != nil {
		return err
	}
	defer s.db.Close()
	srv := &http.Server{Addr: addr, Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func openBare(ctx context.Context, path string) (*bareServer, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=ro&_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	readers := max(4, runtime.NumCPU()*2) // as the store's pool
	db.SetMaxOpenConns(readers)
	db.SetMaxIdleConns(readers)
	s := &bareServer{db: db, marks: map[int64]bareMarks{}}
	for _, p := range []struct {
		stmt  **sql.Stmt
		query string
	}{{&s.category, bareCategoryQuery}, {&s.page, barePageQuery}, {&s.categories, bareCategoriesQuery},
		{&s.myBookings, bareMyBookingsQuery}} {
		if *p.stmt, err = db.PrepareContext(ctx, p.query); err != nil {
			db.Close()
			return nil, err
		}
	}
	if err := s.readMarks(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// readMarks reads every category's count and every 64th key.
func (s *bareServer) readMarks(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM categories`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		var m bareMarks
		if err := s.db.QueryRowContext(ctx, bareCountQuery, id).Scan(&m.total); err != nil {
			return err
		}
		rows, err := s.db.QueryContext(ctx, bareMarksQuery, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var k bareKey
			if err := rows.Scan(&k.created, &k.id); err != nil {
				rows.Close()
				return err
			}
			m.keys = append(m.keys, k)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		s.marks[id] = m
	}
	return nil
}

func (s *bareServer) routes() http.Handler {
	r := chi.NewRouter()
	r.Get("/api/categories", s.listCategories)
	r.Get("/api/categories/{name}", s.categoryPage)
	return r
}

func (s *bareServer) categoryPage(w http.ResponseWriter, r *http.Request) {
	limit, offset := 24, 0
	q := r.URL.Query()
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			http.Error(w, "limit", http.StatusBadRequest)
			return
		}
		limit = min(max(n, 1), 100)
	}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			http.Error(w, "offset", http.StatusBadRequest)
			return
		}
		offset = max(n, 0)
	}
	var category int64
	err := s.category.QueryRowContext(r.Context(), strings.ToLower(strings.TrimSpace(chi.URLParam(r, "name")))).Scan(&category)
	if errors.Is(err, sql.ErrNoRows) {
		http.Error(w, "no such category", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	page, err := s.products(r.Context(), category, limit, offset)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeBareJSON(w, r, page)
}

func (s *bareServer) products(ctx context.Context, category int64, limit, offset int) (barePage, error) {
	m := s.marks[category]
	page := barePage{Items: []bareProduct{}, Total: m.total}
	if offset >= m.total {
		return page, nil
	}
	from, skip := bareKey{math.MaxInt64, math.MaxInt64}, offset
	if i := offset / bareStride; i < len(m.keys) {
		from, skip = m.keys[i], offset%bareStride
	}
	rows, err := s.page.QueryContext(ctx, category, from.created, from.id, skip, limit)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var p bareProduct
		var created int64
		var open int
		var images, thumbs string
		var d bareDims
		var email, phone string
		var showPhone bool
		if err := rows.Scan(&p.ID, &p.Category, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &images, &thumbs,
			&d.WidthCM, &d.DepthCM, &d.HeightCM, &p.Condition, &p.Location, &p.OriginalPrice, &p.ResalePrice,
			&p.SellerID, &p.Seller, &email, &phone, &showPhone, &p.SellerVerified, &p.PurchaseYear, &p.UsePeriod, &p.Status,
			&open, &p.Advertised, &created); err != nil {
			return page, err
		}
		if err := json.Unmarshal([]byte(images), &p.Images); err != nil {
			return page, err
		}
		if err := json.Unmarshal([]byte(thumbs), &p.Thumbs); err != nil {
			return page, err
		}
		if d.WidthCM != nil || d.DepthCM != nil || d.HeightCM != nil {
			p.Dimensions = &d
		}
		if open > 0 {
			p.Status = "Reserved"
		}
		if showPhone {
			p.SellerPhone = phone
		}
		p.Created = time.UnixMilli(created).UTC()
		page.Items = append(page.Items, p)
	}
	if err := rows.Err(); err != nil {
		return page, err
	}
	return page, s.markMyBookings(ctx, page.Items)
}

// markMyBookings is the server's look-up for my_booking_id, for nobody.
func (s *bareServer) markMyBookings(ctx context.Context, items []bareProduct) error {
	if len(items) == 0 {
		return nil
	}
	ids := make([]int64, len(items))
	for i := range items {
		ids[i] = items[i].ID
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	rows, err := s.myBookings.QueryContext(ctx, string(list), 0)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var product, booking int64
		var status string
		if err := rows.Scan(&product, &booking, &status); err != nil {
			return err
		}
		for i := range items {
			if items[i].ID == product {
				items[i].MyBookingID = &booking
			}
		}
	}
	return rows.Err()
}

func (s *bareServer) listCategories(w http.ResponseWriter, r *http.Request) {
	type category struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	list := struct {
		Items []category `json:"items"`
	}{Items: []category{}}
	rows, err := s.categories.QueryContext(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var c category
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		list.Items = append(list.Items, c)
	}
	writeBareJSON(w, r, list)
}

// bareGzip compresses as the server does: klauspost/compress at its
// stateless level, answers of 1 KB or more, to clients that accept gzip.
// Writers and buffers are pooled, as the server's are.
var (
	bareGzip = sync.Pool{New: func() any {
		zw, _ := gzip.NewWriterLevel(nil, gzip.StatelessCompression)
		return zw
	}}
	bareBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

func writeBareJSON(w http.ResponseWriter, r *http.Request, body any) {
	buf, zipped := bareBuffers.Get().(*bytes.Buffer), bareBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	zipped.Reset()
	defer bareBuffers.Put(buf)
	defer bareBuffers.Put(zipped)
	if err := json.NewEncoder(buf).Encode(body); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Vary", "Accept-Encoding")
	out := buf.Bytes()
	if buf.Len() >= 1024 && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		zw := bareGzip.Get().(*gzip.Writer)
		zw.Reset(zipped)
		zw.Write(out)
		zw.Close()
		bareGzip.Put(zw)
		h.Set("Content-Encoding", "gzip")
		out = zipped.Bytes()
	}
	h.Set("Content-Length", strconv.Itoa(len(out)))
	w.Write(out)
}
