package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"time"

	"rehome/app"
	"rehome/internal/benchdata"
)

// The writer of the under-writes runs (underwrites.go) does what people do
// on a marketplace all day, through the API and as the people who may:
// sellers edit their listings' prices and titles, buyers book listings,
// sellers decline those bookings (so the listings come back), and buyers
// message sellers. It signs in as accounts of the data set, sends its
// writes one after another at a steady rate, and times each from when it
// was due, so that a stall delays every write due during it (no
// coordinated omission).

// writeKind is one kind of write.
type writeKind int

const (
	editPrice writeKind = iota
	editTitle
	book
	decline
	message
)

var writeKindNames = [...]string{editPrice: "price edits", editTitle: "title edits", book: "bookings",
	decline: "declines", message: "messages"}

func (k writeKind) String() string { return writeKindNames[k] }

// writeCycle is the order the writer goes round: in every five writes two
// edits, a booking, a message, and a decline of the oldest booking still
// open, which makes its listing available again.
var writeCycle = [...]writeKind{editPrice, book, message, editTitle, decline}

// writeKindAt is the kind of write i, given whether a booking the writer
// made is still open: with none to decline, a decline turns into an edit.
func writeKindAt(i int, openBookings int) writeKind {
	k := writeCycle[i%len(writeCycle)]
	if k == decline && openBookings == 0 {
		return editPrice
	}
	return k
}

// How many accounts of the data set the writer signs in as: sellers whose
// listings it edits and whose bookings it declines, and buyers who book.
const (
	writerSellers = 8
	writerBookers = 4
)

// messageSenders is how many buyers share the messages, each sending at
// most a quarter of app.MessagesPerMinute, so that none is held back.
func messageSenders(writesPerSecond int) int {
	perMinute := 60 * writesPerSecond / len(writeCycle)
	share := app.MessagesPerMinute / 4
	return max(1, (perMinute+share-1)/share)
}

// writable is a listing the writer may change: one of a signed-in seller's.
type writable struct {
	id      int64
	title   string
	price   app.Cents // as listed
	seller  int       // index into writer.sellers
	edits   int
	retitle bool // the title carries the suffix now
}

// openBooking is a booking the writer made and has not declined yet.
type openBooking struct {
	id      int64
	product int // index into writer.products
	booker  int
}

// writer sends the writes of an under-writes run.
type writer struct {
	base     string
	http     *http.Client
	interval time.Duration

	sellers, bookers, senders []string // session cookies
	products                  []writable
	held                      []map[int64]bool // by booker: products with a booking of theirs open
	rnd                       *rand.Rand

	mu        sync.Mutex
	next      int // the next write's number, over every stretch
	open      []openBooking
	latencies []time.Duration
	counts    map[writeKind]int
	unwanted  map[string]int
	unwantedN int
	stop      chan struct{}
	done      chan struct{}
}

// newWriter signs in the data set's accounts the writer writes as, and
// finds their listings for sale and the bookings they hold.
func newWriter(a *api, writesPerSecond int) (*writer, error) {
	w := &writer{base: a.base, interval: time.Second / time.Duration(writesPerSecond),
		http: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 2}},
		rnd:  rand.New(rand.NewPCG(11, 12)), counts: map[writeKind]int{}, unwanted: map[string]int{}}
	for i := 1; i <= writerSellers; i++ {
		cookie, err := a.login(benchdata.SellerEmail(i), benchPassword)
		if err != nil {
			return nil, fmt.Errorf("signing in seller %d of the data set: %w", i, err)
		}
		w.sellers = append(w.sellers, cookie)
		listings, err := pageAll[struct {
			ID     int64     `json:"id"`
			Title  string    `json:"product"`
			Price  app.Cents `json:"resale_price"`
			Status string    `json:"status"`
		}](a, "/api/myproducts/"+url.PathEscape(benchdata.SellerEmail(i)), cookie)
		if err != nil {
			return nil, err
		}
		for _, p := range listings {
			if p.Status != "Available" {
				continue
			}
			w.products = append(w.products, writable{id: p.ID, title: p.Title, price: p.Price, seller: i - 1})
		}
	}
	if len(w.products) == 0 {
		return nil, fmt.Errorf("the first %d sellers of the data set have nothing for sale", writerSellers)
	}
	buyer := 1
	for range writerBookers {
		cookie, err := a.login(benchdata.BuyerEmail(buyer), benchPassword)
		if err != nil {
			return nil, fmt.Errorf("signing in buyer %d of the data set: %w", buyer, err)
		}
		buyer++
		bookings, err := pageAll[struct {
			ProductID *int64 `json:"product_id"`
			Status    string `json:"status"`
		}](a, "/api/booked", cookie)
		if err != nil {
			return nil, err
		}
		held := map[int64]bool{}
		for _, bk := range bookings {
			if bk.ProductID != nil && (bk.Status == "Booked" || bk.Status == "Paid") {
				held[*bk.ProductID] = true
			}
		}
		w.bookers, w.held = append(w.bookers, cookie), append(w.held, held)
	}
	for range messageSenders(writesPerSecond) {
		cookie, err := a.login(benchdata.BuyerEmail(buyer), benchPassword)
		if err != nil {
			return nil, fmt.Errorf("signing in buyer %d of the data set (--users too few?): %w", buyer, err)
		}
		buyer++
		w.senders = append(w.senders, cookie)
	}
	return w, nil
}

// pageAll reads every item of a list, a hundred at a time.
func pageAll[T any](a *api, path, cookie string) ([]T, error) {
	var all []T
	for offset := 0; ; {
		var page struct {
			Items []T `json:"items"`
			Total int `json:"total"`
		}
		if _, err := a.get(fmt.Sprintf("%s?limit=100&offset=%d", path, offset), cookie, &page); err != nil {
			return nil, err
		}
		all = append(all, page.Items...)
		offset += len(page.Items)
		if len(page.Items) == 0 || offset >= page.Total {
			return all, nil
		}
	}
}

// start sends writes until stopWriting; the numbering, and so the cycle of
// kinds, goes on from where the last stretch stopped.
func (w *writer) start(ctx context.Context) {
	w.stop, w.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(w.done)
		// As the paced client does (paced.go): a thread of its own with the
		// least timer slack, so that a write is sent when due, not a
		// millisecond later, which would count as its latency.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		syscall.RawSyscall(syscall.SYS_PRCTL, prSetTimerSlack, 1, 0)
		began := time.Now()
		p := pacing{interval: w.interval, clock: func() time.Duration { return time.Since(began) }, sleep: preciseSleep}
		latencies := p.run(w.stop, func(int) { w.write(ctx) })
		w.mu.Lock()
		w.latencies = append(w.latencies, latencies...)
		w.mu.Unlock()
	}()
}

// stopWriting stops the writes and waits for the last one's answer.
func (w *writer) stopWriting() {
	close(w.stop)
	<-w.done
}

func preciseSleep(d time.Duration) {
	ts := syscall.NsecToTimespec(int64(d))
	syscall.Nanosleep(&ts, nil)
}

// pacing calls send at a steady rate: call i is due at interval × i after
// the start.
type pacing struct {
	interval time.Duration
	clock    func() time.Duration // since the start
	sleep    func(time.Duration)
}

// run calls send(0), send(1), … each when due, or at once when the one
// before ended after it was due, until stop is closed, and returns each
// call's latency: from when it was due until send returned.
func (p pacing) run(stop <-chan struct{}, send func(i int)) []time.Duration {
	var latencies []time.Duration
	for i := 0; ; i++ {
		due := time.Duration(i) * p.interval
		if wait := due - p.clock(); wait > 0 {
			p.sleep(wait)
		}
		select {
		case <-stop:
			return latencies
		default:
		}
		send(i)
		latencies = append(latencies, p.clock()-due)
	}
}

// write sends the next write and checks its answer.
func (w *writer) write(ctx context.Context) {
	w.mu.Lock()
	i := w.next
	w.next++
	kind := writeKindAt(i, len(w.open))
	w.mu.Unlock()
	var (
		method, path, cookie string
		body                 any
		want                 int
		after                func(answer []byte) error
	)
	switch kind {
	case editPrice, editTitle:
		n := w.rnd.IntN(len(w.products))
		p := &w.products[n]
		p.edits++
		method, path, cookie, want = http.MethodPatch, fmt.Sprintf("/api/products/%d", p.id), w.sellers[p.seller], http.StatusOK
		if kind == editPrice {
			// Between 90% and 100% of the listed price, never the same twice running.
			body = map[string]string{"resale_price": (p.price * app.Cents(90+p.edits%10) / 100).String()}
		} else {
			p.retitle = !p.retitle
			title := p.title
			if p.retitle {
				title += " (price lowered)"
			}
			body = map[string]string{"product": title}
		}
	case book:
		booker := i / len(writeCycle) % len(w.bookers)
		n := w.rnd.IntN(len(w.products))
		for w.held[booker][w.products[n].id] {
			n = (n + 1) % len(w.products)
		}
		w.held[booker][w.products[n].id] = true
		method, path, cookie, want = http.MethodPost, "/api/booked", w.bookers[booker], http.StatusCreated
		body = map[string]any{"product_id": w.products[n].id, "location": "Station Quarter", "buyer_phone": "+44 7700 900123"}
		after = func(answer []byte) error {
			var booking struct {
				ID int64 `json:"id"`
			}
			if err := json.Unmarshal(answer, &booking); err != nil || booking.ID == 0 {
				return fmt.Errorf("a booking without an id: %.200s", answer)
			}
			w.mu.Lock()
			w.open = append(w.open, openBooking{id: booking.ID, product: n, booker: booker})
			w.mu.Unlock()
			return nil
		}
	case decline:
		w.mu.Lock()
		bk := w.open[0]
		w.open = w.open[1:]
		w.mu.Unlock()
		delete(w.held[bk.booker], w.products[bk.product].id)
		method, path, cookie, want = http.MethodDelete, fmt.Sprintf("/api/mybuyers/%d", bk.id),
			w.sellers[w.products[bk.product].seller], http.StatusOK
		body = map[string]string{"reason": "Sold to a neighbour, sorry"}
	case message:
		sender := i / len(writeCycle) % len(w.senders)
		p := w.products[w.rnd.IntN(len(w.products))]
		method, path, cookie, want = http.MethodPost, fmt.Sprintf("/api/products/%d/messages", p.id), w.senders[sender], http.StatusCreated
		body = map[string]string{"text": fmt.Sprintf("Hello, is it still available? I could collect it on Saturday (%d).", i)}
	}
	err := w.send(ctx, method, path, cookie, body, want, after)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.counts[kind]++
	if err != nil {
		w.unwanted[fmt.Sprintf("%s: %v", kind, err)]++
		w.unwantedN++
	}
}

// send sends one write, failing unless it is answered with want.
func (w *writer) send(ctx context.Context, method, path, cookie string, body any, want int, after func([]byte) error) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, w.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Cookie", cookie)
	res, err := w.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != want {
		return fmt.Errorf("status %d", res.StatusCode)
	}
	if after != nil {
		return after(answer)
	}
	return nil
}

// writeStats sums up the writes of a run.
type writeStats struct {
	n             int
	p50, p90, max time.Duration
	counts        map[writeKind]int
	unwanted      map[string]int
	unwantedN     int
	perSecond     float64
}

// forget forgets the writes so far: the next stats begin after them.
func (w *writer) forget() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.latencies, w.counts, w.unwanted, w.unwantedN = nil, map[writeKind]int{}, map[string]int{}, 0
}

// stats is what the writer did so far.
func (w *writer) stats() writeStats {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := summarizeWrites(w.latencies)
	s.perSecond = float64(time.Second) / float64(w.interval)
	s.counts, s.unwanted, s.unwantedN = maps.Clone(w.counts), maps.Clone(w.unwanted), w.unwantedN
	return s
}

// summarizeWrites gives the count and percentiles of write latencies.
func summarizeWrites(latencies []time.Duration) writeStats {
	sorted := slices.Sorted(slices.Values(latencies))
	s := writeStats{n: len(sorted)}
	if len(sorted) > 0 {
		s.p50, s.p90, s.max = percentile(sorted, 50), percentile(sorted, 90), sorted[len(sorted)-1]
	}
	return s
}
