// Command bench measures a built rehome binary: it writes a benchmark data
// set with 'rehome bench-data', starts 'rehome serve' on a loopback port,
// signs in and drives each scenario for a bounded time, at full speed with
// wrk and at half that rate with a paced client of its own, reading the
// server's CPU time and peak memory from /proc. It measures reads again
// while a writer edits, books and messages (underwrites.go). It then times start-up
// on a million listings, uploads of a 12-megapixel photo, and weighs the
// web app's first download. The report is Markdown, on standard output.
//
// The category page's tail is judged against a bare handler doing the
// same work with nothing around it, which this program also is when run
// as 'bench bare' (bare.go, compare.go).
//
//	go run ./bench --bin bin/rehome
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"rehome/internal/benchdata"
)

type options struct {
	bin                             string
	products, users, bookings, cats int
	startupProducts                 int
	duration, mixed                 time.Duration
	rounds                          int
	readerRate, writerRate          int
	round                           time.Duration
	conns                           int
	uploads                         int
	streams                         int
	web, out, profiles, data        string
	postgres                        string
	serverGOGC                      string
	only                            *regexp.Regexp
	keep                            bool
	timeout                         time.Duration
}

// bench is the state of one benchmark session.
type bench struct {
	ctx   context.Context // ends at --timeout or on SIGINT/SIGTERM
	began time.Time
	opts  options
	dir   string
	srv   *server
	bare  *server // the category page's yardstick, see compare.go
	api   *api
	ticks int64
	conns int

	report  *report
	pprof   string // the server's pprof address, when profiling
	pgPprof string // the PostgreSQL server's, when profiling
	retries int    // scenarios run again because the machine was busy

	mu     sync.Mutex
	wrkCPU time.Duration // CPU time of wrk runs, for run.others
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "bare" {
		os.Exit(bareMain(os.Args[2:]))
	}
	var o options
	flag.StringVar(&o.bin, "bin", "bin/rehome", "the rehome binary to measure")
	flag.IntVar(&o.products, "products", 100_000, "listings in the data set")
	flag.IntVar(&o.users, "users", 2_000, "accounts in the data set")
	flag.IntVar(&o.bookings, "bookings", 20_000, "bookings in the data set")
	flag.IntVar(&o.cats, "categories", 20, "categories in the data set")
	flag.IntVar(&o.startupProducts, "startup-products", 1_000_000, "listings for the start-up measurement (0 skips it)")
	flag.DurationVar(&o.duration, "duration", 8*time.Second, "length of each measured load run")
	flag.DurationVar(&o.mixed, "mixed", 30*time.Second, "length of the mixed read/write run")
	flag.IntVar(&o.rounds, "rounds", 5, "rounds of the category pages at half rate, each a run of the bare handler and one of the server; and rounds of the reads under writes")
	flag.DurationVar(&o.round, "round", 3*time.Second, "length of each run of a round")
	flag.IntVar(&o.readerRate, "reader-rate", 50, "requests a second of each read measured under writes, and of its read-only yardstick")
	flag.IntVar(&o.writerRate, "writer-rate", 5, "writes a second while the reads are measured under writes")
	flag.IntVar(&o.conns, "connections", 32, "concurrent connections of the full-speed runs")
	flag.StringVar(&o.serverGOGC, "server-gogc", "", "the server's GOGC, to compare collector settings (empty: Go's default; the bare handler keeps Go's default)")
	flag.IntVar(&o.uploads, "uploads", 10, "12-megapixel uploads to time (0 skips them)")
	flag.IntVar(&o.streams, "streams", 1000, "live event streams to hold open at once (0 skips them)")
	flag.StringVar(&o.web, "web", "pwa/dist", "the built web app, to weigh its first download (empty skips it)")
	flag.StringVar(&o.out, "out", "", "also write the report to this file")
	flag.StringVar(&o.profiles, "profiles", "", "save a CPU profile of the server for each scenario in this directory")
	flag.StringVar(&o.data, "data", "", "a data directory from an earlier 'rehome bench-data', instead of a fresh one")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory")
	flag.StringVar(&o.postgres, "postgres", "", "also measure on PostgreSQL: the postgres:// URL of a server where a database may be created")
	flag.DurationVar(&o.timeout, "timeout", 30*time.Minute, "give up after this long")
	only := flag.String("only", "", "run only the load scenarios whose names match this regular expression")
	flag.Parse()
	if o.readerRate < 1 || o.writerRate < 1 || o.rounds < 1 {
		fmt.Fprintln(os.Stderr, "bench: --reader-rate, --writer-rate and --rounds must be at least 1")
		os.Exit(2)
	}
	if *only != "" {
		o.only = regexp.MustCompile(*only)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	err := runBench(ctx, o)
	cancel()
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func runBench(ctx context.Context, o options) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return errors.New("wrk is not installed: apt-get install wrk")
	}
	dir, err := os.MkdirTemp("", "rehome-bench-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintln(os.Stderr, "bench: keeping", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	ticks, err := clockTicks(ctx)
	if err != nil {
		return err
	}
	b := &bench{ctx: ctx, began: time.Now(), opts: o, dir: dir, ticks: ticks, conns: o.conns, report: newReport(o)}
	err = b.loadScenarios(ctx)
	if ctx.Err() != nil {
		return fmt.Errorf("stopped after %v: %w", time.Since(b.began).Round(time.Second), context.Cause(ctx))
	}
	if err != nil {
		return err
	}
	if o.startupProducts > 0 {
		if err := b.startup(ctx); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("stopped after %v: %w", time.Since(b.began).Round(time.Second), context.Cause(ctx))
			}
			return err
		}
	}
	if o.web != "" {
		size, err := measureWebApp(o.web, "home")
		if err != nil {
			return fmt.Errorf("web app: %w", err)
		}
		b.report.web = &size
	}
	b.report.took = time.Since(b.began)
	text := b.report.String()
	fmt.Print(text)
	if o.out != "" {
		return os.WriteFile(o.out, []byte(text), 0o644)
	}
	return nil
}

const benchPassword = "bench password"

// On a shared machine, a scenario with a latency budget whose runs
// overlapped other processes' use of more than quietEnough of the machine
// is run again, up to maxRetries times in all, and the quieter attempt is
// kept: its latencies are about the server rather than about the
// neighbours. (CPU per request hardly changes either way.)
const (
	quietEnough = 0.15
	maxRetries  = 4
)

// benchData writes a data set with 'rehome bench-data' and says how long it took.
func (b *bench) benchData(ctx context.Context, data string, products int, extra ...string) (time.Duration, error) {
	start := time.Now()
	cmd := exec.CommandContext(ctx, b.opts.bin, append([]string{"bench-data", "--data", data,
		"--products", fmt.Sprint(products), "--users", fmt.Sprint(b.opts.users),
		"--bookings", fmt.Sprint(b.opts.bookings), "--categories", fmt.Sprint(b.opts.cats)}, extra...)...)
	cmd.Stdin = strings.NewReader(benchPassword + "\n")
	cmd.Stderr = os.Stderr
	if out, err := cmd.Output(); err != nil {
		return 0, fmt.Errorf("bench-data: %v\n%s", err, out)
	}
	return time.Since(start), nil
}

func (b *bench) start(data, name string) error {
	var extra []string
	if b.opts.profiles != "" {
		addr, err := freeAddr()
		if err != nil {
			return err
		}
		b.pprof = addr
		extra = append(extra, "--pprof", addr)
	}
	srv, err := startServer(b.ctx, b.opts.bin, data, filepath.Join(b.dir, name+".log"), b.serverEnv(), extra...)
	if err != nil {
		return err
	}
	b.srv, b.api = srv, newAPI(srv.base)
	return nil
}

// signIn registers n fresh buyers, who hold no bookings yet.
func (b *bench) signIn(n int) ([]string, error) {
	var cookies []string
	for i := range n {
		email := fmt.Sprintf("bench%d-%d@bench.rehome.test", time.Now().UnixNano(), i)
		cookie, err := b.api.register(email, benchPassword)
		if err != nil {
			return nil, err
		}
		cookies = append(cookies, cookie)
	}
	return cookies, nil
}

func (b *bench) loadScenarios(ctx context.Context) error {
	o := b.opts
	data := o.data
	if data == "" {
		b.progress(fmt.Sprintf("writing %d listings", o.products))
		data = filepath.Join(b.dir, "data")
		took, err := b.benchData(ctx, data, o.products)
		if err != nil {
			return err
		}
		b.report.dataTook = took
	}
	// First, on a server of its own: what open streams cost. The memory
	// they took is not all given back when they close, and the load runs'
	// peak RSS is theirs alone.
	if o.streams > 0 && (o.only == nil || o.only.MatchString(streamsName)) {
		b.progress(fmt.Sprintf("%d %s", o.streams, streamsName))
		if err := b.streamsAlone(data); err != nil {
			return fmt.Errorf("%s: %w", streamsName, err)
		}
	}
	if err := b.start(data, "serve"); err != nil {
		return err
	}
	defer b.srv.stop()
	b.report.ready = b.srv.ready
	cookies, err := b.signIn(4)
	if err != nil {
		return err
	}
	me := cookies[0]
	categories, err := b.api.categories()
	if err != nil {
		return err
	}
	if len(categories) == 0 {
		return errors.New("the data set has no categories")
	}
	ids, err := b.api.availableProducts(categories, me)
	if err != nil {
		return err
	}
	rand.New(rand.NewPCG(5, 6)).Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	b.report.available = len(ids)

	pageOf := func(offset int) cycle {
		var list cycle
		for _, name := range categories {
			path := fmt.Sprintf("/api/categories/%s?limit=24", url.PathEscape(name))
			if offset > 0 {
				path += fmt.Sprintf("&offset=%d", offset)
			}
			list = append(list, target{method: http.MethodGet, path: path})
		}
		return list
	}
	var products cycle
	for _, id := range ids {
		products = append(products, target{method: http.MethodGet, path: fmt.Sprintf("/api/products/%d", id)})
	}
	books := &bookings{products: ids, cookies: cookies}
	// Searches: the data set's listings are named '<adjective> <category>
	// no. N'; each word below is in about 8,000 of them.
	words := []string{"velvet", "teak", "walnut", "rattan", "vintage", "modern", "compact", "painted", "industrial", "white",
		"scandinavian", "oak"}
	searchesOf := func(query func(i int, word string) string) cycle {
		var list cycle
		for i, word := range words {
			list = append(list, target{method: http.MethodGet, path: "/api/products?" + query(i, word)})
		}
		return list
	}
	oneWord := searchesOf(func(_ int, word string) string { return "q=" + word + "&limit=24" })
	deepOneWord := searchesOf(func(_ int, word string) string { return "q=" + word + "&limit=24&offset=4800" })
	twoWords := searchesOf(func(i int, word string) string {
		return fmt.Sprintf("q=%s+%s&max_price=800&limit=24", word, url.QueryEscape(strings.ToLower(strings.Fields(categories[i%len(categories)])[0])))
	})
	byPrice := searchesOf(func(i int, _ string) string {
		return fmt.Sprintf("category=%s&sort=price_asc&max_price=1000&limit=24", url.QueryEscape(categories[i%len(categories)]))
	})
	get := func(path string) cycle { return cycle{{method: http.MethodGet, path: path}} }

	type scenario struct {
		name    string
		targets targets
		headers http.Header
		want    []int
		budget  string
	}
	signedIn := headers("Cookie", me)
	scenarios := []scenario{
		{"GET /api/categories (public)", get("/api/categories"), headers(), []int{200}, ""},
		{"GET /api/advertised?limit=24 (public)", get("/api/advertised?limit=24"), headers(), []int{200}, ""},
	}
	for _, path := range []string{"/api/categories", "/api/advertised?limit=24"} {
		etag, err := b.api.etag(path)
		if err != nil {
			return err
		}
		if etag == "" {
			b.report.notes = append(b.report.notes, fmt.Sprintf("`%s` has no ETag: no 304 scenario.", path))
			continue
		}
		scenarios = append(scenarios, scenario{"GET " + path + ", If-None-Match (public)", get(path),
			headers("If-None-Match", etag), []int{304}, ""})
	}
	scenarios = append(scenarios,
		scenario{"GET /api/categories/{name}?limit=24", pageOf(0), signedIn, []int{200}, "category"},
		scenario{"GET /api/categories/{name}?limit=24&offset=4800", pageOf(4800), signedIn, []int{200}, "category"},
		scenario{"GET /api/products/{id}", products, signedIn, []int{200}, ""},
		scenario{"GET /api/products?q={word}", oneWord, signedIn, []int{200}, "search"},
		scenario{"GET /api/products?q={word}&offset=4800", deepOneWord, signedIn, []int{200}, "search"},
		scenario{"GET /api/products?q={word}+{word}&max_price=800", twoWords, signedIn, []int{200}, "search"},
		scenario{"GET /api/products?category={name}&sort=price_asc&max_price=1000", byPrice, signedIn, []int{200}, "search"},
		scenario{"POST /api/booked (distinct products)", books, headers("Content-Type", "application/json"), []int{201}, "booking"},
	)
	selected := b.selected
	if slices.ContainsFunc(scenarios, func(sc scenario) bool { return sc.budget == "category" && selected(sc.name) }) {
		b.progress("starting the bare handler")
		if b.bare, err = startBare(b.ctx, data, filepath.Join(b.dir, "bare.log")); err != nil {
			return fmt.Errorf("bare handler: %w", err)
		}
		defer b.bare.stop()
		for _, offset := range []int{0, 24, 100, 4800} {
			if err := sameAnswers(b.srv.base, b.bare.base, pageOf(offset), signedIn); err != nil {
				return err
			}
		}
	}
	for _, sc := range scenarios {
		if !selected(sc.name) {
			continue
		}
		b.progress(sc.name)
		if _, err := b.wrkRun(sc.targets, sc.headers, 2*time.Second); err != nil { // warm up
			return err
		}
		if sc.budget == "category" {
			if _, err := b.wrkRunOn(b.bare, sc.targets, sc.headers, 2*time.Second); err != nil {
				return err
			}
		}
		var best scenarioResult
		for attempt := 0; ; attempt++ {
			res := scenarioResult{name: sc.name, budget: sc.budget, attempts: attempt + 1}
			stopProfile := b.profile(sc.name, o.duration)
			res.peak, err = b.wrkRun(sc.targets, sc.headers, o.duration)
			stopProfile()
			if err != nil {
				return err
			}
			stopProfile = b.profile(sc.name+" half", o.duration)
			res.half, err = b.pacedRun(sc.targets, sc.headers, o.duration, max(1, int(res.peak.rate/2)), sc.want...)
			stopProfile()
			if err != nil {
				return err
			}
			if sc.budget == "category" {
				cmp := comparison{}
				if cmp.barePeak, err = b.wrkRunOn(b.bare, sc.targets, sc.headers, o.duration); err != nil {
					return err
				}
				cmp.rate = max(1, int(min(res.peak.rate, cmp.barePeak.rate)/2))
				if err := b.compare(&cmp, sc.targets, sc.headers, sc.want...); err != nil {
					return err
				}
				res.cmp = &cmp
			}
			fmt.Fprintf(os.Stderr, "       %.0f/s: server %v, load %v per request; at %.0f/s: p99 %v, server %v, load %v; others %.0f%% / %.0f%%\n",
				res.peak.rate, res.peak.cpu, res.peak.loadCPU, res.half.rate, res.half.p99.Round(10*time.Microsecond),
				res.half.cpu, res.half.loadCPU, 100*res.peak.others, 100*res.half.others)
			if attempt == 0 || res.busy() < best.busy() {
				best = res
			}
			if sc.budget == "" || best.busy() <= quietEnough || b.retries >= maxRetries {
				break
			}
			b.retries++
			b.progress(fmt.Sprintf("other processes used %.0f%% of the machine: again", 100*res.busy()))
		}
		b.report.runs = append(b.report.runs, best)
	}

	if o.postgres != "" && slices.ContainsFunc(pgParts, b.selected) {
		signedIn := func(list cycle) func(cookie string) cycle {
			return func(cookie string) cycle {
				signed := make(cycle, len(list))
				for i, t := range list {
					t.cookie = cookie
					signed[i] = t
				}
				return signed
			}
		}
		page := pgScenario{"GET /api/categories/{name}?limit=24", signedIn(pageOf(0))}
		searches := []pgScenario{
			{"GET /api/products?q={word}", signedIn(oneWord)},
			{"GET /api/products?q={word}&offset=4800", signedIn(deepOneWord)},
			{"GET /api/products?q={word}+{word}&max_price=800", signedIn(twoWords)},
			{"GET /api/products?category={name}&sort=price_asc&max_price=1000", signedIn(byPrice)},
		}
		if err := b.onPostgres(ctx, o.postgres, page, searches); err != nil {
			return fmt.Errorf("on PostgreSQL: %w", err)
		}
	}

	// The mixed run: nine reads in ten, spread over what a visitor does, and
	// bookings of products not yet booked.
	var reads cycle
	for i, name := range categories {
		for _, offset := range []int{0, 24, 48, 96, 480, 2400, 4800} {
			reads = append(reads, target{method: http.MethodGet,
				path: fmt.Sprintf("/api/categories/%s?limit=24&offset=%d", url.PathEscape(name), offset)})
		}
		reads = append(reads, products[min(i*50, len(products)):min(i*50+50, len(products))]...)
	}
	reads = append(reads, get("/api/categories")[0], get("/api/advertised?limit=24")[0], get("/api/auth/me")[0])
	rand.New(rand.NewPCG(7, 8)).Shuffle(len(reads), func(i, j int) { reads[i], reads[j] = reads[j], reads[i] })
	if o.only == nil || o.only.MatchString("mixed") {
		b.progress("mixed")
		stopProfile := b.profile("mixed", o.mixed)
		mix, err := b.wrkRun(&mixed{reads: reads, writes: books}, headers("Cookie", me, "Content-Type", "application/json"), o.mixed)
		stopProfile()
		if err != nil {
			return err
		}
		b.report.mixed = &mix
	}

	// The reads under writes (underwrites.go): the searches above, Just
	// listed, a town's listings and the category page.
	if o.only == nil || o.only.MatchString(underWritesName) {
		var justListed, byTown cycle
		for _, offset := range []int{0, 24} {
			justListed = append(justListed, target{method: http.MethodGet, path: fmt.Sprintf("/api/products?sort=newest&limit=24&offset=%d", offset)})
		}
		for _, town := range benchdata.Towns() {
			byTown = append(byTown, target{method: http.MethodGet, path: "/api/products?location=" + url.QueryEscape(town) + "&limit=24"})
		}
		kinds := []readKind{
			{"GET /api/products?q={word}", oneWord},
			{"GET /api/products?q={word}&offset=4800", deepOneWord},
			{"GET /api/products?q={word}+{word}&max_price=800", twoWords},
			{"GET /api/products?category={name}&sort=price_asc&max_price=1000", byPrice},
			{"GET /api/products?sort=newest (Just listed, offsets 0 and 24)", justListed},
			{"GET /api/products?location={town} (a tenth of the listings each)", byTown},
			{"GET /api/categories/{name}?limit=24", pageOf(0)},
		}
		b.progress(underWritesName)
		if err := b.underWrites(pageOf(0), kinds, signedIn); err != nil {
			return fmt.Errorf("%s: %w", underWritesName, err)
		}
	}

	if o.uploads > 0 {
		b.progress("uploads")
		up, err := b.uploads(o.uploads, cookies[1])
		if err != nil {
			return err
		}
		b.report.upload = &up
	}
	return nil
}

// startup times start-up on a data set of startupProducts listings, and the
// deep category page there.
func (b *bench) startup(ctx context.Context) error {
	data := filepath.Join(b.dir, "data-startup")
	b.progress(fmt.Sprintf("writing %d listings for the start-up", b.opts.startupProducts))
	took, err := b.benchData(ctx, data, b.opts.startupProducts)
	if err != nil {
		return err
	}
	b.report.startupDataTook = took
	for i := range 3 {
		if err := b.start(data, fmt.Sprintf("startup%d", i)); err != nil {
			return err
		}
		b.report.startups = append(b.report.startups, b.srv.ready)
		if i < 2 {
			if err := b.srv.stop(); err != nil {
				return err
			}
		}
	}
	defer b.srv.stop()
	cookies, err := b.signIn(1)
	if err != nil {
		return err
	}
	categories, err := b.api.categories()
	if err != nil {
		return err
	}
	var deepPages cycle
	offset := b.opts.startupProducts / b.opts.cats / 2
	for _, name := range categories {
		deepPages = append(deepPages, target{method: http.MethodGet,
			path: fmt.Sprintf("/api/categories/%s?limit=24&offset=%d", url.PathEscape(name), offset)})
	}
	if _, err := b.wrkRun(deepPages, headers("Cookie", cookies[0]), 2*time.Second); err != nil {
		return err
	}
	deep, err := b.wrkRun(deepPages, headers("Cookie", cookies[0]), b.opts.duration/2)
	if err != nil {
		return err
	}
	b.report.startupDeep, b.report.startupDeepOffset = &deep, offset
	return nil
}

// selected is whether --only picks the scenario or part named name.
func (b *bench) selected(name string) bool {
	return b.opts.only == nil || b.opts.only.MatchString(name)
}

// progress says on standard error what the benchmark is doing.
func (b *bench) progress(what string) {
	fmt.Fprintf(os.Stderr, "bench: %3.0fs %s\n", time.Since(b.began).Seconds(), what)
}

// profile records a CPU profile of the server for d, when asked to.
func (b *bench) profile(name string, d time.Duration) (wait func()) {
	return b.profileAt(b.pprof, name, d)
}

// profileAt records a CPU profile of the server whose pprof listens at
// addr for d, when asked to.
func (b *bench) profileAt(addr, name string, d time.Duration) (wait func()) {
	if addr == "" {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", addr, int(d.Seconds())))
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: profile:", err)
			return
		}
		defer res.Body.Close()
		os.MkdirAll(b.opts.profiles, 0o755)
		f, err := os.Create(filepath.Join(b.opts.profiles, slug(name)+".pprof"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: profile:", err)
			return
		}
		defer f.Close()
		io.Copy(f, res.Body)
	}()
	return func() { <-done }
}

func slug(name string) string {
	var out []rune
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			out = append(out, r)
		case len(out) > 0 && out[len(out)-1] != '-':
			out = append(out, '-')
		}
	}
	return strings.Trim(string(out), "-")
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, line := range strings.Split(string(data), "\n") {
		if key, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return runtime.GOARCH
}
